"""Triage's list: one page (25) of the records a `TriageFilter` matches, as a table with the columns a
reviewer needs at 1400 px (a column picker adds or hides the others), paged with Previous/Next; a
clicked row opens the record (triage_detail.py), and in bulk-edit mode rows are selected together."""
from __future__ import annotations

from urllib.parse import quote

import pandas as pd
import streamlit as st

from core import metrics
from core.record_doc import RecordDoc, as_float
from dashboard import data
from dashboard.common import can
from dashboard.components.table_selection import selected_rows as table_rows
from dashboard.components.triage_state import drop, key, put, state, status_label
from store.triage import PAGE_SIZE
from store.triage_filter import TriageFilter

# every column the list can show, in table order; the default set fits 1400 px
COLUMNS = ("Time", "Feature", "Session", "Query", "Overall", "Re-score", "Faithfulness", "Below threshold",
           "Verdict", "Status", "Assignee", "Tags", "Gaps", "Source")
DEFAULT_COLUMNS = ("Time", "Feature", "Session", "Query", "Overall", "Re-score", "Faithfulness", "Below threshold",
                   "Verdict", "Status", "Assignee", "Gaps")
FLAKY_BADGE = "🎲 flaky"  # the verdict differed between runs of the same judge (jobs judge-noise, issue 33)


def _rescore(doc: RecordDoc) -> float | None:
    """The re-score's overall, shown next to a logged one (for records logged without scores the
    re-score already is the effective score, in eb.scores)."""
    if doc.eb.score_source == "rescored" or doc.rescored is None:
        return None
    overall = doc.rescored.entry(metrics.OVERALL)
    return None if overall is None else as_float(overall.score)


def row(doc: RecordDoc) -> dict:
    """A record as a row of the list (also the picker's label and a conversation turn's caption)."""
    eb, triage = doc.eb, doc.triage
    query = doc.query or ""
    session = doc.session_id
    return {
        "Time": doc.timestamp,
        "Feature": str(doc.feature or "—"),
        # "" not None: the grid writes a missing value as a grey "None"
        "Session": f"triage?session={quote(str(session), safe='')}" if session not in (None, "") else "",
        "Query": query[:160] + ("…" if len(query) > 160 else ""),
        "Overall": eb.score(metrics.OVERALL),
        "Re-score": _rescore(doc),
        "Faithfulness": eb.score("faithfulness"),
        "Below threshold": ", ".join(metrics.label(str(m)) for m in eb.failed_metrics),
        "Verdict": FLAKY_BADGE if doc.flaky else "",
        "Status": status_label(triage.status),
        "Assignee": str(triage.assignee or ""),
        "Tags": ", ".join(str(t) for t in triage.tags),
        "Gaps": len(eb.issues),
        "Source": str(doc.source or ""),
    }


def _column_config() -> dict:
    # fixed widths: with the default columns, Status, Assignee and Gaps fit a 1400 px window
    return {
        "Time": st.column_config.DatetimeColumn(format="MM-DD HH:mm", width=82),
        "Feature": st.column_config.TextColumn(width=72),
        "Session": st.column_config.LinkColumn(width=72, display_text=r"session=(.*)$",
                                               help="Open the whole conversation (new tab)"),
        "Query": st.column_config.TextColumn(width=230),
        "Overall": st.column_config.ProgressColumn(format="%.2f", min_value=0.0, max_value=1.0, width=68,
                                                   help="The effective score: logged, or Evalboard's for "
                                                        "records logged without scores"),
        "Re-score": st.column_config.TextColumn(width=62, help="Evalboard's re-score, next to the logged score "
                                                               "(— = not re-scored yet)"),
        "Faithfulness": st.column_config.TextColumn(width=75, help="— = no faithfulness score"),
        "Below threshold": st.column_config.TextColumn(width=110),
        "Verdict": st.column_config.TextColumn(width=64, help="🎲 flaky: the same judge passed and failed this record "
                                                            "on different runs (jobs judge-noise)"),
        "Status": st.column_config.TextColumn(width=85),
        "Assignee": st.column_config.TextColumn(width=75),
        "Gaps": st.column_config.NumberColumn(help="data issues noticed at ingest", width=45),
    }


def _two_places(value) -> str:
    """A score as the table shows it: two decimals (they sort as text too), "—" when missing."""
    number = pd.to_numeric(value, errors="coerce")
    return "—" if pd.isna(number) else f"{float(number):.2f}"


def _current_page(filt: TriageFilter, sort: str, descending: bool, pages: int) -> int:
    """The page shown: the first after the filter or the order changed, else the one the user went to."""
    signature = repr((filt, sort, descending))
    if state("sig") != signature:
        put("sig", signature)
        put("page", 0)
    page = min(max(0, int(state("page", 0))), pages - 1)
    put("page", page)
    return page


def render_list(filt: TriageFilter, sort: str, descending: bool, total: int) -> list[RecordDoc]:
    pages = max(1, -(-total // PAGE_SIZE))
    page = _current_page(filt, sort, descending, pages)
    docs = data.records_page(filt, sort, descending, page, PAGE_SIZE) if total else []
    head, bulk_col, prev_col, page_col, next_col = st.columns([3.2, 1.2, 1, 1.2, 1], vertical_alignment="center")
    first = page * PAGE_SIZE + 1 if total else 0
    head.markdown(f"**{total:,} record{'s' if total != 1 else ''} match** · showing {first:,}–"
                  f"{page * PAGE_SIZE + len(docs):,}")
    bulk = bulk_col.toggle("Bulk edit", key=key("bulk"), disabled=not can("reviewer"),
                           help="Select several rows, then set their status, assignee or a tag together.")
    if prev_col.button("‹ Previous", key=key("prev"), disabled=page == 0, width="stretch"):
        put("page", page - 1)
        st.rerun()
    page_col.caption(f"Page {page + 1} of {pages}")
    if next_col.button("Next ›", key=key("next"), disabled=page >= pages - 1, width="stretch"):
        put("page", page + 1)
        st.rerun()
    ids = [str(d.id) for d in docs]
    put("page_ids", ids)
    put("pages", pages)
    if state("open_first") and ids:  # "Next" in the panel went past the end of the page
        put("open", ids[0] if state("open_first") == "first" else ids[-1])
        drop("open_first")
    if not docs:
        st.info("No records match these filters. Widen the period, or turn off “Only failing records”.")
        return []
    shown = [c for c in COLUMNS if c in (state("columns") or DEFAULT_COLUMNS)] or list(DEFAULT_COLUMNS)
    table = pd.DataFrame([row(d) for d in docs])[shown]
    if "Overall" in table.columns:
        table["Overall"] = pd.to_numeric(table["Overall"], errors="coerce")
    for column in ("Re-score", "Faithfulness"):  # "—" where there is none (a number cell would say "None")
        if column in table.columns:
            table[column] = [_two_places(v) for v in table[column]]
    st.dataframe(
        table, hide_index=True, width="stretch", key=key(f"table_{'bulk' if bulk else 'open'}"),
        height=min(35 * (len(docs) + 1) + 3, 640), column_config=_column_config(),
        on_select=_on_table_select, selection_mode="multi-row" if bulk else "single-row",
    )
    st.caption("Select rows to edit them together." if bulk else
               "Click a row's box to open the record; a session id opens the whole conversation.")
    return docs


def selected_rows() -> list[int]:
    """The rows selected in the list (in bulk-edit mode, or the one clicked to open)."""
    return table_rows(key(f"table_{'bulk' if state('bulk') else 'open'}"))


def _on_table_select() -> None:
    if state("bulk"):
        return
    rows, ids = selected_rows(), state("page_ids") or []
    if rows and 0 <= rows[0] < len(ids):
        put("open", ids[rows[0]])
