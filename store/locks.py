"""Leases and job locks (documents of `evalboard_state`).

- `{_id: "lease:<name>", owner, expires_at, acquired_at, renewed_at}` (the scheduler's leader)
- `{_id: "lock:<job>", owner, token, expires_at, heartbeat_at, acquired_at}` (one run of a job at a time)
"""
from __future__ import annotations

import threading
import uuid
from datetime import datetime, timedelta
from typing import Callable

from pymongo import ReturnDocument
from pymongo.database import Database
from pymongo.errors import DuplicateKeyError

from store.collections import STATE
from store.state import _now


# --- leases ------------------------------------------------------------------------

def acquire_lease(db: Database, name: str, owner: str, ttl_s: float, *, now: datetime | None = None) -> bool:
    """Take or renew the lease; True when `owner` holds it afterwards.

    One atomic find-and-modify: it matches when the lease is free, expired or
    already ours; otherwise the upsert collides with the existing `_id` and
    the lease stays with its holder.
    """
    now = now or _now()
    try:
        doc = db[STATE].find_one_and_update(
            {"_id": f"lease:{name}", "$or": [{"owner": owner}, {"expires_at": {"$lt": now}},
                                              {"owner": None}]},
            {"$set": {"owner": owner, "expires_at": now + timedelta(seconds=ttl_s), "renewed_at": now},
             "$setOnInsert": {"acquired_at": now}},
            upsert=True, return_document=ReturnDocument.AFTER)
    except DuplicateKeyError:
        return False
    return bool(doc and doc.get("owner") == owner)


def release_lease(db: Database, name: str, owner: str) -> None:
    db[STATE].update_one({"_id": f"lease:{name}", "owner": owner},
                         {"$set": {"owner": None, "expires_at": _now()}})


def lease_holder(db: Database, name: str) -> dict | None:
    return db[STATE].find_one({"_id": f"lease:{name}"})


# --- job locks ---------------------------------------------------------------------
# `{_id: "lock:<job>", owner, token, expires_at, heartbeat_at, acquired_at}`: one holder per job at a time.
# Each acquisition gets a fresh token; every write phase of the holder first renews the lock *with its
# token* (fencing): a holder that was paused or cut off past `expires_at` and lost the lock to another
# worker finds a different token and stops before writing.

class LockLost(RuntimeError):
    """The job lock was taken over by another worker (this one was paused, slow or cut off)."""


def acquire_lock(db: Database, name: str, owner: str, ttl_s: float, *, now: datetime | None = None) -> str | None:
    """The lock's new token when `owner` now holds it; None while another holder's lock is unexpired."""
    now = now or _now()
    token = uuid.uuid4().hex
    try:
        doc = db[STATE].find_one_and_update(
            {"_id": f"lock:{name}", "expires_at": {"$not": {"$gt": now}}},
            {"$set": {"owner": owner, "token": token, "expires_at": now + timedelta(seconds=ttl_s),
                      "heartbeat_at": now, "acquired_at": now}},
            upsert=True, return_document=ReturnDocument.AFTER)
    except DuplicateKeyError:
        return None
    return token if doc and doc.get("token") == token else None


def renew_lock(db: Database, name: str, token: str, ttl_s: float) -> bool:
    """Extend the lock if `token` still holds it (heartbeat and fence in one atomic update)."""
    now = _now()
    result = db[STATE].update_one({"_id": f"lock:{name}", "token": token},
                                  {"$set": {"expires_at": now + timedelta(seconds=ttl_s), "heartbeat_at": now}})
    return result.matched_count == 1


def release_lock(db: Database, name: str, token: str) -> None:
    db[STATE].update_one({"_id": f"lock:{name}", "token": token},
                         {"$set": {"owner": None, "token": None, "expires_at": _now()}})


def lock_holder(db: Database, name: str) -> dict | None:
    return db[STATE].find_one({"_id": f"lock:{name}"})


class JobLock:
    """A held job lock with a heartbeat thread; `check()` is the fence a job calls before each write phase."""

    def __init__(self, db: Database, name: str, owner: str, ttl_s: float,
                 on_beat: Callable[[], None] | None = None):
        self.db, self.name, self.owner, self.ttl_s = db, name, owner, ttl_s
        self.token: str | None = None
        self._on_beat = on_beat
        self._stop = threading.Event()
        self._lost = threading.Event()
        self._thread: threading.Thread | None = None

    def acquire(self) -> bool:
        self.token = acquire_lock(self.db, self.name, self.owner, self.ttl_s)
        if self.token is None:
            return False
        self._thread = threading.Thread(target=self._beat, name=f"lock-{self.name}", daemon=True)
        self._thread.start()
        return True

    def _beat(self) -> None:
        while not self._stop.wait(self.ttl_s / 3):
            try:
                if not renew_lock(self.db, self.name, self.token, self.ttl_s):
                    self._lost.set()
                    return
                if self._on_beat is not None:
                    self._on_beat()
            except Exception:  # noqa: BLE001 - a failed beat is retried; expiry decides
                continue

    def check(self) -> None:
        """Raise LockLost unless this holder still holds the lock (renewing it)."""
        if self._lost.is_set() or self.token is None or not renew_lock(self.db, self.name, self.token, self.ttl_s):
            self._lost.set()
            raise LockLost(f"lock {self.name!r} lost by {self.owner}: another worker holds it now")

    def release(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=5)
        if self.token is not None and not self._lost.is_set():
            try:
                release_lock(self.db, self.name, self.token)
            except Exception:  # noqa: BLE001 - it expires anyway
                pass
