"""The weekly report's "Judge agreement" section, from agreement_weekly (jobs/agreement.py writes it)."""
from __future__ import annotations

from datetime import date, timedelta

from pymongo.database import Database

from core import agreement as ag
from core.features import ALL_FEATURES as ALL
from core.timebuckets import DAY, WEEK, bucket_start
from store import agreement as store

REPORT_METRIC = "faithfulness"


def weekly_summary(db: Database, week: date, tz: str) -> list[dict]:
    """Per feature: this week's and the previous week's agreement on REPORT_METRIC and the verdict."""
    this = {d["feature"]: d for d in store.get_agreement(db, WEEK, bucket_start(week, DAY, tz),
                                                         bucket_start(week, DAY, tz))}
    prev_week = week - timedelta(days=7)
    prev = {d["feature"]: d for d in store.get_agreement(db, WEEK, bucket_start(prev_week, DAY, tz),
                                                         bucket_start(prev_week, DAY, tz))}
    rows = []
    for feature in sorted(this, key=lambda f: (f != ALL, f)):
        now_fig = (this[feature].get("metrics") or {}).get(REPORT_METRIC) or {}
        before = ((prev.get(feature) or {}).get("metrics") or {}).get(REPORT_METRIC) or {}
        moved = [name for name, stat in ag.STATISTICS.items()
                 if now_fig.get(name) is not None and before.get(name) is not None
                 and abs(now_fig[name] - before[name]) >= stat.change_mark]
        rows.append({"feature": feature, "n": now_fig.get("n") or 0, "now": now_fig, "previous": before,
                     "verdict_flip_rate": ((this[feature].get("metrics") or {}).get(ag.VERDICT) or {}).get("flip_rate"),
                     "moved": moved})
    return rows


def report_section(rows: list[dict]) -> list[str]:
    """The report's "Judge agreement" lines (markdown)."""
    def fmt(name: str, v) -> str:
        if v is None:
            return "—"
        return f"{v:.1%}" if ag.STATISTICS[name].percent else f"{v:.2f}" if name == "spearman" else f"{v:+.3f}"

    lines = ["", "## Judge agreement", "",
             f"Logged {REPORT_METRIC} against an independent re-score of a daily sample (previous week in "
             "brackets; ⚠ where a figure moved beyond its usual week-to-week variation).", "",
             "| Feature | Pairs | Spearman | Mean diff (logged − independent) | Flip rate | Verdict flip rate | |",
             "|---|---:|---:|---:|---:|---:|---|"]
    for r in rows:
        name = "all features" if r["feature"] == ALL else r["feature"]
        cells = [f"{fmt(s, r['now'].get(s))} ({fmt(s, r['previous'].get(s))})" for s in ag.STATISTICS]
        vf = r["verdict_flip_rate"]
        lines.append(f"| {name} | {r['n']} | " + " | ".join(cells)
                     + f" | {'—' if vf is None else f'{vf:.1%}'} | {'⚠' if r['moved'] else ''} |")
    if not rows:
        lines.append("| — | no agreement sample this week | | | | | |")
    return lines
