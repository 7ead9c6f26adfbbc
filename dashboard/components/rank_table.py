"""Compare's "all values, ranked" view (issue 34): every release, model or prompt version in one table.

One row per value with records (from the per-version aggregates: data.release_totals, no record
read): records, pass rate and each metric's mean with 95 % intervals, sorted by the chosen measure
(core.ranking.rank), each row marked against the best one, and a link to its records in Triage
(the value's days). `?view=rank&by=model&sort=<metric>&feature=<f>` opens it.
"""
from __future__ import annotations

from urllib.parse import urlencode

import pandas as pd
import streamlit as st

from core import metrics, ranking
from core.compare import MIN_MEAN_EFFECT, MIN_N, MIN_RATE_EFFECT, VERDICT, format_pp
from core.features import ALL_FEATURES, LINK_ALL
from dashboard import data

SORT_VERDICT_LABEL = "Pass rate (verdict)"
VS_BEST = "Against the best"


def sort_label(measure: str) -> str:
    return SORT_VERDICT_LABEL if measure == VERDICT else f"{metrics.label(measure)} (mean)"


def _interval(e: ranking.Estimate, percent: bool) -> str:
    if e.value is None:
        return "—"
    show = (lambda x: f"{x:.1%}") if percent else (lambda x: f"{x:.3f}")
    if e.low is None or e.high is None:
        return show(e.value)
    return f"{show(e.value)} [{show(e.low)}, {show(e.high)}]"


def apart_text(row: ranking.RankRow, measure: str) -> str:
    """How a row stands against the best one on the sort measure, in words."""
    if row.best:
        return "best"
    if row.diff is None:
        return "—"
    diff = format_pp(row.diff) if measure == VERDICT else f"{row.diff:+.3f}".replace("-", "−")
    if row.pass_rate.n < MIN_N:
        return f"{diff} (n < {MIN_N})"
    return f"▼ {diff} beyond noise" if row.apart < 0 else f"≈ {diff} within noise"


def triage_url(dim: str, value: str, feature: str, days) -> str:
    params = {dim: value, "feature": LINK_ALL if feature == ALL_FEATURES else feature}
    if days:
        params.update(start=days[0].isoformat(), end=days[1].isoformat())
    return "triage?" + urlencode(params)


def table(rows: list[ranking.RankRow], measure: str, dim: str, feature: str, days_of) -> pd.DataFrame:
    """The ranking as a table; `days_of(value)`: the value's first and last day (for its Triage link)."""
    names = metrics.score_names()
    out = []
    for i, row in enumerate(rows, 1):
        # the mark first, next to the value: a 1400 px window shows it without scrolling sideways
        item = {"#": i, "Value": row.value, "Records": row.records, VS_BEST: apart_text(row, measure),
                "Pass rate [95 %]": _interval(row.pass_rate, True)}
        for m in names:
            item[f"{metrics.label(m)} [95 %]"] = _interval(row.means.get(m) or ranking.Estimate(None, None, None, 0),
                                                         False)
        item["Records in Triage"] = triage_url(dim, row.value, feature, days_of(row.value))
        out.append(item)
    return pd.DataFrame(out)


@st.cache_data(ttl=300, show_spinner=False)
def _ranked(totals: dict, measure: str) -> list[ranking.RankRow]:
    return ranking.rank(totals, metrics.score_names(), measure)


def render_ranking(prefix: str, dim: str, label: str, values: list[str], features: list[str]) -> None:
    """The ranking of every value of `dim` (its own widgets, keyed under `prefix`)."""
    left, right = st.columns(2)
    feature = left.selectbox("Feature", [ALL_FEATURES, *features], key=f"{prefix}_rank_feature",
                             format_func=lambda f: "All features" if f == ALL_FEATURES else f)
    measure = right.selectbox("Sort by", [VERDICT, *metrics.score_names()], key=f"{prefix}_rank_sort",
                              format_func=sort_label)
    totals = {v: (data.release_totals(dim, v, None, None).get(feature) or {}) for v in values}
    rows = _ranked({v: t for v, t in totals.items() if t.get("count")}, measure)
    if not rows:
        st.info(f"No {label.lower()} has records of {feature}.", icon="📭")
        return
    behind = [r.value for r in rows if r.apart < 0]
    st.markdown(f"**{len(rows)} {label.lower()}s ranked by {sort_label(measure).lower()}**, best first"
                + (f"; below the best beyond noise: {', '.join(behind[:8])}." if behind else
                   "; none is below the best beyond noise."))
    st.caption(f"95 % intervals: Wilson for a pass rate, mean ± 1.96 · sd/√n for a mean. Each row against the best: "
               f"▼ where the bootstrap interval of the difference excludes 0 and the difference matters (≥ "
               f"{MIN_RATE_EFFECT * 100:.0f} pp on a pass rate, ≥ {MIN_MEAN_EFFECT:.2f} on a mean, ≥ {MIN_N} records "
               "each). From the per-version aggregates; values beyond the newest ten are summed into \"other\".")
    frame = table(rows, measure, dim, feature, lambda v: data.release_days(dim, v))
    st.dataframe(frame, hide_index=True, use_container_width=True, key=f"{prefix}_rank_table", column_config={
        "Records in Triage": st.column_config.LinkColumn(display_text="open records", width=110,
                                                         help="This value's records in Triage (its days)")})
