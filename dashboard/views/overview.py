"""Overview: how good were the answers in a period, and how did that change?

KPI tiles (records, pass rate, mean of each metric, regeneration rate, open
alerts) with the change against the previous period of the same length, and one
trend chart per metric with its threshold dashed and the selected feature's alert
days shaded. Today's bucket is still filling up: it is drawn dotted and labelled
"partial", and the KPI help says when the period includes it. A click on a chart's
day opens Triage filtered to that day's failing records (and the chart's metric).
Reads only the pre-computed aggregates (aggregates_daily / aggregates_weekly; with a
release, model or prompt version filter the per-version aggregates), never raw records.
Links from the Alerts page pre-set the filters through
`?feature=...&start=YYYY-MM-DD&end=YYYY-MM-DD` (and `&release=...`, `&model=...`, `&prompt_version=...`).
"""
from __future__ import annotations

from datetime import date, timedelta

import streamlit as st

from core import agreement, diagnosis, metrics, timebuckets, versions
from core.buckets import Bucket, as_bucket
from core import rules as core_rules
from core.features import DEFAULT_FEATURE
from core.rule_docs import Alert, Rule
from core.verdict import limits_for
from dashboard import data
from dashboard import page
from core.features import ALL_FEATURES as ALL
from dashboard.common import fmt_pct, fmt_score
from dashboard.components import charts, filters
from dashboard.components.page_tabs import TREND_TAB_KEY, TREND_TABS, trend_tab
from dashboard.components.partial_notice import render_partial_notice

PREFIX = "overview"
DEFAULT_DAYS = 28
TRIAGE = "views/triage.py"
NO_DATA_BEFORE = "no data before"
EMPTY = ("No data yet for this period. While the worker is building them the notice above says how far it is; "
         "with no records at all, load some: `python -m jobs ingest FILE` (or `python -m jobs demo`).")

# --- numbers --------------------------------------------------------------------------

def _in_period(docs: list[Bucket], start: date, end: date) -> list[Bucket]:
    return [d for d in docs if (day := d.day) and start <= day <= end]


def _read(granularity: str, start: date, end: date, features: tuple | None,
          version: filters.Version | None) -> list[Bucket]:
    """Bucket documents: of every record, or of one version's records (the per-version aggregates)."""
    if version is None:
        return data.aggregates(granularity, start, end, features)
    return data.version_aggregates(version[0], version[1], granularity, start, end, features)


def _daily(feature: str, start: date, end: date, version: filters.Version | None = None) -> list[Bucket]:
    docs = _read("day", start, end, (feature,), version)
    return [d for d in _in_period(docs, start, end) if d.feature == feature]


def _buckets(feature: str, start: date, end: date, granularity: str,
             version: filters.Version | None = None) -> list[Bucket]:
    if granularity == "day":
        return _daily(feature, start, end, version)
    first = filters.week_start(start)
    docs = _read("week", first, end, (feature,), version)
    return [d for d in _in_period(docs, first, end) if d.feature == feature]


def _thresholds_for(feature: str, features: list[str]) -> tuple[dict, dict]:
    """Thresholds to draw and how to describe them: the feature's own, or for all
    features the strictest per metric (naming the feature it comes from)."""
    table = data.thresholds()
    if feature != ALL:
        limits = limits_for(table, feature)
        return limits, {m: f"{feature} threshold" for m in limits}
    candidates = [f for f in (features or []) if f in table] or [f for f in table if f != DEFAULT_FEATURE]
    strictest: dict[str, tuple[float, str]] = {}
    for f in candidates:
        for metric, value in (table[f] or {}).items():
            if isinstance(value, (int, float)) and (metric not in strictest or value > strictest[metric][0]):
                strictest[metric] = (float(value), f)
    return ({m: v for m, (v, _) in strictest.items()},
            {m: f"strictest ({src})" for m, (_, src) in strictest.items()})


def _rule_threshold(rules: list[Rule], metric: str, feature: str) -> float | None:
    """The alert-rule line for pass rate / regeneration rate (core.rules.chart_threshold: the feature's
    rule, else the global one)."""
    return core_rules.chart_threshold(rules, metric, feature)


def judge_suspects(alerts: list[Alert], feature: str) -> dict[str, list[str]]:
    """{metric: [features]} with an open or acknowledged judge-agreement alert (the logged judge drifting
    away from the independent re-score) for this feature, or any feature when all features are shown."""
    out: dict[str, list[str]] = {}
    for alert in alerts:
        if alert.state not in ("open", "acknowledged"):
            continue
        if alert.statistic not in agreement.statistic_names() or not alert.metric:
            continue
        if feature != ALL and alert.feature not in (feature, ALL):
            continue
        out.setdefault(str(alert.metric), []).append("all features" if alert.feature == ALL else str(alert.feature))
    return out


def incident_days(alerts: list[Alert], feature: str, start: date, end: date) -> dict[date, list[str]]:
    """Days (in the period) on which alerts fired for the feature (for one feature, its own
    alerts only, not the all-features ones): the evidence buckets, else the linked range's
    end, else the day it opened. {day: [rule names]}."""
    days: dict[date, list[str]] = {}
    for alert in alerts:
        if alert.feature != feature:
            continue
        hit = [day for day in (filters.parse_date(item.bucket) for item in alert.evidence) if day]
        if not hit:
            day = filters.parse_date(alert.link.end) or filters.parse_date(alert.opened_at)
            if day:
                hit.append(day)
        for day in hit:
            if start <= day <= end:
                days.setdefault(day, []).append(str(alert.name))
    return days


# --- page -----------------------------------------------------------------------------

def render() -> None:
    page.start()
    st.title("Overview")
    st.caption("Answer quality over time, from the daily and weekly aggregates.")
    render_partial_notice()  # records stored but not counted yet (issue 34)
    features = data.features()
    latest = data.latest_day()
    if latest is None:
        st.info(EMPTY, icon="📭")
        return
    feature, start, end, granularity, version = _render_filters(features, latest)
    current = _daily(feature, start, end, version)
    prev_start, prev_end = filters.previous_period(start, end)
    previous = _daily(feature, prev_start, prev_end, version)
    alerts = data.alerts()
    why_not = no_comparison(current, previous)
    _render_kpis(charts.summarize(current), None if why_not else charts.summarize(previous), alerts, feature,
                 (prev_start, prev_end), partial=start <= filters.today() <= end, why_not=why_not)
    st.page_link(TRIAGE, label=f"Open the failing records of {start} – {end} in Triage", icon="🔎",
                 query_params=triage_link(feature, start, end) | filters.version_params(version))
    _render_release_link(feature)
    _render_default_thresholds(feature, features)
    if not current:
        st.info(f"No aggregates between {start} and {end} for "
                f"{'all features' if feature == ALL else feature}"
                + (f" ({filters.version_caption(version)})" if version else "")
                + f". The newest data is from {latest}.", icon="📭")
        return
    _render_trends(feature, features, start, end, granularity, marked_days(start, end), version)


def marked_days(start: date, end: date) -> set[date]:
    """The days an alert link asks to mark (`?mark=YYYY-MM-DD..YYYY-MM-DD`), within the period."""
    raw = filters.query_param("mark") or ""
    first, _, last = str(raw).partition("..")
    a, b = filters.parse_date(first), filters.parse_date(last or first)
    if a is None or b is None:
        return set()
    a, b = min(a, b), max(a, b)
    if (b - a).days > 366:
        return set()
    return {a + timedelta(days=i) for i in range((b - a).days + 1) if start <= a + timedelta(days=i) <= end}


def _render_release_link(feature: str) -> None:
    """The newest release against the one before it, one click away (issue 21; nothing without releases):
    both of the same product line (issue 34) — the chosen feature's, or the line that shipped last."""
    recent = [v for v in data.version_values("release") if v not in ("other", "unversioned")]
    found = versions.suggested_pair(data.release_lines(), recent, None if feature == ALL else feature)
    if found is not None:
        line, previous, newest = found
        st.page_link("views/compare.py", label=f"Compare the newest release {newest} with {previous} ({line})",
                     icon="🆚", query_params={"by": "release", "a": previous, "b": newest})


def _render_filters(features: list[str], latest: date
                    ) -> tuple[str, date, date, str, filters.Version | None]:
    filters.period_from_query(PREFIX, features)
    cols = st.columns([1.05, 1.7, 1.25, 1.35, 1.3], vertical_alignment="bottom")  # "Weekly" fits at 1400 px
    feature = filters.feature_filter(PREFIX, features, container=cols[0])
    start, end = filters.date_range_filter(PREFIX, latest - timedelta(days=DEFAULT_DAYS - 1), latest,
                                           container=cols[1])
    granularity = filters.granularity_toggle(PREFIX, container=cols[2])
    version = filters.version_filter(PREFIX, data.version_known(), container=cols[3])
    prev_start, prev_end = filters.previous_period(start, end)
    days = (end - start).days + 1
    cols[4].caption(f"{days} day{'s' if days > 1 else ''} · compared with {prev_start} – {prev_end}"
                    + (f" · {filters.version_caption(version)}" if version else ""))
    return feature, start, end, granularity, version


def no_comparison(current: list[Bucket] | list[dict], previous: list[Bucket] | list[dict]) -> str | None:
    """Why the period cannot be compared with the one before (None: it can): no data before, or data on
    fewer than half as many days (a delta against a few days would read as a change that is not there)."""
    def days(docs):
        return {as_bucket(d).day for d in docs} - {None}
    before, now = days(previous), days(current)
    if not before:
        return NO_DATA_BEFORE
    if 2 * len(before) < len(now):
        return f"only {len(before)} day{'s' if len(before) != 1 else ''} of data before"
    return None


def _render_kpis(now: dict, before: dict | None, alerts: list[Alert], feature: str,
                 previous: tuple[date, date], *, partial: bool = False, why_not: str | None = None) -> None:
    def delta(metric: str, kind: str):
        if before is None:
            return why_not or NO_DATA_BEFORE
        # charts.summarize gives every catalog score a mean (None without records) and every total
        a = now["means"][metric] if kind == "score" else now[metric]
        b = before["means"][metric] if kind == "score" else before[metric]
        if a is None or b is None:
            return None
        if kind == "count":
            return f"{int(a - b):+,}" if int(a - b) else None
        if kind == "rate":
            return f"{100 * (a - b):+.1f} pp" if round(100 * (a - b), 1) else None
        return f"{a - b:+.3f}" if round(a - b, 3) else None

    help_prev = (f"Change against {previous[0]} – {previous[1]}" if before is not None else
                 f"No comparison with {previous[0]} – {previous[1]}: {why_not or NO_DATA_BEFORE}")
    if partial:
        help_prev += f". Includes today ({filters.today()}, partial): its records are still coming in"
        st.caption(f"The period includes today ({filters.today()}), which is still filling up (partial): "
                   "its point is dotted on the charts.")
    row = st.columns(4)
    plain = {"delta_color": "off", "delta_arrow": "off"} if before is None else {}
    row[0].metric("Records", f"{now['count']:,}", delta("count", "count"), delta_color="off",
                  help="Records in the period; one logged without scores counts once the score worker has "
                       f"scored it (Data health shows how many wait). {help_prev}", border=True,
                  **({"delta_arrow": "off"} if before is None else {}))
    row[1].metric("Pass rate", fmt_pct(now["pass_rate"]), delta("pass_rate", "rate"),
                  help=f"Share of the period's records passing every threshold of their feature. {help_prev}",
                  border=True, **plain)
    row[2].metric("Regeneration rate", fmt_pct(now["regen_rate"]), delta("regen_rate", "rate"),
                  help=f"Share of the period's answers regenerated at least once. {help_prev}",
                  border=True, **({"delta_color": "inverse"} | plain))
    mine = [a for a in alerts if a.state == "open" and (feature == ALL or a.feature in (feature, ALL))]
    critical = sum(1 for a in mine if a.severity == "critical")
    row[3].metric("Open alerts", f"{len(mine)}", f"{critical} critical" if critical else None,
                  delta_color="inverse" if critical else "off", delta_arrow="off",
                  help="Alerts not yet resolved (see the Alerts page)", border=True)
    judged = judge_suspects(alerts, feature)
    row = st.columns(len(charts.scores()))
    for col, metric in zip(row, charts.scores()):
        suspect = metric in judged
        col.metric(charts.label(metric), fmt_score(now["means"][metric]), delta(metric, "score"),
                   help=f"Mean {charts.label(metric).lower()}. {help_prev}"
                   + (" The logged judge is drifting on it (judge-agreement alert): a rise here is a possible "
                      "judge change, not an improvement." if suspect else ""),
                   border=True, **(plain or ({"delta_color": "off"} if suspect else {})))
    if judged:
        st.warning("Possible judge change: " + "; ".join(
            f"{charts.label(m)} — {', '.join(sorted(set(fs)))}" for m, fs in sorted(judged.items()))
            + ". The logged scores moved away from an independent re-score of the same answers "
            "(see Judge agreement): a rise in them is not an improvement.", icon="⚖️")


@st.fragment
def _render_trends(feature: str, features: list[str], start: date, end: date,
                   granularity: str, alert_days: set[date] | None = None,
                   version: filters.Version | None = None) -> None:
    docs = _buckets(feature, start, end, granularity, version)
    limits, limit_labels = _thresholds_for(feature, features)
    rules = data.rules()
    incidents = incident_days(data.alerts(), feature, start, end)
    for day in alert_days or ():
        incidents.setdefault(day, []).append("the alert you came from")
    if alert_days:
        st.caption(f"The alert's days, {min(alert_days)} to {max(alert_days)}, are shaded red; a week on each "
                   "side shows what came before and after.")
    if granularity == "week":
        marked = {filters.week_start(day) for day in incidents}
        bucket_days = 7
    else:
        marked, bucket_days = set(incidents), 1
    buckets = [d.day for d in docs]
    partial = bool(buckets) and buckets[-1] is not None and timebuckets.is_partial(buckets[-1], granularity)

    def series(metric: str, stat: str = "mean"):
        return [charts.num(d.stat(metric, stat)) for d in docs]

    st.subheader("Trends", anchor=False)
    note = ("Dashed red lines: " + (f"{feature}'s thresholds" if feature != ALL else
                                     "the strictest feature's threshold per metric (pick a feature for its own)")
            + "; for rates, the alert rule. Shaded band: p10–p90 of the bucket.")
    if incidents:
        note += (f" Red bands: {len(incidents)} day(s) on which "
                 + ("all-features" if feature == ALL else f"{feature}'s") + " alerts fired.")
    note += " Click a point to open that day's failing records in Triage."
    st.caption(note)
    builders = {m: lambda m=m: flag_constant(
        charts.trend_figure(m, buckets, series(m), threshold=limits.get(m),
                            threshold_label=limit_labels.get(m, "threshold"), band=(series(m, "p10"), series(m, "p90")),
                            incidents=marked, bucket_days=bucket_days, partial=partial),
        series(m, "p10"), series(m, "p90"), series(m)) for m in charts.scores()}
    builders["pass_rate"] = lambda: charts.trend_figure(
        "pass_rate", buckets, [charts.num(d.pass_rate) for d in docs], percent=True,
        threshold=_rule_threshold(rules, "pass_rate", feature), threshold_label="alert below",
        incidents=marked, bucket_days=bucket_days, partial=partial)
    builders["regen_rate"] = lambda: charts.trend_figure(
        "regen_rate", buckets, [charts.num(d.regen_rate) for d in docs], percent=True,
        threshold=_rule_threshold(rules, "regen_rate", feature), threshold_label="alert above",
        incidents=marked, bucket_days=bucket_days, partial=partial)
    builders["volume"] = lambda: charts.volume_figure(buckets, [charts.num(d.count) for d in docs],
                                                      [charts.num(d.failing) for d in docs], partial=partial)
    _render_trend_tabs(builders, feature, granularity, version)


def _render_trend_tabs(builders: dict, feature: str, granularity: str, version: filters.Version | None) -> None:
    """The trend charts in three tabs; only the open tab's charts are built and sent (a tab switch reruns
    this fragment): a new browser tab on the Overview draws two charts, not nine (issue 29: ~60 ms of the
    browser's time each). `?metric=` (an alert's link) opens the tab that holds that metric. A chart's key
    is its place among all of them, whichever tab is open; a click on a score's point opens Triage on
    that metric, on a rate or the volume on every failing record."""
    names = list(builders)
    wanted = filters.query_param("metric")
    tabs = st.tabs(TREND_TABS, key=TREND_TAB_KEY, on_change="rerun",
                   default=trend_tab(wanted) if wanted in names else None)
    for tab_name, tab in zip(TREND_TABS, tabs):
        if tab.open is False:
            continue
        shown = [i for i, name in enumerate(names) if trend_tab(name) == tab_name]
        with tab:
            for k in range(0, len(shown), 2):
                for col, i in zip(st.columns(2), shown[k:k + 2]):
                    with col:
                        event = charts.show(builders[names[i]](), key=f"{PREFIX}_chart_{i}", clickable=True)
                    metric = names[i] if names[i] in charts.scores() else None
                    _drill_down(charts.clicked_point(event), feature, metric, granularity, version)


def own_thresholds_missing(feature: str, features: list[str], table: dict) -> list[str]:
    """The features shown that have no thresholds of their own (judged by the defaults)."""
    shown = features if feature == ALL else [feature]
    return [f for f in shown if f not in table and f != DEFAULT_FEATURE]


def _render_default_thresholds(feature: str, features: list[str]) -> None:
    """Issue 34: a feature without thresholds of its own is judged by the defaults: say so, offer to set them."""
    missing = own_thresholds_missing(feature, features, data.thresholds())
    if not missing:
        return
    if feature == ALL:  # every feature: a line, not a box (a stray record's feature would fill the page)
        st.caption(f"Judged by the default thresholds (none of their own): {', '.join(missing[:6])}"
                   f"{' and more' if len(missing) > 6 else ''}. Pick one to set its own.")
        return
    defaults = limits_for(data.thresholds(), DEFAULT_FEATURE)
    words = ", ".join(f"{charts.label(m).lower()} {v:.2f}" for m, v in defaults.items() if m in charts.scores())
    st.info(f"**{', '.join(missing[:4])}{' and more' if len(missing) > 4 else ''}** "
            f"{'has' if len(missing) == 1 else 'have'} no thresholds of {'its' if len(missing) == 1 else 'their'} "
            f"own: judged by the defaults ({words}), and the pass-rate rule is the one for every feature. Set "
            "them where they fit this product (the editor suggests thresholds from your labels where there are any).",
            icon="🎚️")
    st.page_link("views/alerts.py", label=f"Set {missing[0]}'s thresholds", icon="🎚️",
                 query_params={"thresholds": missing[0]})


def flag_constant(fig, p10s: list, p90s: list, means: list):
    """A metric (nearly) constant over the period says so on its chart (issue 34): a flat line is no signal
    (e.g. a retriever whose chunks always score 1.00), so it must not read as a steady good result."""
    value = diagnosis.nearly_constant(p10s, p90s, means)
    if value is not None:
        charts.note(fig, f"(nearly) constant at {value:.2f} over the period: no signal here")
    return fig


def triage_link(feature: str, start: date, end: date, metric: str | None = None) -> dict[str, str]:
    """The query parameters of Triage for the failing records of a feature and days."""
    params = {"start": start.isoformat(), "end": end.isoformat()}
    if feature != ALL:
        params["feature"] = feature
    if metric in metrics.score_names():
        params["metric"] = metric
    return params


def _drill_down(point: dict | None, feature: str, metric: str | None, granularity: str,
                version: filters.Version | None = None) -> None:
    """A clicked chart point -> Triage, filtered to its day (or week) and the chart's metric."""
    if not point:
        return
    day = filters.parse_date(str(point.get("customdata") or point.get("x") or "")[:10])
    if day is None:
        return
    start, end = (filters.week_start(day), filters.week_start(day) + timedelta(days=6)) if granularity == "week" \
        else (day, day)
    st.switch_page(TRIAGE, query_params=triage_link(feature, start, end, metric) | filters.version_params(version))

render()
