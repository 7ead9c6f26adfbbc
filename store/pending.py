"""Records stored but not yet in the aggregates, and when they will be (issue 34).

The pages show the aggregates; between an ingest and the refresh that counts it they would
silently show partial numbers. `pending_records` says, cheaply, how many records are stored but
not counted yet, of which features, and why:
- `refresh`: stored (judged, not rejected) with `ingested_at` at or past the aggregates'
  watermark: the next refresh adds them (a refresh asked for through the request lane, or the
  worker's next tick). Read through the `ingested_at` index: only the records past the watermark.
- `scores`: waiting for their first scores (`eb.needs_scoring`; the aggregates leave them out,
  store.aggregate_counts.COUNTED): they are counted at the refresh after the score workers write them.
Each count reads at most CAP records (then it says "at least").

`when` says when they will be in: `refresh_asked_at` (a refresh is queued in the request lane:
within seconds), `refresh_running` (the aggregate job holds its lock now), `next_tick` (the
scheduler's next tick, from APScheduler's job store). `scheduler_status` is the same source for
Data health's scheduler line (last tick, next tick, lease holder).
"""
from __future__ import annotations

from datetime import datetime, timezone
from typing import Any

from pymongo.database import Database

from core.jobs import AGGREGATE
from store.collections import APS_JOBS, JOB_RUNS, RECORDS, STATE
from store.state import AGGREGATE as AGGREGATE_STATE
from store.locks import lease_holder, lock_holder
from store.setup_status import demo_loading
from store.state import JOBS_WANTED, get_state

CAP = 50_000
SCHEDULER_LEASE = "scheduler"  # jobs.scheduler.LEASE (store never imports jobs)
TICK_JOB_ID = "tick"           # the scheduler's interval job in APScheduler's store


def _per_feature(db: Database, match: dict) -> tuple[dict[str, int], bool]:
    """({feature: records}, capped) of the first CAP records `match` selects."""
    pipeline = [{"$match": match}, {"$limit": CAP}, {"$group": {"_id": "$feature", "n": {"$sum": 1}}}]
    out = {str(row["_id"] or "unknown"): int(row["n"]) for row in db[RECORDS].aggregate(pipeline)}
    return out, sum(out.values()) >= CAP


def _aware(value: Any) -> datetime | None:
    if not isinstance(value, datetime):
        return None
    return value if value.tzinfo else value.replace(tzinfo=timezone.utc)


def next_tick(db: Database) -> datetime | None:
    """When the scheduler runs its next tick (APScheduler keeps `next_run_time` as epoch seconds)."""
    doc = db[APS_JOBS].find_one({"_id": TICK_JOB_ID}, {"next_run_time": 1})
    value = (doc or {}).get("next_run_time")
    if isinstance(value, (int, float)):
        return datetime.fromtimestamp(float(value), timezone.utc)
    return _aware(value)


def refresh_state(db: Database, now: datetime) -> dict[str, Any]:
    """{refresh_asked_at, refresh_running, next_tick, demo_loading}: when the aggregates will count what is
    waiting."""
    wanted = db[STATE].find_one({"_id": JOBS_WANTED}) or {}
    asked = _aware(wanted.get("requested_at")) if AGGREGATE in (wanted.get("jobs") or []) else None
    lock = lock_holder(db, AGGREGATE) or {}
    expires = _aware(lock.get("expires_at"))
    return {"refresh_asked_at": asked, "refresh_running": bool(lock.get("owner") and expires and expires > now),
            "next_tick": next_tick(db), "demo_loading": demo_loading(db)}


def pending_records(db: Database, *, now: datetime | None = None) -> dict[str, Any]:
    """{"refresh": {feature: n}, "scores": {feature: n}, "capped": bool, "watermark", "refresh_asked_at",
    "refresh_running", "next_tick"}: the records not in the aggregates yet (see the module's text)."""
    now = now or datetime.now(timezone.utc)
    watermark = _aware(get_state(db, AGGREGATE_STATE).get("watermark"))
    counted_after = {"ingested_at": {"$gte": watermark}} if watermark else {}
    refresh, capped_a = _per_feature(db, {**counted_after, "timestamp": {"$type": "date"}, "eb.rejected": None,
                                          "eb.needs_scoring": {"$ne": True}})
    scores, capped_b = _per_feature(db, {"eb.needs_scoring": True, "eb.rejected": None})
    return {"refresh": refresh, "scores": scores, "capped": capped_a or capped_b, "watermark": watermark,
            **refresh_state(db, now)}


def scheduler_status(db: Database, *, now: datetime | None = None) -> dict[str, Any]:
    """{holder, lease_expires_at, leading (the lease is live), last_tick ({started_at, outcome} of the
    aggregate job's latest run: every tick runs it), next_tick}: Data health's scheduler line."""
    now = now or datetime.now(timezone.utc)
    lease = lease_holder(db, SCHEDULER_LEASE) or {}
    expires = _aware(lease.get("expires_at"))
    last = db[JOB_RUNS].find_one({"job": AGGREGATE}, {"started_at": 1, "outcome": 1, "worker": 1},
                                 sort=[("started_at", -1)])
    return {"holder": lease.get("owner"), "lease_expires_at": expires,
            "leading": bool(lease.get("owner") and expires and expires > now),
            "last_tick": {"started_at": _aware(last.get("started_at")), "outcome": last.get("outcome")} if last
            else None, "next_tick": next_tick(db)}
