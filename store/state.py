"""Small pieces of job state in `evalboard_state`: watermarks, flags, dirty days, the worker's requests.

Documents:
- `{_id: "aggregate", watermark, full_rebuild_requested, dirty_days: [YYYY-MM-DD],
  daily_values: {version, tz} (what aggregates_daily_values was built with; a mismatch
  makes the next refresh a full rebuild), release_watermark, release_days, release_full_pending,
  release_values: {version, tz}, release_top: {dim: [values]} (the release aggregates' own window,
  recounts and build: jobs/aggregate.py), records_written_at (the end of the latest load: every intake
  stamps it, `mark_records_written`; the pages drop their cached "not counted yet" read when it moves), ...}`
- `{_id: "wake"}` (a tick asked for) and `{_id: "jobs_wanted:<lane>"}` (jobs asked for, per request lane)

The same collection holds the leases and job locks (store/locks.py), the writes in flight
(store/inflight.py) and the first-start status (store/setup_status.py).
"""
from __future__ import annotations

from datetime import datetime, timezone
from typing import Any, Iterable

from pymongo.database import Database

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
