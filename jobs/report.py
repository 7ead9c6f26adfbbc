"""Weekly report: trends, lowest-scoring queries, failure patterns, diagnosis, recommendations.

`python -m jobs run-once report [--week YYYY-MM-DD]` (default: the last complete
week) builds the report for the week holding that date, stores it in `reports`
(Markdown, HTML and the numbers behind them) and writes both files under
`<EVALBOARD_DATA_DIR>/reports/`.

- Trend: week-over-week change per metric (mean), pass rate and regeneration
  rate, per feature and for all features, from `aggregates_weekly`. A change is
  flagged when it is beyond normal week-to-week variation: |change| > 2 x the
  standard deviation of the previous (up to 8) week-over-week changes (at
  least 0.02), or, with fewer than 3 earlier changes to compare against,
  |change| >= 0.05.
- Lowest-scoring queries: the 10 records of the week with the lowest overall quality.
- Failure patterns: per feature the metric that fails most (MongoDB $unwind/$group
  over eb.failed_metrics); failing queries grouped by embedding similarity
  (all-MiniLM-L6-v2, greedy leader clustering at cosine >= 0.6) with the most
  central query as the example and a count per group.
- Diagnosis (reference 004, core/diagnosis.py): per feature, the week's records
  split by contextual precision and faithfulness against the feature's
  thresholds (counted by the aggregates); healthy while few records are in a
  problem quadrant, else the largest problem quadrant names it.
- Recommendations: rules over those findings (prompt tuning for generation
  problems, retrieval tuning for retrieval problems, recall/relevancy advice, ...).
"""
from __future__ import annotations

import html as htmllib
import statistics
from datetime import date, datetime, timedelta, timezone
from pathlib import Path
from typing import Any

import markdown as mdlib
from pymongo.database import Database

from core import diagnosis as dx
from core import metrics
from core.features import ALL_FEATURES as ALL
from core.features import UNKNOWN_FEATURE
from core.timebuckets import WEEK, bucket_range, local_day
from jobs.agreement_report import REPORT_METRIC
from jobs.agreement_report import report_section as agreement_section
from jobs.agreement_report import weekly_summary as agreement_summary
from jobs.label_alerts import report_line as label_report_line
from jobs.release_report import releases_section, releases_summary
from jobs.report_text import md_text
from settings import get_settings
from store import analytics
from store.reports import claim_report_request, finish_report_request, get_report, save_report

RATES = (metrics.PASS_RATE, metrics.REGEN_RATE)


def trend_keys() -> tuple[str, ...]:
    return (*metrics.score_names(), *RATES)


def label(key: str) -> str:
    return metrics.label(key)
HISTORY_WEEKS = 8
CLUSTER_SIMILARITY = 0.6
MAX_FAILING_FOR_CLUSTERS = 400


# --- text helpers ------------------------------------------------------------------

def _pct(v) -> str:
    return "—" if v is None else f"{v:.1%}"


def _num(v) -> str:
    return "—" if v is None else f"{v:.3f}"


def _fmt(key: str, v) -> str:
    return _pct(v) if key in RATES else _num(v)


def _delta(key: str, v) -> str:
    if v is None:
        return "—"
    return f"{v * 100:+.1f} pp" if key in RATES else f"{v:+.3f}"


def parse_week(week: str | date | None, tz: str, now: datetime | None = None) -> date:
    if week is None:
        today = local_day(now or datetime.now(timezone.utc), tz)
        day = today - timedelta(days=7)
    elif isinstance(week, date):
        day = week
    else:
        try:
            day = date.fromisoformat(str(week).strip())
        except ValueError as exc:
            raise ValueError(f"--week must be a date YYYY-MM-DD (got {week!r})") from exc
    return day - timedelta(days=day.weekday())


# --- sections ------------------------------------------------------------------------

def _value(doc: dict | None, key: str):
    if not doc:
        return None
    if key in RATES:
        return doc.get(key)
    return ((doc.get("metrics") or {}).get(key) or {}).get("mean")


def trends(db: Database, week: date, tz: str) -> list[dict]:
    start = bucket_range(week - timedelta(weeks=HISTORY_WEEKS), WEEK, tz)[0]
    end = bucket_range(week, WEEK, tz)[0]
    docs = analytics.weekly_buckets(db, start, end)
    by_feature: dict[str, list[dict]] = {}
    for d in docs:
        by_feature.setdefault(d["feature"], []).append(d)
    rows = []
    for feature, series in sorted(by_feature.items(), key=lambda kv: (kv[0] != ALL, kv[0])):
        if series[-1]["bucket"] != end:
            continue  # no data for this feature this week
        this, previous = series[-1], (series[-2] if len(series) > 1 else None)
        for key in trend_keys():
            now_v, prev_v = _value(this, key), _value(previous, key)
            change = None if now_v is None or prev_v is None else now_v - prev_v
            values = [_value(d, key) for d in series[:-1]]
            diffs = [b - a for a, b in zip(values, values[1:]) if a is not None and b is not None]
            if change is None:
                flagged, limit = False, None
            elif len(diffs) >= 3:
                limit = max(0.02, 2 * statistics.pstdev(diffs))
                flagged = abs(change) > limit
            else:
                limit = 0.05
                flagged = abs(change) >= limit
            rows.append({"feature": feature, "metric": key, "value": now_v, "previous": prev_v, "change": change,
                         "limit": limit, "flagged": flagged, "count": this.get("count")})
    return rows


def lowest_queries(db: Database, lo: datetime, hi: datetime, limit: int = 10) -> list[dict]:
    return analytics.lowest_records(db, lo, hi, limit)


def failing_metrics(db: Database, lo: datetime, hi: datetime) -> dict[str, dict]:
    out = analytics.failing_metric_counts(db, lo, hi)
    for entry in out.values():
        entry["top"] = max(entry["counts"].items(), key=lambda kv: (kv[1], kv[0]))[0] if entry["counts"] else None
    return out


def cluster_failures(db: Database, lo: datetime, hi: datetime) -> dict:
    docs = analytics.failing_queries(db, lo, hi, MAX_FAILING_FOR_CLUSTERS)
    if not docs:
        return {"method": "none", "groups": [], "considered": 0}
    texts = [str(d.get("query") or "") for d in docs]
    try:
        from evaluators.embeddings import encode

        vectors = encode(texts)
        method = "embedding"
    except Exception as exc:  # noqa: BLE001 - without the model, identical queries still group
        vectors, method = None, f"exact text (embedding model unavailable: {exc.__class__.__name__})"
    groups: list[list[int]] = []
    leaders: list[int] = []
    for i in range(len(docs)):
        best, best_sim = None, -1.0
        for g, leader in enumerate(leaders):
            if vectors is not None:
                sim = float(vectors[i] @ vectors[leader])
            else:
                sim = 1.0 if texts[i].strip().lower() == texts[leader].strip().lower() else 0.0
            if sim > best_sim:
                best, best_sim = g, sim
        if best is not None and best_sim >= CLUSTER_SIMILARITY:
            groups[best].append(i)
        else:
            leaders.append(i)
            groups.append([i])
    out = []
    for members in groups:
        if vectors is not None and len(members) > 2:
            sub = vectors[members]
            centre = sub.mean(axis=0)
            rep = members[int((sub @ centre).argmax())]
        else:
            rep = members[0]
        metric_counts: dict[str, int] = {}
        for i in members:
            for m in docs[i]["eb"].get("failed_metrics") or []:
                metric_counts[m] = metric_counts.get(m, 0) + 1
        out.append({"count": len(members), "example": texts[rep], "example_id": docs[rep]["_id"],
                    "features": sorted({docs[i].get("feature") or UNKNOWN_FEATURE for i in members}),
                    "top_metric": max(metric_counts.items(), key=lambda kv: kv[1])[0] if metric_counts else None})
    out.sort(key=lambda g: -g["count"])
    return {"method": method, "groups": out[:8], "considered": len(docs), "group_count": len(out)}


def diagnosis(db: Database, week: date, tz: str) -> dict[str, dict]:
    """Per feature (and all features): the week's quadrant counts and core.diagnosis's verdict."""
    start = bucket_range(week, WEEK, tz)[0]
    out: dict[str, dict] = {}
    for doc in analytics.weekly_buckets(db, start, start):
        d = dx.diagnose(doc.get("quadrants") or {})
        out[doc["feature"]] = {**d.counts, "total": d.total, "verdict": d.verdict, "label": d.label,
                               "problem_share": d.problem_share}
    return out


# How much a kind of problem weighs per failing answer it concerns (impact = share of the week's
# failing answers in the features concerned x severity). Unsupported claims reach the user as
# wrong legal statements: the heaviest; retrieval problems next; advice on recall, relevancy and
# look-alike queries last.
SEVERITY = {"generation": 1.0, "both": 1.0, "retrieval": 0.8, "trend": 0.7, "recall": 0.6, "relevancy": 0.5,
            "cluster": 0.4}
ADVICE = {
    "generation": ("Prompt tuning", "had relevant context but unsupported claims (generation problem). Instruct the "
                   "model to answer only from the retrieved sections, quote the exact legal wording, cite the section "
                   "for every claim, and say so when the context does not contain the answer; consider a lower "
                   "temperature and the regeneration feedback prompt with the unsupported claims listed."),
    "retrieval": ("Retrieval tuning", "stayed faithful but the retrieved chunks were mostly irrelevant (retrieval "
                  "problem). Add a re-ranker or hybrid (BM25 + embedding) search, filter low-similarity chunks, and "
                  "review chunking and top-k for these features' documents."),
    "both": ("Fix retrieval first", "had irrelevant context, unsupported claims or both; better context usually "
             "lifts faithfulness too."),
    "recall": ("Contextual recall", "retrieve more (higher top-k, query expansion, parent-document chunks) so "
               "every needed section reaches the model."),
    "relevancy": ("Answer relevancy", "ask the model to answer the specific question in the first sentence and "
                  "drop generic background."),
}


def _impact(kind: str, failing: float, total_failing: float) -> tuple[float, float]:
    share = min(1.0, failing / total_failing) if total_failing > 0 else 0.0
    return share * SEVERITY[kind], share


def _tail(impact: float, share: float, kind: str) -> str:
    return f" _(impact {impact:.2f}: {share:.0%} of the week's failing answers × severity {SEVERITY[kind]:.1f})_"


def recommendations(trend_rows, patterns, clusters, diag) -> list[dict]:
    """One paragraph per kind of problem, naming every feature it concerns, ranked by impact.

    [{kind, text, impact, share, features}], largest impact first."""
    failing = {f: int(e.get("failing") or 0) for f, e in patterns.items() if f != ALL}
    total = float(sum(failing.values()))
    recs: list[dict] = []

    def add(kind: str, features: list[str], text: str, weight: float | None = None) -> None:
        impact, share = _impact(kind, sum(failing.get(f, 0) for f in features) if weight is None else weight, total)
        recs.append({"kind": kind, "features": features, "impact": impact, "share": share,
                     "text": text + _tail(impact, share, kind)})

    by_verdict: dict[str, list[str]] = {}
    for feature, e in sorted(diag.items()):
        if feature != ALL and e["total"] and e["verdict"] in (dx.GENERATION, dx.RETRIEVAL, dx.BOTH):
            by_verdict.setdefault(e["verdict"], []).append(feature)
    counts = {dx.GENERATION: "generation", dx.RETRIEVAL: "retrieval", dx.BOTH: None}
    for verdict, kind in ((dx.GENERATION, "generation"), (dx.RETRIEVAL, "retrieval"), (dx.BOTH, "both")):
        features = sorted(by_verdict.get(verdict, []), key=lambda f: -failing.get(f, 0))
        if not features:
            continue
        key = counts[verdict]
        where = ", ".join(f"**{md_text(f)}** ({diag[f][key] if key else diag[f]['total'] - diag[f]['ok']} of "
                          f"{diag[f]['total']} answers)" for f in features)
        head, advice = ADVICE[kind]
        add(kind, features, f"{head} for {where}: these answers {advice}")
    for metric, kind in metrics.advice_kinds().items():  # the catalog says which advice a metric's failures get
        if kind not in ADVICE:
            continue
        features = sorted((f for f, e in patterns.items() if f != ALL and e.get("top") == metric),
                          key=lambda f: -failing.get(f, 0))
        if features:
            head, advice = ADVICE[kind]
            add(kind, features, f"{head} fails most for " + ", ".join(f"**{md_text(f)}**" for f in features)
                + f": {advice}")
    worse = [r for r in trend_rows if r["flagged"] and r["change"] is not None
             and (r["change"] > 0 if r["metric"] == metrics.REGEN_RATE else r["change"] < 0)]
    per_feature = [r for r in worse if r["feature"] != ALL]
    shown = per_feature or worse
    if shown:
        shown = sorted(shown, key=lambda r: (-failing.get(r["feature"], 0), r["feature"], r["metric"]))
        items = [f"the {'rise' if r['metric'] == metrics.REGEN_RATE else 'drop'} in {label(r['metric']).lower()} "
                 f"for {'all features' if r['feature'] == ALL else md_text(r['feature'])} "
                 f"({_delta(r['metric'], r['change'])} week over week)" for r in shown[:8]]
        features = sorted({r["feature"] for r in shown if r["feature"] != ALL})
        # a trend is a symptom of the other findings: it weighs as much as its largest feature, not their sum
        add("trend", features, "Investigate " + "; ".join(items) + ", beyond normal variation: check prompt, "
            "model, index or data changes released that week.",
            weight=float(max((failing.get(f, 0) for f in features), default=0)) if features else total)
    groups = [g for g in (clusters.get("groups") or [])[:3] if g["count"] >= 3]
    if groups:
        add("cluster", sorted({f for g in groups for f in g["features"]}),
            "Failing queries that look alike: " + "; ".join(
                f"{g['count']} like \u201c{md_text(g['example'], 120)}\u201d" for g in groups)
            + ". Check that the knowledge base covers these topics and add them to the regression set.",
            weight=float(max(g["count"] for g in groups)))
    recs.sort(key=lambda r: (-r["impact"], r["kind"]))
    if not recs:
        recs.append({"kind": "none", "features": [], "impact": 0.0, "share": 0.0,
                     "text": "No systematic problem found this week; keep the current prompt and retrieval settings."})
    return recs


def weekly_series(db: Database, week: date, tz: str, weeks: int = HISTORY_WEEKS) -> dict:
    """Pass rate per feature over the last `weeks` weeks and this one (the report's chart)."""
    first = bucket_range(week - timedelta(weeks=weeks), WEEK, tz)[0]
    end = bucket_range(week, WEEK, tz)[0]
    docs = analytics.weekly_buckets(db, first, end)
    labels = sorted({local_day(d["bucket"], tz).isoformat() for d in docs})
    series: dict[str, list] = {}
    for d in docs:
        name = "all features" if d["feature"] == ALL else str(d["feature"])
        series.setdefault(name, [None] * len(labels))[labels.index(local_day(d["bucket"], tz).isoformat())] = \
            d.get("pass_rate")
    return {"weeks": labels, "pass_rate": series}


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


# --- assembling ------------------------------------------------------------------------

def build(db: Database, week: date, tz: str) -> dict:
    lo, hi = bucket_range(week, WEEK, tz)
    trend_rows = trends(db, week, tz)
    patterns = failing_metrics(db, lo, hi)
    clusters = cluster_failures(db, lo, hi)
    diag = diagnosis(db, week, tz)
    ranked = recommendations(trend_rows, patterns, clusters, diag)
    return {"week_start": week.isoformat(), "range": [lo, hi], "trends": trend_rows,
            "lowest": lowest_queries(db, lo, hi), "patterns": patterns, "clusters": clusters, "diagnosis": diag,
            "recommendations": [r["text"] for r in ranked], "recommendation_ranking": ranked,
            "series": weekly_series(db, week, tz), "agreement": agreement_summary(db, week, tz),
            "incidents": week_incidents(db, week),
            "labels": label_report_line(db),  # issue 20: judge accuracy on human labels
            "releases": releases_summary(db, week, tz),
            "pass_rate_floor": _pass_rate_floor(db)}


def _pass_rate_floor(db: Database) -> float | None:
    """The all-features pass-rate rule's limit: the headline never says healthy under it (issue 34)."""
    from core.rules import chart_threshold
    from store.alerts import list_rules
    return chart_threshold(list_rules(db), "pass_rate", ALL)


def week_incidents(db: Database, week: date) -> list[dict]:
    """The week's incidents, from the same alerts the Alerts page shows: per feature, the alerts whose
    days in the data overlap the week, open (or acknowledged) ones first, then critical, then by name."""
    groups: dict[str, dict] = {}
    for alert in list_alerts_between(db, week.isoformat(), (week + timedelta(days=6)).isoformat()):
        feature = alert.get("feature") or ALL
        g = groups.setdefault(feature, {"feature": feature, "rules": [], "first_day": alert.get("first_day"),
                                        "last_day": alert.get("last_day"), "open": False, "critical": False,
                                        "cleared_day": None})
        name = str(alert.get("rule_name") or alert.get("rule_id") or "alert")
        if name not in g["rules"]:
            g["rules"].append(name)
        g["first_day"] = min(g["first_day"] or "9999", alert.get("first_day") or "9999")
        g["last_day"] = max(g["last_day"] or "", alert.get("last_day") or "")
        g["open"] |= alert.get("state") in ("open", "acknowledged")
        g["critical"] |= alert.get("severity") == "critical"
        if alert.get("state") == "resolved" and alert.get("cleared_day"):
            g["cleared_day"] = max(g["cleared_day"] or "", str(alert["cleared_day"]))
    return sorted(groups.values(), key=lambda g: (not g["open"], not g["critical"], g["feature"] == ALL,
                                                  g["feature"]))


def list_alerts_between(db: Database, first: str, last: str) -> list[dict]:
    from store.alerts import alerts_between
    return alerts_between(db, first, last)


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
              else "" if pr["change"] is None else f" ({_delta('pass_rate', pr['change'])} on the week before)")
    judge = [r for r in data["trends"] if r["flagged"] and judge_change(r, data.get("agreement") or [])]
    tail = f"{flagged} change(s) flagged"
    if judge:
        tail += " (" + ", ".join(f"{'all features' if r['feature'] == ALL else r['feature']} "
                                 f"{label(r['metric']).lower()}" for r in judge) + ": possible judge change)"
    floor = data.get("pass_rate_floor")
    if verdict == "healthy" and isinstance(floor, (int, float)) and pr["value"] is not None and pr["value"] < floor:
        verdict = f"pass rate under the rule's {_pct(floor)}, so not healthy"  # issue 34
    if not (incidents and verdict == "healthy"):  # "healthy" beside an incident would contradict it
        tail += f"; {verdict}"
    return (f"Week of {data['week_start']}: {lead}. {pr['count']} answers, pass rate {_pct(pr['value'])}{change}; "
            + tail)


def render_markdown(data: dict) -> str:
    lines = [f"# Evalboard weekly report: week of {data['week_start']}", "", f"_{md_text(headline(data), 400)}_", ""]
    # what a reader acts on first: the changes beyond normal variation, then what to do
    flagged = [r for r in data["trends"] if r["flagged"]]
    lines += ["## Key changes", ""]
    for r in flagged:
        feature = "all features" if r["feature"] == ALL else md_text(r["feature"])
        judge = judge_change(r, data.get("agreement") or [])
        lines.append(f"- **{feature}, {label(r['metric'])}**: {_fmt(r['metric'], r['value'])} "
                     f"(previous week {_fmt(r['metric'], r['previous'])}, {_delta(r['metric'], r['change'])})"
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
        change = "no data before" if r["previous"] is None else _delta(r["metric"], r["change"])
        lines.append(f"| {feature} | {label(r['metric'])} | {_fmt(r['metric'], r['value'])} | "
                     f"{_fmt(r['metric'], r['previous'])} | {change} | "
                     f"{'⚠' if r['flagged'] else ''} |")
    if not data["trends"]:
        lines.append("| — | no data this week | | | | |")
    lines += ["", "## Lowest-scoring queries", "", "Each query opens its record in Triage.", "",
              "| Overall | Feature | Query | Failed metrics |", "|---:|---|---|---|"]
    for q in data["lowest"]:
        lines.append(f"| {_num(q['overall'])} | {md_text(q['feature'])} | [{md_text(q['query'])}]({triage_link(q['id'])}) | "
                     f"{', '.join(label(m) for m in q['failed']) or '—'} |")
    lines += ["", "## Common failure patterns", "", "### Metric failing most, per feature", "",
              "| Feature | Failing answers | Fails most on | Failures per metric |", "|---|---:|---|---|"]
    for feature, e in sorted(data["patterns"].items()):
        detail = ", ".join(f"{label(m)} {n}" for m, n in sorted(e["counts"].items(), key=lambda kv: -kv[1]))
        lines.append(f"| {md_text(feature)} | {e['failing']} | {label(e['top']) if e['top'] else '—'} | {detail} |")
    clusters = data["clusters"]
    lines += ["", "### Similar failing queries", "",
              f"{clusters.get('considered', 0)} failing queries grouped by {clusters.get('method')} similarity "
              f"({clusters.get('group_count', 0)} groups; the largest below).", "",
              "| Count | Example query | Features | Fails most on |", "|---:|---|---|---|"]
    for g in clusters.get("groups") or []:
        lines.append(f"| {g['count']} | {md_text(g['example'])} | {', '.join(md_text(f) for f in g['features'])} | "
                     f"{label(g['top_metric']) if g['top_metric'] else '—'} |")
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


def _plain(value):
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value


def run_report(db: Database, week: str | date | None = None, now: datetime | None = None) -> dict:
    tz = get_settings().timezone or "UTC"
    start = parse_week(week, tz, now)
    # reads the weekly aggregates as the aggregate job left them: the tick runs it before this job,
    # `run-once report` runs it first under its own lock (jobs/registry.py NEEDS)
    data = build(db, start, tz)
    md = render_markdown(data)
    title = f"Evalboard weekly report {start.isoformat()}"
    doc = save_report(db, start, markdown=md, html=render_html(md, title, charts_html(data)), data=_plain(data),
                      headline=headline(data))
    return {"week_start": start.isoformat(), "headline": doc["headline"],
            "recommendations": len(data["recommendations"])}


BACKFILL_PER_TICK = 2


def missing_weeks(db: Database, tz: str, last_week: date) -> list[date]:
    """Weeks before `last_week` that have aggregates but no report yet, newest first."""
    from store.reports import list_reports

    have = {str(r["_id"]) for r in list_reports(db)}
    weeks = {local_day(d["bucket"], tz) for d in analytics.weekly_buckets(
        db, datetime(1970, 1, 1, tzinfo=timezone.utc), bucket_range(last_week, WEEK, tz)[0]) if d["feature"] == ALL}
    return sorted((w for w in weeks if w < last_week and w.isoformat() not in have), reverse=True)


def backfill(db: Database, now: datetime | None = None, limit: int = BACKFILL_PER_TICK,
             deadline: float | None = None) -> dict:
    """Build past weeks' reports (newest first), up to `limit` or until `deadline`: after the first
    load the worker fills the report history a slice per tick instead of leaving one report for 90
    days of data. `backlog`: the weeks still missing afterwards."""
    from jobs.budget import out_of_time

    tz = get_settings().timezone or "UTC"
    built = failed = 0
    missing = missing_weeks(db, tz, parse_week(None, tz, now))
    for week in missing[:limit]:
        if out_of_time(deadline):
            break
        try:
            run_report(db, week=week, now=now)
            built += 1
        except Exception:  # noqa: BLE001 - one bad week must not stop the others; it is retried next tick
            failed += 1
    return {"backfilled": built, "backfill_failed": failed, "backlog": max(0, len(missing) - built - failed)}


def run_requested(db: Database, now: datetime | None = None, max_builds: int = 3,
                  deadline: float | None = None) -> dict:
    """Part of every tick: build the reports queued from the dashboard, and the last complete
    week's report when it does not exist yet (a fresh install gets its first report here); then,
    when nobody is waiting, backfill past weeks until `deadline` (the tick's budget)."""
    from jobs.budget import out_of_time

    built = failed = 0
    tz = get_settings().timezone or "UTC"
    last_week = parse_week(None, tz, now)
    if get_report(db, last_week) is None and analytics.weekly_buckets(db, *([bucket_range(last_week, WEEK, tz)[0]] * 2)):
        from store.reports import request_report
        request_report(db, last_week, "scheduler", now, wake=False)  # built just below
    for _ in range(max_builds):
        request = claim_report_request(db, now)
        if request is None:
            break
        try:
            run_report(db, week=request["_id"], now=now)
            finish_report_request(db, request["_id"])
            built += 1
        except Exception as exc:  # noqa: BLE001 - the request records why; the next one still runs
            finish_report_request(db, request["_id"], error=f"{type(exc).__name__}: {str(exc)[:300]}")
            failed += 1
    past = {"backfilled": 0, "backfill_failed": 0}
    if not built and not failed:
        past = backfill(db, now, limit=BACKFILL_PER_TICK if deadline is None else 1000, deadline=deadline)
    elif not out_of_time(deadline):
        past = backfill(db, now, limit=0)  # only counts what is left
    done = built or failed or past["backfilled"] or past["backfill_failed"]
    return {"built": built, "failed": failed, **past, **({} if done else {"skipped": True})}


def export_files(db: Database, week_start: str, folder: str | None = None) -> list[Path]:
    doc = get_report(db, week_start)
    if doc is None:
        raise ValueError(f"no report for the week of {week_start}")
    out = Path(folder or Path(get_settings().data_dir) / "reports")
    out.mkdir(parents=True, exist_ok=True)
    md_path, html_path = out / f"evalboard-week-{doc['_id']}.md", out / f"evalboard-week-{doc['_id']}.html"
    md_path.write_text(doc["markdown"], encoding="utf-8")
    html_path.write_text(doc["html"], encoding="utf-8")
    return [md_path, html_path]
