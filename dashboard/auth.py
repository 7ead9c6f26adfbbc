"""Users, roles and login for the dashboard.

Users live in a TOML file (EVALBOARD_USERS_FILE, default ./users.toml) with
bcrypt-hashed passwords:

    [users.alice]
    password_hash = "$2b$12$..."
    role = "admin"          # viewer | reviewer | admin

`python -m dashboard.users add NAME --role ROLE` adds one (or an admin does, on
the Users page); at least one admin always remains. When the file has no
users the app runs in local mode: bound to 127.0.0.1, everyone is the local
admin, and a banner says that authentication is off.
"""
from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path

import bcrypt

from settings import get_settings

ROLES = ("viewer", "reviewer", "admin")
ROLE_RANK = {role: rank for rank, role in enumerate(ROLES)}
LOCAL_USER = "local"


@dataclass(frozen=True)
class User:
    name: str
    role: str

    def can(self, role: str) -> bool:
        return ROLE_RANK.get(self.role, -1) >= ROLE_RANK[role]


def users_path() -> Path:
    return Path(get_settings().users_file)


def load_users(path: Path | None = None) -> dict[str, dict]:
    path = path or users_path()
    if not path.exists():
        return {}
    with path.open("rb") as fh:
        data = tomllib.load(fh)
    users = data.get("users", {})
    return {name: entry for name, entry in users.items()
            if isinstance(entry, dict) and entry.get("password_hash") and entry.get("role") in ROLES}


def auth_enabled(path: Path | None = None) -> bool:
    return bool(load_users(path))


def check_password(name: str, password: str, path: Path | None = None) -> User | None:
    entry = load_users(path).get(name)
    if not entry or not password:
        return None
    try:
        ok = bcrypt.checkpw(password.encode(), entry["password_hash"].encode())
    except ValueError:
        return None
    return User(name, entry["role"]) if ok else None


def hash_password(password: str) -> str:
    return bcrypt.hashpw(password.encode(), bcrypt.gensalt()).decode()


def _toml_string(value: str) -> str:
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _has_admin(users: dict[str, dict]) -> bool:
    return any(entry.get("role") == "admin" for entry in users.values())


def _check_admins_remain(before: dict[str, dict], after: dict[str, dict]) -> None:
    """Taking away the last admin would leave nobody to manage users in the app: refuse."""
    if after and _has_admin(before) and not _has_admin(after):
        raise ValueError("at least one admin must remain")


def add_user(name: str, password: str, role: str, path: Path | None = None) -> None:
    """Add or replace a user; the file is rewritten whole."""
    if role not in ROLES:
        raise ValueError(f"role must be one of {', '.join(ROLES)}")
    if not name or len(name) > 64 or not name.replace("_", "").replace("-", "").replace(".", "").isalnum():
        raise ValueError("user names are 1-64 letters, digits, '.', '-' and '_'")
    if len(password) < 8:
        raise ValueError("passwords need at least 8 characters")
    path = path or users_path()
    before = load_users(path)
    users = {**before, name: {"password_hash": hash_password(password), "role": role}}
    _check_admins_remain(before, users)
    _write_users(users, path)


def remove_user(name: str, path: Path | None = None) -> None:
    path = path or users_path()
    before = load_users(path)
    if name not in before:
        raise ValueError(f"no user {name[:64]!r}")
    users = {k: v for k, v in before.items() if k != name}
    _check_admins_remain(before, users)
    _write_users(users, path)


def _write_users(users: dict[str, dict], path: Path) -> None:
    lines = ["# Evalboard users: managed by `python -m dashboard.users`", ""]
    for user, entry in sorted(users.items()):
        lines += [f"[users.{_toml_string(user)}]",
                  f"password_hash = {_toml_string(entry['password_hash'])}",
                  f"role = {_toml_string(entry['role'])}", ""]
    path.write_text("\n".join(lines))
