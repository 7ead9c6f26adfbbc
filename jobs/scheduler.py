"""`python -m jobs scheduler` (the Procfile `worker:`): APScheduler 3 with its MongoDB job store.

Every `EVALBOARD_JOB_INTERVAL_MINUTES` (default 5) one tick runs the tick jobs
of jobs/registry.py in order: adopt, aggregate, alerts, notify — what users see —
then the agreement sample and the report builds within the tick budget
(`EVALBOARD_TICK_BUDGET_S`). A tick that leaves work behind (a first start's
agreement backlog, past weeks' reports) is followed by the next tick at once, not
after the interval; so a backlog is worked off in slices with the aggregates and
alerts refreshed between them. Scoring is left to the score workers (`python -m
jobs score-worker`, jobs/score.py). The weekly report runs on Monday 02:00
(configured timezone) for the week that just ended.

Only one worker does the work: a lease document in MongoDB
(`evalboard_state`, `_id: "lease:scheduler"`) is taken and renewed every
`renew_s` (15 s) for `ttl_s` (45 s). Only the lease holder runs an APScheduler
(so the shared job store is never driven by two schedulers at once); the other
worker keeps trying to take the lease and takes over within ttl + renew (about
a minute) when the holder dies. The holder also polls every `wake_poll_s` (1 s: a person waits for it)
for work requested from the dashboard: jobs asked for by name
(store.state.request_jobs: a threshold save's recompute in the recompute lane,
"Build report now" and "Send test" in the person lane) run at once in their
lane, the two lanes side by side and beside any tick in progress,
each under its own job lock (a job the tick is running at that moment is waited
for, then run); a whole tick asked for (store.state.request_tick) runs as soon as
no tick is running. Each job runs through jobs.runner (its job lock with fencing,
timing, job_runs entry, clean failure: a database outage fails the job, the next
tick retries). SIGTERM/SIGINT stop the worker within seconds: the budgeted jobs
end their slice at once (jobs.budget.STOPPING).
"""
from __future__ import annotations

import logging
import os
import signal
import socket
import threading
import time
import uuid
from datetime import datetime, timezone
from typing import Callable

from pymongo.database import Database

from core.jobs import BUDGETED_JOBS, REPORT
from jobs import registry
from store.errors import DatabaseError

from settings import get_settings
from store.collections import APS_JOBS
from store.client import patient_db
from store.locks import acquire_lease, release_lease
from store.state import LANES, PERSON_LANE, take_job_request, take_tick_request

log = logging.getLogger("jobs.scheduler")
LEASE = "scheduler"
_WORKERS: dict[str, "Worker"] = {}


def _run_tick(worker_id: str) -> None:
    """APScheduler entry point (stored by reference in the job store): starts the tick in a thread of
    the worker's and returns at once, so APScheduler never finds its job still running and skips an
    interval; while a tick runs, the next one is queued to start as soon as it ends (coalesced)."""
    worker = _WORKERS.get(worker_id)
    if worker is not None:
        worker.start_tick()


def _run_weekly(worker_id: str) -> None:
    worker = _WORKERS.get(worker_id)
    if worker is not None:
        worker.weekly()


def _jobstore_class():
    from apscheduler.jobstores.mongodb import MongoDBJobStore

    class SharedClientJobStore(MongoDBJobStore):
        """The job store on Evalboard's own client, which must outlive a scheduler shutdown."""

        def shutdown(self):
            pass

    return SharedClientJobStore


class Worker:
    def __init__(self, db: Database, *, worker_id: str | None = None, ttl_s: float = 45.0, renew_s: float = 15.0,
                 interval_s: float | None = None, tick: Callable[["Worker"], None] | None = None,
                 use_jobstore: bool = True, wake_poll_s: float = 1.0):
        self.db = db
        self.worker_id = worker_id or f"{socket.gethostname()}:{os.getpid()}:{uuid.uuid4().hex[:6]}"
        self.ttl_s, self.renew_s = ttl_s, renew_s
        self.interval_s = interval_s or 60.0 * max(1, get_settings().job_interval_minutes)
        self._tick_override = tick
        self.wake_poll_s = wake_poll_s
        self.use_jobstore = use_jobstore
        self.scheduler = None
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._run_lock = threading.Lock()
        self._lane_locks = {lane: threading.Lock() for lane in LANES}  # one request at a time per lane
        self._again = threading.Event()  # the last tick left work: run the next one at once
        self.lane_wait_s = 600.0  # how long a requested job waits for the same job's run in a tick
        _WORKERS[self.worker_id] = self

    # --- the lease ---------------------------------------------------------------
    def holds_lease(self) -> bool:
        if self._stop.is_set():
            return False
        try:
            return acquire_lease(self.db, LEASE, self.worker_id, self.ttl_s)
        except DatabaseError as exc:
            log.warning("lease check failed (database unavailable?): %s", exc)
            return False

    @property
    def leading(self) -> bool:
        return self.scheduler is not None

    # --- APScheduler ---------------------------------------------------------------
    def _start_scheduler(self) -> None:
        from apscheduler.schedulers.background import BackgroundScheduler
        from apscheduler.triggers.cron import CronTrigger

        tz = get_settings().timezone or "UTC"
        jobstores = {}
        if self.use_jobstore:
            jobstores["default"] = _jobstore_class()(database=self.db.name, collection=APS_JOBS,
                                                   client=self.db.client)
        scheduler = BackgroundScheduler(jobstores=jobstores, timezone=tz, job_defaults={
            "coalesce": True, "max_instances": 1, "misfire_grace_time": 120})
        scheduler.add_job("jobs.scheduler:_run_tick", "interval", seconds=self.interval_s, id="tick",
                          args=[self.worker_id], replace_existing=True,
                          next_run_time=datetime.now(timezone.utc))
        scheduler.add_job("jobs.scheduler:_run_weekly", CronTrigger(**registry.WEEKLY_CRON, timezone=tz),
                          id="weekly_report", args=[self.worker_id], replace_existing=True)
        scheduler.start()
        self.scheduler = scheduler
        log.info("worker %s holds the lease: scheduler started", self.worker_id)

    def _stop_scheduler(self) -> None:
        if self.scheduler is not None:
            try:
                self.scheduler.shutdown(wait=False)
            except Exception:  # noqa: BLE001
                pass
            self.scheduler = None
            log.info("worker %s: scheduler stopped", self.worker_id)

    # --- work --------------------------------------------------------------------
    def start_tick(self) -> None:
        """A tick now in a thread of its own, or right after the one running (never skipped)."""
        if self._run_lock.locked():
            self._again.set()
            return
        threading.Thread(target=self.tick, name=f"tick-{self.worker_id}", daemon=True).start()

    def tick(self) -> None:
        if not self._run_lock.acquire(blocking=False):
            return
        try:
            if self._tick_override is not None:
                if self.holds_lease():
                    self._tick_override(self)
                return
            from jobs.runner import run_tick, work_left
            results: dict[str, dict] = {}
            run_tick(self.db, worker=self.worker_id, still_leading=self.holds_lease, results=results)
            left = [name for name, counts in results.items() if work_left(counts)]
            if left:
                log.info("worker %s: %s left work for the next tick, which starts now", self.worker_id,
                         ", ".join(left))
                self._again.set()
        finally:
            self._run_lock.release()

    def run_requested_jobs(self, jobs: list[str], reason: str = "", lane: str = PERSON_LANE) -> dict[str, bool]:
        """A request lane: each job asked for by name, in registry order, under its own lock, beside
        any tick and the other lane; a job whose lock a tick (or the other lane) holds right now is
        waited for (polling), then run. Budgeted jobs run only what was asked (a report build), never
        a backlog slice."""
        from jobs.runner import run_job

        done: dict[str, bool] = {}
        with self._lane_locks[lane]:
            for name in [n for n in registry.REGISTRY if n in set(jobs)]:
                job = registry.REGISTRY[name]
                give_up = time.monotonic() + self.lane_wait_s
                waited = False
                while not self._stop.is_set():
                    deadline = time.monotonic() if name in BUDGETED_JOBS else None
                    ok, counts = run_job(self.db, name, worker=self.worker_id, in_tick=job.tick is not None,
                                         deadline=deadline, quiet_skip=True)
                    held = isinstance(counts, dict) and str(counts.get("skipped", "")).startswith("another run")
                    if not held or time.monotonic() > give_up:
                        done[name] = ok
                        break
                    if not waited:  # once, not every second of a first build's minute
                        log.info("worker %s: requested %s waits: %s", self.worker_id, name, counts["skipped"])
                        waited = True
                    self._stop.wait(1.0)
        if done:
            log.info("worker %s: requested %s (%s): %s", self.worker_id, ", ".join(done), reason or "dashboard",
                     " ".join(f"{k}={'ok' if v else 'error'}" for k, v in done.items()))
        return done

    def weekly(self) -> None:
        if self.holds_lease():
            from jobs.runner import run_job
            run_job(self.db, REPORT, worker=self.worker_id)

    # --- lifecycle -------------------------------------------------------------------
    def _wake_if_asked(self) -> None:
        """Jobs requested from the dashboard (store.state.request_jobs) run now in the request lane; a
        requested tick (store.state.request_tick), or the next one of a tick that left work, runs as
        soon as no tick is running."""
        try:
            # a busy lane leaves its request in the database: it is taken (merged with any later one) when free
            wanted = {lane: take_job_request(self.db, lane) for lane, lock in self._lane_locks.items()
                      if not lock.locked()}
            asked = take_tick_request(self.db)
        except DatabaseError as exc:
            log.warning("wake-up check failed: %s", exc)
            return
        for lane, request in wanted.items():
            if request is not None and request.get("jobs"):
                threading.Thread(target=self.run_requested_jobs, args=([str(j) for j in request["jobs"]],
                                                                       str(request.get("reason") or ""), lane),
                                 name=f"lane-{lane}-{self.worker_id}", daemon=True).start()
        if asked is not None:
            log.info("worker %s: tick requested (%s)", self.worker_id, asked.get("reason") or "")
        if (asked is not None or self._again.is_set()) and not self._run_lock.locked():
            self._again.clear()
            threading.Thread(target=self.tick, name=f"wake-{self.worker_id}", daemon=True).start()
        elif asked is not None:
            self._again.set()  # a tick is running: the requested one follows it

    def _loop(self) -> None:
        next_renew = 0.0
        while not self._stop.is_set():
            if time.monotonic() >= next_renew:
                held = self.holds_lease()
                if held and not self.leading:
                    try:
                        self._start_scheduler()
                    except Exception as exc:  # noqa: BLE001 - e.g. the database went away
                        log.error("could not start the scheduler: %s", exc)
                        self._stop_scheduler()
                elif not held and self.leading:
                    self._stop_scheduler()
                next_renew = time.monotonic() + self.renew_s
            if self.leading:
                self._wake_if_asked()
            self._stop.wait(min(self.wake_poll_s, self.renew_s))

    def start(self) -> "Worker":
        self._thread = threading.Thread(target=self._loop, name=f"lease-{self.worker_id}", daemon=True)
        self._thread.start()
        return self

    def stop(self, release: bool = True) -> None:
        """Stop; `release=False` simulates a dead worker (the lease just expires)."""
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=self.renew_s + 5)
        self._stop_scheduler()
        if release:
            try:
                release_lease(self.db, LEASE, self.worker_id)
            except DatabaseError:
                pass
        _WORKERS.pop(self.worker_id, None)


STOP_GRACE_S = 5.0  # how long a stopping worker lets the job in hand finish its write before it exits


def run_scheduler() -> None:
    from jobs.budget import STOPPING

    worker = Worker(patient_db()).start()
    done = threading.Event()

    def _on_signal(signum, _frame):
        done.set()
        STOPPING.set()  # budgeted jobs end their slice at once

    signal.signal(signal.SIGTERM, _on_signal)
    signal.signal(signal.SIGINT, _on_signal)
    log.info("scheduler worker %s started (tick every %.0fs)", worker.worker_id, worker.interval_s)
    while not done.wait(1.0):
        pass
    log.info("scheduler worker %s stopping", worker.worker_id)
    worker.renew_s = min(worker.renew_s, STOP_GRACE_S)
    worker.stop(release=True)
    if worker._run_lock.acquire(timeout=STOP_GRACE_S):  # the tick in hand ended its slice
        worker._run_lock.release()
        return
    # a job still inside one long step (a full rebuild's pipeline): its lock expires and the next
    # worker marks its run abandoned; nothing is half-counted (the aggregate writes are atomic)
    log.warning("scheduler worker %s: a job was still running after %.0fs; exiting anyway",
                worker.worker_id, STOP_GRACE_S)
    os._exit(0)
