"""The "still being built" notice every page shows while the worker's first tick runs.

A fresh `make run` opens the dashboard at once; the worker then builds the aggregates,
judges the alerts and writes the first weekly report (store.state.build_status says
what is left). Until then each page says what it is waiting for instead of looking empty.
"""
from __future__ import annotations

import streamlit as st

from store.errors import DatabaseError


def render_build_notice() -> None:
    from dashboard import data
    from dashboard.common import database, db_key

    try:
        db = database()
        status = data.build_status(db, db_key(db))
    except (DatabaseError, Exception):  # noqa: BLE001 - the page itself reports a database outage
        return
    if status.get("demo_loading"):
        st.info("**Loading the demo data…** the worker builds the charts, alerts and the weekly report as soon "
                "as it is in (refresh to see them).", icon="⏳")
    elif status.get("pending"):
        st.info("**Still being built:** " + ", ".join(_describe(step, (status.get("progress") or {}).get(step))
                                                     for step in status["pending"])
                + ". The worker builds them in this order, the most recent weeks first; refresh to see what is "
                "ready.", icon="⏳")


def _describe(step: str, progress: dict | None) -> str:
    """A pending step in words, with how far it is when the worker says so."""
    if step == "aggregates" and progress:
        return f"aggregates ({progress['done']} of {progress['of']} two-week spans done, newest first)"
    return step
