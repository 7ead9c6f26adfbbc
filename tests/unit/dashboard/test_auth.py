"""dashboard.auth: users file with bcrypt hashes, roles, local mode, sessions, throttling — failing closed."""
from __future__ import annotations

import os
import stat
import tomllib

import bcrypt
import pytest

from dashboard import auth
from dashboard.auth import (
    ROLES, LocalModeRefused, LoginThrottle, Session, User, UsersFileError, access_mode, add_user, auth_enabled,
    check_password, load_users, remove_user, resolve_session,
)
from settings import reset_settings


def test_no_users_file_means_local_mode_only_on_loopback(tmp_path):
    path = tmp_path / "users.toml"
    assert not auth_enabled(path)
    assert load_users(path) == {}
    assert check_password("anyone", "whatever", path) is None
    for address in ("127.0.0.1", "localhost", "::1", "[::1]"):
        assert access_mode(address, path) == "local"
    for address in ("0.0.0.0", "", None, "::", "192.168.1.10", "127.0.0.1.evil.example"):
        with pytest.raises(LocalModeRefused, match="only for 127.0.0.1"):
            access_mode(address, path)


def test_add_user_and_check_password(tmp_path):
    path = tmp_path / "users.toml"
    add_user("alice", "correct horse", "admin", path)
    add_user("bob.r", "battery staple", "reviewer", path)
    add_user("viv", "viewer-pass", "viewer", path)
    assert auth_enabled(path) and access_mode("0.0.0.0", path) == "users"
    assert check_password("alice", "correct horse", path) == User("alice", "admin")
    assert check_password("bob.r", "battery staple", path) == User("bob.r", "reviewer")
    assert check_password("alice", "wrong", path) is None
    assert check_password("alice", "", path) is None
    assert check_password("alice", "x" * 100, path) is None  # over bcrypt's 72 bytes: refused, no crash
    assert check_password("mallory", "correct horse", path) is None
    data = tomllib.loads(path.read_text())
    assert data["users"]["alice"]["password_hash"].startswith("$2")
    assert "correct horse" not in path.read_text()  # only the hash is stored


def test_the_users_file_is_readable_by_its_owner_only(tmp_path):
    path = tmp_path / "users.toml"
    path.write_text("")  # an existing file with loose permissions is tightened on the next write
    os.chmod(path, 0o644)
    path.unlink()
    add_user("alice", "correct horse", "admin", path)
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    os.chmod(path, 0o644)
    add_user("bob", "battery staple", "viewer", path)
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]
    os.chmod(path, 0o644)  # loosened by hand: the dashboard's next look tightens it
    assert access_mode("0.0.0.0", path) == "users"
    assert stat.S_IMODE(path.stat().st_mode) == 0o600


def test_unknown_users_cost_one_bcrypt_check_like_known_ones(tmp_path, monkeypatch):
    """No timing: count the bcrypt checks (the real function, counted) for each kind of attempt."""
    path = tmp_path / "users.toml"
    add_user("alice", "correct horse", "admin", path)
    calls = []
    real = bcrypt.checkpw

    def counted(password, hashed):
        calls.append(hashed[:7])
        return real(password, hashed)

    monkeypatch.setattr(auth.bcrypt, "checkpw", counted)
    for name, password in (("alice", "wrong password"), ("mallory", "wrong password"), ("", ""),
                           ("alice", ""), ("mallory", "x" * 100)):
        calls.clear()
        assert check_password(name, password, path) is None
        assert calls == [b"$2b$12$"], (name, password)  # one check at the same cost either way


def test_replacing_a_user_changes_password_and_role(tmp_path):
    path = tmp_path / "users.toml"
    add_user("root", "root-password", "admin", path)
    add_user("alice", "first-password", "viewer", path)
    add_user("alice", "second-password", "admin", path)
    assert check_password("alice", "first-password", path) is None
    assert check_password("alice", "second-password", path).role == "admin"


@pytest.mark.parametrize("name,password,role", [
    ("alice", "short", "admin"),
    ("alice", "long enough", "superuser"),
    ("al ice", "long enough", "viewer"),
    ('a"]\n[users.x', "long enough", "admin"),
    ("", "long enough", "viewer"),
    ("alice", "é" * 40, "admin"),  # 80 bytes: over bcrypt's limit
])
def test_add_user_refuses_bad_input(tmp_path, name, password, role):
    with pytest.raises(ValueError):
        add_user(name, password, role, tmp_path / "users.toml")


def test_role_ranks():
    viewer, reviewer, admin = (User("v", "viewer"), User("r", "reviewer"), User("a", "admin"))
    assert ROLES == ("viewer", "annotator", "reviewer", "admin")
    assert viewer.can("viewer") and not viewer.can("reviewer") and not viewer.can("admin")
    assert reviewer.can("viewer") and reviewer.can("reviewer") and not reviewer.can("admin")
    assert admin.can("viewer") and admin.can("reviewer") and admin.can("admin")
    assert not User("x", "none").can("viewer")
    annotator = User("n", "annotator")  # labels and reads, nothing else (issue 20)
    assert annotator.can("viewer") and annotator.can("annotator") and not annotator.can("reviewer")
    assert not viewer.can("annotator") and reviewer.can("annotator")


@pytest.mark.parametrize("text,words", [
    ('[users.eve]\npassword_hash = "$2b$12$abc"\nrole = "Admin"\n', "role 'Admin'"),
    ('[users.eve]\nrole = "admin"\n', "no valid bcrypt password_hash"),
    ('[users.kim]\npassword_hash = "not-a-hash"\nrole = "admin"\n', "no valid bcrypt"),
    ("", "has no users"),
    ("[users]\n", "has no users"),
    ("[users.x\n", "cannot be read"),
    ('users = "alice"\n', "has no users"),
])
def test_an_invalid_users_file_is_an_error_never_local_mode(tmp_path, text, words):
    path = tmp_path / "users.toml"
    path.write_text(text)
    assert auth_enabled(path)  # sign-in stays required
    with pytest.raises(UsersFileError, match=words):
        load_users(path)
    for address in ("127.0.0.1", "0.0.0.0"):
        with pytest.raises(UsersFileError):
            access_mode(address, path)
    with pytest.raises(UsersFileError):
        check_password("eve", "anything", path)


def test_one_bad_entry_spoils_the_file_even_beside_valid_ones(tmp_path):
    path = tmp_path / "users.toml"
    add_user("alice", "correct horse", "admin", path)
    path.write_text(path.read_text() + '\n[users.eve]\npassword_hash = "$2b$12$x"\nrole = "Admin"\n')
    with pytest.raises(UsersFileError, match="'eve'"):
        load_users(path)
    with pytest.raises(UsersFileError):
        add_user("bob", "battery staple", "viewer", path)  # nothing is written over a broken file


def test_the_last_admin_cannot_be_removed_or_demoted(tmp_path):
    path = tmp_path / "users.toml"
    add_user("alice", "correct horse", "admin", path)
    add_user("bob", "battery staple", "reviewer", path)
    with pytest.raises(ValueError, match="admin must remain"):
        remove_user("alice", path)
    with pytest.raises(ValueError, match="admin must remain"):
        add_user("alice", "correct horse", "viewer", path)  # demoting the last admin
    with pytest.raises(ValueError, match="no user"):
        remove_user("mallory", path)
    remove_user("bob", path)
    with pytest.raises(ValueError, match="admin must remain"):
        remove_user("alice", path)  # not even when she is the only user left
    assert set(load_users(path)) == {"alice"}
    add_user("carol", "carol-password", "admin", path)
    remove_user("alice", path)  # another admin remains
    assert load_users(path)["carol"]["role"] == "admin"


def test_sessions_follow_the_users_file_and_expire(tmp_path, monkeypatch):
    monkeypatch.setenv("EVALBOARD_SESSION_IDLE_MINUTES", "30")
    monkeypatch.setenv("EVALBOARD_SESSION_MAX_HOURS", "12")
    reset_settings()
    path = tmp_path / "users.toml"
    add_user("alice", "correct horse", "admin", path)
    add_user("bob", "battery staple", "admin", path)
    t0 = 1_000_000.0
    session = Session.start("bob", path, now=t0)
    assert resolve_session(session, load_users(path), now=t0 + 60) == (User("bob", "admin"), "")
    add_user("bob", "battery staple", "viewer", path)  # demoted (new hash too: a password change)
    session = Session("bob", t0, t0)  # a session without a fingerprint follows the role alone
    assert resolve_session(session, load_users(path), now=t0 + 120) == (User("bob", "viewer"), "")
    # idle: 29 minutes between runs is fine, 31 is not
    assert resolve_session(session, load_users(path), now=t0 + 120 + 29 * 60)[0] is not None
    user, why = resolve_session(session, load_users(path), now=t0 + 120 + 29 * 60 + 31 * 60)
    assert user is None and "30 minutes without activity" in why
    # absolute: active all the time, but 12 hours after signing in it ends
    session = Session("bob", t0, t0)
    for minute in range(0, 12 * 60, 20):
        assert resolve_session(session, load_users(path), now=t0 + minute * 60)[0] is not None
    user, why = resolve_session(session, load_users(path), now=t0 + 12 * 3600 + 1)
    assert user is None and "12 hours" in why
    # a password change ends sessions started before it
    session = Session.start("alice", path, now=t0)
    add_user("alice", "new horse battery", "admin", path)
    user, why = resolve_session(session, load_users(path), now=t0 + 1)
    assert user is None and "password was changed" in why
    # removed: signed out
    remove_user("bob", path)
    user, why = resolve_session(Session("bob", t0, t0), load_users(path), now=t0 + 1)
    assert user is None and "no longer exists" in why
    reset_settings()


def test_login_throttle_grows_per_user_and_per_client():
    now = [0.0]
    throttle = LoginThrottle(clock=lambda: now[0])
    user, client = "user:alice", "client:10.0.0.1"
    for _ in range(LoginThrottle.FREE_FAILURES):
        assert throttle.wait_s(user, client) == 0
        throttle.failed(user, client)
    waits = []
    for _ in range(6):
        wait = throttle.wait_s(user, client)
        waits.append(wait)
        now[0] += wait
        throttle.failed(user, client)
    assert waits == [2.0, 4.0, 8.0, 16.0, 32.0, 64.0]
    # the client is throttled for any other name too, and another client for this name
    assert throttle.wait_s("user:bob", client) > 0
    assert throttle.wait_s(user, "client:10.0.0.2") > 0
    assert throttle.wait_s("user:bob", "client:10.0.0.2") == 0
    # the delay is capped, and a success clears the user's count
    for _ in range(30):
        throttle.failed(user, client)
    assert throttle.wait_s(user) == LoginThrottle.MAX_DELAY_S
    throttle.succeeded(user)
    assert throttle.wait_s(user) == 0
    # a key is forgotten an hour after its last failure
    now[0] += LoginThrottle.FORGET_S + 1
    throttle.failed(client)
    assert throttle.wait_s(client) == 0


def test_a_users_file_without_an_admin_is_refused_with_the_reason(tmp_path):
    path = tmp_path / "users.toml"
    hashed = bcrypt.hashpw(b"rita-password", bcrypt.gensalt(rounds=4)).decode()
    path.write_text(f'[users.rita]\npassword_hash = "{hashed}"\nrole = "reviewer"\n'
                    f'[users.vic]\npassword_hash = "{hashed}"\nrole = "viewer"\n')
    with pytest.raises(UsersFileError, match="has no admin"):
        load_users(path)
    with pytest.raises(ValueError, match="needs an admin"):  # nor can the CLI make such a file
        add_user("vic", "vic-password", "viewer", tmp_path / "new.toml")
    for address in ("127.0.0.1", "0.0.0.0"):  # closed, never local mode
        with pytest.raises(UsersFileError):
            access_mode(address, path)
