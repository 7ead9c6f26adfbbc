"""Runs one named job with the database: timing, logging, a `job_runs` entry, clean failure.

Every job is a small function `(db, **options) -> dict of counts`; all are
idempotent. A failure (a database outage included) is logged and recorded as
outcome "error" where the database still answers, and never raised to the
scheduler: the next tick simply tries again.
"""
from __future__ import annotations

import logging
import time
from datetime import datetime
from typing import Any, Callable

from pymongo.database import Database

from jobs import registry
from store.errors import DatabaseError

log = logging.getLogger("jobs")


def run_job(db: Database, job: str, *, full: bool = False, week: str | None = None,
            now: datetime | None = None, worker: str | None = None, in_tick: bool = False) -> tuple[bool, dict]:
    """Run `job` (its tick form when `in_tick`); returns (ok, counts-or-error). Never raises for a job failure."""
    entry = registry.get(job)
    fn = entry.tick if in_tick and entry.tick is not None else entry.run
    started = time.perf_counter()
    run_id = None
    try:
        from store.job_runs import start_run
        run_id = start_run(db, job, worker=worker)
    except DatabaseError as exc:
        log.error("job %s: database unavailable, will retry on the next tick: %s", job, exc)
        return False, {"error": f"database unavailable: {exc.__class__.__name__}"}
    try:
        counts: Any = fn(db, full=full, week=week, now=now) or {}
        ok, outcome, detail = True, "ok", ""
    except Exception as exc:  # noqa: BLE001 - one job's failure must not stop the worker
        log.exception("job %s failed", job)
        counts, ok, outcome = {}, False, "error"
        detail = f"{exc.__class__.__name__}: {str(exc)[:1500]}"
    duration = time.perf_counter() - started
    if isinstance(counts, dict) and counts.get("skipped"):
        outcome = "skipped"
    safe = {k: v for k, v in (counts if isinstance(counts, dict) else {}).items()
            if isinstance(v, (int, float, str, bool)) or v is None}
    if ok:
        detail = ", ".join(f"{k}={v}" for k, v in safe.items())
    log.info("job %s: %s in %.2fs %s", job, outcome, duration, detail)
    try:
        from store.job_runs import finish_run
        finish_run(db, run_id, outcome=outcome, duration_s=duration, detail=detail, counts=safe)
    except DatabaseError as exc:
        log.error("job %s: could not record its run: %s", job, exc)
    return ok, (counts if ok else {"error": detail})


def run_once(db: Database, job: str, full: bool = False, week: str | None = None,
             now: datetime | None = None) -> bool:
    """`python -m jobs run-once JOB`: run it now, print its outcome, True when it succeeded."""
    ok, counts = run_job(db, job, full=full, week=week, now=now)
    if job == "report" and ok and counts.get("week_start"):
        try:
            from jobs.report import export_files
            paths = export_files(db, counts["week_start"])
            counts = {**counts, "files": ", ".join(str(p) for p in paths)}
        except Exception as exc:  # noqa: BLE001
            log.error("report export failed: %s", exc)
    print(f"{job}: {'ok' if ok else 'error'} " + " ".join(f"{k}={v}" for k, v in counts.items()
                                                            if not isinstance(v, (dict, list))))
    return ok


def run_tick(db: Database, *, worker: str | None = None, still_leading: Callable[[], bool] | None = None,
             now: datetime | None = None) -> dict[str, bool]:
    """One ordered tick: every tick job of the registry; stops when `still_leading()` turns false."""
    done: dict[str, bool] = {}
    for job in registry.tick_jobs():
        if still_leading is not None and not still_leading():
            log.info("worker %s lost the lease; stopping this tick", worker)
            break
        done[job.name], _ = run_job(db, job.name, worker=worker, now=now, in_tick=True)
    return done
