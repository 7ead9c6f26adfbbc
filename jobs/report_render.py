"""The weekly report in words: the headline (incidents first, then the numbers; a possible judge
change named as such), the Markdown report, the HTML page with its inline charts, and the link that
opens a record in Triage.

Its own module because wording is a concern apart from gathering the figures (jobs/report_figures.py)
and building and storing the report (jobs/report.py); it reads only the report's data dict.
"""
from __future__ import annotations

import html as htmllib
from typing import Any

import markdown as mdlib

from core import metrics
from core.features import ALL_FEATURES as ALL
from jobs.agreement_report import REPORT_METRIC
from jobs.agreement_report import report_section as agreement_section
from jobs.release_report import releases_section
from jobs.report_text import delta, fmt, md_text, num, pct
from settings import get_settings


def describe_incident(g: dict) -> str:
    """One incident in words: where, what, when, and whether it is still open."""
    where = "all features" if g["feature"] == ALL else g["feature"]
    rules = "; ".join(g["rules"][:2]) + (f" (+{len(g['rules']) - 2} more rules)" if len(g["rules"]) > 2 else "")
    days = g["first_day"] if g["first_day"] == g["last_day"] else f"{g['first_day']} to {g['last_day']}"
    state = "open" if g["open"] else ("resolved" + (f" {g['cleared_day']}" if g.get("cleared_day") else ""))
    return f"{where}{' (critical)' if g['critical'] else ''}: {rules}, {days}, {state}"


def judge_change(row: dict, agreement_rows: list[dict]) -> str | None:
    """Words for a rise in a logged score that the independent re-score does not share (the logged
    judge turned lenient), else None: such a rise is a possible judge change, not an improvement."""
    if row["metric"] != REPORT_METRIC or not row.get("change") or row["change"] <= 0:
        return None
    by_feature = {r["feature"]: r for r in agreement_rows}
    agreement_row = by_feature.get(row["feature"])
    if not agreement_row:
        return None
    now, before = agreement_row["now"].get("mean_diff"), agreement_row["previous"].get("mean_diff")
    if now is None or before is None:
        return None
    moved = now - before  # how much more the logged judge gives than the independent scorer
    if moved >= max(0.5 * row["change"], 0.02):
        return (f"possible judge change, not an improvement: the independent re-score did not rise "
                f"(logged − independent {now:+.3f}, the week before {before:+.3f})")
    return None


def headline(data: dict) -> str:
    """Incidents first (open, then resolved: the same alerts the Alerts page shows), then the numbers;
    a comparison with a week without data says so instead of giving a change."""
    overall = {r["metric"]: r for r in data["trends"] if r["feature"] == ALL}
    pr = overall.get("pass_rate")
    incidents = data.get("incidents") or []
    if incidents:
        n_open = sum(1 for g in incidents if g["open"])
        lead = (f"{len(incidents)} incident{'s' if len(incidents) != 1 else ''}"
                + (f" ({n_open} open)" if n_open else "") + " — "
                + " | ".join(describe_incident(g) for g in incidents[:3])
                + (f" | +{len(incidents) - 3} more" if len(incidents) > 3 else ""))
    else:
        lead = "no incidents"
    if not pr:
        return f"Week of {data['week_start']}: {lead}; no records"
    flagged = sum(1 for r in data["trends"] if r["flagged"])
    verdict = (data["diagnosis"].get(ALL) or {}).get("label", "no diagnosis").lower()
    change = (" (no data the week before)" if pr["previous"] is None
              else "" if pr["change"] is None else f" ({delta('pass_rate', pr['change'])} on the week before)")
    judge = [r for r in data["trends"] if r["flagged"] and judge_change(r, data.get("agreement") or [])]
    tail = f"{flagged} change(s) flagged"
    if judge:
        tail += " (" + ", ".join(f"{'all features' if r['feature'] == ALL else r['feature']} "
                                 f"{metrics.label(r['metric']).lower()}" for r in judge) + ": possible judge change)"
    floor = data.get("pass_rate_floor")
    if verdict == "healthy" and isinstance(floor, (int, float)) and pr["value"] is not None and pr["value"] < floor:
        verdict = f"pass rate under the rule's {pct(floor)}, so not healthy"  # issue 34
    if not (incidents and verdict == "healthy"):  # "healthy" beside an incident would contradict it
        tail += f"; {verdict}"
    return (f"Week of {data['week_start']}: {lead}. {pr['count']} answers, pass rate {pct(pr['value'])}{change}; "
            + tail)


def render_markdown(data: dict) -> str:
    lines = [f"# Evalboard weekly report: week of {data['week_start']}", "", f"_{md_text(headline(data), 400)}_", ""]
    # what a reader acts on first: the changes beyond normal variation, then what to do
    flagged = [r for r in data["trends"] if r["flagged"]]
    lines += ["## Key changes", ""]
    for r in flagged:
        feature = "all features" if r["feature"] == ALL else md_text(r["feature"])
        judge = judge_change(r, data.get("agreement") or [])
        lines.append(f"- **{feature}, {metrics.label(r['metric'])}**: {fmt(r['metric'], r['value'])} "
                     f"(previous week {fmt(r['metric'], r['previous'])}, {delta(r['metric'], r['change'])})"
                     + (f" — {md_text(judge, 300)}" if judge else ""))
    if not flagged:
        lines.append("No change beyond normal week-to-week variation.")
    incidents = data.get("incidents") or []
    lines += ["", "## Incidents", ""]
    lines += [f"- {md_text(describe_incident(g), 400)}" for g in incidents] or ["No alert this week."]
    lines += ["", "## Recommendations", "", "Ranked by impact: the share of the week's failing answers a problem "
              "concerns × how severe it is.", ""]
    lines += [f"{i}. {r}" for i, r in enumerate(data["recommendations"], 1)]
    lines += ["", "## Trends (week over week)", "",
              "Flagged (⚠) when the change is beyond normal week-to-week variation.", "",
              "| Feature | Metric | This week | Previous | Change | |", "|---|---|---:|---:|---:|---|"]
    for r in data["trends"]:
        feature = "all features" if r["feature"] == ALL else md_text(r["feature"])
        change = "no data before" if r["previous"] is None else delta(r["metric"], r["change"])
        lines.append(f"| {feature} | {metrics.label(r['metric'])} | {fmt(r['metric'], r['value'])} | "
                     f"{fmt(r['metric'], r['previous'])} | {change} | "
                     f"{'⚠' if r['flagged'] else ''} |")
    if not data["trends"]:
        lines.append("| — | no data this week | | | | |")
    lines += ["", "## Lowest-scoring queries", "", "Each query opens its record in Triage.", "",
              "| Overall | Feature | Query | Failed metrics |", "|---:|---|---|---|"]
    for q in data["lowest"]:
        lines.append(f"| {num(q['overall'])} | {md_text(q['feature'])} | [{md_text(q['query'])}]({triage_link(q['id'])}) | "
                     f"{', '.join(metrics.label(m) for m in q['failed']) or '—'} |")
    lines += ["", "## Common failure patterns", "", "### Metric failing most, per feature", "",
              "| Feature | Failing answers | Fails most on | Failures per metric |", "|---|---:|---|---|"]
    for feature, e in sorted(data["patterns"].items()):
        detail = ", ".join(f"{metrics.label(m)} {n}" for m, n in sorted(e["counts"].items(), key=lambda kv: -kv[1]))
        lines.append(f"| {md_text(feature)} | {e['failing']} | {metrics.label(e['top']) if e['top'] else '—'} | {detail} |")
    clusters = data["clusters"]
    lines += ["", "### Similar failing queries", "",
              f"{clusters.get('considered', 0)} failing queries grouped by {clusters.get('method')} similarity "
              f"({clusters.get('group_count', 0)} groups; the largest below).", "",
              "| Count | Example query | Features | Fails most on |", "|---:|---|---|---|"]
    for g in clusters.get("groups") or []:
        lines.append(f"| {g['count']} | {md_text(g['example'])} | {', '.join(md_text(f) for f in g['features'])} | "
                     f"{metrics.label(g['top_metric']) if g['top_metric'] else '—'} |")
    lines += ["", "## Diagnosis: contextual precision vs faithfulness", "",
              "Low precision with high faithfulness points at retrieval; high precision with low faithfulness "
              "at generation (reference 004).", "",
              "| Feature | Answers | Both fine | Retrieval problem | Generation problem | Both low | Verdict |",
              "|---|---:|---:|---:|---:|---:|---|"]
    for feature, e in sorted(data["diagnosis"].items(), key=lambda kv: (kv[0] != ALL, kv[0])):
        name = "all features" if feature == ALL else md_text(feature)
        lines.append(f"| {name} | {e['total']} | {e['ok']} | {e['retrieval']} | {e['generation']} | {e['both']} | "
                     f"{e['label']} |")
    lines += agreement_section(data.get("agreement") or [])
    if data.get("labels"):
        lines += ["", data["labels"] + " (every label so far)."]
    lines += releases_section(data.get("releases") or [])
    return "\n".join(lines) + "\n"


def triage_link(record_id: Any) -> str:
    """The dashboard's Triage page opened on one record (`?record=ID`, the parameter Triage reads)."""
    from urllib.parse import quote

    return f"{get_settings().dashboard_url.rstrip('/')}/triage?record={quote(str(record_id), safe='')}"


def render_html(markdown_text: str, title: str, charts: str = "") -> str:
    body = mdlib.markdown(markdown_text, extensions=["tables"])
    if charts:  # the charts go before the detail tables, after the key changes and recommendations
        marker = "<h2>Trends"
        body = body.replace(marker, charts + marker, 1) if marker in body else body + charts
    return ("<!doctype html><html><head><meta charset=\"utf-8\">"
            f"<title>{htmllib.escape(title)}</title><style>body{{font-family:sans-serif;max-width:960px;"
            "margin:2em auto}}table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:4px 8px}"
            f"</style></head><body>{body}</body></html>")


def charts_html(data: dict) -> str:
    """The HTML report's inline SVG charts: pass rate per week, and where this week's failures are."""
    from jobs.report_charts import bar_chart, line_chart

    series = data.get("series") or {}
    parts = [line_chart("Pass rate per week", series.get("weeks") or [], series.get("pass_rate") or {},
                        highlight="all features")]
    failing = {f: e.get("failing") or 0 for f, e in (data.get("patterns") or {}).items() if f != ALL}
    total = sum(failing.values())
    if total:
        parts.append(bar_chart("Share of this week's failing answers", [(f, n / total) for f, n in failing.items()]))
    body = "".join(f"<figure>{p}</figure>" for p in parts if p)
    return f"<h2>Charts</h2>{body}" if body else ""
