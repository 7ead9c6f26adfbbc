"""Compare: two releases, models, prompt versions or periods side by side (issue 21).

Pick what to compare by and the two sides A (before) and B (after). Per feature and metric
the page shows each side's mean and pass rate and B − A with a 95 % bootstrap interval
(core/compare.py, from the histograms of the release aggregates: no record is read for the
table), marked ▼ where B is worse beyond noise (the interval excludes 0) and ▲ where it is
better; a one-paragraph summary on top; below, the queries asked on both sides whose verdict
flipped (paired by normalised query text), the largest drops first, each one click from the
record in Triage. Everything picked is in the URL: `/compare?by=release&a=2026.11&b=2026.12`
(periods: `by=period&a_start=..&a_end=..&b_start=..&b_end=..`), validated before use.
"""
from __future__ import annotations

from dataclasses import dataclass, fields
from datetime import date, timedelta

import streamlit as st

from core import metrics, set_runs, versions
from core.compare import (MIN_MEAN_EFFECT, MIN_N, MIN_RATE_EFFECT, VERDICT, Cell, compare_sides, format_diff, format_rate_diff,
                          summary)
from core.features import ALL_FEATURES
from dashboard import data
from dashboard import page
from dashboard.common import md_escape
from dashboard.components import filters
from dashboard.components.set_run_view import render_flips, run_label
from dashboard.components.page_tabs import COMPARE_TAB_KEY, COMPARE_TABS
from dashboard.components.partial_notice import render_partial_notice
from dashboard.components.plain_table import plain_table
from dashboard.components.rank_table import render_ranking
from store.release_compare import WINDOW_DAYS

PREFIX = "compare"
BY = {"release": "Release", "model": "Model", "prompt_version": "Prompt version", "period": "Period",
      "run": "Golden-set run"}
TRIAGE = "views/triage.py"
FLIP_LIMIT = 30
WORSE, BETTER, SLIGHT = "▼ worse", "▲ better", "≈ small"
# issue 28: on blind sets the local judge flagged gpt-4-style answers 59 % of the time at 26 % hallucinated
MODEL_CAVEAT = ("Where records came without scores, Evalboard's local judge scored them, and it also flags answers "
                "that paraphrase and reorganise more: between two models it compares styles as well as grounding. "
                "Check a choice on labelled records (Judge accuracy) or with the LLM judge.")
EMPTY = ("No release aggregates yet. Records name their `release`, `model` and `prompt_version` at import "
         "(docs/contracts.md); the worker builds the aggregates on its next refresh.")


def _label(metric: str) -> str:
    return "Verdict (all metrics)" if metric == VERDICT else metrics.label(metric)


def _feature_label(feature: str) -> str:
    return "All features" if feature == ALL_FEATURES else feature


def _stamp(totals: dict) -> tuple:
    """What two sides' cells depend on, small to hash: per feature its counts and per metric n, sum and passes
    (the histograms follow from the same records). Hashing the histograms themselves cost every run ~40 ms."""
    return tuple(sorted((f, t["count"], t["passed"], t["failing"],
                         tuple(sorted((m, c["n"], round(c["sum"], 9), c["pass"]) for m, c in t["metrics"].items())))
                        for f, t in totals.items()))


def _cells(a: dict, b: dict, noise: dict | None = None) -> list[Cell]:
    return _cells_of(_stamp(a), _stamp(b), noise, a, b)


@st.cache_data(ttl=300, show_spinner=False, max_entries=64)
def _cells_of(stamp_a: tuple, stamp_b: tuple, noise: dict | None, _a: dict, _b: dict) -> list[Cell]:
    """Keyed by the stamps (hashed); the totals themselves (`_a`, `_b`: not hashed) are what is compared."""
    return compare_sides(_a, _b, metrics.score_names(), noise=noise)


def _noise() -> dict:
    """The judge's noise figures (jobs judge-noise): added to the intervals; {} when never measured."""
    try:
        return data.judge_noise()
    except Exception:  # noqa: BLE001 - the comparison stands without them
        return {}


def _apply_links(values: dict[str, list[str]]) -> None:
    """?by, a, b, a_start.. from a link, each validated (a value not offered is ignored)."""
    params = filters.apply_query_params(PREFIX, LINK_PARAMS)
    if not params:
        return
    link = Link(**params)
    by = filters.parse_choice(link.by, list(BY))
    if by:
        st.session_state[f"{PREFIX}_by"] = by
    dim = by or st.session_state.get(f"{PREFIX}_by", "release")
    if link.view in VIEWS:
        st.session_state[f"{PREFIX}_view"] = link.view
    if link.sort in (VERDICT, *metrics.score_names()):
        st.session_state[f"{PREFIX}_rank_sort"] = link.sort
    if link.feature == "all" or link.feature in data.features():
        st.session_state[f"{PREFIX}_rank_feature"] = ALL_FEATURES if link.feature == "all" else link.feature
    sides = {"a": (link.a, link.a_start, link.a_end), "b": (link.b, link.b_start, link.b_end)}
    for side, (value, first, last) in sides.items():
        if dim != "period":
            if value in values.get(dim, []):
                st.session_state[f"{PREFIX}_{dim}_{side}"] = value
            continue
        start, end = filters.parse_date(first), filters.parse_date(last)
        if start and end:
            st.session_state[f"{PREFIX}_period_{side}"] = (min(start, end), max(start, end))


@dataclass(frozen=True)
class Link:
    """A link's query parameters (LINK_PARAMS), each as given (validated where it is applied) or None."""
    by: str | None = None
    a: str | None = None
    b: str | None = None
    a_start: str | None = None
    a_end: str | None = None
    b_start: str | None = None
    b_end: str | None = None
    view: str | None = None
    sort: str | None = None
    feature: str | None = None


LINK_PARAMS = tuple(f.name for f in fields(Link))
VIEWS = {"pair": "A against B", "rank": "All values, ranked"}  # issue 34: rank every value of a dimension


def _sync_url(params: dict[str, str]) -> None:
    """Write the choice into the URL (shareable), marked as applied: it is not read back as a new link."""
    for name in LINK_PARAMS:
        if name not in params and name in st.query_params:
            del st.query_params[name]
    st.query_params.update(params)
    st.session_state[f"{PREFIX}_qp_applied"] = {k: v for k, v in params.items() if v}


def _view() -> str:
    st.session_state.setdefault(f"{PREFIX}_view", "pair")
    return st.segmented_control("Show", list(VIEWS), format_func=VIEWS.get, key=f"{PREFIX}_view") or "pair"


def _render_rank(dim: str, options: list[str]) -> None:
    """Every value of the dimension in one table, ranked (dashboard/components/rank_table.py)."""
    render_ranking(PREFIX, dim, BY[dim], options, data.features())
    feature = st.session_state.get(f"{PREFIX}_rank_feature", ALL_FEATURES)
    _sync_url({"by": dim, "view": "rank", "sort": st.session_state.get(f"{PREFIX}_rank_sort", VERDICT),
               "feature": "all" if feature == ALL_FEATURES else feature})


def _pick_versions(dim: str, options: list[str], format_func=str) -> tuple[str, str] | None:

    if len(options) < 2:
        st.info(f"Fewer than two {BY[dim].lower()}s have records — nothing to compare yet.", icon="📭")
        return None
    for side, default in (("a", options[1]), ("b", options[0])):  # newest as B, the one before as A
        if st.session_state.get(f"{PREFIX}_{dim}_{side}") not in options:
            st.session_state[f"{PREFIX}_{dim}_{side}"] = default
    left, right = st.columns(2)
    a = left.selectbox(f"A (before): {BY[dim].lower()}", options, key=f"{PREFIX}_{dim}_a", format_func=format_func)
    b = right.selectbox(f"B (after): {BY[dim].lower()}", options, key=f"{PREFIX}_{dim}_b", format_func=format_func)
    _sync_url({"by": dim, "a": a, "b": b})
    return a, b


def _pick_periods(latest: date) -> tuple[tuple[date, date], tuple[date, date]] | None:
    defaults = {"b": (latest - timedelta(days=6), latest), "a": (latest - timedelta(days=13), latest - timedelta(days=7))}
    left, right = st.columns(2)
    picked = {}
    for side, col, title in (("a", left, "A (before): period"), ("b", right, "B (after): period")):
        key = f"{PREFIX}_period_{side}"
        if key not in st.session_state:
            st.session_state[key] = defaults[side]
        value = col.date_input(title, key=key)
        if not (isinstance(value, (tuple, list)) and len(value) == 2):
            col.caption("Pick a start and an end day.")
            return None
        picked[side] = (value[0], value[1])
    _sync_url({"by": "period", "a_start": picked["a"][0].isoformat(), "a_end": picked["a"][1].isoformat(),
               "b_start": picked["b"][0].isoformat(), "b_end": picked["b"][1].isoformat()})
    return picked["a"], picked["b"]


def _mark(cell: Cell) -> str:
    if min(cell.rate.n_a, cell.rate.n_b) < MIN_N:
        return f"n < {MIN_N}"
    return WORSE if cell.worse else BETTER if cell.better else SLIGHT if cell.slight else ""


def _table(cells: list[Cell]) -> list[dict]:
    rows = []
    for c in cells:
        rows.append({
            "Feature": _feature_label(c.feature), "Metric": _label(c.metric),
            "A mean": f"{c.mean.a:.3f}" if c.mean and c.mean.a is not None else "—",
            "B mean": f"{c.mean.b:.3f}" if c.mean and c.mean.b is not None else "—",
            "B − A mean [95 %]": format_diff(c.mean, 3) if c.mean else "—",
            "A pass": f"{c.rate.a:.1%}" if c.rate.a is not None else "—",
            "B pass": f"{c.rate.b:.1%}" if c.rate.b is not None else "—",
            "B − A pass rate [95 %]": format_rate_diff(c.rate),
            "n A / B": f"{c.rate.n_a:,} / {c.rate.n_b:,}",
            "Beyond noise": _mark(c),
        })
    return rows


def _tint(row: dict) -> str | None:
    """A row beyond noise is tinted: red where B is worse, green where it is better."""
    return "red" if row["Beyond noise"] == WORSE else "green" if row["Beyond noise"] == BETTER else None


def _drop(cell: Cell) -> float:
    """How far B falls below A on a cell (the larger of the mean's and the pass rate's drops beyond noise)."""
    drops = [d.diff for d, e in ((cell.mean, MIN_MEAN_EFFECT), (cell.rate, MIN_RATE_EFFECT))
             if d is not None and d.beyond(e) < 0]
    return min(drops) if drops else 0.0


def _findings(cells: list[Cell]) -> list:
    out = []
    for c in cells:
        if c.mean is not None:
            out.append((_feature_label(c.feature), _label(c.metric), c.mean, MIN_MEAN_EFFECT))
        out.append((_feature_label(c.feature), f"{_label(c.metric)} pass rate" if c.metric != VERDICT
                    else "pass rate", c.rate, MIN_RATE_EFFECT))
    return out


def _render_flips(a: tuple, b: tuple, label_a: str, label_b: str) -> None:
    st.caption(f"Queries asked in both {label_a} (its last {WINDOW_DAYS} days) and {label_b} (its first "
               f"{WINDOW_DAYS} days), paired by normalised text, whose verdict differs (the majority of their records), "
               "the largest drops first; each opens a record of B in Triage.")
    try:
        rows = data.flipped_queries(a, b, FLIP_LIMIT)
    except ValueError as exc:
        st.error(f"Cannot list flipped answers: {exc}")
        return
    if not rows:
        st.info("No query's verdict flipped between A and B.", icon="✅")
        return
    for i, r in enumerate(rows):
        cols = st.columns([0.9, 4.6, 1.6, 1.3], vertical_alignment="center")
        cols[0].markdown("🔻 drop" if r["drop"] else "🔺 gain")
        cols[1].markdown(f"**{md_escape(r['feature'])}** · {md_escape(r['query'][:160])}")
        cols[2].markdown(f"A {r['passed_a']}/{r['n_a']} pass → B {r['passed_b']}/{r['n_b']}")
        if r["record"]:
            cols[3].page_link(TRIAGE, label="Open record", icon="🔎", query_params={"record": str(r["record"])})


def render() -> None:
    page.start()
    st.title("Compare")
    st.caption("Is B better than A? Two releases, models, prompt versions or periods side by side, with how sure "
               "we can be (95 % bootstrap intervals).")
    render_partial_notice()  # records stored but not counted yet (issue 34)
    values = data.versions_by_dim(versions.DIMENSIONS)
    runs = {r["_id"]: r for r in data.golden_runs(None)}  # issue 30: two runs of a golden set
    values["run"] = list(runs)
    _apply_links(values)
    if not any(values.values()) and not data.version_values("all"):
        st.info(EMPTY, icon="📭")
        return
    st.session_state.setdefault(f"{PREFIX}_by", "release")
    dim = st.segmented_control("Compare by", list(BY), format_func=BY.get, key=f"{PREFIX}_by") or "release"
    if dim == "run":
        _render_runs(runs)
        return
    if dim == "period":
        span = data.release_days("all", "*")
        if span is None:
            st.info(EMPTY, icon="📭")
            return
        periods = _pick_periods(span[1])
        if periods is None:
            return
        (a_start, a_end), (b_start, b_end) = periods
        side_a, side_b = ("all", "*", a_start, a_end), ("all", "*", b_start, b_end)
        label_a, label_b = f"{a_start}–{a_end}", f"{b_start}–{b_end}"
        totals_a = data.release_totals("all", "*", a_start, a_end)
        totals_b = data.release_totals("all", "*", b_start, b_end)
    elif _view() == "rank":
        _render_rank(dim, values[dim])
        return
    else:
        picked = _pick_versions(dim, values[dim])
        if picked is None:
            return
        a, b = picked
        if a == b:
            st.warning("A and B are the same — pick two different values.")
            return
        if dim == "model":
            st.caption(MODEL_CAVEAT)
        side_a, side_b = (dim, a, None, None), (dim, b, None, None)
        label_a, label_b = a, b
        totals_a = data.release_totals(dim, a, None, None)
        totals_b = data.release_totals(dim, b, None, None)
    cells = _cells(totals_a, totals_b, _noise())
    n_a = (totals_a.get(ALL_FEATURES) or {}).get("count", 0)
    n_b = (totals_b.get(ALL_FEATURES) or {}).get("count", 0)
    if not _render_summary(cells, label_a, label_b, n_a, n_b):
        return
    table, flips = st.tabs(COMPARE_TABS, key=COMPARE_TAB_KEY, on_change="rerun")  # only the open tab runs
    if table.open is not False:
        with table:
            _render_table(cells)
    if flips.open is not False:
        with flips:
            _render_flips(side_a, side_b, label_a, label_b)


def _render_runs(runs: dict[str, dict]) -> None:
    """Two runs of a golden set: the same table on the items both scored, and the items that flipped."""
    picked = _pick_versions("run", list(runs), format_func=lambda i: run_label(runs[i]) if i in runs else i)
    if picked is None:
        return
    run_a, run_b = data.golden_run(picked[0]), data.golden_run(picked[1])
    if run_a is None or run_b is None or picked[0] == picked[1]:
        st.warning("Pick two different runs.")
        return
    if run_a["set"] != run_b["set"]:
        st.warning(f"A is a run of {run_a['set']}, B of {run_b['set']}: runs compare on the items they share.")
    common = {r["key"] for r in run_a["results"]} & {r["key"] for r in run_b["results"]}
    cells = set_runs.compare(run_a["results"], run_b["results"])
    if _render_cells(cells, run_a["name"], run_b["name"], len(common), len(common)):
        st.subheader("Items that flipped")
        st.caption("Items of the set whose verdict differs between the two runs, drops first; each opens the "
                   "record it was copied from in Triage.")
        flipped = set_runs.flips(run_a["results"], run_b["results"])
        if not flipped:
            st.info("No item's verdict flipped between A and B.", icon="✅")
        render_flips(flipped, data.golden_items(run_b["ref"]))


def _render_cells(cells: list[Cell], label_a: str, label_b: str, n_a: int, n_b: int) -> bool:
    if not _render_summary(cells, label_a, label_b, n_a, n_b):
        return False
    _render_table(cells)
    return True


def _render_summary(cells: list[Cell], label_a: str, label_b: str, n_a: int, n_b: int) -> bool:
    """The one-paragraph summary and the cells worse beyond noise; False when A and B share no feature."""
    if not cells:
        st.info("A and B have no feature in common.", icon="📭")
        return False
    text = summary(label_a, label_b, _findings(cells), n_a, n_b)
    st.markdown(f"**Summary.** {md_escape(text)}")
    worse = sorted((c for c in cells if c.worse), key=_drop)
    if worse:
        st.error(f"{len(worse)} feature × metric cell(s) worse beyond noise: " + ", ".join(
            f"{_feature_label(c.feature)} {_label(c.metric)}" for c in worse[:6]), icon="📉")
    return True


def _render_table(cells: list[Cell]) -> None:
    st.caption(f"B − A with a 95 % percentile-bootstrap interval over the records; ▼/▲ where the interval "
               f"excludes 0 and the difference matters (≥ {MIN_MEAN_EFFECT:.2f} on a mean, ≥ {MIN_RATE_EFFECT:.0%} on "
               f"a pass rate, ≥ {MIN_N} records a side); ≈ where the interval excludes 0 but the difference is smaller "
               "(day-to-day drift is of that size). Pass rate of a metric: share of its scores at or above the feature's "
               "threshold; the verdict row: share of records passing every metric."
               + (" The intervals include the judge's own noise floor (jobs judge-noise): a difference inside it is "
                  "not beyond noise." if _noise() else ""))
    rows = _table(cells)  # a Markdown table: st.table's styler costs a new tab ~0.2 s (components/plain_table.py)
    plain_table(rows, tints=[_tint(r) for r in rows])


render()
