"""Judge agreement: is the product's logged judge still telling the truth?

Each day the worker re-scores a sample of the day's records with an independent
scorer (jobs/agreement.py). This page shows, per feature and score, how the
logged scores and the independent ones agree over time: Spearman correlation,
mean difference (logged − independent) and the pass/fail flip rate, each with
its sample size; the days where a figure moved away from its baseline are
shaded. Below, the sampled records that disagree most; one opens in the record
view with both scores side by side. Reads only agreement_daily/_weekly and one
record at a time.
"""
from __future__ import annotations

from datetime import date, timedelta

import pandas as pd
import streamlit as st

from core import agreement as ag
from core import metrics
from core.agreement_docs import AgreementDoc, Sample, noise_figure
from core.score_results import ScoreResult
from dashboard import data
from dashboard import page
from core.features import ALL_FEATURES as ALL
from dashboard.common import fmt_pct, fmt_score
from dashboard.components import charts, filters, score_view
from dashboard.components.plain_table import plain_table
from dashboard.components.record_view import logged_evaluation, render_record

PREFIX = "agreement"
DEFAULT_DAYS = 28
TOP_ROWS = 20
EMPTY = ("No agreement figures yet. The worker's `agreement` job re-scores a sample of each completed day "
         "(`python -m jobs run-once agreement`); the last "
         "EVALBOARD_AGREEMENT_DAYS days are sampled.")


def _choices() -> list[str]:
    return [*metrics.score_names(), ag.VERDICT]


def _choice_label(name: str) -> str:
    return "Record verdict (every score)" if name == ag.VERDICT else metrics.label(name)


def render() -> None:
    db = page.start()
    st.title("Judge agreement")
    st.caption("Do the logged judge's scores still agree with an independent re-score of a daily sample? "
               "A lenient or broken judge shows here before it shows anywhere else.")
    latest = data.agreement_latest_day()
    if latest is None:
        st.info(EMPTY, icon="📭")
        return
    feature, metric, start, end, granularity = _render_filters(data.agreement_features(), latest)
    docs = [d for d in data.agreement(granularity, start, end, (feature,))
            if (filters.bucket_date(d.bucket) or start) <= end]
    if not docs:
        st.info(f"No agreement figures between {start} and {end}. The newest are from {latest}.", icon="📭")
        return
    _render_latest(docs, metric)
    _render_noise(feature, metric)
    _render_trends(docs, metric, granularity, _rules(metric, feature))
    _render_disagreements(db, docs, metric)


def _render_filters(features: list[str], latest: date) -> tuple[str, str, date, date, str]:
    filters.period_from_query(PREFIX, features)
    cols = st.columns([1.2, 1.6, 1.6, 1.0], vertical_alignment="bottom")
    feature = filters.feature_filter(PREFIX, features, container=cols[0])
    choices = _choices()
    metric_key = f"{PREFIX}_metric"
    if st.session_state.get(metric_key) not in choices:
        st.session_state[metric_key] = "faithfulness" if "faithfulness" in choices else choices[0]
    metric = cols[1].selectbox("Score", choices, key=metric_key, format_func=_choice_label)
    start, end = filters.date_range_filter(PREFIX, latest - timedelta(days=DEFAULT_DAYS - 1), latest,
                                           container=cols[2])
    granularity = filters.granularity_toggle(PREFIX, container=cols[3])
    return feature, metric, start, end, granularity


def _fmt(name: str, value) -> str:
    stat = ag.base_statistic(name)
    if value is None:
        return "—"
    return fmt_pct(value) if stat and stat.percent else fmt_score(value) if name == "spearman" else f"{value:+.3f}"


def _delta(name: str, value) -> str | None:
    if value is None:
        return None
    stat = ag.base_statistic(name)
    return f"{100 * value:+.1f} pts vs baseline" if stat and stat.percent else f"{value:+.3f} vs baseline"


def _render_latest(docs: list[AgreementDoc], metric: str) -> None:
    last = docs[-1]
    fig = last.figure(metric)
    when = last.day or "—"
    kinds = ", ".join(f"{n} by {'the judge' if k == ag.JUDGE else 'the local scorer'}"
                      for k, n in sorted(last.kinds.items()))
    st.markdown(f"**Latest: {when}** · {fig.n or fig.n_verdicts or 0} sampled pairs"
                + (f" ({kinds})" if kinds else ""))
    cols = st.columns(3)
    for col, name in zip(cols, ag.STATISTICS):
        if metric == ag.VERDICT and name != "flip_rate":
            col.metric(ag.label(name), "—", help="the record verdict has no score to correlate", border=True)
            continue
        col.metric(ag.label(name), _fmt(name, fig.value(name)), _delta(name, fig.value(name + ag.CHANGE_SUFFIX)),
                   delta_color="off", border=True)


def _render_noise(feature: str, metric: str) -> None:
    """The judge's own noise next to its agreement (issue 33): how far a score and a verdict move when the
    same judge scores the same record again (jobs judge-noise). The local scorer is deterministic: 0."""
    fig = noise_figure(data.judge_noise(), feature, metric)
    if fig is None:
        st.caption("Judge noise: not measured yet (`python -m jobs judge-noise`). The local scorer is deterministic: "
                   "its noise is 0.")
        return
    spread, flip = fig.spread, fig.flip_rate
    st.markdown(f"**Judge noise** ({fig.runs} runs of {fig.n} records): "
                + (f"spread ±{spread:.3f} · " if isinstance(spread, (int, float)) else "")
                + (f"verdict flips between runs {flip:.1%}" if isinstance(flip, (int, float)) else "")
                + " · local scorer: 0 (deterministic)")


def _rules(metric: str, feature: str) -> dict[str, float]:
    """{statistic: threshold} of the enabled agreement rules on this score (shown as lines)."""
    out = {}
    for rule in data.rules():
        if (rule.enabled and rule.metric == metric and rule.statistic in ag.STATISTICS
                and rule.threshold is not None and rule.feature in (feature, "*", ALL)):
            out[rule.statistic] = float(rule.threshold)
    return out


def _render_trends(docs: list[AgreementDoc], metric: str, granularity: str, rules: dict[str, float]) -> None:
    buckets = [d.bucket for d in docs]
    names = ["flip_rate"] if metric == ag.VERDICT else list(ag.STATISTICS)
    # one statistic at a time, full width: a browser draws only the open tab's chart (issue 29)
    cols = st.tabs([ag.STATISTICS[name].short for name in names]) if len(names) > 1 else [st.container()]
    changes = []
    for col, name in zip(cols, names):
        values = [d.figure(metric).value(name) for d in docs]
        marked = [filters.bucket_date(d.bucket) for d in docs if name in d.figure(metric).marked()]
        changes += [(filters.bucket_date(d.bucket), name, d.figure(metric).value(name + ag.CHANGE_SUFFIX))
                    for d in docs if name in d.figure(metric).marked()]
        stat = ag.STATISTICS[name]
        fig = charts.trend_figure(metric if metric != ag.VERDICT else metrics.OVERALL, buckets, values,
                                  threshold=rules[name] if name in rules else None, threshold_label="alert", incidents=marked,
                                  bucket_days=7 if granularity == "week" else 1, percent=stat.percent,
                                  title=f"{stat.short} · {_choice_label(metric)}")
        with col:
            charts.show(fig, key=f"{PREFIX}_trend_{name}")
    if changes:
        st.caption("Shaded: days where a figure moved away from its baseline (the median of the "
                   f"{ag.BASELINE_DAYS} days before) — "
                   + "; ".join(f"{d} {ag.label(n).lower()} {_delta(n, v)}" for d, n, v in sorted(changes)[-6:]))
    else:
        st.caption(f"No figure moved away from its baseline (the median of the {ag.BASELINE_DAYS} days "
                   "before each day) in this period.")
    if granularity != "week":
        st.caption(no_baseline_note(docs, metric))


def no_baseline_note(docs: list[AgreementDoc], metric: str) -> str:
    """Which sampled days have no change against a baseline, and why (or that every day has one)."""
    missing = [str(d.day or filters.bucket_date(d.bucket)) for d in docs if not d.figure(metric).has_change()]
    if not missing:
        return "Every sampled day in this period has its change against the baseline."
    shown = ", ".join(missing[:6]) + (f" and {len(missing) - 6} more" if len(missing) > 6 else "")
    return (f"No change against the baseline on {shown}: a baseline needs {ag.MIN_BASELINE_DAYS} earlier days "
            f"with a sample (of the {ag.BASELINE_DAYS} before the day), or the day's sample was too small "
            f"for the figure ({ag.MIN_PAIRS}+ pairs).")


def _disagreement_rows(docs: list[AgreementDoc], metric: str) -> list[dict]:
    wanted = metrics.OVERALL if metric == ag.VERDICT else metric
    seen, rows = set(), []
    entries = [e for d in docs for e in d.top if e.metric == wanted]
    for e in sorted(entries, key=lambda e: -abs(e.diff or 0.0)):
        if e.id in seen:
            continue
        seen.add(e.id)
        rows.append({"Record": str(e.id), "Feature": e.feature, "Logged": e.logged,
                     "Independent": e.independent, "Logged − independent": e.diff})
        if len(rows) >= TOP_ROWS:
            break
    return rows


def _render_disagreements(db, docs: list[AgreementDoc], metric: str) -> None:
    st.subheader("Records that disagree most")
    rows = _disagreement_rows(docs, metric)
    if not rows:
        st.caption("No sampled record has both scores for this score in the period.")
        return
    ids = [r["Record"] for r in rows]
    # read, then one opened from the box below: a Markdown table, not a grid (components/plain_table.py)
    plain_table(rows, {"Logged": "{:.2f}".format, "Independent": "{:.2f}".format,
                       "Logged − independent": "{:+.2f}".format})
    open_key = f"{PREFIX}_open"
    current = st.session_state.get(open_key)
    pick = st.selectbox("Open a record", ids, index=ids.index(current) if current in ids else None,
                        key=f"{PREFIX}_pick", placeholder="Pick a record…")
    if pick and pick != current:
        st.session_state[open_key] = current = pick
    if not isinstance(current, str):
        return
    record = data.record(current)
    if record is None:
        st.warning("That record was not found (it may have been removed).")
        return
    with st.container(border=True):
        rescored = record.rescored or ScoreResult()
        sample = Sample.read(getattr(rescored, "sample", None))
        independent = rescored.evaluation_doc()
        st.markdown(f"**Logged vs independent** (sample of {sample.day}, "
                    f"{'judge' if sample.kind == ag.JUDGE else 'local fast scorer'})")
        st.dataframe(pd.DataFrame(score_view.comparison_rows(logged_evaluation(record), independent))
                     .rename(columns={"New": "Independent", "New result": "Independent result",
                                      "New reason": "Independent reason"}),
                     hide_index=True, width="stretch", key=f"{PREFIX}_compare")
        score_view.render_full_reasons(score_view.comparison_rows(logged_evaluation(record), independent),
                                       "New reason", label="Independent reasons in full")
        render_record(db, record, prefix=PREFIX, on_write=lambda: data.invalidate(data.RECORDS))


render()
