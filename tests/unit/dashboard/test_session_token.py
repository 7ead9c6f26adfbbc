"""The signed session cookie (issue 34): a sign-in lasts across reloads and pasted links, never the password;
a tampered, foreign or too old token is refused, and the session's own limits still apply."""
from __future__ import annotations

import os
import stat
import time

import pytest

from dashboard import session_token
from dashboard.auth import Session, User, add_user, load_users, resolve_session
from settings import reset_settings


@pytest.fixture
def users(tmp_path, monkeypatch):
    path = tmp_path / "users.toml"
    monkeypatch.setenv("EVALBOARD_USERS_FILE", str(path))
    monkeypatch.setenv("EVALBOARD_SESSION_SECRET", "")
    monkeypatch.setenv("EVALBOARD_SESSION_MAX_HOURS", "12")
    monkeypatch.setenv("EVALBOARD_SESSION_IDLE_MINUTES", "30")
    reset_settings()
    add_user("admin", "admin pass", "admin", path)
    add_user("alice", "correct horse", "reviewer", path)
    yield path
    reset_settings()


def test_a_session_survives_in_its_token_and_nothing_secret_is_in_it(users):
    session = Session.start("alice", users)
    token = session_token.issue(session)
    assert "correct horse" not in token and "$2b$" not in token and "reviewer" not in token
    back = session_token.read(token)
    assert back == session
    assert resolve_session(back, load_users(users))[0] == User("alice", "reviewer")  # the role from the file
    key = users.parent / session_token.KEY_FILE
    assert stat.S_IMODE(os.stat(key).st_mode) == 0o600  # the generated key: the owner's only
    assert session_token.secret() == key.read_text().strip()  # created once, then reused


def test_tampered_foreign_or_old_tokens_are_refused(users, monkeypatch):
    token = session_token.issue(Session.start("alice", users))
    head, _, signature = token.rpartition(".")
    assert session_token.read(head + "." + ("A" if signature[0] != "A" else "B") + signature[1:]) is None
    assert session_token.read(None) is None and session_token.read("x" * 3000) is None
    monkeypatch.setenv("EVALBOARD_SESSION_SECRET", "another install")
    reset_settings()
    assert session_token.read(token) is None  # signed with another key
    old = session_token.issue(Session.start("alice", users))
    real = time.time
    monkeypatch.setattr(time, "time", lambda: real() + 13 * 3600)  # past the 12-hour total limit
    assert session_token.read(old) is None


def test_the_session_limits_still_apply_to_a_token(users):
    t0 = time.time() - 3600
    idle = Session("alice", t0, t0, Session.start("alice", users).fingerprint)  # last seen an hour ago
    user, why = resolve_session(session_token.read(session_token.issue(idle)), load_users(users))
    assert user is None and "without activity" in why
    stale = Session.start("alice", users)
    add_user("alice", "new password", "reviewer", users)  # a password change ends every session
    user, why = resolve_session(session_token.read(session_token.issue(stale)), load_users(users))
    assert user is None and "password was changed" in why


def test_the_cookie_script_sets_and_deletes():
    token = "eyJuIjoiYSJ9.Zx-_.abc"
    script = session_token.cookie_script(token)
    assert f"evalboard_session={token}; path=/" in script and "SameSite=Strict" in script and "Secure" in script
    assert "max-age=0" in session_token.cookie_script(None)
