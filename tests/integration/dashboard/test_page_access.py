"""AppTest of access that fails closed: sessions follow the users file, expire, are throttled;
an invalid users file or a public bind without users closes every page; errors show an id only."""
from __future__ import annotations

import logging
import os
import re
import subprocess
import sys
import time

import pytest
from streamlit import config as st_config

from dashboard.auth import THROTTLE, Session, User, add_user, load_users, remove_user
from settings import reset_settings

from .conftest import REPO, clear_dashboard_caches
from .test_pages_monitor import markdown_tables

CLOSED = "closed until this is fixed"


@pytest.fixture
def users_file(tmp_path, monkeypatch):
    path = tmp_path / "users.toml"
    monkeypatch.setenv("EVALBOARD_USERS_FILE", str(path))
    reset_settings()
    THROTTLE.reset()
    yield path
    THROTTLE.reset()
    monkeypatch.delenv("EVALBOARD_USERS_FILE")
    reset_settings()


@pytest.fixture
def bind(monkeypatch):
    """bind(address): what Streamlit's server.address says from now on (restored afterwards)."""
    before = st_config.get_option("server.address")
    yield lambda address: st_config.set_option("server.address", address)
    st_config.set_option("server.address", before)


def texts(elements) -> str:
    return " | ".join(str(e.value) for e in elements)


def sign_in(at, name: str, password: str):
    at.text_input(key="login_name").set_value(name)
    at.text_input(key="login_password").set_value(password)
    at.button(key="FormSubmitter:login_form-Sign in").click().run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def on_login_page(at) -> bool:
    return bool(at.text_input) and any(t.key == "login_name" for t in at.text_input)


def test_a_removed_admins_open_tab_is_signed_out_and_cannot_add_an_admin(make_app, users_file):
    add_user("ada", "ada-password", "admin", users_file)
    add_user("bob", "bob-password", "admin", users_file)
    at = make_app().run()
    assert on_login_page(at)
    sign_in(at, "bob", "bob-password")
    at.switch_page("views/users.py").run()
    assert at.title[0].value == "Users" and "Signed in as **bob** (admin)" in texts(at.sidebar.caption)
    remove_user("bob", users_file)  # ada removes bob (another tab, or the CLI)
    # bob's open tab still has the form: he tries to create a new admin
    at.text_input(key="users_name").set_value("eve")
    at.selectbox(key="users_role").set_value("admin")
    at.text_input(key="users_password").set_value("eve-password")
    at.text_input(key="users_again").set_value("eve-password")
    at.button(key="FormSubmitter:users_add-Save user").click().run()
    assert not at.exception
    assert set(load_users(users_file)) == {"ada"}  # nothing was added
    assert on_login_page(at) and "no longer exists" in texts(at.info)


def test_a_demoted_admin_is_downgraded_on_the_next_run(make_app, users_file):
    add_user("ada", "ada-password", "admin", users_file)
    add_user("bob", "bob-password", "admin", users_file)
    at = sign_in(make_app().run(), "bob", "bob-password")
    at.switch_page("views/users.py").run()
    assert any(t.key == "users_name" for t in at.text_input)
    # bob's role is edited in the file (his password stays): his open tab is a viewer's at once
    text = users_file.read_text()
    users_file.write_text(re.sub(r'(\[users\."bob"\]\npassword_hash = "[^"]+"\nrole = )"admin"', r'\1"viewer"', text))
    assert load_users(users_file)["bob"]["role"] == "viewer"
    at.run()
    assert "Signed in as **bob** (viewer)" in texts(at.sidebar.caption)
    assert "Only a admin" in texts(at.info) and not any(t.key == "users_name" for t in at.text_input)
    # changed through the app or the CLI, the password hash changes too: that session ends
    add_user("bob", "bob-new-password", "admin", users_file)
    at.run()
    assert on_login_page(at) and "password was changed" in texts(at.info)


@pytest.mark.parametrize("age,words", [
    ({"signed_in_at": -13 * 3600, "last_seen": -60}, "after 12 hours"),
    ({"signed_in_at": -3600, "last_seen": -31 * 60}, "30 minutes without activity"),
])
def test_sessions_end_after_the_idle_and_absolute_limits(make_app, users_file, age, words):
    add_user("ada", "ada-password", "admin", users_file)
    at = sign_in(make_app().run(), "ada", "ada-password")
    assert not on_login_page(at)
    now = time.time()
    session = at.session_state["auth_user"]
    at.session_state["auth_user"] = Session(session.name, now + age["signed_in_at"], now + age["last_seen"],
                                            session.fingerprint)
    at.run()
    assert on_login_page(at) and words in texts(at.info)


def test_failed_sign_ins_are_throttled_with_growing_delays(make_app, users_file):
    add_user("ada", "ada-password", "admin", users_file)
    at = make_app().run()
    for _ in range(3):
        sign_in(at, "ada", "wrong-password")
        assert "Wrong user name or password" in texts(at.error)
    for _ in range(10):
        sign_in(at, "ada", "wrong-password")
        assert "Too many failed sign-ins" in texts(at.error)
    sign_in(at, "ada", "ada-password")  # the right password is not even checked while throttled
    assert on_login_page(at) and "Too many failed sign-ins" in texts(at.error)
    # an unknown name is throttled the same way (same messages: nothing tells names apart)
    THROTTLE.reset()
    for _ in range(3):
        sign_in(at, "mallory", "wrong-password")
        assert "Wrong user name or password" in texts(at.error)
    sign_in(at, "mallory", "wrong-password")
    assert "Too many failed sign-ins" in texts(at.error)
    # the same client is throttled for every name now
    sign_in(at, "ada", "ada-password")
    assert "Too many failed sign-ins" in texts(at.error)
    THROTTLE.reset()
    sign_in(at, "ada", "ada-password")
    assert not on_login_page(at) and "Signed in as **ada** (admin)" in texts(at.sidebar.caption)


def test_an_invalid_users_file_closes_every_page_never_local_mode(make_app, users_file, bind):
    bind("127.0.0.1")
    users_file.write_text('[users.eve]\npassword_hash = "$2b$12$abc"\nrole = "Admin"\n'
                          '[users.joe]\npassword_hash = "$2b$12$def"\nrole = "Admin"\n')
    at = make_app().run()
    assert CLOSED in texts(at.error) and "role 'Admin'" in texts(at.error)
    assert not on_login_page(at) and "local mode" not in texts(at.sidebar.warning)
    at.session_state["auth_user"] = User("eve", "admin")  # not even a session that was open before
    at.run()
    assert CLOSED in texts(at.error) and "auth_user" not in at.session_state
    for page in ("overview", "users", "health", "alerts"):
        from streamlit.testing.v1 import AppTest
        clear_dashboard_caches()
        direct = AppTest.from_file(str(REPO / "dashboard" / "views" / f"{page}.py"), default_timeout=60).run()
        assert CLOSED in texts(direct.error), page
        assert not direct.dataframe and not markdown_tables(direct) and not direct.text_input


def test_local_mode_only_while_bound_to_loopback_decided_on_every_run(make_app, users_file, bind):
    assert not users_file.exists()
    bind("127.0.0.1")
    at = make_app().run()
    assert "local mode" in texts(at.sidebar.warning) and not at.error
    bind("0.0.0.0")  # the same session, the next run: the bind address is read again
    at.run()
    assert CLOSED in texts(at.error) and "0.0.0.0" in texts(at.error)
    assert "local mode" not in texts(at.sidebar.warning)
    bind(None)  # unset: Streamlit listens on every interface
    at.run()
    assert "all interfaces" in texts(at.error)


def test_page_errors_show_an_id_and_log_the_traceback(caplog):
    from streamlit.testing.v1 import AppTest

    def page():
        from dashboard.errors import run_guarded

        def broken():
            raise RuntimeError("internal detail: mongodb://admin:hunter2@db")
        run_guarded(broken)

    caplog.set_level(logging.ERROR, logger="evalboard.dashboard")
    at = AppTest.from_function(page).run()
    assert not at.exception
    [error] = at.error
    assert "error id" in error.value and "hunter2" not in error.value and "internal detail" not in error.value
    error_id = error.value.split("`")[1]
    [logged] = [r for r in caplog.records if error_id in r.getMessage()]
    assert logged.exc_info and "hunter2" in str(logged.exc_info[1])  # the whole story is in the log
    # and Streamlit itself is told never to send error details to a browser
    assert st_config.get_option("client.showErrorDetails") == "none"


def test_the_users_cli_keeps_an_admin_and_reports_errors_in_one_line(tmp_path):
    path = tmp_path / "users.toml"
    env = {**os.environ, "EVALBOARD_USERS_FILE": str(path)}

    def cli(*args, stdin=""):
        return subprocess.run([sys.executable, "-m", "dashboard.users", *args], cwd=REPO, env=env, input=stdin,
                              capture_output=True, text=True, timeout=60)

    assert cli("add", "alice", "--role", "admin", "--password-stdin", stdin="alice-password\n").returncode == 0
    assert oct(path.stat().st_mode & 0o777) == "0o600"
    for args in (("remove", "alice"), ("add", "alice", "--role", "viewer", "--password-stdin")):
        proc = cli(*args, stdin="alice-password\n")
        assert proc.returncode == 2 and proc.stderr.strip() == "error: at least one admin must remain"
    assert load_users(path)["alice"]["role"] == "admin"
    path.write_text('[users.eve]\npassword_hash = "x"\nrole = "Admin"\n')
    proc = cli("list")
    assert proc.returncode == 2 and "Traceback" not in proc.stderr
    assert proc.stderr.startswith("error: the users file") and len(proc.stderr.strip().splitlines()) == 1


def test_the_last_admin_cannot_demote_or_remove_herself_on_the_page(make_app, users_file):
    add_user("ada", "ada-password", "admin", users_file)
    add_user("vic", "vic-password", "viewer", users_file)
    at = sign_in(make_app().run(), "ada", "ada-password")
    at.switch_page("views/users.py").run()
    at.text_input(key="users_name").set_value("ada")
    at.selectbox(key="users_role").set_value("reviewer")
    at.text_input(key="users_password").set_value("ada-password")
    at.text_input(key="users_again").set_value("ada-password")
    at.button(key="FormSubmitter:users_add-Save user").click().run()
    assert "admin must remain" in texts(at.error)
    at.selectbox(key="users_remove_name").set_value("ada")
    at.checkbox(key="users_remove_sure").check()
    at.button(key="FormSubmitter:users_remove-Remove user").click().run()
    assert "admin must remain" in texts(at.error)
    assert load_users(users_file)["ada"]["role"] == "admin" and set(load_users(users_file)) == {"ada", "vic"}
    assert "Signed in as **ada** (admin)" in texts(at.sidebar.caption)
