"""The weekly report's "Releases" section (issue 21).

`releases_summary(db, week, tz)`: every release with records in the week (newest first, at most
MAX_RELEASES) compared with the release before it (the release aggregates, core.compare): records,
the cells worse / better beyond noise and the one-paragraph summary, with a link to Compare.
`releases_section(rows)`: its Markdown lines. Hook in jobs/report.py: `"releases":
releases_summary(db, week, tz)` in `build`, and in jobs/report_render.py
`lines += releases_section(data.get("releases") or [])` in `render_markdown`.
"""
from __future__ import annotations

from datetime import date, timedelta
from typing import Any
from urllib.parse import urlencode

from pymongo.database import Database

from core import metrics
from core.compare import MIN_MEAN_EFFECT, MIN_RATE_EFFECT, VERDICT, compare_sides, format_finding, summary
from core.features import ALL_FEATURES
from core.versions import previous_in_lines
from settings import get_settings
from store.release_aggregates import top_values
from store.release_readers import line_orders, side_totals

MAX_RELEASES = 3


def _label(metric: str) -> str:
    return "pass rate" if metric == VERDICT else metrics.label(metric)


JUDGE_NOTE = "possible judge change, not an improvement: the logged judge drifts from the independent re-score"


def judge_drifts(db: Database, week: date) -> set[tuple[str, str]]:
    """(feature, metric) of the judge-agreement alerts of the week or still active: where a logged rise
    may be the judge turning lenient rather than better answers (issue 34)."""
    from core.agreement import statistic_names
    from store.alerts import active_alerts, alerts_between

    alerts = [*alerts_between(db, week.isoformat(), (week + timedelta(days=6)).isoformat()),
              *active_alerts(db).values()]
    return {(str(a.get("feature")), str(a.get("metric"))) for a in alerts
            if a.get("statistic") in statistic_names() and a.get("metric")}


def _judge_suspect(drifting: set[tuple[str, str]], feature: str, metric: str) -> bool:
    """A cell a drifting judge inflates: its metric (or the verdict, which it decides) on a drifting feature,
    or on every feature when the drift is over all features."""
    metrics_of = {m for f, m in drifting if f in (feature, ALL_FEATURES)} | (
        {m for _, m in drifting} if feature == ALL_FEATURES else set())
    return metric in metrics_of or (metric == VERDICT and bool(metrics_of))


def releases_summary(db: Database, week: date, tz: str | None = None) -> list[dict[str, Any]]:
    ordered = top_values(db, "release")  # newest first
    lines = line_orders(db, "release")  # issue 34: a release's previous one is of its own product line
    drifting = judge_drifts(db, week)
    end = week + timedelta(days=6)
    rows: list[dict[str, Any]] = []
    for entry in ordered:
        b = entry["value"]
        in_week = side_totals(db, "release", b, week, end).get(ALL_FEATURES, {}).get("count", 0)
        tb = side_totals(db, "release", b)
        a = previous_in_lines(lines, b, {f: t.get("count", 0) for f, t in tb.items()})
        if not in_week or a is None:
            continue
        ta = side_totals(db, "release", a)
        cells = compare_sides(ta, tb, metrics.score_names())
        findings, judged = [], []
        for c in cells:
            where = "all features" if c.feature == ALL_FEATURES else c.feature
            suspect = _judge_suspect(drifting, c.feature, c.metric)
            if c.mean is not None:
                findings.append((where, _label(c.metric), c.mean, MIN_MEAN_EFFECT))
                judged.append(suspect)
            findings.append((where, f"{_label(c.metric)} pass rate" if c.metric != VERDICT else "pass rate", c.rate,
                             MIN_RATE_EFFECT))
            judged.append(suspect)
        worse = [f"{w} {m} {format_finding(m, d)}" for w, m, d, e in findings if d.beyond(e) < 0]
        # issue 34: a logged rise the independent re-score does not share is named for what it is
        better = [f"{w} {m} {format_finding(m, d)}" + (f" ({JUDGE_NOTE})" if suspect else "")
                  for (w, m, d, e), suspect in zip(findings, judged) if d.beyond(e) > 0]
        n_a, n_b = ta.get(ALL_FEATURES, {}).get("count", 0), tb.get(ALL_FEATURES, {}).get("count", 0)
        link = f"{get_settings().dashboard_url.rstrip('/')}/compare?" + urlencode({"by": "release", "a": a, "b": b})
        rows.append({"release": b, "previous": a, "records_in_week": in_week, "records": n_b, "previous_records": n_a,
                     "worse": worse, "better": better, "summary": summary(a, b, findings, n_a, n_b), "link": link})
        if len(rows) >= MAX_RELEASES:
            break
    return rows


def releases_section(rows: list[dict[str, Any]]) -> list[str]:
    from jobs.report_text import md_text

    lines = ["", "## Releases", ""]
    if not rows:
        return lines + ["No versioned records this week (records name their `release` at import)."]
    lines += ["Each release of the week against the one before it (95 % bootstrap intervals; worse or better "
              "beyond noise only).", "", "| Release | Before | Records (week / all) | Worse | Better |",
              "|---|---|---:|---|---|"]
    for r in rows:
        worse = "; ".join(md_text(w) for w in r["worse"][:4]) or "—"
        better = "; ".join(md_text(b) for b in r["better"][:4]) or "—"
        lines.append(f"| [{md_text(r['release'])}]({r['link']}) | {md_text(r['previous'])} | "
                     f"{r['records_in_week']:,} / {r['records']:,} | {worse} | {better} |")
    lines += [""] + [f"- {md_text(r['summary'], 600)}" for r in rows]
    return lines
