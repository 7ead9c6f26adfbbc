# ruff: noqa: F811 - pytest fixtures imported from a sibling module are redefined as parameters
"""A role change binds at once on every write: a reviewer demoted to viewer in the users file
(another tab, or the CLI) while her page still shows the enabled controls cannot write with them."""
from __future__ import annotations

import re

from dashboard.auth import add_user, load_users

from .test_page_access import bind, sign_in, texts, users_file  # noqa: F401,F811 - fixtures
from .test_page_alerts_workflow import _insert_all_features_alert


def _set_role(path, name: str, role: str) -> None:
    text = path.read_text()
    path.write_text(re.sub(rf'(\[users\."{name}"\]\npassword_hash = "[^"]+"\nrole = )"\w+"', rf'\1"{role}"', text))
    assert load_users(path)[name]["role"] == role


def test_a_demoted_reviewer_cannot_resolve_or_acknowledge_from_an_open_page(make_app, seeded_db, users_file, bind):
    bind("0.0.0.0")  # signed-in mode
    add_user("ada", "ada-password", "admin", users_file)
    add_user("rita", "rita-password", "reviewer", users_file)
    _insert_all_features_alert(seeded_db, "roles-alert-1")
    at = sign_in(make_app().run(), "rita", "rita-password")
    at.switch_page("views/alerts.py").run()
    assert "(reviewer)" in texts(at.sidebar.caption)
    resolve = at.button(key="alerts_resolve_roles-alert-1")
    assert not resolve.disabled
    _set_role(users_file, "rita", "viewer")  # demoted while the page is open
    resolve.click().run()
    assert not at.exception, [e.value for e in at.exception]
    assert seeded_db["alerts"].find_one({"_id": "roles-alert-1"})["state"] == "open"
    # the acknowledge form, drawn while she was a reviewer, submitted after the demotion
    _set_role(users_file, "rita", "reviewer")
    at.run()
    at.text_area(key="alerts_ack_comment_roles-alert-1").input("should not land")
    _set_role(users_file, "rita", "viewer")
    at.button(key="alerts_ack_roles-alert-1").click().run()
    assert not at.exception, [e.value for e in at.exception]
    doc = seeded_db["alerts"].find_one({"_id": "roles-alert-1"})
    assert doc["state"] == "open" and not doc.get("ack_comment")
    assert "(viewer)" in texts(at.sidebar.caption)


def test_allowed_now_rereads_the_users_file_at_the_moment_of_the_write(make_app, users_file, bind):
    """The helper every write goes through (bulk edit, Retry, Send test, Save triage, ...)."""
    from streamlit.testing.v1 import AppTest

    bind("0.0.0.0")
    add_user("ada", "ada-password", "admin", users_file)
    add_user("rita", "rita-password", "reviewer", users_file)

    def script():
        import streamlit as st

        from dashboard.auth import Session
        from dashboard.common import allowed_now

        st.session_state.setdefault("auth_user", Session.start("rita"))
        st.write("allowed" if allowed_now("reviewer", "bulk-edit records") else "refused")

    at = AppTest.from_function(script).run()
    assert "allowed" in texts(at.markdown)
    _set_role(users_file, "rita", "viewer")
    at.run()
    assert "refused" in texts(at.markdown) and "Not saved" in texts(at.error) and "(viewer)" in texts(at.error)

