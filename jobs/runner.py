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
from pymongo.errors import PyMongoError

log = logging.getLogger("jobs")
JOBS = ("adopt", "score", "aggregate", "alerts", "notify", "report")


def _job(name: str) -> Callable[..., dict]:
    if name == "adopt":
        from jobs.adopt import adopt_logged_records
        return lambda db, full=False, week=None, now=None: adopt_logged_records(db)
    if name == "aggregate":
        from jobs.aggregate import refresh
        return lambda db, full=False, week=None, now=None: refresh(db, full=full, now=now)
    if name == "alerts":
        from jobs.alerts import evaluate
        return lambda db, full=False, week=None, now=None: evaluate(db, now=now)
    if name == "notify":
        from jobs.notify import deliver
        return lambda db, full=False, week=None, now=None: deliver(db, now=now)
    if name == "report":
        from jobs.report import run_report
        return lambda db, full=False, week=None, now=None: run_report(db, week=week, now=now)
    if name == "score":
        from jobs.score import score_pending
        return lambda db, full=False, week=None, now=None: score_pending(db, now=now)
    raise ValueError(f"unknown job {name!r}; jobs: {', '.join(JOBS)}")


def run_job(db: Database, job: str, *, full: bool = False, week: str | None = None,
            now: datetime | None = None, worker: str | None = None) -> tuple[bool, dict]:
    """Run `job`; returns (ok, counts-or-error). Never raises for a job failure."""
    fn = _job(job)
    started = time.perf_counter()
    run_id = None
    try:
        from store.job_runs import start_run
        run_id = start_run(db, job, worker=worker)
    except PyMongoError as exc:
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
    except PyMongoError as exc:
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
