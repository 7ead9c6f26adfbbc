"""Evalboard dashboard: navigation only (each page lives in dashboard/views/)."""
from __future__ import annotations

# pandas and plotly are imported here, before the model warm-up thread starts:
# that thread imports pandas too, and plotly looks pandas up in sys.modules without
# the import lock, so a page could otherwise see a half-initialised pandas.
from pathlib import Path

import pandas  # noqa: F401
import plotly.graph_objects  # noqa: F401
import streamlit as st

from dashboard.auth import auth_enabled, check_password
from dashboard.common import current_user, model_warmer
from dashboard.components.build_notice import render_build_notice

st.set_page_config(page_title="Evalboard", page_icon="📊", layout="wide")
model_warmer()


def _login() -> None:
    st.title("Evalboard")
    st.caption("Sign in to the QA console.")
    with st.form("login_form"):
        name = st.text_input("User name", key="login_name")
        password = st.text_input("Password", type="password", key="login_password")
        submitted = st.form_submit_button("Sign in", type="primary")
    if submitted:
        user = check_password(name.strip(), password)
        if user is None:
            st.error("Wrong user name or password.")
        else:
            st.session_state["auth_user"] = user
            st.rerun()


if auth_enabled() and "auth_user" not in st.session_state:
    st.navigation([st.Page(_login, title="Sign in", icon="🔐")], position="hidden").run()
    st.stop()

user = current_user()
with st.sidebar:
    if auth_enabled():
        st.caption(f"Signed in as **{user.name}** ({user.role})")
        if st.button("Sign out", key="app_sign_out"):
            st.session_state.pop("auth_user", None)
            st.rerun()
    else:
        st.warning("Authentication is off — local mode (bound to 127.0.0.1).", icon="🔓")

VIEWS = Path(__file__).resolve().parent / "views"
navigation = st.navigation({
    "Monitor": [
        st.Page(VIEWS / "overview.py", title="Overview", icon="📈", default=True, url_path="overview"),
        st.Page(VIEWS / "features.py", title="Features", icon="🧩", url_path="features"),
        st.Page(VIEWS / "alerts.py", title="Alerts", icon="🚨", url_path="alerts"),
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
render_build_notice()  # a fresh start: say what the worker is still building
navigation.run()
