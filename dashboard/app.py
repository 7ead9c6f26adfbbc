"""Evalboard dashboard: navigation only (each page lives in dashboard/views/)."""
from __future__ import annotations

# pandas is imported here, before the model warm-up thread starts: that thread
# imports pandas too, and a page importing it at the same time could otherwise see
# a half-initialised pandas.
import time
from pathlib import Path

import pandas  # noqa: F401
import streamlit as st

from dashboard.access import gate, sign_out
from dashboard.common import model_warmer
from dashboard.components.build_notice import render_build_notice
from dashboard.errors import run_guarded
from dashboard.run_timing import timed

RUN_STARTED = time.perf_counter()  # this run's server-side time (dashboard/run_timing.py)

st.set_page_config(page_title="Evalboard", page_icon="📊", layout="wide")
model_warmer()

VIEWS = Path(__file__).resolve().parent / "views"
OVERVIEW = st.Page(VIEWS / "overview.py", title="Overview", icon="📈", url_path="overview")


def _home() -> None:
    """`/` goes on to `/overview`: Streamlit gives the default page the empty path, so a
    default Overview would answer `/overview` with "Page not found"."""
    st.switch_page(OVERVIEW, query_params=dict(st.query_params))


PAGES = {
    "Monitor": [
        st.Page(_home, title="Home", url_path="home", default=True, visibility="hidden"),
        OVERVIEW,
        st.Page(VIEWS / "features.py", title="Features", icon="🧩", url_path="features"),
        st.Page(VIEWS / "alerts.py", title="Alerts", icon="🚨", url_path="alerts"),
        st.Page(VIEWS / "agreement.py", title="Judge agreement", icon="⚖️", url_path="agreement"),
        st.Page(VIEWS / "label_accuracy.py", title="Judge accuracy", icon="🎯", url_path="judge-accuracy"),
    ],
    "Investigate": [
        st.Page(VIEWS / "triage.py", title="Triage", icon="🔎", url_path="triage"),
        st.Page(VIEWS / "labelling.py", title="Labelling", icon="🏷️", url_path="labelling"),
        st.Page(VIEWS / "compare.py", title="Compare", icon="🆚", url_path="compare"),
        st.Page(VIEWS / "sets.py", title="Golden sets", icon="⭐", url_path="sets"),
        st.Page(VIEWS / "playground.py", title="Playground", icon="🧪", url_path="playground"),
        st.Page(VIEWS / "reports.py", title="Reports", icon="📰", url_path="reports"),
    ],
    "Operate": [
        st.Page(VIEWS / "health.py", title="Data health", icon="🩺", url_path="health"),
        st.Page(VIEWS / "users.py", title="Users", icon="👥", url_path="users"),
    ],
}
PAGE_PATHS = [page.url_path for group in PAGES.values() for page in group if page.url_path not in ("", "home")]

# every run: the users file and the bind address decide; an error page or the sign-in stops here
user, mode = gate(PAGE_PATHS)
with st.sidebar:
    if mode == "users":
        st.caption(f"Signed in as **{user.name}** ({user.role})")
        if st.button("Sign out", key="app_sign_out"):
            sign_out()
            st.rerun()
    else:
        st.warning("Authentication is off — local mode (bound to 127.0.0.1).", icon="🔓")

navigation = st.navigation(PAGES, expanded=True)  # every page in sight: no "View more" fold
with timed(navigation.url_path, RUN_STARTED):
    render_build_notice()  # a fresh start: say what the worker is still building
    run_guarded(navigation.run)
