"""Runs one named job with the database: its lock, timing, logging, a `job_runs` entry, clean failure.

Every job is a small function `(db, **options) -> dict of counts`; all are
idempotent. Each run holds the job's lock (store.locks.JobLock: owner token,
heartbeat every ttl/3, EVALBOARD_JOB_LOCK_TTL_S): the scheduler's ticks,
`run-once`, `python -m jobs tick` and the builds the dashboard requests all come
through here, so two runs of one job never overlap; a run that finds the lock
held is "skipped". The job gets the lock's `check` as `fence` and calls it
before each write phase: a run that was paused past its lock's expiry and lost
it to another worker stops there ("lock lost"). Runs left "running" by a worker
that died are marked "abandoned" (no heartbeat for two lock lifetimes).
A failure (a database outage included) is logged and recorded as outcome
"error" where the database still answers, and never raised to the scheduler:
the next tick simply tries again.
"""
from __future__ import annotations

import logging
import os
import socket
import time
from datetime import datetime
from typing import Any, Callable

from pymongo.database import Database

from jobs import registry
from jobs.budget import STOPPING
from settings import get_settings
from store.errors import DatabaseError

log = logging.getLogger("jobs")
def default_owner() -> str:
    return f"{socket.gethostname()}:{os.getpid()}"


def run_job(db: Database, job: str, *, full: bool = False, week: str | None = None,
            now: datetime | None = None, worker: str | None = None, in_tick: bool = False,
            deadline: float | None = None, fn: Callable[..., dict] | None = None,
            record_as: str | None = None, quiet_skip: bool = False) -> tuple[bool, dict]:
    """Run `job` (its tick form when `in_tick`) under its lock; returns (ok, counts-or-error). Never
    raises for a job failure. `deadline`: where a budgeted job stops (time.monotonic()). `fn`: another
    function run under this job's lock and recorded as `record_as` (e.g. verify-aggregates).
    `quiet_skip`: a caller that retries until the lock is free logs the wait itself (once)."""
    from store.job_runs import beat, finish_run, mark_abandoned, start_run
    from store.locks import JobLock, LockLost

    if fn is None:
        entry = registry.get(job)
        fn = entry.tick if in_tick and entry.tick is not None else entry.run
    ttl = get_settings().job_lock_ttl_s
    started = time.perf_counter()
    run_id = None
    lock = JobLock(db, job, worker or default_owner(), ttl, on_beat=lambda: beat(db, run_id))
    try:
        mark_abandoned(db, 2 * ttl)
        if not lock.acquire():
            from store.locks import lock_holder
            holder = (lock_holder(db, job) or {}).get("owner")
            log.log(logging.DEBUG if quiet_skip else logging.INFO,
                    "job %s: skipped, another run holds its lock (%s)", job, holder)
            return True, {"skipped": f"another run holds the lock ({holder})"}
        run_id = start_run(db, record_as or job, worker=worker)
    except DatabaseError as exc:
        lock.release()
        log.error("job %s: database unavailable, will retry on the next tick: %s", job, exc)
        return False, {"error": f"database unavailable: {exc.__class__.__name__}"}
    try:
        counts: Any = fn(db, full=full, week=week, now=now, fence=lock.check, deadline=deadline) or {}
        ok, outcome, detail = True, "ok", ""
    except LockLost as exc:
        log.warning("job %s stopped: %s", job, exc)
        counts, ok, outcome, detail = {}, False, "lock lost", str(exc)
    except Exception as exc:  # noqa: BLE001 - one job's failure must not stop the worker
        log.exception("job %s failed", job)
        counts, ok, outcome = {}, False, "error"
        detail = f"{exc.__class__.__name__}: {str(exc)[:1500]}"
    finally:
        lock.release()
    duration = time.perf_counter() - started
    if isinstance(counts, dict) and counts.get("skipped"):
        outcome = "skipped"
    safe = {k: v for k, v in (counts if isinstance(counts, dict) else {}).items()
            if isinstance(v, (int, float, str, bool)) or v is None}
    if ok:
        detail = ", ".join(f"{k}={v}" for k, v in safe.items())
    log.info("job %s: %s in %.2fs %s", job, outcome, duration, detail)
    try:
        finish_run(db, run_id, outcome=outcome, duration_s=duration, detail=detail, counts=safe)
    except DatabaseError as exc:
        log.error("job %s: could not record its run: %s", job, exc)
    return ok, (counts if ok else {"error": detail})


def run_once(db: Database, job: str, full: bool = False, week: str | None = None,
             now: datetime | None = None, needs_wait_s: float | None = None) -> bool:
    """`python -m jobs run-once JOB`: run it now, print its outcome, True when it succeeded.

    The jobs it needs first (registry.NEEDS: the report needs current aggregates) run before it,
    each under its own lock, so what was just ingested is in what it builds. A needed job whose lock
    another run holds (a tick's refresh, whose cutoff may predate the latest records) is waited for
    and then run (`needs_wait_s`, default two lock lifetimes: a dead holder's lock expires in one);
    if it stays held, the output says that what is built may miss the latest records."""
    wait_s = 2 * get_settings().job_lock_ttl_s if needs_wait_s is None else needs_wait_s
    for needed in registry.NEEDS.get(job, ()):
        give_up = time.monotonic() + wait_s
        while True:
            ok, counts = run_job(db, needed, now=now)
            if not counts.get("skipped") or time.monotonic() >= give_up or STOPPING.is_set():
                break
            time.sleep(1.0)
        print(f"{needed}: {'ok' if ok else 'error'} " + _line(counts))
        if counts.get("skipped"):
            print(f"{job}: note: {needed} could not run ({counts['skipped']}, for {wait_s:g} s); what {job} builds "
                  f"may miss the records ingested since {needed}'s last run")
    ok, counts = run_job(db, job, full=full, week=week, now=now)
    if job == "report" and ok and counts.get("week_start"):
        try:
            from jobs.report import export_files
            paths = export_files(db, counts["week_start"])
            counts = {**counts, "files": ", ".join(str(p) for p in paths)}
        except Exception as exc:  # noqa: BLE001
            log.error("report export failed: %s", exc)
    print(f"{job}: {'ok' if ok else 'error'} " + _line(counts))
    return ok


def _line(counts: dict) -> str:
    return " ".join(f"{k}={v}" for k, v in counts.items() if not isinstance(v, (dict, list)))


def work_left(counts: dict) -> bool:
    """Whether a budgeted job stopped with work left and made progress (a job that keeps failing on
    what is left waits for the next interval instead of spinning)."""
    if not isinstance(counts, dict):
        return False
    left = counts.get("waiting") or counts.get("days_left") or counts.get("backlog")
    progress = counts.get("scored") or counts.get("figured_days") or counts.get("built") or counts.get("backfilled")
    return bool(left and progress)


def run_tick(db: Database, *, worker: str | None = None, still_leading: Callable[[], bool] | None = None,
             now: datetime | None = None, results: dict[str, dict] | None = None) -> dict[str, bool]:
    """One ordered tick: every tick job of the registry; stops when `still_leading()` turns false.

    The budgeted jobs (core.jobs.BUDGETED_JOBS) each get EVALBOARD_TICK_BUDGET_S from their start;
    `results` (when given) receives each job's counts (the scheduler reads `work_left` from them)."""
    from core.jobs import BUDGETED_JOBS

    budget = get_settings().tick_budget_s
    done: dict[str, bool] = {}
    for job in registry.tick_jobs():
        if STOPPING.is_set():
            break
        if still_leading is not None and not still_leading():
            log.info("worker %s lost the lease; stopping this tick", worker)
            break
        deadline = time.monotonic() + budget if job.name in BUDGETED_JOBS else None
        done[job.name], counts = run_job(db, job.name, worker=worker, now=now, in_tick=True, deadline=deadline)
        if results is not None:
            results[job.name] = counts
    return done
