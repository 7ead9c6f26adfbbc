"""The rows selected in a `st.dataframe` with `on_select` (its state under the table's key)."""
from __future__ import annotations

import streamlit as st


def selected_rows(table_key: str) -> list[int]:
    """The selected row positions of the table with this key ([] when none or not drawn yet)."""
    state = st.session_state.get(table_key)
    rows = getattr(getattr(state, "selection", None), "rows", None)
    if rows is None and isinstance(state, dict):
        rows = (state.get("selection") or {}).get("rows")
    return [r for r in rows or [] if isinstance(r, int)]
