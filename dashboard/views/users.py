"""Users: who may sign in and with which role (admins add, change and remove users).

Users live in the users file (EVALBOARD_USERS_FILE, bcrypt hashes, see
dashboard/auth.py); every change is written to the audit trail with who made
it (never a password or a hash). With no users the app is in local mode, and
adding the first user (an admin) turns sign-in on.
"""
from __future__ import annotations

import streamlit as st

from dashboard.auth import ROLES, add_user, load_users, remove_user, users_path
from dashboard import page
from dashboard.components.intake_keys import render_keys
from dashboard.components.plain_table import plain_table
from dashboard.common import allowed_now, current_user, md_escape, require, show_flash
from store.errors import ValidationFailed
from store.thresholds import write_audit

PREFIX = "users"
ROLE_HELP = {"viewer": "reads every page", "annotator": "also labels records in annotation queues",
             "reviewer": "also triages and re-scores records",
             "admin": "also edits thresholds, alert rules and users"}


def render() -> None:
    db = page.start()
    st.title("Users")
    st.caption("Who may sign in, and what each role may do. " +
               " · ".join(f"**{role}**: {ROLE_HELP[role]}" for role in ROLES))
    show_flash(PREFIX)
    if not require("admin", "manage users"):
        return
    users = load_users()
    if not users:
        st.info("No users yet: the dashboard runs in local mode (bound to 127.0.0.1, no sign-in). "
                "Adding the first user — an admin — turns sign-in on; you will then sign in as that user.",
                icon="🔓")
    else:
        plain_table([{"User": name, "Role": entry["role"]} for name, entry in sorted(users.items())])
    st.caption(f"Users file: `{users_path()}`")
    _add_form(db, users)
    if users:
        _remove_form(db, users)
    render_keys(db, PREFIX)


def _add_form(db, users: dict) -> None:
    st.subheader("Add a user or change one", anchor=False)
    with st.form(f"{PREFIX}_add", clear_on_submit=False):
        cols = st.columns(2)
        name = cols[0].text_input("User name", key=f"{PREFIX}_name", max_chars=64,
                                  help="Letters, digits, '.', '-' and '_'. An existing name is replaced.")
        role = cols[1].selectbox("Role", ROLES, index=ROLES.index("admin") if not users else 0,
                                 key=f"{PREFIX}_role")
        cols = st.columns(2)
        password = cols[0].text_input("Password", type="password", key=f"{PREFIX}_password",
                                      help="At least 8 characters; only its bcrypt hash is stored.")
        again = cols[1].text_input("Password again", type="password", key=f"{PREFIX}_again")
        submitted = st.form_submit_button("Save user", type="primary")
    if not submitted or not allowed_now("admin", "manage users"):
        return
    name = name.strip()
    who = current_user().name  # before the change: adding the first user turns sign-in on
    if password != again:
        st.error("Not saved: the two passwords differ.")
        return
    old = users.get(name)
    try:
        add_user(name, password, role)
    except ValueError as exc:
        st.error(f"Not saved: {md_escape(exc)}.")
        return
    _audit(db, who, "update_user" if old else "add_user", name, {"role": old["role"]} if old else None,
           {"role": role})
    st.session_state[f"{PREFIX}_flash"] = f"User {name} saved with role {role}."
    st.rerun()


def _remove_form(db, users: dict) -> None:
    st.subheader("Remove a user", anchor=False)
    with st.form(f"{PREFIX}_remove"):
        name = st.selectbox("User", sorted(users), key=f"{PREFIX}_remove_name")
        sure = st.checkbox("Yes, remove this user", key=f"{PREFIX}_remove_sure")
        submitted = st.form_submit_button("Remove user")
    if not submitted or not allowed_now("admin", "manage users"):
        return
    if not sure:
        st.error("Not removed: tick the box to confirm.")
        return
    who = current_user().name
    try:
        remove_user(name)
    except ValueError as exc:
        st.error(f"Not removed: {md_escape(exc)}.")
        return
    _audit(db, who, "remove_user", name, {"role": users[name]["role"]}, None)
    if name == who:
        st.session_state.pop("auth_user", None)  # removed yourself: signed out
    st.session_state[f"{PREFIX}_flash"] = f"User {name} removed."
    st.rerun()


def _audit(db, who: str, action: str, target: str, old, new) -> None:
    try:
        write_audit(db, user=who, action=action, target=f"user:{target}", old=old, new=new)
    except ValidationFailed as exc:  # the change is made; say that its record is missing
        st.warning(f"The change was made but not recorded in the audit trail: {md_escape(exc)}")


render()
