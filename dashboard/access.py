"""Who is using this browser session, decided afresh on every run (see dashboard/auth.py).

`gate()` is what app.py calls before routing: it returns the signed-in user (with
the role the users file gives now), or shows the sign-in form, or, when the
dashboard cannot be used safely (an invalid users file, no users file on a
public address), shows the reason, and stops the run.
"""
from __future__ import annotations

import math
import time

import streamlit as st

from dashboard import session_token
from dashboard.auth import (
    LOCAL_USER, THROTTLE, AccessError, Session, User, access_mode, check_password, client_key,
    load_users, resolve_session, user_key,
)

SESSION_KEY = "auth_user"
SIGNED_OUT_KEY = "auth_signed_out"  # this browser session signed out: its (stale) cookie is not read again
COOKIE_AT_KEY = "auth_cookie_at"    # when the session cookie was last written
ENDED_KEY = "auth_ended"  # why the last session ended, shown once above the sign-in form
ANONYMOUS = User("anonymous", "none")


def bind_address() -> str | None:
    """The address the dashboard listens on, as Streamlit has it for this run."""
    return st.get_option("server.address")


def _client_address() -> str | None:
    try:
        address = st.context.ip_address
    except Exception:  # noqa: BLE001 - not in a browser session (tests, bare mode)
        return None
    return address if isinstance(address, str) else None


def _mode() -> str:
    """ "local" | "users"; raises AccessError."""
    return access_mode(bind_address())


def _cookie_token() -> str | None:
    """The session cookie this browser sent when it opened this session (issue 34)."""
    try:
        return st.context.cookies.get(session_token.COOKIE)
    except Exception:  # noqa: BLE001 - not in a browser session (tests, bare mode)
        return None


def _session_user() -> User | None:
    """The signed-in user, re-read from the users file; ends the session when it no longer holds.
    A new browser session (a reload, a pasted link) picks up the signed session cookie (issue 34),
    judged exactly like a live session; after a sign-out in this browser session it is ignored."""
    stored = st.session_state.get(SESSION_KEY)
    if isinstance(stored, User):  # set directly by server code (tests): the clock starts now
        stored = Session(stored.name, time.time(), time.time())
        st.session_state[SESSION_KEY] = stored
    if stored is None and not st.session_state.get(SIGNED_OUT_KEY):
        stored = session_token.read(_cookie_token())
        if stored is not None:
            st.session_state[SESSION_KEY] = stored
            st.session_state[COOKIE_AT_KEY] = stored.last_seen
    if not isinstance(stored, Session):
        return None
    user, why = resolve_session(stored, load_users())
    if user is None:
        st.session_state.pop(SESSION_KEY, None)
        st.session_state[ENDED_KEY] = why
    elif time.time() - float(st.session_state.get(COOKIE_AT_KEY) or 0) > session_token.REFRESH_S:
        _write_cookie(session_token.issue(stored))  # a sign-in, or last_seen moved on: the browser keeps it
        st.session_state[COOKIE_AT_KEY] = time.time()
    return user


def _write_cookie(token: str | None) -> None:
    try:
        st.html(session_token.cookie_script(token), unsafe_allow_javascript=True)
    except Exception:  # noqa: BLE001 - bare mode (tests): no browser to keep it
        pass


def current_user() -> User:
    """The user of this run: the local admin in local mode, else the signed-in user or anonymous."""
    try:
        if _mode() == "local":
            return User(LOCAL_USER, "admin")
    except AccessError:
        return ANONYMOUS
    return _session_user() or ANONYMOUS


def show_access_error(exc: AccessError) -> None:
    st.title("Evalboard")
    st.error(f"**The dashboard is closed until this is fixed:** {exc}", icon="🔒")
    st.caption("Nobody is signed in while it is closed. Fix the users file (or the bind address) and reload.")


def gate(page_paths: tuple[str, ...] | list[str] = ()) -> tuple[User, str]:
    """(user, mode) for this run, or the run stops on an error page or the sign-in form.

    `page_paths`: every page's URL path; the sign-in answers on each of them, so a deep link
    (/triage?record=..) asks for a sign-in first and then opens that page with its parameters."""
    try:
        mode = _mode()
    except AccessError as exc:
        st.session_state.pop(SESSION_KEY, None)
        show_access_error(exc)
        st.stop()
    if mode == "local":
        return User(LOCAL_USER, "admin"), mode
    user = _session_user()
    if user is None:
        st.navigation([st.Page(login_form, title="Sign in", icon="🔐", default=True)]
                      + [st.Page(login_form, title="Sign in", icon="🔐", url_path=path) for path in page_paths],
                      position="hidden").run()
        st.stop()
    return user, mode


def login_form() -> None:
    _write_cookie(None)  # no valid session here: a cookie the browser still holds is of no use
    st.title("Evalboard")
    st.caption("Sign in to the QA console.")
    ended = st.session_state.pop(ENDED_KEY, None)
    if ended:
        st.info(ended, icon="🔒")
    with st.form("login_form"):
        name = st.text_input("User name", key="login_name", max_chars=64)
        password = st.text_input("Password", type="password", key="login_password", max_chars=200)
        submitted = st.form_submit_button("Sign in", type="primary")
    if submitted:
        sign_in((name or "").strip(), password or "")


def sign_in(name: str, password: str) -> None:
    keys = (user_key(name), client_key(_client_address()))
    wait = THROTTLE.wait_s(*keys)
    if wait > 0:  # the password is not even checked while throttled
        st.error(f"Too many failed sign-ins. Try again in {math.ceil(wait)} s.")
        return
    user = check_password(name, password)
    if user is None:
        THROTTLE.failed(*keys)
        st.error("Wrong user name or password.")
        return
    THROTTLE.succeeded(keys[0])
    st.session_state[SESSION_KEY] = Session.start(user.name)
    st.session_state.pop(SIGNED_OUT_KEY, None)
    st.session_state.pop(COOKIE_AT_KEY, None)  # the next run writes the session cookie
    st.rerun()  # the same URL: a pasted link's page and parameters open once signed in


def sign_out() -> None:
    st.session_state.pop(SESSION_KEY, None)
    st.session_state[SIGNED_OUT_KEY] = True  # the sign-in form that follows deletes the cookie
