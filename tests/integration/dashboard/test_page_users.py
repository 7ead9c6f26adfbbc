"""AppTest of the Users page: admins add, change and remove users (audited); others cannot."""
from __future__ import annotations

from dashboard.auth import User, add_user, check_password, load_users
from settings import reset_settings
from store.alerts import list_audit

from .test_pages_monitor import open_page


def _use_users_file(monkeypatch, path) -> None:
    monkeypatch.setenv("EVALBOARD_USERS_FILE", str(path))
    reset_settings()


def _fill(at, name: str, role: str, password: str, again: str | None = None):
    at.text_input(key="users_name").set_value(name)
    at.selectbox(key="users_role").set_value(role)
    at.text_input(key="users_password").set_value(password)
    at.text_input(key="users_again").set_value(password if again is None else again)
    at.button(key="FormSubmitter:users_add-Save user").click().run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def _page_as_admin(make_app, tmp_path, monkeypatch):
    """The Users page, signed in as the admin ada of a fresh users file: (app, users file)."""
    path = tmp_path / "users.toml"
    add_user("ada", "admin-password", "admin", path)
    _use_users_file(monkeypatch, path)
    at = make_app()
    at.session_state["auth_user"] = User("ada", "admin")
    open_page(at, "views/users.py")
    return at, path


def test_admin_adds_changes_and_removes_users_with_an_audit_trail(make_app, seeded_db, tmp_path, monkeypatch):
    at, path = _page_as_admin(make_app, tmp_path, monkeypatch)
    # refused with a message: passwords differ, too short, a bad name
    _fill(at, "bob", "reviewer", "long-enough", again="different!!")
    assert any("passwords differ" in e.value for e in at.error)
    _fill(at, "bob", "reviewer", "short")
    assert any("at least 8 characters" in e.value for e in at.error)
    _fill(at, "bob smith", "reviewer", "long-enough")
    assert any("user names" in e.value for e in at.error)
    assert set(load_users(path)) == {"ada"}
    # added, then its role changed
    _fill(at, "bob", "reviewer", "long-enough")
    assert check_password("bob", "long-enough", path) == User("bob", "reviewer")
    assert any("User bob saved" in s.value for s in at.success)
    _fill(at, "bob", "viewer", "new-password")
    assert check_password("bob", "new-password", path) == User("bob", "viewer")
    # the last admin cannot be removed
    at.selectbox(key="users_remove_name").set_value("ada")
    at.checkbox(key="users_remove_sure").check()
    at.button(key="FormSubmitter:users_remove-Remove user").click().run()
    assert any("admin must remain" in e.value for e in at.error)
    at.selectbox(key="users_remove_name").set_value("bob")
    at.checkbox(key="users_remove_sure").check()
    at.button(key="FormSubmitter:users_remove-Remove user").click().run()
    assert set(load_users(path)) == {"ada"}
    audit = [(a["user"], a["action"], a["target"], a["old"], a["new"]) for a in list_audit(seeded_db, limit=10)
             if str(a.get("target", "")).startswith("user:")]
    assert audit[:3] == [("ada", "remove_user", "user:bob", {"role": "viewer"}, None),
                         ("ada", "update_user", "user:bob", {"role": "reviewer"}, {"role": "viewer"}),
                         ("ada", "add_user", "user:bob", None, {"role": "reviewer"})]
    assert "password" not in str(list_audit(seeded_db, limit=10)).lower()


def test_only_admins_manage_users(make_app, tmp_path, monkeypatch):
    path = tmp_path / "users.toml"
    add_user("ada", "admin-password", "admin", path)
    add_user("rex", "reviewer-password", "reviewer", path)
    _use_users_file(monkeypatch, path)
    at = make_app()
    at.session_state["auth_user"] = User("rex", "reviewer")
    open_page(at, "views/users.py")
    assert any("Only a admin" in i.value or "Only an admin" in i.value for i in at.info)
    assert not at.text_input  # no form for a reviewer


def test_first_user_in_local_mode_turns_sign_in_on(make_app, seeded_db, tmp_path, monkeypatch):
    path = tmp_path / "users.toml"
    _use_users_file(monkeypatch, path)
    at = make_app()
    open_page(at, "views/users.py")
    assert any("local mode" in i.value for i in at.info)
    _fill(at, "first", "admin", "first-password")
    assert check_password("first", "first-password", path) == User("first", "admin")
    assert list_audit(seeded_db, limit=1)[0]["user"] == "local"
    assert any("Sign in" in t.value or "sign in" in t.value.lower() for t in at.caption)  # the login shows now


def test_admin_creates_an_api_key_shown_once_and_revokes_it(make_app, seeded_db, tmp_path, monkeypatch):
    from store import api_keys

    at, _path = _page_as_admin(make_app, tmp_path, monkeypatch)
    at.text_input(key="users_key_source").set_value("bad name!")
    at.button(key="FormSubmitter:users_key_create-Create key").click().run()
    assert any("source name" in e.value for e in at.error) and api_keys.list_keys(seeded_db) == []
    at.text_input(key="users_key_source").set_value("support-bot")
    at.text_input(key="users_key_feature").set_value("chat")
    at.button(key="FormSubmitter:users_key_create-Create key").click().run()
    assert not at.exception, [e.value for e in at.exception]
    shown = [c.value for c in at.code]
    assert len(shown) == 1 and shown[0].startswith(api_keys.KEY_PREFIX)
    doc = api_keys.find_key(seeded_db, shown[0])
    assert (doc["source"], doc["feature"], doc["created_by"]) == ("support-bot", "chat", "ada")
    at.run()
    assert not at.code  # shown once
    at.selectbox(key="users_key_revoke_id").set_value(doc["_id"])
    at.checkbox(key="users_key_sure").check()
    at.button(key="FormSubmitter:users_key_revoke-Revoke key").click().run()
    assert api_keys.find_key(seeded_db, shown[0]) is None
    audit = str(list_audit(seeded_db, limit=10))
    assert "create_api_key" in audit and "revoke_api_key" in audit and shown[0] not in audit
