"""Features: how each product feature (chat, viability, arguments, clauses, ...) is doing.

A feature × metric heatmap of means and pass rates for the period, each feature's
trend for one metric, the precision-vs-faithfulness quadrant (reference 004:
which of retrieval or generation is the problem), and the thresholds in force.
Reads only the aggregates.
"""
from __future__ import annotations

from datetime import date, timedelta

import pandas as pd
import streamlit as st

from dashboard import data
from dashboard.common import ALL, db_key, db_or_stop, signed_in_or_stop
from core import diagnosis, metrics
from core.features import DEFAULT_FEATURE
from core.verdict import limits_for
from dashboard.components import charts, filters

PREFIX = "features"
DEFAULT_DAYS = 28
EMPTY = "No data yet — run `python -m jobs demo` or ingest logs, then `python -m jobs run-once aggregate`."
RATES = (metrics.PASS_RATE, metrics.REGEN_RATE)


def _per_feature(db, key: str, granularity: str, start: date, end: date) -> dict[str, list[dict]]:
    """Aggregate documents of every feature (not the "all" rows) in the period, by feature."""
    first = start if granularity == "day" else filters.week_start(start)
    docs = data.aggregates(db, key, granularity, first, end, None)
    out: dict[str, list[dict]] = {}
    for d in docs:
        day, feature = filters.bucket_date(d.get("bucket")), d.get("feature")
        if day and isinstance(feature, str) and feature != ALL and first <= day <= end:
            out.setdefault(feature, []).append({**d, "day": day})
    return dict(sorted(out.items()))


def render() -> None:
    signed_in_or_stop()
    db = db_or_stop()
    key = db_key(db)
    st.title("Features")
    st.caption("Each feature's scores side by side: where quality is weakest and whether retrieval "
               "or generation is to blame.")
    features = data.features(db, key)
    latest = data.latest_day(db, key)
    if latest is None:
        st.info(EMPTY, icon="📭")
        return
    start, end, granularity = _render_filters(features, latest)
    daily = _per_feature(db, key, "day", start, end)
    if not daily:
        st.info(f"No aggregates between {start} and {end}. The newest data is from {latest}.", icon="📭")
        return
    thresholds = data.thresholds(db, key)
    summaries = {feature: charts.summarize(docs) for feature, docs in daily.items()}
    _render_heatmaps(summaries, thresholds)
    buckets = daily if granularity == "day" else _per_feature(db, key, "week", start, end)
    _render_trends(buckets, thresholds)
    _render_quadrant(buckets, summaries, thresholds)
    _render_thresholds(list(summaries), thresholds)


def _render_filters(features: list[str], latest: date) -> tuple[date, date, str]:
    filters.period_from_query(PREFIX, features)
    cols = st.columns([1.6, 1.0, 3.4], vertical_alignment="bottom")
    start, end = filters.date_range_filter(PREFIX, latest - timedelta(days=DEFAULT_DAYS - 1), latest,
                                           container=cols[0])
    granularity = filters.granularity_toggle(PREFIX, container=cols[1])
    cols[2].caption(f"{(end - start).days + 1} days · trends and quadrant points per "
                    f"{'day' if granularity == 'day' else 'week'}")
    return start, end, granularity


def _limits(thresholds: dict, feature: str) -> dict:
    return limits_for(thresholds, feature)


@st.fragment
def _render_heatmaps(summaries: dict[str, dict], thresholds: dict) -> None:
    st.subheader("Feature × metric", anchor=False)
    rows = list(summaries)
    means_tab, rates_tab = st.tabs(["Mean score", "Pass rate"])
    with means_tab:
        z = [[summaries[f]["means"].get(m) for m in charts.scores()] for f in rows]
        margin = [[(v - _limits(thresholds, f)[m]) if v is not None and _limits(thresholds, f).get(m) is not None
                   else None for m, v in zip(charts.scores(), line)] for f, line in zip(rows, z)]
        marks = [[d is not None and d < 0 for d in line] for line in margin]
        charts.show(charts.heatmap_figure(rows, charts.scores(), z, title="Mean score for the period",
                                          marks=marks, margin=margin))
        st.caption("Colour = distance to that feature's threshold; ✗ = below it. Records per feature: " + ", ".join(
            f"{f} {summaries[f]['count']:,}" for f in rows))
    with rates_tab:
        z = [[summaries[f]["pass_rate"]] + [summaries[f]["pass_rates"].get(m) for m in charts.scores()]
             for f in rows]
        charts.show(charts.heatmap_figure(rows, ("all metrics",) + charts.scores(), z,
                                          title="Share of records at or above the threshold", percent=True))
        st.caption("'All metrics' = records passing every threshold of their feature.")


@st.fragment
def _render_trends(buckets: dict[str, list[dict]], thresholds: dict) -> None:
    st.subheader("Per-feature trend", anchor=False)
    metric = st.selectbox("Metric", (*charts.scores(), *RATES), format_func=charts.label,
                          key=f"{PREFIX}_trend_metric")
    percent = metric in RATES
    series = {}
    for feature, docs in buckets.items():
        xs = [d["day"] for d in docs]
        if percent:
            ys = [charts.num(d.get(metric)) for d in docs]
        else:
            ys = [charts.num(((d.get("metrics") or {}).get(metric) or {}).get("mean")) for d in docs]
        series[feature] = (xs, ys)
    limits = None if percent else {f: _limits(thresholds, f).get(metric) for f in buckets}
    charts.show(charts.multi_line_figure(series, title=f"{charts.label(metric)} by feature",
                                         threshold_by_series=limits, percent=percent))
    if limits:
        st.caption("Dashed lines: each feature's threshold, in the feature's colour.")


def _render_quadrant(buckets: dict[str, list[dict]], summaries: dict[str, dict], thresholds: dict) -> None:
    st.subheader("Retrieval or generation? Precision vs faithfulness", anchor=False)
    base = limits_for(thresholds, DEFAULT_FEATURE)
    p_cut, f_cut = base["contextual_precision"], base["faithfulness"]
    st.caption(f"One point per feature per bucket. Lines at the default thresholds (precision {p_cut:.2f}, "
               f"faithfulness {f_cut:.2f}); the table judges each feature against its own.")
    points = []
    for feature, docs in buckets.items():
        for d in docs:
            block = d.get("metrics") or {}
            points.append({
                "feature": feature, "bucket": d["day"], "count": d.get("count"),
                "precision": charts.num((block.get("contextual_precision") or {}).get("mean")),
                "faithfulness": charts.num((block.get("faithfulness") or {}).get("mean")),
            })
    left, right = st.columns(2)
    with left:
        fig = charts.quadrant_figure(points, p_cut=p_cut, f_cut=f_cut, title="")
        charts.fit_axes(fig, [p["precision"] for p in points] + [p["faithfulness"] for p in points]
                        + [p_cut, f_cut])
        charts.show(fig)
    with right:
        rows = []
        for feature, summary in summaries.items():
            found = diagnosis.diagnose(summary["quadrants"])
            rows.append({"Feature": feature, "Diagnosis": f"{found.icon} {found.label}",
                         "Problem share": found.problem_share,
                         "Precision": summary["means"].get("contextual_precision"),
                         "Faithfulness": summary["means"].get("faithfulness")})
        st.dataframe(pd.DataFrame(rows), hide_index=True, width="stretch", column_config={
            "Diagnosis": st.column_config.TextColumn(width="medium"),
            "Problem share": st.column_config.NumberColumn(format="percent", width="small",
                                                           help="records below the feature's precision or "
                                                                "faithfulness threshold"),
            "Precision": st.column_config.ProgressColumn(format="%.2f", min_value=0, max_value=1, width="small"),
            "Faithfulness": st.column_config.ProgressColumn(format="%.2f", min_value=0, max_value=1,
                                                            width="small"),
        })
        st.caption(f"Each record is judged against its feature's thresholds. Healthy while at most "
                   f"{diagnosis.HEALTHY_MAX_PROBLEM_SHARE:.0%} of the records are below the precision or faithfulness "
                   "threshold; otherwise the largest group names the problem (the weekly report uses the same rule).")


def _render_thresholds(features: list[str], thresholds: dict) -> None:
    st.subheader("Thresholds in force", anchor=False)
    names = list(dict.fromkeys(features + [f for f in thresholds if f != DEFAULT_FEATURE] + [DEFAULT_FEATURE]))
    rows = [{"Feature": f, **{charts.label(m): _limits(thresholds, f).get(m) for m in charts.scores()}}
            for f in names]
    st.dataframe(pd.DataFrame(rows), hide_index=True, width="stretch", column_config={
        charts.label(m): st.column_config.NumberColumn(format="%.2f") for m in charts.scores()})
    st.caption("Admins edit thresholds on the Alerts page; every change is audited.")


render()
