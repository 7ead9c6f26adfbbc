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
}
# every page's path, so that a link (/triage?record=..) asks for a sign-in first and then opens
# that page with its query parameters, instead of "Page not found"
PAGE_PATHS = [page.url_path for group in PAGES.values() for page in group if page.url_path not in ("", "home")]

if auth_enabled() and "auth_user" not in st.session_state:
    st.navigation([st.Page(_login, title="Sign in", icon="🔐", default=True)]
                  + [st.Page(_login, title="Sign in", icon="🔐", url_path=path) for path in PAGE_PATHS],
                  position="hidden").run()
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

st.navigation(PAGES).run()
