"""Triage's filters: the links that pre-set them (`?feature=..&start=YYYY-MM-DD&end=YYYY-MM-DD&metric=..
&status=..&source=..&session=..&record=<id>&release=..&disagree=..&flaky=1`, validated) and the filter
widgets, which give a typed store.triage_filter `TriageFilter` (also the cache key of the record reads)."""
from __future__ import annotations

from datetime import date, timedelta

import streamlit as st
from pydantic import BaseModel

from core import metrics
from dashboard import data
from core.features import ALL_FEATURES as ALL
from dashboard.components import filters
from dashboard.components.triage_state import PREFIX, drop, key, put, state
from store.errors import ValidationFailed
from store.triage import DISAGREE, DISAGREE_LABELS, SEARCH_MAX_CHARS, STATUS_LABELS, STATUSES
from store.triage_filter import TriageFilter

DEFAULT_DAYS = 7
SORTS = {
    "overall_quality": "Overall score", "faithfulness": "Faithfulness", "timestamp": "Time",
}
ANY = "__any__"
VERSION_DIMS = ("release", "model", "prompt_version")


class Link(BaseModel):
    """The query parameters of a link to Triage (each still to be validated)."""
    feature: str | None = None
    start: str | None = None
    end: str | None = None
    status: str | None = None
    metric: str | None = None
    source: str | None = None
    session: str | None = None
    record: str | None = None
    release: str | None = None
    model: str | None = None
    prompt_version: str | None = None
    disagree: str | None = None
    flaky: str | None = None


LINK_PARAMS = tuple(Link.model_fields)


def default_period() -> tuple[date, date]:
    end = data.latest_record_day() or filters.today()
    return end - timedelta(days=DEFAULT_DAYS - 1), end


def _short_text(value: object, cap: int = 200) -> str | None:
    return value.strip() if isinstance(value, str) and 0 < len(value.strip()) <= cap else None


def apply_links(features: list[str]) -> None:
    """?feature, start, end, status, metric, source, session, record from links (validated)."""
    params = filters.apply_query_params(PREFIX, LINK_PARAMS)
    if not params:
        return
    link = Link.model_validate(params)
    feature = filters.parse_feature(link.feature, features)
    if feature is not None and link.feature is not None:
        filters.set_feature(PREFIX, feature)
    start, end = filters.parse_date(link.start), filters.parse_date(link.end)
    if start or end:
        start, end = start or end, end or start
        filters.set_period(PREFIX, min(start, end), max(start, end))
    status = filters.parse_choice(link.status, STATUSES)
    if status:
        put("status", status)
    if isinstance(link.metric, str) and link.metric.strip() in metrics.score_names():
        put("metric", link.metric.strip())
    if _short_text(link.source):
        put("source", _short_text(link.source))
    # a new link shows what it names: a conversation or a record left open from before is closed
    drop("turns_shown")
    if _short_text(link.session):
        put("conversation", _short_text(link.session))
    else:
        drop("conversation")
    for dim in VERSION_DIMS:  # ?release=.. (checked against the known values when the widget is drawn)
        if _short_text(getattr(link, dim), 64):
            put(dim, _short_text(getattr(link, dim), 64))
    record = _short_text(link.record, 500)
    if record:
        put("open", record)
    else:
        drop("open")
    if link.start or link.feature or link.metric:  # a link to failing records
        put("failing", True)
    if link.disagree in DISAGREE:  # a judge-drift alert: records the two verdicts differ on (issue 34)
        put("disagree", link.disagree)
        put("failing", False)  # a lenient judge's records pass: not among the failing
    else:
        drop("disagree")
    if link.flaky in ("1", "true"):  # ?flaky=1: records whose verdict flips between judge runs
        put("flaky", True)
        put("failing", False)  # a flaky record passes on some runs
    else:
        drop("flaky")


def _select(where, label: str, options: tuple, name: str, default, **kwargs):
    if state(name) not in options:
        put(name, default)
    return where.selectbox(label, options, key=key(name), **kwargs)


def _version_filters() -> dict[str, str | None]:
    """Release / model / prompt version selects (only the dimensions records have)."""
    from core.versions import LABELS, OTHER
    known = data.versions_by_dim(VERSION_DIMS)
    shown = [dim for dim in VERSION_DIMS if known[dim]]
    picked: dict[str, str | None] = {}
    if not shown:
        return picked
    cols = st.columns(len(shown) + 1)
    for col, dim in zip(cols, shown):
        options = (ANY, *[v for v in known[dim] if v != OTHER])
        if state(dim) not in options:
            put(dim, ANY)
        value = col.selectbox(LABELS[dim], options, key=key(dim),
                              format_func=lambda v, d=dim: f"Any {LABELS[d].lower()}" if v == ANY else v)
        picked[dim] = None if value == ANY else value
    return picked


def _drill_down_notices() -> tuple[str | None, bool]:
    """The judge-disagreement and flaky drill-downs a link turned on (each with a button to turn it off)."""
    disagree = state("disagree")
    if disagree in DISAGREE:
        st.info(f"Only records where {DISAGREE_LABELS[disagree]} (a judge-agreement drill-down).", icon="⚖️")
        if st.button("Show every record again", key=key("disagree_off")):
            drop("disagree")
            st.rerun()
    flaky = state("flaky") is True
    if flaky:
        st.info("Only records with a flaky verdict: the same judge passed and failed them on different runs "
                "(jobs judge-noise).", icon="🎲")
        if st.button("Show every record again", key=key("flaky_off")):
            drop("flaky")
            st.rerun()
    return (disagree if disagree in DISAGREE else None), flaky


def render_filters(features: list[str], columns: tuple, default_columns: tuple):
    """The filter widgets; returns (TriageFilter, sort, descending) or (None, ..) after an error."""
    default_start, default_end = default_period()
    with st.container(border=True):
        c1, c2, c3, c4 = st.columns([1.2, 1.6, 1.2, 1.4])
        feature = filters.feature_filter(PREFIX, features, container=c1)
        start, end = filters.date_range_filter(PREFIX, default_start, default_end, container=c2)
        status = _select(c3, "Triage status", (ANY, *STATUSES), "status", ANY,
                         format_func=lambda s: "Any status" if s == ANY else STATUS_LABELS[s],
                         help="Records nobody has looked at yet count as New.")
        metric = _select(c4, "Below threshold on", (ANY, *metrics.score_names()), "metric", ANY,
                         format_func=lambda m: "Any metric" if m == ANY else metrics.label(m))
        d1, d2, d3, d4 = st.columns([2.0, 1.2, 1.2, 1.4])
        search = d1.text_input("Search query and answer", key=key("search"), max_chars=SEARCH_MAX_CHARS,
                               placeholder="e.g. Section 138, Supreme Court",
                               help="Matched literally, case-insensitive, in the question and in the answer.")
        if key("failing") not in st.session_state:
            put("failing", True)
        source_options = (ANY, *_sources(start, end, bool(state("failing"))))
        source = _select(d2, "Source", source_options, "source", ANY,
                         format_func=lambda s: "Any source" if s == ANY else s,
                         help="Where the records came from: an ingested file, the demo, or the product's "
                              "own writes (mongodb).")
        session = d3.text_input("Session", key=key("session"), max_chars=200, placeholder="session_id",
                                help="Only the turns of one conversation (exact session_id).")
        low, high = d4.slider("Overall score", 0.0, 1.0, (0.0, 1.0), step=0.05, key=key("range"))
        e1, e2, e3, e4 = st.columns([1.2, 1.2, 1.6, 2.0], vertical_alignment="bottom")
        # lowest faithfulness first by default: for scorer-scored traffic it is computed from the hallucination
        # score, the signal that separates hallucinated answers best (issue 28); overall quality dilutes it
        sort = _select(e1, "Sort by", tuple(SORTS), "sort", "faithfulness", format_func=SORTS.__getitem__)
        orders = ("Newest first", "Oldest first") if sort == "timestamp" else ("Lowest first", "Highest first")
        order = _select(e2, "Order", orders, "order", orders[0])
        only_failing = e3.toggle("Only failing records", key=key("failing"),
                                 help="Records with at least one score below its feature's threshold.")
        if not isinstance(state("columns"), list):
            put("columns", list(default_columns))
        e4.multiselect("Columns", columns, key=key("columns"), help="Pick the columns of the list.")
        picked = _version_filters()
        disagree, flaky = _drill_down_notices()
    try:
        filt = TriageFilter.checked(start=start, end=end, feature=None if feature == ALL else feature,
                                    metric=None if metric == ANY else metric, status=None if status == ANY else status,
                                    score_min=low, score_max=high, search=search, only_failing=only_failing,
                                    source=None if source == ANY else source, session=session or None,
                                    disagree=disagree, flaky=flaky, **picked)
    except ValidationFailed as exc:
        st.error(f"Check the filters: {exc}")
        return None, None, None
    return filt, sort, order in ("Highest first", "Newest first")


def _sources(start: date, end: date, only_failing: bool) -> list[str]:
    """The sources of the period's records (of its failing ones while the list shows only those)."""
    try:
        return data.sources(start, end, only_failing)
    except Exception:  # noqa: BLE001 - the filter is optional: the list still works without it
        return []
