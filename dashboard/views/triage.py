"""Triage: the failing and lowest-scoring records, a page at a time.

Filters (feature, metric below threshold, overall-score range, period, triage
status, text in the query) become a MongoDB filter through
`store.triage.build_filter` — validated values only; the search text is
matched literally. The list is read one page (25) at a time and counted with the
same filter, always within a date range (default: the last 7 days of data).
Selecting a row opens the record below: query, answer with unsupported claims
highlighted, chunks, scores, Re-score and triage (status, assignee, tags,
notes). The slice can be exported as CSV or JSONL (a regression dataset).

Links from Alerts / Overview pre-set the filters with query parameters
`?feature=..&start=YYYY-MM-DD&end=YYYY-MM-DD&status=..&record=<id>`.
"""
from __future__ import annotations

from datetime import date, datetime, timedelta, timezone

import pandas as pd
import streamlit as st

from dashboard import data
from dashboard.common import ALL, db_key, db_or_stop, signed_in_or_stop, fmt_score
from dashboard.components import filters
from dashboard.components.export import to_csv, to_jsonl
from dashboard.components.record_view import render_record
from core import metrics
from store.errors import ValidationFailed
from store.triage import (
    EXPORT_CAP, PAGE_SIZE, SEARCH_MAX_CHARS, STATUS_LABELS, STATUSES, build_filter,
    iter_export,
)

PREFIX = "triage"
DEFAULT_DAYS = 7
KNOWN_FEATURES = ("chat", "viability", "arguments", "clauses")
SORTS = {
    "overall_quality": "Overall score", "faithfulness": "Faithfulness", "timestamp": "Time",
}
ANY = "__any__"


# --- cached readers (cleared after every write) ----------------------------------------

def _changed() -> None:
    data.invalidate(data.RECORDS)


# --- page ------------------------------------------------------------------------------

def render() -> None:
    signed_in_or_stop()
    db = db_or_stop()
    key = db_key(db)
    st.title("Triage")
    st.caption("Failing and lowest-scoring answers: open one, find out why, record what you did.")
    features = _features(db, key)
    _apply_links(features)
    filt, sort, descending = _render_filters(db, key, features)
    if filt is None:
        return
    total = data.records_count(db, key, filt)
    rows = _render_list(db, key, filt, sort, descending, total)
    _render_export(db, filt, total)
    _render_detail(db, key, rows)


def _features(db, key: str) -> list[str]:
    """The features the aggregates know, plus the four of the product."""
    try:
        known = set(data.features(db, key))
    except Exception:  # noqa: BLE001 - no aggregates yet: the product's features still work
        known = set()
    return sorted(known | set(KNOWN_FEATURES))


def _default_period(db, key: str) -> tuple[date, date]:
    end = data.latest_record_day(db, key) or filters.today()
    return end - timedelta(days=DEFAULT_DAYS - 1), end


def _apply_links(features: list[str]) -> None:
    """?feature, start, end, status, record from Alerts/Overview links (validated)."""
    params = filters.apply_query_params(PREFIX, ("feature", "start", "end", "status", "record"))
    if not params:
        return
    feature = filters.parse_feature(params.get("feature"), features)
    if feature is not None and "feature" in params:
        filters.set_feature(PREFIX, feature)
    start, end = filters.parse_date(params.get("start")), filters.parse_date(params.get("end"))
    if start or end:
        start, end = start or end, end or start
        filters.set_period(PREFIX, min(start, end), max(start, end))
    status = filters.parse_choice(params.get("status"), STATUSES)
    if status:
        st.session_state[f"{PREFIX}_status"] = status
    record = params.get("record")
    if isinstance(record, str) and 0 < len(record.strip()) <= 500:
        st.session_state[f"{PREFIX}_open"] = record.strip()
    if "start" in params or "feature" in params:  # a link to failing records
        st.session_state[f"{PREFIX}_failing"] = True


def _render_filters(db, key: str, features: list[str]):
    """The filter widgets; returns (filter dict, sort, descending) or (None, ..) after an error."""
    default_start, default_end = _default_period(db, key)
    with st.container(border=True):
        c1, c2, c3, c4 = st.columns([1.2, 1.6, 1.2, 1.4])
        feature = filters.feature_filter(PREFIX, features, container=c1)
        start, end = filters.date_range_filter(PREFIX, default_start, default_end, container=c2)
        status_key = f"{PREFIX}_status"
        if st.session_state.get(status_key) not in (ANY, *STATUSES):
            st.session_state[status_key] = ANY
        status = c3.selectbox("Triage status", (ANY, *STATUSES), key=status_key,
                              format_func=lambda s: "Any status" if s == ANY else STATUS_LABELS[s],
                              help="Records nobody has looked at yet count as New.")
        metric_key = f"{PREFIX}_metric"
        if st.session_state.get(metric_key) not in (ANY, *metrics.score_names()):
            st.session_state[metric_key] = ANY
        metric = c4.selectbox("Below threshold on", (ANY, *metrics.score_names()), key=metric_key,
                              format_func=lambda m: "Any metric" if m == ANY else metrics.label(m))
        d1, d2, d3, d4 = st.columns([2.0, 1.4, 1.2, 1.2])
        search = d1.text_input("Search the query text", key=f"{PREFIX}_search", max_chars=SEARCH_MAX_CHARS,
                               placeholder="e.g. Section 138", help="Matched literally, case-insensitive.")
        low, high = d2.slider("Overall score", 0.0, 1.0, (0.0, 1.0), step=0.05, key=f"{PREFIX}_range")
        sort_key = f"{PREFIX}_sort"
        if st.session_state.get(sort_key) not in SORTS:
            st.session_state[sort_key] = "overall_quality"
        sort = d3.selectbox("Sort by", list(SORTS), format_func=SORTS.get, key=sort_key)
        order_key = f"{PREFIX}_order"
        if st.session_state.get(order_key) not in ("Lowest first", "Highest first", "Newest first", "Oldest first"):
            st.session_state[order_key] = "Lowest first"
        orders = ("Newest first", "Oldest first") if sort == "timestamp" else ("Lowest first", "Highest first")
        if st.session_state[order_key] not in orders:
            st.session_state[order_key] = orders[0]
        order = d4.selectbox("Order", orders, key=order_key)
        failing_key = f"{PREFIX}_failing"
        if failing_key not in st.session_state:
            st.session_state[failing_key] = True
        only_failing = st.toggle("Only failing records", key=failing_key,
                                 help="Records with at least one score below its feature's threshold.")
    try:
        filt = build_filter(start=start, end=end, feature=None if feature == ALL else feature,
                            metric=None if metric == ANY else metric, status=None if status == ANY else status,
                            score_min=low, score_max=high, search=search, only_failing=only_failing)
    except ValidationFailed as exc:
        st.error(f"Check the filters: {exc}")
        return None, None, None
    descending = order in ("Highest first", "Newest first")
    return filt, sort, descending


def _row(doc: dict) -> dict:
    eb = doc.get("eb") if isinstance(doc.get("eb"), dict) else {}
    scores = eb.get("scores") if isinstance(eb.get("scores"), dict) else {}
    triage = doc.get("triage") if isinstance(doc.get("triage"), dict) else {}
    query = doc.get("query") if isinstance(doc.get("query"), str) else ""
    ts = doc.get("timestamp")
    return {
        "Time": ts if isinstance(ts, datetime) else None,
        "Feature": str(doc.get("feature") or "—"),
        "Query": query[:160] + ("…" if len(query) > 160 else ""),
        "Overall": scores.get("overall_quality"),
        "Faithfulness": scores.get("faithfulness"),
        "Below threshold": ", ".join(metrics.label(str(m)) for m in eb.get("failed_metrics") or []),
        "Status": STATUS_LABELS.get(triage.get("status") or "new", str(triage.get("status"))),
        "Assignee": str(triage.get("assignee") or ""),
        "Gaps": len(eb.get("issues") or []),
    }


def _render_list(db, key: str, filt: dict, sort: str, descending: bool, total: int) -> list[dict]:
    page_key = f"{PREFIX}_page"
    signature = repr((filt, sort, descending))
    if st.session_state.get(f"{PREFIX}_sig") != signature:
        st.session_state[f"{PREFIX}_sig"] = signature
        st.session_state[page_key] = 0
    pages = max(1, -(-total // PAGE_SIZE))
    page = min(max(0, int(st.session_state.get(page_key, 0))), pages - 1)
    st.session_state[page_key] = page
    docs = data.records_page(db, key, filt, sort, descending, page, PAGE_SIZE) if total else []
    head, prev_col, page_col, next_col = st.columns([4, 1, 1.2, 1], vertical_alignment="center")
    first = page * PAGE_SIZE + 1 if total else 0
    head.markdown(f"**{total:,} record{'s' if total != 1 else ''} match** · showing {first:,}–"
                  f"{page * PAGE_SIZE + len(docs):,}")
    if prev_col.button("‹ Previous", key=f"{PREFIX}_prev", disabled=page == 0, width="stretch"):
        st.session_state[page_key] = page - 1
        st.rerun()
    page_col.caption(f"Page {page + 1} of {pages}")
    if next_col.button("Next ›", key=f"{PREFIX}_next", disabled=page >= pages - 1, width="stretch"):
        st.session_state[page_key] = page + 1
        st.rerun()
    if not docs:
        st.info("No records match these filters. Widen the period, or turn off “Only failing records”.")
        st.session_state[f"{PREFIX}_page_ids"] = []
        return []
    ids = [str(d["_id"]) for d in docs]
    st.session_state[f"{PREFIX}_page_ids"] = ids
    st.dataframe(
        pd.DataFrame([_row(d) for d in docs]), hide_index=True, width="stretch", key=f"{PREFIX}_table",
        height=min(35 * (len(docs) + 1) + 3, 640),
        on_select=_on_table_select, selection_mode="single-row",
        column_config={
            "Time": st.column_config.DatetimeColumn(format="YYYY-MM-DD HH:mm", width="small"),
            "Query": st.column_config.TextColumn(width="large"),
            "Overall": st.column_config.ProgressColumn(format="%.2f", min_value=0.0, max_value=1.0, width="small"),
            "Faithfulness": st.column_config.NumberColumn(format="%.2f"),
            "Gaps": st.column_config.NumberColumn(help="data issues noticed at ingest", width="small"),
        },
    )
    st.caption("Select a row (click the box at its left) or pick a record below to open it.")
    return docs


def _on_table_select() -> None:
    state = st.session_state.get(f"{PREFIX}_table")
    rows = getattr(getattr(state, "selection", None), "rows", None)
    if rows is None and isinstance(state, dict):
        rows = (state.get("selection") or {}).get("rows")
    ids = st.session_state.get(f"{PREFIX}_page_ids") or []
    if rows and 0 <= rows[0] < len(ids):
        st.session_state[f"{PREFIX}_open"] = ids[rows[0]]


def _on_pick() -> None:
    picked = st.session_state.get(f"{PREFIX}_pick")
    if picked:
        st.session_state[f"{PREFIX}_open"] = picked


def _render_export(db, filt: dict, total: int) -> None:
    with st.expander("Export this slice (CSV or JSONL regression dataset)"):
        shown = min(total, EXPORT_CAP)
        st.caption(f"Exports the records that match the filters, newest first — at most {EXPORT_CAP:,} rows"
                   + (f" (the first {shown:,} of {total:,})." if total > EXPORT_CAP else f" ({shown:,} rows).")
                   + " JSONL lines are reference-000 records that `python -m jobs ingest FILE` re-imports.")
        stamp = datetime.now(timezone.utc).strftime("%Y%m%d-%H%M")
        c1, c2 = st.columns(2)
        c1.download_button("Download CSV", data=lambda: to_csv(iter_export(db, filt, EXPORT_CAP)),
                           file_name=f"evalboard-triage-{stamp}.csv", mime="text/csv",
                           key=f"{PREFIX}_csv", disabled=total == 0, icon="⬇️")
        c2.download_button("Download JSONL", data=lambda: to_jsonl(iter_export(db, filt, EXPORT_CAP)),
                           file_name=f"evalboard-regression-{stamp}.jsonl", mime="application/jsonl",
                           key=f"{PREFIX}_jsonl", disabled=total == 0, icon="⬇️")


def _label(doc: dict) -> str:
    row = _row(doc)
    when = row["Time"].strftime("%m-%d %H:%M") if row["Time"] else "—"
    return f"{when} · {row['Feature']} · {fmt_score(row['Overall'])} · {row['Query'][:70]}"


def _render_detail(db, key: str, docs: list[dict]) -> None:
    open_key = f"{PREFIX}_open"
    labels = {str(d["_id"]): _label(d) for d in docs}
    current = st.session_state.get(open_key)
    options = list(labels)
    if isinstance(current, str) and current not in labels:
        options.insert(0, current)
    pick_key = f"{PREFIX}_pick"
    st.session_state[pick_key] = current if current in options else None
    st.selectbox("Open a record", options, key=pick_key, placeholder="Pick a record of this page…",
                 format_func=lambda rid: labels.get(rid, f"record {rid}"), on_change=_on_pick)
    if not isinstance(current, str):
        return
    record = data.record(db, key, current)
    if record is None:
        st.warning("That record was not found (it may have been removed, or the link is wrong).")
        return
    with st.container(border=True):
        if st.button("Close record", key=f"{PREFIX}_close", icon="✖️"):
            st.session_state.pop(open_key, None)
            st.rerun()
        render_record(db, record, prefix=PREFIX, on_write=_changed)


render()
