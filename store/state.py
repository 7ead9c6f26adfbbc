"""Small pieces of job state in `evalboard_state`: watermarks, flags, dirty days, leases.

Documents:
- `{_id: "aggregate", watermark, full_rebuild_requested, dirty_days: [YYYY-MM-DD],
  daily_values: {version, tz} (what aggregates_daily_values was built with; a mismatch
  makes the next refresh a full rebuild), release_watermark, release_days, release_full_pending,
  release_values: {version, tz}, release_top: {dim: [values]} (the release aggregates' own window,
  recounts and build: jobs/aggregate.py), records_written_at (the end of the latest load: every intake
  stamps it, `mark_records_written`; the pages drop their cached "not counted yet" read when it moves), ...}`
- `{_id: "lease:<name>", owner, expires_at, acquired_at, renewed_at}` (the scheduler's leader)
- `{_id: "lock:<job>", owner, token, expires_at, heartbeat_at, acquired_at}` (one run of a job at a time)
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


def mark_records_written(db: Database) -> None:
    """A load of records has been written (an ingest, an intake request): the pages' cached count of records
    not yet in the aggregates is out of date (build_status's `records_written`)."""
    set_state(db, AGGREGATE, records_written_at=_now())


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


def _demo_loading(setup: dict) -> bool:
    loading = bool(setup.get("demo_loading"))
    stamp = setup.get("updated_at")
    if loading and isinstance(stamp, datetime):  # a load killed mid-way never cleared its flag
        loading = _now() - (stamp if stamp.tzinfo else stamp.replace(tzinfo=timezone.utc)) < DEMO_STALE
    return loading


def demo_loading(db: Database) -> bool:
    """The demo data is being written (`make run`'s worker starts once it is in)."""
    return _demo_loading(db[STATE].find_one({"_id": SETUP}) or {})


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
    written = watermark = None
    if has_records:
        aggregate = db[STATE].find_one({"_id": AGGREGATE}) or {}
        written, watermark = aggregate.get("records_written_at"), aggregate.get("watermark")
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
    return {"pending": pending, "demo_loading": _demo_loading(setup), "records": has_records, "progress": progress,
            # moves whenever the worker has written new numbers (aggregates, release aggregates, alerts)
            "generation": "|".join(str(stamp) for stamp in generation),
            # moves whenever a load of records has been written (store.state.mark_records_written)
            "records_written": written,
            "watermark": watermark}  # what the aggregates count up to (store.pending reads the same)


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
