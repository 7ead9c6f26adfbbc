"""Triage's record panel: a picker of the page's records (keyboard-friendly, and the way tests open one),
and the open record in a side dialog with Prev/Next through the list (over page edges), its whole
conversation one click away, Add to set, and the record view (record_view.py)."""
from __future__ import annotations

import streamlit as st

from core.record_doc import RecordDoc
from dashboard import data
from dashboard.common import fmt_score
from dashboard.components.add_to_set import render_add_to_set
from dashboard.components.record_view import render_record
from dashboard.components.safe_text import safe_md
from dashboard.components.triage_state import PREFIX, changed, drop, key, put, state
from dashboard.components.triage_table import row
from store.triage import PAGE_SIZE


def _label(doc: RecordDoc) -> str:
    shown = row(doc)
    when = shown["Time"].strftime("%m-%d %H:%M") if shown["Time"] else "—"
    return f"{when} · {shown['Feature']} · {fmt_score(shown['Overall'])} · {shown['Query'][:70]}"


def _on_pick() -> None:
    picked = state("pick")
    if picked:
        put("open", picked)


def render_picker(docs: list[RecordDoc]) -> None:
    """A select box of this page's records (keyboard-friendly, and the way tests open one)."""
    labels = {str(d.id): _label(d) for d in docs}
    current = state("open")
    options = list(labels)
    if isinstance(current, str) and current not in labels:
        options.insert(0, current)
    put("pick", current if current in options else None)
    st.selectbox("Open a record", options, key=key("pick"), placeholder="Pick a record of this page…",
                 format_func=lambda rid: labels[rid] if rid in labels else f"record {rid}", on_change=_on_pick)


def close_record() -> None:
    drop("open")


def _step(delta: int) -> None:
    """Prev/Next through the list, over page edges."""
    ids, current = state("page_ids") or [], state("open")
    page = int(state("page") or 0)
    index = ids.index(current) if current in ids else -1
    target = index + delta
    if 0 <= target < len(ids):
        put("open", ids[target])
    elif target >= len(ids) and page + 1 < int(state("pages") or 1):
        put("page", page + 1)
        put("open_first", "first")
    elif target < 0 and page > 0:
        put("page", page - 1)
        put("open_first", "last")


@st.dialog("Record", width=880, position="right", on_dismiss=close_record)
def record_panel(db) -> None:
    current = state("open")
    ids = state("page_ids") or []
    index = ids.index(current) if current in ids else -1
    page, pages = int(state("page") or 0), int(state("pages") or 1)
    nav = st.columns([1, 1, 2.4, 1.2], vertical_alignment="center")
    at_start = index <= 0 and page == 0
    at_end = index < 0 or (index >= len(ids) - 1 and page >= pages - 1)
    nav[0].button("‹ Prev", key=key("rec_prev"), on_click=_step, args=(-1,), disabled=at_start or index < 0,
                  width="stretch")
    nav[1].button("Next ›", key=key("rec_next"), on_click=_step, args=(1,), disabled=at_end, width="stretch")
    nav[2].caption(f"{index + 1 + page * PAGE_SIZE} of the list" if index >= 0 else "not in the current list")
    nav[3].button("Close", key=key("close"), on_click=close_record, icon="✖️", width="stretch")
    if not isinstance(current, str):
        return
    record = data.record(current)
    if record is None:
        st.warning("That record was not found (it may have been removed, or the link is wrong).")
        return
    session = record.session_id
    if session not in (None, ""):
        if st.button(f"Whole conversation ({safe_md(session)})", key=key("open_session"), icon="💬"):
            put("conversation", str(session))
            drop("turns_shown")
            close_record()
            st.rerun()
    render_add_to_set(db, [current], key=f"{PREFIX}_rec_to_set", via="record")
    render_record(db, record, prefix=PREFIX, on_write=changed)
