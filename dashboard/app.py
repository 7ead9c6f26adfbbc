"""Evalboard dashboard: navigation only (each page lives in dashboard/views/)."""
from __future__ import annotations

# pandas and plotly are imported here, before the model warm-up thread starts:
# that thread imports pandas too, and plotly looks pandas up in sys.modules without
# the import lock, so a page could otherwise see a half-initialised pandas.
from pathlib import Path

import pandas  # noqa: F401
import plotly.graph_objects  # noqa: F401
import streamlit as st

from dashboard.access import gate, sign_out
from dashboard.common import model_warmer
from dashboard.errors import run_guarded

st.set_page_config(page_title="Evalboard", page_icon="📊", layout="wide")
model_warmer()

# every run: the users file and the bind address decide; an error page or the sign-in stops here
user, mode = gate()
with st.sidebar:
    if mode == "users":
        st.caption(f"Signed in as **{user.name}** ({user.role})")
        if st.button("Sign out", key="app_sign_out"):
            sign_out()
            st.rerun()
    else:
        st.warning("Authentication is off — local mode (bound to 127.0.0.1).", icon="🔓")

VIEWS = Path(__file__).resolve().parent / "views"
navigation = st.navigation({
    "Monitor": [
        st.Page(VIEWS / "overview.py", title="Overview", icon="📈", default=True, url_path="overview"),
        st.Page(VIEWS / "features.py", title="Features", icon="🧩", url_path="features"),
        st.Page(VIEWS / "alerts.py", title="Alerts", icon="🚨", url_path="alerts"),
        st.Page(VIEWS / "agreement.py", title="Judge agreement", icon="⚖️", url_path="agreement"),
    ],
    "Investigate": [
        st.Page(VIEWS / "triage.py", title="Triage", icon="🔎", url_path="triage"),
        st.Page(VIEWS / "playground.py", title="Playground", icon="🧪", url_path="playground"),
        st.Page(VIEWS / "reports.py", title="Reports", icon="📰", url_path="reports"),
    ],
    "Operate": [
        st.Page(VIEWS / "health.py", title="Data health", icon="🩺", url_path="health"),
        st.Page(VIEWS / "users.py", title="Users", icon="👥", url_path="users"),
    ],
})
run_guarded(navigation.run)
