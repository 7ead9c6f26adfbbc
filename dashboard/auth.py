"""Users, roles, sessions and login for the dashboard — failing closed.

Users live in a TOML file (EVALBOARD_USERS_FILE, default ./users.toml), written
with mode 0600, with bcrypt-hashed passwords:

    [users.alice]
    password_hash = "$2b$12$..."
    role = "admin"          # viewer | annotator | reviewer | admin

- No users file: local mode (everyone is the local admin), but only while the
  dashboard is bound to a loopback address; on any other address it is an error.
- A users file that cannot be read, has no users or has one invalid entry is an
  error on every page (UsersFileError); it never falls back to local mode.
- A session holds only who signed in and when; the role is re-read from the
  file on every run, so a removed user is signed out and a demoted one
  downgraded at once. Sessions end after an idle and an absolute limit, and
  when the user's password changes.
- The last admin cannot be removed or demoted (here, so the page and the CLI
  alike). Changes hold a file lock.
- Password checks cost one bcrypt check whether or not the user exists; failed
  sign-ins are throttled per user name and per client with growing delays.
"""
from __future__ import annotations

import fcntl
import hashlib
import os
import re
import threading
import time
import tomllib
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import bcrypt

from settings import get_settings

ROLES = ("viewer", "annotator", "reviewer", "admin")  # annotator: reads and labels (issue 20)
ROLE_RANK = {role: rank for rank, role in enumerate(ROLES)}
LOCAL_USER = "local"
LOOPBACK_ADDRESSES = frozenset({"127.0.0.1", "localhost", "::1"})
_NAME = re.compile(r"^[A-Za-z0-9._-]{1,64}$")
_BCRYPT_HASH = re.compile(r"^\$2[aby]\$\d\d\$[./A-Za-z0-9]{53}$")
# checked when the user name is unknown, so that an unknown name costs what a wrong password costs
_DUMMY_HASH = b"$2b$12$hLxKWX.WKbNQt04OR4yATuBfDYv3gsHF/J5VoqUiAOdWy9fLr3oIe"


class AccessError(Exception):
    """Nobody may use the dashboard until an operator fixes this (the message says how)."""


class UsersFileError(AccessError):
    pass


class LocalModeRefused(AccessError):
    pass


@dataclass(frozen=True)
class User:
    name: str
    role: str

    def can(self, role: str) -> bool:
        return ROLE_RANK.get(self.role, -1) >= ROLE_RANK[role]


def users_path() -> Path:
    return Path(get_settings().users_file)


def _entry_problem(name: object, entry: object) -> str | None:
    if not isinstance(name, str) or not _NAME.match(name):
        return f"user name {str(name)[:64]!r} is not 1-64 letters, digits, '.', '-' and '_'"
    if not isinstance(entry, dict):
        return f"user {name!r} is not a table"
    if entry.get("role") not in ROLES:
        return f"user {name!r} has role {str(entry.get('role'))[:20]!r}, not one of {', '.join(ROLES)}"
    if not isinstance(entry.get("password_hash"), str) or not _BCRYPT_HASH.match(entry["password_hash"]):
        return f"user {name!r} has no valid bcrypt password_hash"
    return None


def load_users(path: Path | None = None, *, require_admin: bool = True) -> dict[str, dict]:
    """{name: {"password_hash", "role"}}; {} when the file does not exist.
    Raises UsersFileError when it exists but is unreadable, empty or has an invalid entry."""
    path = path or users_path()
    if not path.exists():
        return {}
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise UsersFileError(f"the users file {path} cannot be read: {exc}") from None
    users = data.get("users")
    if not isinstance(users, dict) or not users:
        raise UsersFileError(f"the users file {path} has no users; add one with "
                             "`python -m dashboard.users add NAME --role admin`")
    problems = [p for p in (_entry_problem(name, entry) for name, entry in users.items()) if p]
    if problems:
        raise UsersFileError(f"the users file {path} is invalid: " + "; ".join(problems[:3]) +
                             (f" (and {len(problems) - 3} more)" if len(problems) > 3 else ""))
    if require_admin and not _has_admin(users):  # nobody could manage users from the dashboard: refused, not half-working
        raise UsersFileError(f"the users file {path} has no admin (every user is a viewer or reviewer); "
                             "make one an admin with `python -m dashboard.users add NAME --role admin`")
    return {name: {"password_hash": entry["password_hash"], "role": entry["role"]} for name, entry in users.items()}


def auth_enabled(path: Path | None = None) -> bool:
    """Sign-in is required: a users file exists (valid or not — an invalid one lets nobody in)."""
    return (path or users_path()).exists()


def access_mode(bind_address: str | None, path: Path | None = None) -> str:
    """"users" (sign-in required) or "local" (everyone is the local admin); AccessError otherwise.

    `bind_address` is the address the dashboard listens on now (Streamlit's server.address,
    read on every run): local mode is only for a dashboard that nobody else can reach."""
    path = path or users_path()
    if path.exists():
        load_users(path)  # raises UsersFileError when it cannot be used
        _owner_only(path)
        return "users"
    if (bind_address or "").strip().strip("[]").lower() in LOOPBACK_ADDRESSES:
        return "local"
    raise LocalModeRefused(
        f"no users file ({path}) and the dashboard is bound to {bind_address or 'all interfaces'}: "
        "local mode (no sign-in) is only for 127.0.0.1. Add an admin with "
        "`python -m dashboard.users add NAME --role admin`, or bind to 127.0.0.1.")


def _owner_only(path: Path) -> None:
    """A users file left readable by others (written by hand, or by an older version) is
    made 0600 the next time the dashboard looks at it, when this process owns it."""
    try:
        st = path.stat()
        if st.st_mode & 0o077 and st.st_uid == os.getuid():
            os.chmod(path, 0o600)
    except OSError:
        pass


# --- passwords ----------------------------------------------------------------------------

def check_password(name: str, password: str, path: Path | None = None) -> User | None:
    """The user when the password is right; None otherwise, after the same bcrypt work either way."""
    entry = load_users(path).get(name) if isinstance(name, str) else None
    stored = entry["password_hash"].encode() if entry else _DUMMY_HASH
    try:
        ok = bcrypt.checkpw((password or "").encode(), stored)
    except ValueError:  # over 72 bytes (bcrypt's limit) or an odd hash
        ok = False
    return User(name, entry["role"]) if entry and ok and password else None


def hash_password(password: str) -> str:
    return bcrypt.hashpw(password.encode(), bcrypt.gensalt()).decode()


def password_fingerprint(password_hash: str) -> str:
    """A short digest of a stored hash: a session started before a password change ends."""
    return hashlib.sha256(password_hash.encode()).hexdigest()[:16]


# --- sessions -----------------------------------------------------------------------------

@dataclass
class Session:
    """What the dashboard keeps for a signed-in browser session (never the role)."""
    name: str
    signed_in_at: float
    last_seen: float
    fingerprint: str | None = None

    @classmethod
    def start(cls, name: str, path: Path | None = None, now: float | None = None) -> "Session":
        now = time.time() if now is None else now
        entry = load_users(path).get(name)
        return cls(name, now, now, password_fingerprint(entry["password_hash"]) if entry else None)


def resolve_session(session: Session, users: dict[str, dict], now: float | None = None) -> tuple[User | None, str]:
    """(the user with the role the users file gives now, "") or (None, why the session ended).
    A valid session's last_seen is moved to now."""
    now = time.time() if now is None else now
    s = get_settings()
    entry = users.get(session.name)
    if entry is None:
        return None, "Your account no longer exists; you were signed out."
    if session.fingerprint and session.fingerprint != password_fingerprint(entry["password_hash"]):
        return None, "Your password was changed; please sign in again."
    if now - session.signed_in_at > s.session_max_hours * 3600:
        return None, f"Your session ended after {s.session_max_hours:g} hours; please sign in again."
    if now - session.last_seen > s.session_idle_minutes * 60:
        return None, f"Your session ended after {s.session_idle_minutes:g} minutes without activity; " \
                     "please sign in again."
    session.last_seen = now
    return User(session.name, entry["role"]), ""


# --- login throttling ---------------------------------------------------------------------

class LoginThrottle:
    """Failed sign-ins per key (a user name, a client address): after FREE_FAILURES, each
    further try must wait BASE_DELAY_S * 2^(extra failures), up to MAX_DELAY_S. A key is
    forgotten FORGET_S after its last failure; at most MAX_KEYS keys are kept (oldest go)."""

    FREE_FAILURES = 3
    BASE_DELAY_S = 2.0
    MAX_DELAY_S = 900.0
    FORGET_S = 3600.0
    MAX_KEYS = 10_000

    def __init__(self, clock=time.monotonic):
        self._clock = clock
        self._failures: dict[str, tuple[int, float]] = {}
        self._lock = threading.Lock()

    def _delay(self, failures: int) -> float:
        extra = failures - self.FREE_FAILURES
        return 0.0 if extra < 0 else min(self.MAX_DELAY_S, self.BASE_DELAY_S * 2 ** extra)

    def wait_s(self, *keys: str) -> float:
        """Seconds before a sign-in for these keys may be tried (0: now)."""
        now = self._clock()
        with self._lock:
            waits = []
            for key in keys:
                failures, last = self._failures.get(key, (0, now))
                waits.append(last + self._delay(failures) - now if failures else 0.0)
            return max([0.0, *waits])

    def failed(self, *keys: str) -> None:
        now = self._clock()
        with self._lock:
            for key in keys:
                failures, last = self._failures.get(key, (0, now))
                if now - last > self.FORGET_S:
                    failures = 0
                self._failures[key] = (failures + 1, now)
            while len(self._failures) > self.MAX_KEYS:
                self._failures.pop(min(self._failures, key=lambda k: self._failures[k][1]))

    def succeeded(self, key: str) -> None:
        with self._lock:
            self._failures.pop(key, None)

    def reset(self) -> None:
        with self._lock:
            self._failures.clear()


THROTTLE = LoginThrottle()  # one per dashboard process


def user_key(name: str) -> str:
    return "user:" + (name or "").strip().lower()[:64]


def client_key(address: object) -> str:
    return "client:" + (address if isinstance(address, str) and address else "unknown")


# --- changing users -----------------------------------------------------------------------

def _toml_string(value: str) -> str:
    return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _has_admin(users: dict[str, dict]) -> bool:
    return any(entry.get("role") == "admin" for entry in users.values())


def _check_admins_remain(before: dict[str, dict], after: dict[str, dict]) -> None:
    """Without an admin nobody could manage users in the app: the last admin cannot be removed
    or demoted (not even when that would leave no users: local mode never comes back by itself)."""
    if _has_admin(before) and not _has_admin(after):
        raise ValueError("at least one admin must remain")


@contextmanager
def _locked(path: Path):
    """Holds an exclusive lock (a `.lock` file beside the users file) for one read-change-write."""
    lock_path = path.with_name(path.name + ".lock")
    fd = os.open(lock_path, os.O_RDWR | os.O_CREAT, 0o600)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)


def add_user(name: str, password: str, role: str, path: Path | None = None) -> None:
    """Add or replace a user; the file is rewritten whole."""
    if role not in ROLES:
        raise ValueError(f"role must be one of {', '.join(ROLES)}")
    if not isinstance(name, str) or not _NAME.match(name):
        raise ValueError("user names are 1-64 letters, digits, '.', '-' and '_'")
    if len(password) < 8:
        raise ValueError("passwords need at least 8 characters")
    if len(password.encode()) > 72:
        raise ValueError("passwords can have at most 72 bytes (bcrypt's limit)")
    path = path or users_path()
    with _locked(path):
        before = load_users(path, require_admin=False)  # so an admin can be added to a file without one
        users = {**before, name: {"password_hash": hash_password(password), "role": role}}
        _check_admins_remain(before, users)
        if not _has_admin(users):
            raise ValueError("the users file needs an admin: add one first (`--role admin`)")
        _write_users(users, path)


def remove_user(name: str, path: Path | None = None) -> None:
    path = path or users_path()
    with _locked(path):
        before = load_users(path, require_admin=False)
        if name not in before:
            raise ValueError(f"no user {str(name)[:64]!r}")
        users = {k: v for k, v in before.items() if k != name}
        _check_admins_remain(before, users)
        _write_users(users, path)


def _write_users(users: dict[str, dict], path: Path) -> None:
    """Write the whole file readable by its owner only (0600), atomically (temp file + rename)."""
    lines = ["# Evalboard users: managed by `python -m dashboard.users`", ""]
    for user, entry in sorted(users.items()):
        lines += [f"[users.{_toml_string(user)}]",
                  f"password_hash = {_toml_string(entry['password_hash'])}",
                  f"role = {_toml_string(entry['role'])}", ""]
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    try:
        os.fchmod(fd, 0o600)  # also when a stale temp file was there with other bits
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write("\n".join(lines))
            fh.flush()
            os.fsync(fh.fileno())
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    os.replace(tmp, path)
