"""Triage: the failing and lowest-scoring records, a page at a time.

Filters (feature, metric below threshold, overall-score range, period, triage
status, source, session, text in the query or the answer) become a typed
`store.triage_filter.TriageFilter` (the cache key of the record reads), turned into a
MongoDB filter by `store.triage.build_filter` — validated values only; the search text is
matched literally. The list is read one page (25) at a time and counted with the
same filter, always within a date range (default: the last 7 days of data).

The table shows the columns a reviewer needs at 1400 px (a column picker adds or
hides the others), the effective score (`eb.scores`, re-scored for records logged
without scores) and, for logged records, the re-score next to it. Clicking a row
opens the record in a side panel with Prev/Next through the list; "Bulk edit"
switches the table to multi-row selection and sets status, assignee or a tag on
every selected row (audited per record in `triage.history`). A session id opens
the whole conversation, every turn in order. The slice exports as CSV (context,
reasons, triage fields and notes, in the table's order) or JSONL.

Links pre-set the filters with query parameters `?feature=..&start=YYYY-MM-DD&end=YYYY-MM-DD
&metric=..&status=..&source=..&session=..&record=<id>` (Overview, Features, Alerts, Reports).

The parts live in dashboard/components/triage_*.py: filters and links, the table, bulk edit, export,
the record panel and the conversation view (their shared session state: triage_state.py).
"""
from __future__ import annotations

import streamlit as st

from dashboard import data
from dashboard import page
from dashboard.components.triage_bulk import render_bulk
from dashboard.components.triage_conversation import render_session
from dashboard.components.triage_detail import record_panel, render_picker
from dashboard.components.triage_export import render_export
from dashboard.components.triage_filters import apply_links, render_filters
from dashboard.components.triage_state import state
from dashboard.components.triage_table import COLUMNS, DEFAULT_COLUMNS, render_list

KNOWN_FEATURES = ("chat", "viability", "arguments", "clauses")


def render() -> None:
    db = page.start()
    st.title("Triage")
    st.caption("Failing and lowest-scoring answers: open one, find out why, record what you did.")
    features = _features()
    apply_links(features)
    filt, sort, descending = render_filters(features, COLUMNS, DEFAULT_COLUMNS)
    if filt is None:
        return
    render_session()
    total = data.records_count(filt)
    rows = render_list(filt, sort, descending, total)
    render_bulk(db, rows)
    render_export(db, filt, total, sort, descending)
    render_picker(rows)
    if isinstance(state("open"), str):
        record_panel(db)


def _features() -> list[str]:
    """The features the aggregates know, plus the four of the product."""
    try:
        known = set(data.features())
    except Exception:  # noqa: BLE001 - no aggregates yet: the product's features still work
        known = set()
    return sorted(known | set(KNOWN_FEATURES))


render()
