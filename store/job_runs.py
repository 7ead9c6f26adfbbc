"""The `job_runs` collection: one document per job run (the dashboard's health page shows it)."""
from __future__ import annotations

from datetime import datetime, timedelta, timezone
from typing import Any

from bson import ObjectId
from pymongo import DESCENDING
from pymongo.database import Database

from store.collections import JOB_RUNS


def ensure_indexes(db: Database) -> None:
    db[JOB_RUNS].create_index([("job", 1), ("started_at", DESCENDING)], name="job_started")
    db[JOB_RUNS].create_index([("started_at", DESCENDING)], name="started")
    db[JOB_RUNS].create_index([("outcome", 1), ("heartbeat_at", 1)], name="outcome_heartbeat")


def start_run(db: Database, job: str, *, worker: str | None = None, now: datetime | None = None) -> Any:
    run_id = ObjectId()
    started = now or datetime.now(timezone.utc)
    db[JOB_RUNS].insert_one({"_id": run_id, "job": job, "started_at": started,
                             "finished_at": None, "duration_s": None, "outcome": "running", "detail": "",
                             "counts": {}, "worker": worker, "heartbeat_at": started})
    return run_id


def beat(db: Database, run_id: Any) -> None:
    """The run is alive (its job lock's heartbeat calls this)."""
    db[JOB_RUNS].update_one({"_id": run_id, "outcome": "running"},
                            {"$set": {"heartbeat_at": datetime.now(timezone.utc)}})


def mark_abandoned(db: Database, stale_after_s: float, now: datetime | None = None) -> int:
    """Runs still "running" whose worker stopped beating (killed, machine gone): outcome "abandoned"."""
    now = now or datetime.now(timezone.utc)
    result = db[JOB_RUNS].update_many(
        {"outcome": "running", "heartbeat_at": {"$lt": now - timedelta(seconds=stale_after_s)}},
        {"$set": {"outcome": "abandoned", "finished_at": now,
                  "detail": f"no heartbeat for {stale_after_s:.0f} s: its worker died or was stopped"}})
    return result.modified_count


def finish_run(db: Database, run_id: Any, *, outcome: str, duration_s: float, detail: str = "",
               counts: dict | None = None) -> None:
    db[JOB_RUNS].update_one({"_id": run_id}, {"$set": {
        "finished_at": datetime.now(timezone.utc), "duration_s": round(duration_s, 3), "outcome": outcome,
        "detail": detail[:2000], "counts": counts or {}}})


def last_runs(db: Database) -> list[dict]:
    """The latest run of each job, sorted by job name."""
    rows = db[JOB_RUNS].aggregate([
        {"$sort": {"started_at": -1}},
        {"$group": {"_id": "$job", "run": {"$first": "$$ROOT"}}},
    ])
    return sorted((r["run"] for r in rows), key=lambda r: str(r.get("job")))


def recent_runs(db: Database, limit: int = 50) -> list[dict]:
    return list(db[JOB_RUNS].find().sort("started_at", DESCENDING).limit(int(limit)))
