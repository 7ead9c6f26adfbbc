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

This module picks the week, builds the report (`build`), stores it (`run_report`) and writes its files
(`export_files`). Each other concern has its own module: the figures (jobs/report_figures.py), the
recommendations (jobs/report_advice.py), the words, Markdown and HTML (jobs/report_render.py, with
jobs/report_text.py and jobs/report_charts.py), and the requested builds and backfill of every tick
(jobs/report_requests.py).
"""
from __future__ import annotations

from datetime import date, datetime, timedelta, timezone
from pathlib import Path

from pymongo.database import Database

from core.timebuckets import WEEK, bucket_range, local_day
from jobs.agreement_report import weekly_summary as agreement_summary
from jobs.label_alerts import report_line as label_report_line
from jobs.release_report import releases_summary
from jobs.report_advice import recommendations
from jobs.report_figures import (cluster_failures, diagnosis, failing_metrics, lowest_queries, pass_rate_floor, trends,
                                 week_incidents, weekly_series)
from jobs.report_render import charts_html, headline, render_html, render_markdown
from settings import get_settings
from store.reports import get_report, save_report


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
            "pass_rate_floor": pass_rate_floor(db)}


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
