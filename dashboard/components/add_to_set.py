""""Add to set…": a popover that copies records into a golden set (a new version), from Triage's selected
rows and from the record panel (issue 30). Records already in the set's latest version add nothing."""
from __future__ import annotations

import streamlit as st

from core.set_docs import SetVersion
from dashboard import data
from dashboard.common import allowed_now, can, current_user
from store.errors import ValidationFailed
from store.sets import add_records

NEW = "__new__"


def render_add_to_set(db, record_ids: list[str], *, key: str, via: str, container=None) -> None:
    where = container or st
    told = st.session_state.pop(f"{key}_told", None)
    if told:
        st.toast(told)
    with where.popover("Add to set…", icon="⭐", disabled=not record_ids or not can("reviewer"),
                       help="Copy these records into a golden set: a new version of it, frozen."):
        names = [s["name"] for s in data.golden_sets()]
        picked = st.session_state.pop(f"{key}_pick", None)
        if picked in names:  # the set the last click added to (perhaps made): now offered, and chosen
            st.session_state[f"{key}_set"] = picked
        choice = st.selectbox("Golden set", [NEW, *names], key=f"{key}_set",
                              format_func=lambda n: "➕ New set…" if n == NEW else n)
        name = st.text_input("New set's name", key=f"{key}_new", max_chars=64, placeholder="e.g. clauses-golden",
                             help="Lower-case letters, digits, '.', '_' or '-'.") if choice == NEW else choice
        label = f"Add {len(record_ids)} record{'s' if len(record_ids) != 1 else ''}"
        if st.button(label, key=f"{key}_add", type="primary", disabled=not record_ids or not name) \
                and allowed_now("reviewer", "add records to a golden set"):
            try:
                version = SetVersion.model_validate(add_records(db, name, list(record_ids), current_user().name,
                                                                via=via))
            except ValidationFailed as exc:
                st.error(str(exc))
                return
            data.invalidate(data.SETS)
            st.session_state[f"{key}_told"] = (
                f"Already in {version.id}: nothing added" if version.unchanged else
                f"{version.id}: {version.change.added} added ({version.count} items)")
            st.session_state[f"{key}_done"] = version.id
            st.session_state[f"{key}_pick"] = name
            # the list of sets above was drawn before this add: a new set would be missing from it (the record
            # panel, a dialog, is drawn again by the rerun: Triage keeps it open while triage_open is set)
            st.rerun()
        done = st.session_state.get(f"{key}_done")
        if done:
            st.caption(f"Last: {done}")
            st.page_link("views/sets.py", label=f"Open {done}", icon="⭐", query_params={"set": done})
