"""Small pieces of job state in `evalboard_state`: watermarks, flags, dirty days, leases.

Documents:
- `{_id: "aggregate", watermark, full_rebuild_requested, dirty_days: [YYYY-MM-DD],
  daily_values: {version, tz} (what aggregates_daily_values was built with; a mismatch
  makes the next refresh a full rebuild), release_watermark, release_days, release_full_pending,
  release_values: {version, tz}, release_top: {dim: [values]} (the release aggregates' own window,
  recounts and build: jobs/aggregate.py), ...}`
- `{_id: "lease:<name>", owner, expires_at, acquired_at, renewed_at}` (the scheduler's leader)
- `{_id: "lock:<job>", owner, token, expires_at, heartbeat_at, acquired_at}` (one run of a job at a time)
- `{_id: "inflight:<uuid>", at, what, records}` (a batch of records being written: the aggregates
  hold back records stamped from `at` on until it is gone; `write_in_flight`)
"""
from __future__ import annotations

import threading
import uuid
from contextlib import contextmanager
from datetime import datetime, timedelta, timezone
from typing import Any, Callable, Iterable, Iterator

from pymongo import ReturnDocument
from pymongo.database import Database
from pymongo.errors import DuplicateKeyError

from store.collections import STATE

AGGREGATE = "aggregate"


def _now() -> datetime:
    return datetime.now(timezone.utc)


def get_state(db: Database, key: str) -> dict:
    return db[STATE].find_one({"_id": key}) or {"_id": key}


def set_state(db: Database, key: str, **fields: Any) -> None:
    db[STATE].update_one({"_id": key}, {"$set": fields}, upsert=True)


def advance_watermark(db: Database, key: str, watermark: datetime, field: str = "watermark") -> None:
    """Move a watermark forward only (`$max`): a slower run that finishes last never moves it back."""
    db[STATE].update_one({"_id": key}, {"$max": {field: watermark}}, upsert=True)


# --- writes in flight: what the aggregates must not count yet ------------------------------
# A batch of records is stamped with `ingested_at` just before it is written. The aggregate
# refresh counts [watermark, cutoff); a batch stamped before the cutoff but landing after the
# refresh read its window would be missed for good. So every stamped write registers itself
# first: the marker is stored, then the stamp is taken (>= the marker's `at`), then the batch is
# written, then the marker removed. A refresh takes its cutoff, then reads the markers, and
# counts only up to the oldest live one. Nothing waits on a wall-clock window: a finished load is
# in the next refresh. A marker left by a writer that died expires after `INFLIGHT_TIMEOUT`.
INFLIGHT = "inflight:"
INFLIGHT_TIMEOUT = timedelta(minutes=2)


def _ms(ts: datetime) -> datetime:
    return ts.replace(microsecond=ts.microsecond // 1000 * 1000)  # as BSON keeps it


@contextmanager
def write_in_flight(db: Database, what: str, records: int) -> Iterator[datetime]:
    """Register a stamped write of `records` records; yields the `ingested_at` stamp to use."""
    key = f"{INFLIGHT}{uuid.uuid4().hex}"
    at = _ms(_now())
    db[STATE].insert_one({"_id": key, "at": at, "what": str(what)[:100], "records": int(records)})
    try:
        yield max(_ms(_now()), at)
    finally:
        try:
            db[STATE].delete_one({"_id": key})
        except Exception:  # noqa: BLE001 - an outage: the marker expires
            pass


def writes_in_flight(db: Database, now: datetime | None = None) -> dict:
    """The live markers: {"since": oldest `at` or None, "batches": n, "records": n, "what": [..], "expired": n}."""
    now = now or _now()
    live = []
    expired = 0
    for doc in db[STATE].find({"_id": {"$gte": INFLIGHT, "$lt": INFLIGHT[:-1] + ";"}}):
        at = doc.get("at")
        if not isinstance(at, datetime):
            continue
        at = at if at.tzinfo else at.replace(tzinfo=timezone.utc)
        if now - at > INFLIGHT_TIMEOUT:
            expired += 1
            continue
        live.append({**doc, "at": at})
    return {"since": min((d["at"] for d in live), default=None), "batches": len(live),
            "records": sum(int(d.get("records") or 0) for d in live),
            "what": sorted({str(d.get("what") or "") for d in live}), "expired": expired}


def request_full_rebuild(db: Database, reason: str = "") -> None:
    """Make the next aggregate run rebuild every bucket (e.g. thresholds changed)."""
    db[STATE].update_one({"_id": AGGREGATE}, {"$set": {"full_rebuild_requested": True,
                                                       "full_rebuild_reason": reason,
                                                       "full_rebuild_requested_at": _now()}},
                         upsert=True)


WAKE = "wake"


def request_tick(db: Database, reason: str = "") -> None:
    """Ask the worker for a tick now (a threshold edit, a report request): it polls every few seconds."""
    db[STATE].update_one({"_id": WAKE}, {"$set": {"requested_at": _now(), "reason": reason}}, upsert=True)


def take_tick_request(db: Database) -> dict | None:
    """The pending wake-up request, removed (atomic: one worker takes it), or None."""
    return db[STATE].find_one_and_delete({"_id": WAKE})


JOBS_WANTED = "jobs_wanted"
# The worker's request lanes: each runs its requests one after another, the lanes side by side, so a
# long verdict recompute (a threshold save) never holds up "Build report now" or "Send test".
PERSON_LANE, RECOMPUTE_LANE = "person", "recompute"
LANES = (PERSON_LANE, RECOMPUTE_LANE)


def _lane_key(lane: str) -> str:
    if lane not in LANES:
        raise ValueError(f"unknown lane {lane!r}; lanes: {', '.join(LANES)}")
    return JOBS_WANTED if lane == PERSON_LANE else f"{JOBS_WANTED}:{lane}"


def request_jobs(db: Database, jobs: Iterable[str], reason: str = "", lane: str = PERSON_LANE) -> None:
    """Ask the worker to run these jobs now, beside any tick in progress (each under its own lock):
    what a person asked for in the dashboard — a threshold save's recompute (its own lane),
    "Build report now", "Send test" — never waits for a tick to end."""
    db[STATE].update_one({"_id": _lane_key(lane)}, {"$addToSet": {"jobs": {"$each": [str(j) for j in jobs]}},
                                                    "$set": {"requested_at": _now(), "reason": reason}}, upsert=True)


def take_job_request(db: Database, lane: str = PERSON_LANE) -> dict | None:
    """The pending job request of a lane ({jobs, reason, requested_at}), removed, or None."""
    return db[STATE].find_one_and_delete({"_id": _lane_key(lane)})


def mark_dirty_days(db: Database, days: Iterable[str]) -> None:
    """Days (local YYYY-MM-DD) whose records changed without a new `ingested_at` (re-scoring)."""
    days = sorted({d for d in days if d})
    if days:
        db[STATE].update_one({"_id": AGGREGATE}, {"$addToSet": {"dirty_days": {"$each": days}}}, upsert=True)


def mark_release_days(db: Database, days: Iterable) -> None:
    """Days (local) whose release aggregates must be recomputed (kept until done)."""
    texts = sorted({d.isoformat() if hasattr(d, "isoformat") else str(d) for d in days})
    if texts:
        db[STATE].update_one({"_id": AGGREGATE}, {"$addToSet": {"release_days": {"$each": texts}}}, upsert=True)


def clear_release_days(db: Database, days: Iterable, *, full: bool = False) -> None:
    texts = [d.isoformat() if hasattr(d, "isoformat") else str(d) for d in days]
    update: dict = {"$pull": {"release_days": {"$in": texts}}} if texts else {}
    if full:
        update.setdefault("$set", {})["release_full_pending"] = False
    if update:
        db[STATE].update_one({"_id": AGGREGATE}, update)


def clear_dirty_days(db: Database, days: Iterable[str]) -> None:
    days = list(days)
    if days:
        db[STATE].update_one({"_id": AGGREGATE}, {"$pull": {"dirty_days": {"$in": days}}})


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


# --- first start: what the worker has not built yet (the pages say so) ----------------------

SETUP = "setup"
DEMO_STALE = timedelta(minutes=20)


def set_setup(db: Database, **fields: Any) -> None:
    """Record a first-start step (`demo_loading`, ...) for the pages' "still being built" notice."""
    set_state(db, SETUP, **fields, updated_at=_now())


def build_status(db: Database, records_known: bool = False) -> dict:
    """What a fresh database still lacks: {"pending": [steps], "demo_loading": bool, "records": bool}.

    `records_known`: the caller saw records in this database before, so the check is skipped. It
    matters: the embedded server answers "any record?" by scanning the collection (1-2 s at 36k
    records on a quiet machine, measured in issue 29), and every page run asks.

    Steps, in the order the worker's first tick does them: "aggregates" (no aggregate run has
    finished), "alerts" (the rules were never judged), "weekly report" (none built yet, though
    there are weekly aggregates). Empty `pending` = nothing left to build."""
    from store.collections import AGG_WEEKLY, RECORDS, REPORTS

    setup = db[STATE].find_one({"_id": SETUP}) or {}
    has_records = records_known or db[RECORDS].find_one({}, {"_id": 1}) is not None
    pending: list[str] = []
    progress: dict = {}
    generation: list = []
    if has_records:
        aggregate = db[STATE].find_one({"_id": AGGREGATE}) or {}
        generation = [aggregate.get("watermark"), aggregate.get("release_watermark"),
                      (db[STATE].find_one({"_id": "alerts"}, {"at": 1}) or {}).get("at")]
        if not aggregate.get("watermark"):
            pending.append("aggregates")
            building = aggregate.get("building")
            if isinstance(building, dict) and isinstance(building.get("of"), int):
                progress["aggregates"] = {"done": int(building.get("done") or 0), "of": building["of"]}
        if not (db[STATE].find_one({"_id": "alerts"}) or {}).get("at"):
            pending.append("alerts")
        if db[AGG_WEEKLY].find_one({}, {"_id": 1}) is not None or pending:
            if db[REPORTS].find_one({}, {"_id": 1}) is None:
                pending.append("weekly report")
    loading = bool(setup.get("demo_loading"))
    stamp = setup.get("updated_at")
    if loading and isinstance(stamp, datetime):  # a load killed mid-way never cleared its flag
        loading = _now() - (stamp if stamp.tzinfo else stamp.replace(tzinfo=timezone.utc)) < DEMO_STALE
    return {"pending": pending, "demo_loading": loading, "records": has_records, "progress": progress,
            # moves whenever the worker has written new numbers (aggregates, release aggregates, alerts)
            "generation": "|".join(str(stamp) for stamp in generation)}


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
