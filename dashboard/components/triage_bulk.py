"""Triage's bulk edit: status, assignee or a tag for every selected row of the list, in one write
audited per record (`triage.history`); an admin sends the rows to an annotation queue, a reviewer adds
them to a golden set."""
from __future__ import annotations

import streamlit as st

from core.record_doc import RecordDoc
from dashboard.common import allowed_now, can, current_user
from dashboard.components.add_to_set import render_add_to_set
from dashboard.components.triage_state import PREFIX, changed, key, state
from dashboard.components.triage_table import selected_rows
from store.errors import ValidationFailed
from store.triage import MAX_BULK, STATUS_LABELS, STATUSES, bulk_update_triage

KEEP = "__keep__"


def render_bulk(db, docs: list[RecordDoc]) -> None:
    """Status, assignee or a tag for every selected row, in one audited write."""
    if not state("bulk") or not docs:
        return
    ids = state("page_ids") or []
    chosen = [ids[r] for r in selected_rows() if 0 <= r < len(ids)][:MAX_BULK]
    with st.container(border=True):
        st.markdown(f"**Bulk edit** · {len(chosen)} selected")
        c1, c2, c3, c4 = st.columns([1.2, 1.2, 1.2, 1], vertical_alignment="bottom")
        status = c1.selectbox("Set status", (KEEP, *STATUSES), key=key("bulk_status"),
                              format_func=lambda s: "— keep —" if s == KEEP else STATUS_LABELS[s])
        assignee = c2.text_input("Set assignee", key=key("bulk_assignee"), max_chars=100,
                                 placeholder="leave empty to keep")
        tag = c3.text_input("Add a tag", key=key("bulk_tag"), max_chars=40, placeholder="e.g. retrieval")
        if (c4.button("Apply", key=key("bulk_apply"), type="primary", disabled=not chosen, width="stretch")
                and allowed_now("reviewer", "bulk-edit records")):
            try:
                done = bulk_update_triage(db, chosen, current_user().name,
                                          status=None if status == KEEP else status,
                                          assignee=assignee.strip() or None, add_tag=tag.strip() or None)
            except ValidationFailed as exc:
                st.error(str(exc))
            else:
                changed()
                st.toast(f"Changed {done} of {len(chosen)} records")
                st.rerun()
        if can("admin") and st.button(f"Send {len(chosen)} to an annotation queue…", key=key("bulk_queue"),
                                      disabled=not chosen):  # issue 20: the Labelling page creates the queue
            st.session_state["labelling_selection"] = chosen
            st.switch_page("views/labelling.py")
        render_add_to_set(db, chosen, key=f"{PREFIX}_bulk_to_set", via="triage")  # issue 30: golden sets
