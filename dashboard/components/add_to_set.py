""""Add to set…": a popover that copies records into a golden set (a new version), from Triage's selected
rows and from the record panel (issue 30). Records already in the set's latest version add nothing."""
from __future__ import annotations

import streamlit as st

from dashboard import data
from dashboard.common import allowed_now, can, current_user
from store.errors import ValidationFailed
from store.sets import add_records

NEW = "__new__"


def render_add_to_set(db, record_ids: list[str], *, key: str, via: str, container=None) -> None:
    where = container or st
    with where.popover("Add to set…", icon="⭐", disabled=not record_ids or not can("reviewer"),
                       help="Copy these records into a golden set: a new version of it, frozen."):
        names = [s["name"] for s in data.golden_sets()]
        choice = st.selectbox("Golden set", [NEW, *names], key=f"{key}_set",
                              format_func=lambda n: "➕ New set…" if n == NEW else n)
        name = st.text_input("New set's name", key=f"{key}_new", max_chars=64, placeholder="e.g. clauses-golden",
                             help="Lower-case letters, digits, '.', '_' or '-'.") if choice == NEW else choice
        label = f"Add {len(record_ids)} record{'s' if len(record_ids) != 1 else ''}"
        if st.button(label, key=f"{key}_add", type="primary", disabled=not record_ids or not name) \
                and allowed_now("reviewer", "add records to a golden set"):
            try:
                version = add_records(db, name, list(record_ids), current_user().name, via=via)
            except ValidationFailed as exc:
                st.error(str(exc))
                return
            data.invalidate(data.SETS)
            if version.get("unchanged"):
                st.toast(f"Already in {version['_id']}: nothing added")
            else:
                st.toast(f"{version['_id']}: {version['change']['added']} added ({version['count']} items)")
            st.session_state[f"{key}_done"] = version["_id"]
        done = st.session_state.get(f"{key}_done")
        if done:
            st.caption(f"Last: {done}")
            st.page_link("views/sets.py", label=f"Open {done}", icon="⭐", query_params={"set": done})
