"""Triage's conversation view: every turn of one session, oldest first, above the list (a session id in
the list or the record panel opens it); each turn opens its record."""
from __future__ import annotations

import streamlit as st

from dashboard import data
from dashboard.common import fmt_score
from dashboard.components.safe_text import safe_md
from dashboard.components.triage_state import drop, key, put, state
from dashboard.components.triage_table import row

TURNS_SHOWN = 30  # a conversation's turns drawn at once ("Show more" adds as many)


def _open_turn(record_id: str) -> None:
    put("open", record_id)


def render_session() -> None:
    """Every turn of one conversation, in order, above the list."""
    session = state("conversation")
    if not isinstance(session, str) or not session:
        return
    turns = data.session_records(session)
    with st.container(border=True):
        head, close = st.columns([5, 1], vertical_alignment="center")
        head.subheader(f"Conversation {session}", anchor=False)
        if close.button("Close conversation", key=key("close_session"), width="stretch"):
            drop("conversation")
            st.rerun()
        if not turns:
            st.info("No records of this session were found.")
            return
        shown = int(state("turns_shown") or TURNS_SHOWN)
        st.caption(f"{len(turns)} turn{'s' if len(turns) != 1 else ''}, oldest first"
                   + (f" (the first {shown} shown)." if len(turns) > shown else "."))
        for n, doc in enumerate(turns[:shown], start=1):
            turn = row(doc)
            when = turn["Time"].strftime("%Y-%m-%d %H:%M") if turn["Time"] else "—"
            verdict = (f"failing: {turn['Below threshold']}" if turn["Below threshold"] else "passing")
            with st.chat_message("user"):
                st.markdown(f"**Turn {n}** · {when} · {safe_md(turn['Feature'])}  \n"
                            + safe_md(doc.query or "(no query logged)"))
            with st.chat_message("assistant"):
                answer = doc.answer or ""
                st.markdown(safe_md(answer[:1500] + ("…" if len(answer) > 1500 else "")) or "_(no answer logged)_")
                c1, c2 = st.columns([4, 1], vertical_alignment="center")
                c1.caption(f"Overall {fmt_score(turn['Overall'])} · {verdict} · status {turn['Status']}")
                c2.button("Open", key=key(f"turn_{doc.id}"), on_click=_open_turn, args=(str(doc.id),),
                          width="stretch")
        if len(turns) > shown:
            st.button(f"Show {min(TURNS_SHOWN, len(turns) - shown)} more turns", key=key("more_turns"),
                      on_click=lambda: put("turns_shown", shown + TURNS_SHOWN))
