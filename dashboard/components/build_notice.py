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
                "as it is in. Refresh in a minute.", icon="⏳")
    elif status.get("pending"):
        st.info("**Still being built:** " + ", ".join(status["pending"]) + ". The worker's first run is building "
                "them now; the numbers on this page fill in within a minute or two (refresh to see them).",
                icon="⏳")
