"""Features: how each product feature (chat, viability, arguments, clauses, ...) is doing.

A feature × metric heatmap of means and pass rates for the period, each feature's
trend for one metric, the precision-vs-faithfulness quadrant (reference 004:
which of retrieval or generation is the problem), each metric's score distribution
for a feature (this period against the previous one), and the thresholds in force.
Features with fewer than MIN_RECORDS records in the period are left out of the
heatmap (named below it; a toggle shows them, marked). A click on a heatmap cell
opens Triage on that feature's records below that metric's threshold. Today's
bucket is greyed and labelled partial. Reads only the aggregates (with a release, model
or prompt version filter — `?release=r3` — the per-version aggregates).
"""
from __future__ import annotations

from datetime import date, timedelta

import pandas as pd
import streamlit as st

from core import timebuckets
from core.buckets import Bucket
from dashboard import data
from dashboard import page
from core.features import ALL_FEATURES as ALL
from core import diagnosis, metrics
from core import rules as core_rules
from core.features import DEFAULT_FEATURE
from core.verdict import limits_for
from dashboard.components import charts, filters
from dashboard.components.page_tabs import FEATURE_DETAIL_TABS, FEATURE_DETAILS_KEY
from dashboard.components.partial_notice import render_partial_notice

PREFIX = "features"
DEFAULT_DAYS = 28
EMPTY = ("No data yet for this period. While the worker is building them the notice above says how far it is; "
         "with no records at all, load some: `python -m jobs ingest FILE` (or `python -m jobs demo`).")
RATES = (metrics.PASS_RATE, metrics.REGEN_RATE)
MIN_RECORDS = 30  # fewer records in the period: too few for a heatmap row to mean anything
TRIAGE = "views/triage.py"
TREND_LINES = 8  # more features than this: the trend chart draws the worst few (a choice of others)


def _per_feature(granularity: str, start: date, end: date,
                 version: filters.Version | None = None) -> dict[str, list[Bucket]]:
    """Aggregate documents of every feature (not the "all" rows) in the period, by feature
    (of one version's records when `version` is set)."""
    first = start if granularity == "day" else filters.week_start(start)
    if version is None:
        docs = data.aggregates(granularity, first, end, None)
    else:
        docs = data.version_aggregates(version[0], version[1], granularity, first, end, None)
    out: dict[str, list[Bucket]] = {}
    for d in docs:
        day, feature = d.day, d.feature
        if day and feature is not None and feature != ALL and first <= day <= end:
            out.setdefault(feature, []).append(d)
    return dict(sorted(out.items()))


def render() -> None:
    page.start()
    st.title("Features")
    st.caption("Each feature's scores side by side: where quality is weakest and whether retrieval "
               "or generation is to blame.")
    render_partial_notice()  # records stored but not counted yet (issue 34)
    features = data.features()
    latest = data.latest_day()
    if latest is None:
        st.info(EMPTY, icon="📭")
        return
    start, end, granularity, version = _render_filters(features, latest)
    daily = _per_feature("day", start, end, version)
    if not daily:
        st.info(f"No aggregates between {start} and {end}"
                + (f" ({filters.version_caption(version)})" if version else "")
                + f". The newest data is from {latest}.", icon="📭")
        return
    thresholds = data.thresholds()
    summaries = {feature: charts.summarize(docs) for feature, docs in daily.items()}
    total = sum(v["count"] for v in summaries.values())
    st.caption(f"{total:,} records in the period" + (f" ({filters.version_caption(version)})" if version else "")
               + f" across {len(summaries)} feature{'s' if len(summaries) != 1 else ''}.")
    _render_heatmaps(summaries, thresholds, start, end, version)
    buckets = daily if granularity == "day" else _per_feature("week", start, end, version)
    partial = end if timebuckets.is_partial(end, granularity) else None  # today's bucket is still filling up
    if partial and granularity == "week":
        partial = filters.week_start(partial)
    # the details in tabs, and only the open one runs (a tab switch reruns the page): a new tab on this
    # page reads and draws the heatmap and the trend, not nine charts and the histograms' reads too
    # (issue 29: ~60 ms of the browser's time per chart)
    trend, quadrant, distributions, limits = st.tabs(FEATURE_DETAIL_TABS, key=FEATURE_DETAILS_KEY,
                                                     on_change="rerun")
    if trend.open is not False:
        with trend:
            _render_trends(buckets, thresholds, partial, 7 if granularity == "week" else 1)
    if quadrant.open is not False:
        with quadrant:
            _render_quadrant(buckets, summaries, thresholds)
    if distributions.open is not False:
        with distributions:
            _render_distributions(list(summaries), thresholds, start, end, version)
    if limits.open is not False:
        with limits:
            _render_thresholds(list(summaries), thresholds)




def _render_filters(features: list[str], latest: date
                    ) -> tuple[date, date, str, filters.Version | None]:
    filters.period_from_query(PREFIX, features)
    cols = st.columns([1.6, 1.0, 1.4, 2.0], vertical_alignment="bottom")
    start, end = filters.date_range_filter(PREFIX, latest - timedelta(days=DEFAULT_DAYS - 1), latest,
                                           container=cols[0])
    granularity = filters.granularity_toggle(PREFIX, container=cols[1])
    version = filters.version_filter(PREFIX, data.version_known(), container=cols[2])
    cols[3].caption(f"{(end - start).days + 1} days · trends and quadrant points per "
                    f"{'day' if granularity == 'day' else 'week'}"
                    + (f" · {filters.version_caption(version)}" if version else ""))
    return start, end, granularity, version


def _limits(thresholds: dict, feature: str) -> dict:
    return limits_for(thresholds, feature)


def _shown_rows(summaries: dict[str, dict]) -> tuple[list[str], list[str], dict[str, str]]:
    """(rows to draw, features left out, row label per feature): features under MIN_RECORDS are
    left out unless the toggle shows them, then marked with their count."""
    few = [f for f, sm in summaries.items() if sm["count"] < MIN_RECORDS]
    show_few = bool(st.session_state.get(f"{PREFIX}_show_few"))
    rows = [f for f in summaries if f not in few or show_few]
    names = {f: (f"{f} (only {summaries[f]['count']})" if f in few else f) for f in rows}
    return rows, ([] if show_few else few), names


@st.fragment
def _render_heatmaps(summaries: dict[str, dict], thresholds: dict, start: date, end: date,
                     version: filters.Version | None = None) -> None:
    st.subheader("Feature × metric", anchor=False)
    rows, hidden, names = _shown_rows(summaries)
    if not rows:
        st.info(f"Every feature has fewer than {MIN_RECORDS} records in this period.")
    means_tab, rates_tab = st.tabs(["Mean score", "Pass rate"])
    # the catalog's metrics that have a score in the period (a metric no record carries, e.g. citation
    # accuracy where answers do not cite, would be an empty column)
    shown = tuple(m for m in charts.scores() if any(summaries[f]["means"][m] is not None for f in rows)) \
        or charts.scores()
    keys = [[f"{f}|{m}" for m in shown] for f in rows]
    with means_tab:
        z = [[summaries[f]["means"][m] for m in shown] for f in rows]
        margin = [[(v - _limits(thresholds, f)[m]) if v is not None and _limits(thresholds, f).get(m) is not None
                   else None for m, v in zip(shown, line)] for f, line in zip(rows, z)]
        marks = [[d is not None and d < 0 for d in line] for line in margin]
        event = charts.show(charts.heatmap_figure([names[f] for f in rows], shown, z,
                                                  title="Mean score for the period", marks=marks, margin=margin,
                                                  cell_keys=keys), key=f"{PREFIX}_heat_means", clickable=True)
        _drill_down(charts.clicked_point(event), start, end, version)
        st.caption("Colour = distance to that feature's threshold; ✗ = below it. Click a cell for its records. "
                   "Records per feature: " + ", ".join(f"{f} {summaries[f]['count']:,}" for f in rows))
    with rates_tab:
        z = [[summaries[f]["pass_rate"]] + [summaries[f]["pass_rates"][m] for m in shown]
             for f in rows]
        event = charts.show(charts.heatmap_figure([names[f] for f in rows], ("all metrics",) + shown, z,
                                                  title="Share of records at or above the threshold", percent=True,
                                                  cell_keys=[[f"{f}|"] + k for f, k in zip(rows, keys)]),
                            key=f"{PREFIX}_heat_rates", clickable=True)
        _drill_down(charts.clicked_point(event), start, end, version)
        st.caption("'All metrics' = records passing every threshold of their feature.")
    few = [f for f, sm in summaries.items() if sm["count"] < MIN_RECORDS]
    if few:
        st.toggle(f"Show features with fewer than {MIN_RECORDS} records", key=f"{PREFIX}_show_few")
        if hidden:
            st.caption("Left out (too few records to compare): " + ", ".join(
                f"{f} ({summaries[f]['count']})" for f in hidden))
    _render_drill_links(rows, start, end, version)


def _triage_params(feature: str, metric: str | None, start: date, end: date,
                   version: filters.Version | None = None) -> dict[str, str]:
    params = {"feature": feature, "start": start.isoformat(), "end": end.isoformat(),
              **filters.version_params(version)}
    if metric in metrics.score_names():
        params["metric"] = metric
    return params


def _drill_down(point: dict | None, start: date, end: date, version: filters.Version | None = None) -> None:
    """A clicked heatmap cell ("feature|metric") -> Triage on those records."""
    if not point or not isinstance(point.get("customdata"), str) or "|" not in point["customdata"]:
        return
    feature, metric = point["customdata"].split("|", 1)
    st.switch_page(TRIAGE, query_params=_triage_params(feature, metric or None, start, end, version))


def _render_drill_links(rows: list[str], start: date, end: date, version: filters.Version | None = None) -> None:
    """The same drill-down without a mouse: pick a feature and a metric."""
    if not rows:
        return
    c1, c2, c3 = st.columns([1.2, 1.4, 2.4], vertical_alignment="bottom")
    feature = c1.selectbox("Records of", rows, key=f"{PREFIX}_drill_feature")
    metric = c2.selectbox("Below threshold on", ("", *metrics.score_names()), key=f"{PREFIX}_drill_metric",
                          format_func=lambda m: "any metric" if not m else metrics.label(m))
    with c3:
        st.page_link(TRIAGE, label=f"Open {feature}'s failing records in Triage", icon="🔎",
                     query_params=_triage_params(feature, metric or None, start, end, version))


@st.fragment
def _render_trends(buckets: dict[str, list[Bucket]], thresholds: dict, partial: date | None,
                   bucket_days: int) -> None:
    metric = st.selectbox("Metric", (*charts.scores(), *RATES), format_func=charts.label,
                          key=f"{PREFIX}_trend_metric")
    percent = metric in RATES
    series = {}
    for feature, docs in buckets.items():
        xs = [d.day for d in docs]
        if percent:
            ys = [charts.num(d.rate(metric)) for d in docs]
        else:
            ys = [charts.num(d.stat(metric)) for d in docs]
        series[feature] = (xs, ys)
    series = _trend_choice(series, metric)
    limits = None if percent else {f: _limits(thresholds, f).get(metric) for f in series}
    charts.show(charts.multi_line_figure(series, title=f"{charts.label(metric)} by feature",
                                         threshold_by_series=limits, percent=percent, partial_day=partial))
    notes = ["Dashed lines: each feature's threshold, in the feature's colour."] if limits else []
    if partial:
        notes.append("The grey band is today's bucket: still filling up (partial).")
    if notes:
        st.caption(" ".join(notes))


def _worst_first(series: dict[str, tuple[list, list]], metric: str) -> list[str]:
    """Features by their period's mean of `metric`, the worst first (lowest, or highest where lower is better)."""
    sign = 1 if metrics.higher_is_better(metric) else -1

    def mean(feature: str) -> float:
        values = [v for v in series[feature][1] if v is not None]
        return sign * sum(values) / len(values) if values else float("inf")
    return sorted(series, key=lambda f: (mean(f), f))


def _trend_choice(series: dict[str, tuple[list, list]], metric: str) -> dict[str, tuple[list, list]]:
    """With more than TREND_LINES features, the lines of a chosen few (default: the worst on `metric`): fifty
    lines are neither readable nor quick (issue 29: the trend chart took 4 s of the page's 6.6 s at 50 features)."""
    if len(series) <= TREND_LINES:
        return series
    worst = _worst_first(series, metric)
    chosen = st.multiselect("Features drawn", sorted(series), default=sorted(worst[:TREND_LINES]),
                            key=f"{PREFIX}_trend_features_{metric}", max_selections=2 * TREND_LINES)
    st.caption(f"{len(series)} features: the {TREND_LINES} worst on {charts.label(metric)} are drawn; pick others "
               "above.")
    return {f: series[f] for f in chosen}


def _render_quadrant(buckets: dict[str, list[Bucket]], summaries: dict[str, dict], thresholds: dict) -> None:
    base = limits_for(thresholds, DEFAULT_FEATURE)
    p_cut, f_cut = base["contextual_precision"], base["faithfulness"]
    st.caption(f"One point per feature per bucket. Lines at the default thresholds (precision {p_cut:.2f}, "
               f"faithfulness {f_cut:.2f}); the table judges each feature against its own.")
    points = []
    for feature, docs in buckets.items():
        for d in docs:
            points.append({
                "feature": feature, "bucket": d.day, "count": d.count,
                "precision": charts.num(d.stat("contextual_precision")),
                "faithfulness": charts.num(d.stat("faithfulness")),
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
            floor = core_rules.chart_threshold(data.rules(), "pass_rate", feature)
            icon = "⚠️" if diagnosis.under_pass_rule(found, summary["pass_rate"], floor) else found.icon
            rows.append({"Feature": feature,
                         "Diagnosis": f"{icon} {diagnosis.headline_label(found, summary['pass_rate'], floor)}",
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
                   "threshold; otherwise the largest group names the problem (the weekly report uses the same rule) — "
                   "and never while the pass rate is under the feature's pass-rate rule.")


@st.fragment
def _render_distributions(features: list[str], thresholds: dict, start: date, end: date,
                          version: filters.Version | None = None) -> None:
    """Per metric, the share of one feature's records per score bin: this period against the previous."""
    options = [ALL, *features]
    feature = st.selectbox("Feature", options, key=f"{PREFIX}_dist_feature",
                           format_func=lambda f: "All features" if f == ALL else f)
    prev_start, prev_end = filters.previous_period(start, end)
    if version is None:
        now = data.score_histograms(feature, start, end)
        before = data.score_histograms(feature, prev_start, prev_end)
    else:
        now = data.version_histograms(version[0], version[1], feature, start, end)
        before = data.version_histograms(version[0], version[1], feature, prev_start, prev_end)
    limits = limits_for(thresholds, feature if feature != ALL else DEFAULT_FEATURE)
    partial = " (today partial)" if start <= filters.today() <= end else ""
    st.caption(f"Share of records per 0.05 score bin: {start} – {end}{partial} (bars) against "
               f"{prev_start} – {prev_end} (grey outline); dashed red: "
               + (f"{feature}'s threshold." if feature != ALL else "the default threshold."))
    names = charts.scores()
    for i in range(0, len(names), 3):
        cols = st.columns(3)
        for col, metric in zip(cols, names[i:i + 3]):
            with col:
                charts.show(charts.histogram_figure(metric, now.get(metric) or [], before.get(metric) or [],
                                                    threshold=limits.get(metric)),
                            key=f"{PREFIX}_hist_{metric}")


def _render_thresholds(features: list[str], thresholds: dict) -> None:
    names = list(dict.fromkeys(features + [f for f in thresholds if f != DEFAULT_FEATURE] + [DEFAULT_FEATURE]))
    rows = [{"Feature": f, **{charts.label(m): _limits(thresholds, f).get(m) for m in charts.scores()}}
            for f in names]
    st.dataframe(pd.DataFrame(rows), hide_index=True, width="stretch", column_config={
        charts.label(m): st.column_config.NumberColumn(format="%.2f") for m in charts.scores()})
    st.caption("Admins edit thresholds on the Alerts page; every change is audited.")


render()
