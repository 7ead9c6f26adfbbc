"""dashboard.auth: users file with bcrypt hashes, roles, local mode."""
from __future__ import annotations

import tomllib

import pytest

from dashboard.auth import ROLES, User, add_user, auth_enabled, check_password, load_users


def test_no_users_file_means_local_mode(tmp_path):
    path = tmp_path / "users.toml"
    assert not auth_enabled(path)
    assert load_users(path) == {}
    assert check_password("anyone", "whatever", path) is None


def test_add_user_and_check_password(tmp_path):
    path = tmp_path / "users.toml"
    add_user("alice", "correct horse", "admin", path)
    add_user("bob.r", "battery staple", "reviewer", path)
    add_user("viv", "viewer-pass", "viewer", path)
    assert auth_enabled(path)
    assert check_password("alice", "correct horse", path) == User("alice", "admin")
    assert check_password("bob.r", "battery staple", path) == User("bob.r", "reviewer")
    assert check_password("alice", "wrong", path) is None
    assert check_password("alice", "", path) is None
    assert check_password("mallory", "correct horse", path) is None
    data = tomllib.loads(path.read_text())
    assert data["users"]["alice"]["password_hash"].startswith("$2")
    assert "correct horse" not in path.read_text()  # only the hash is stored


def test_replacing_a_user_changes_password_and_role(tmp_path):
    path = tmp_path / "users.toml"
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
])
def test_add_user_refuses_bad_input(tmp_path, name, password, role):
    with pytest.raises(ValueError):
        add_user(name, password, role, tmp_path / "users.toml")


def test_role_ranks():
    viewer, reviewer, admin = (User("v", "viewer"), User("r", "reviewer"), User("a", "admin"))
    assert ROLES == ("viewer", "reviewer", "admin")
    assert viewer.can("viewer") and not viewer.can("reviewer") and not viewer.can("admin")
    assert reviewer.can("viewer") and reviewer.can("reviewer") and not reviewer.can("admin")
    assert admin.can("viewer") and admin.can("reviewer") and admin.can("admin")
    assert not User("x", "none").can("viewer")


def test_a_tampered_file_drops_invalid_entries(tmp_path):
    path = tmp_path / "users.toml"
    path.write_text('[users.eve]\npassword_hash = "not-a-hash"\nrole = "admin"\n'
                    '[users.joe]\nrole = "admin"\n'
                    '[users.kim]\npassword_hash = "$2b$12$abc"\nrole = "root"\n')
    assert set(load_users(path)) == {"eve"}
    assert check_password("eve", "anything", path) is None  # invalid hash: refused, no crash


def test_remove_user_and_an_admin_always_remains(tmp_path):
    from dashboard.auth import remove_user

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
    assert set(load_users(path)) == {"alice"}
    remove_user("alice", path)  # removing everyone goes back to local mode
    assert not auth_enabled(path)
