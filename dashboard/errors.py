"""Uncaught page errors: a short message with an error id in the browser, the traceback in the log.

`.streamlit/config.toml` sets `client.showErrorDetails = "none"`, so Streamlit itself
never sends a traceback to a browser either; this adds the id that ties what a user
reports to the logged traceback.
"""
from __future__ import annotations

import logging
import uuid
from collections.abc import Callable

import streamlit as st

log = logging.getLogger("evalboard.dashboard")


def run_guarded(page: Callable[[], object]) -> None:
    """Run `page`; an exception becomes a logged traceback and a short message with its id.
    st.stop()/st.rerun() pass through (they are not Exceptions)."""
    try:
        page()
    except Exception:  # noqa: BLE001 - the browser gets an id, the log gets everything
        error_id = uuid.uuid4().hex[:12]
        log.exception("dashboard error %s", error_id)
        st.error(f"Something went wrong on this page. The details are in the server log under error id "
                 f"`{error_id}`; please mention it when you report this.", icon="⚠️")
