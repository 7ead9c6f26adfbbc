"""Writes in flight (documents of `evalboard_state`): what the aggregates must not count yet.

- `{_id: "inflight:<uuid>", at, beat_at, beats, what, records, expired?: {wall, seen, at}, done_at?}`
  (a batch of records being written: the aggregates hold back records stamped from `at` on until it
  is gone or expired; `write_in_flight`, `hold_back`, `late_batches`)
"""
from __future__ import annotations

import threading
import time
import uuid
from contextlib import contextmanager
from datetime import datetime, timedelta, timezone
from typing import Callable, Iterator

from pymongo.database import Database

from store.collections import STATE
from store.state import _now


# --- writes in flight: what the aggregates must not count yet ------------------------------
# A batch of records is stamped with `ingested_at` just before it is written. The aggregate
# refresh counts [watermark, cutoff); a batch stamped before the cutoff but landing after the
# refresh read its window would be missed. So every stamped write registers itself first: the
# marker is stored, then the stamp is taken (>= the marker's `at`), then the marker renewed (the
# last check before the write), then the batch written, then the marker removed. A refresh takes
# its cutoff, then reads the markers, and counts only up to the oldest live one.
#
# A writer keeps its marker alive with heartbeats (`beat_at`, `beats`; one thread per process).
# A marker without a beat for the timeout (EVALBOARD_INFLIGHT_TIMEOUT_S: the writer died,
# or its process is frozen — SIGSTOP, swap, a paused VM) stops holding the others back: the
# refresh *expires* it, in one update conditional on `beats` being what it read, and records the
# window its batch's stamp must lie in: `expired = {wall, seen}`, [at, wall) (the stamp was taken
# before the writer's last successful renewal, which is older than `wall - timeout`), `seen` = the
# records in that window then. A writer whose last check finds its marker expired has written
# nothing yet: it gives that marker up and registers again with a fresh stamp. One whose batch
# lands after its marker expired (frozen during the write) changes the window's count: every later
# refresh compares the count with `seen` and, when it changed, recounts the window's days whole
# (`late_batches` / `settle_late_batches`, jobs/aggregate.py) — so no record stays below the
# watermark uncounted however long its writer was frozen. An expired marker is removed once its
# writer has finished (`done_at`), or after INFLIGHT_FORGET (a writer that died).
INFLIGHT = "inflight:"
INFLIGHT_FORGET = timedelta(days=7)
# a test's hook: called at every point of a stamped write ("marker", "stamp", "check", "write",
# "done") and before each heartbeat ("beat"); a test blocks in it to freeze the writer. None in production.
PAUSE_HOOK: Callable[[str], None] | None = None


def _pause(point: str) -> None:
    if PAUSE_HOOK is not None:
        PAUSE_HOOK(point)


DEFAULT_TIMEOUT = timedelta(seconds=20)  # EVALBOARD_INFLIGHT_TIMEOUT_S: the refresh passes the setting
BEAT_S = 2.0  # a writer's heartbeat interval (keep the timeout several beats long)


def _ms(ts: datetime) -> datetime:
    return ts.replace(microsecond=ts.microsecond // 1000 * 1000)  # as BSON keeps it


def _aware(ts: datetime) -> datetime:
    return ts if ts.tzinfo else ts.replace(tzinfo=timezone.utc)


class _Heartbeat:
    """One daemon thread per process renewing the markers of this process's writes in flight."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._keys: dict[str, Database] = {}
        self._thread: threading.Thread | None = None

    def add(self, db: Database, key: str) -> None:
        with self._lock:
            self._keys[key] = db
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._run, name="inflight-heartbeat", daemon=True)
                self._thread.start()

    def remove(self, key: str) -> None:
        with self._lock:
            self._keys.pop(key, None)

    def _run(self) -> None:
        while True:
            time.sleep(BEAT_S)
            _pause("beat")
            with self._lock:
                groups: dict[int, tuple[Database, list[str]]] = {}
                for key, db in self._keys.items():
                    groups.setdefault(id(db), (db, []))[1].append(key)
            for db, keys in groups.values():
                try:
                    renew_markers(db, keys)
                except Exception:  # noqa: BLE001 - a missed beat; the next one may land
                    continue


_HEARTBEAT = _Heartbeat()


def renew_markers(db: Database, keys: list[str]) -> int:
    """A heartbeat for these markers unless a refresh expired them; returns how many were renewed."""
    return db[STATE].update_many({"_id": {"$in": list(keys)}, "expired": None},
                                 {"$set": {"beat_at": _ms(_now())}, "$inc": {"beats": 1}}).matched_count


def _finish(db: Database, key: str, at: datetime, stamp: datetime | None) -> None:
    """Remove a marker after its write; an expired one is left for the refresh with `done_at`."""
    if db[STATE].delete_one({"_id": key, "expired": None}).deleted_count:
        return
    if db[STATE].update_one({"_id": key}, {"$set": {"done_at": _now()}}).matched_count or stamp is None:
        return
    # expired and already forgotten (INFLIGHT_FORGET): announce the batch again, as late
    db[STATE].insert_one({"_id": key, "at": at, "beat_at": at, "beats": 0, "what": "late", "records": 0,
                          "expired": {"wall": stamp + timedelta(milliseconds=1), "seen": -1}, "done_at": _now()})


@contextmanager
def write_in_flight(db: Database, what: str, records: int) -> Iterator[datetime]:
    """Register a stamped write of `records` records; yields the `ingested_at` stamp to use."""
    while True:
        key = f"{INFLIGHT}{uuid.uuid4().hex}"
        at = _ms(_now())
        _pause("marker")
        db[STATE].insert_one({"_id": key, "at": at, "beat_at": at, "beats": 0, "what": str(what)[:100],
                              "records": int(records)})
        _HEARTBEAT.add(db, key)
        try:
            _pause("stamp")
            stamp = max(_ms(_now()), at)
            _pause("check")
            alive = renew_markers(db, [key]) == 1  # after the stamp: see the block comment above
        except BaseException:
            _HEARTBEAT.remove(key)
            raise
        if alive:
            break
        _HEARTBEAT.remove(key)  # expired before anything was written: given up, registered again
        _finish(db, key, at, None)
    try:
        _pause("write")
        yield stamp
    finally:
        _HEARTBEAT.remove(key)
        try:
            _pause("done")
            _finish(db, key, at, stamp)
        except Exception:  # noqa: BLE001 - an outage: the marker expires, its window is recounted
            pass


def _markers(db: Database) -> list[dict]:
    out = []
    for doc in db[STATE].find({"_id": {"$gte": INFLIGHT, "$lt": INFLIGHT[:-1] + ";"}}):
        if isinstance(doc.get("at"), datetime):
            beat = doc.get("beat_at") if isinstance(doc.get("beat_at"), datetime) else doc["at"]
            out.append({**doc, "at": _aware(doc["at"]), "beat_at": _aware(beat)})
    return out


def _summary(live: list[dict], expired: int) -> dict:
    return {"since": min((d["at"] for d in live), default=None), "batches": len(live),
            "records": sum(int(d.get("records") or 0) for d in live),
            "what": sorted({str(d.get("what") or "") for d in live}), "expired": expired}


def writes_in_flight(db: Database, now: datetime | None = None, timeout: timedelta = DEFAULT_TIMEOUT) -> dict:
    """The live markers (for display): {"since": oldest `at` or None, "batches", "records", "what": [..],
    "expired": markers expired or without a heartbeat for `timeout`}."""
    now = now or _now()
    markers = _markers(db)
    live = [d for d in markers if d.get("expired") is None and now - d["beat_at"] <= timeout]
    return _summary(live, len(markers) - len(live))


def hold_back(db: Database, wall: datetime, timeout: timedelta = DEFAULT_TIMEOUT) -> dict:
    """The writes a refresh must wait for, read after its cutoff was taken (`wall`: the time the cutoff
    is based on). Expires each marker without a heartbeat for `timeout` (conditional on
    its `beats`: a marker renewed meanwhile stays live); every marker not expired holds back.
    Returns writes_in_flight's summary."""
    from store.collections import RECORDS

    live, expired = [], 0
    for doc in _markers(db):
        if doc.get("expired") is None and wall - doc["beat_at"] > timeout:
            seen = db[RECORDS].count_documents({"ingested_at": {"$gte": doc["at"], "$lt": wall}})
            if db[STATE].update_one({"_id": doc["_id"], "expired": None, "beats": doc.get("beats")},
                                    {"$set": {"expired": {"wall": wall, "seen": seen, "at": _now()}}}).matched_count:
                expired += 1
                continue
            doc = db[STATE].find_one({"_id": doc["_id"]}) or {"expired": True}
        if doc.get("expired") is None:
            live.append(doc)
        else:
            expired += 1
    return _summary(live, expired)


def late_batches(db: Database) -> list[dict]:
    """The expired markers whose window's record count changed since it was last seen (a batch landed
    late) or whose writer has finished: [{_id, at, wall, seen, now, done}] (`now`: the count now)."""
    from store.collections import RECORDS

    out = []
    for doc in _markers(db):
        expired = doc.get("expired")
        if not isinstance(expired, dict) or not isinstance(expired.get("wall"), datetime):
            continue
        wall = _aware(expired["wall"])
        count = db[RECORDS].count_documents({"ingested_at": {"$gte": doc["at"], "$lt": wall}})
        done = doc.get("done_at") is not None or _now() - doc["at"] > INFLIGHT_FORGET
        if count != expired.get("seen") or done:
            out.append({"_id": doc["_id"], "at": doc["at"], "wall": wall, "seen": expired.get("seen"),
                        "now": count, "done": done})
    return out


def settle_late_batches(db: Database, batches: list[dict]) -> None:
    """After a refresh recounted the late batches' days: remember the counts, drop the finished markers."""
    for batch in batches:
        if batch["done"]:
            db[STATE].delete_one({"_id": batch["_id"], "done_at": {"$exists": True}})
            db[STATE].delete_one({"_id": batch["_id"], "at": {"$lt": _now() - INFLIGHT_FORGET}})
        else:
            db[STATE].update_one({"_id": batch["_id"]}, {"$set": {"expired.seen": batch["now"]}})
