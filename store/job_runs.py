"""The `job_runs` collection: one document per job run (the dashboard's health page shows it)."""
from __future__ import annotations

from datetime import datetime, timezone
from typing import Any

from bson import ObjectId
from pymongo import DESCENDING
from pymongo.database import Database

from store.collections import JOB_RUNS


def ensure_indexes(db: Database) -> None:
    db[JOB_RUNS].create_index([("job", 1), ("started_at", DESCENDING)], name="job_started")
    db[JOB_RUNS].create_index([("started_at", DESCENDING)], name="started")


def start_run(db: Database, job: str, *, worker: str | None = None, now: datetime | None = None) -> Any:
    run_id = ObjectId()
    db[JOB_RUNS].insert_one({"_id": run_id, "job": job, "started_at": now or datetime.now(timezone.utc),
                             "finished_at": None, "duration_s": None, "outcome": "running", "detail": "",
                             "counts": {}, "worker": worker})
    return run_id


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
