"""The one MongoDB client. Everything else asks `get_db()` for the database.

The client is created lazily once per process (module-level singleton); the
dashboard wraps `get_db` in `st.cache_resource`. Short server-selection timeouts
make an outage show up as a clear `DatabaseUnavailable` instead of a hang.
"""
from __future__ import annotations

import re

import threading

from pymongo import MongoClient
from pymongo.database import Database
from pymongo.errors import PyMongoError

from settings import DEFAULT_DB_NAME, get_settings

_lock = threading.Lock()
_client: MongoClient | None = None
_client_uri: str | None = None


class DatabaseUnavailable(RuntimeError):
    """The database could not be reached; the message says where and why."""


def _uri() -> str:
    """MONGODB_URI, or the embedded server that `make run` starts on 127.0.0.1."""
    settings = get_settings()
    return settings.mongodb_uri or f"mongodb://127.0.0.1:{settings.embedded_port}/{DEFAULT_DB_NAME}"


def is_embedded() -> bool:
    """The database is the embedded server (no EVALBOARD_MONGODB_URI): where the database is."""
    return not get_settings().mongodb_uri


def make_client(uri: str, timeout_ms: int = 3000) -> MongoClient:
    # Server selection gives up after `timeout_ms` (an outage shows quickly), but
    # connect/heartbeat get at least 30 s: the embedded server answers heartbeats
    # late while it runs a big aggregation, and a timed-out heartbeat would reset
    # the pool and cancel the very query the page is waiting for.
    return MongoClient(
        uri, serverSelectionTimeoutMS=timeout_ms, connectTimeoutMS=max(timeout_ms, 30_000),
        tz_aware=True, appname="evalboard",
    )


def get_client() -> MongoClient:
    global _client, _client_uri
    uri = _uri()
    with _lock:
        if _client is None or _client_uri != uri:
            if _client is not None:
                _client.close()
            _client, _client_uri = make_client(uri), uri
        return _client


def get_db(name: str | None = None) -> Database:
    return get_client()[name or get_settings().db_name or DEFAULT_DB_NAME]


def patient_db(timeout_ms: int = 120_000) -> Database:
    """The configured database on a client of its own with long timeouts, for
    jobs and CLI commands whose aggregations may run for minutes (`timeout_ms`:
    how long server selection waits; ingest asks for a few seconds)."""
    return make_client(_uri(), timeout_ms=timeout_ms)[get_settings().db_name or DEFAULT_DB_NAME]


def outage_text(exc: BaseException, limit: int = 300) -> str:
    """A database error in one short line: pymongo's server-selection message without its
    `(configured timeouts: ...)` and its whole `Topology Description: <...>` (ids, every server)."""
    text = " ".join(str(exc).split())
    for cut in (", Timeout: ", " Topology Description: "):
        text = text.split(cut, 1)[0]
    text = re.sub(r" \(configured timeouts: [^)]*\)", "", text)
    return text[:limit]


def ping(db: Database) -> None:
    """Raise DatabaseUnavailable with a readable reason when the server is down."""
    try:
        db.client.admin.command("ping")
    except PyMongoError as exc:
        hint = "" if get_settings().mongodb_uri else (
            " (MONGODB_URI is unset, so the embedded server on 127.0.0.1 is expected:"
            " `make run` starts it, or `python -m store serve`)")
        raise DatabaseUnavailable(f"database unreachable{hint}: {exc.__class__.__name__}: {outage_text(exc)}") from exc


def reset_client() -> None:
    global _client, _client_uri
    with _lock:
        if _client is not None:
            _client.close()
        _client, _client_uri = None, None
