"""Two scheduler workers on one database: only the lease holder works; the other takes over."""
from __future__ import annotations

from datetime import datetime, timezone

from core.jobs import JOB_NAMES
from jobs.scheduler import Worker
from .conftest import wait_for
from store.collections import APS_JOBS, JOB_RUNS
from store.locks import acquire_lease, lease_holder, release_lease



def test_only_one_worker_works_and_the_other_takes_over(db):
    def probe(worker):
        db.probe.insert_one({"worker": worker.worker_id, "at": datetime.now(timezone.utc)})

    a = Worker(db, worker_id="A", ttl_s=2.0, renew_s=0.3, interval_s=0.3, tick=probe).start()
    try:
        assert wait_for(lambda: db.probe.count_documents({"worker": "A"}) >= 2)
        b = Worker(db, worker_id="B", ttl_s=2.0, renew_s=0.3, interval_s=0.3, tick=probe).start()
        try:
            seen = db.probe.count_documents({"worker": "A"})
            assert wait_for(lambda: db.probe.count_documents({"worker": "A"}) >= seen + 5)
            assert db.probe.count_documents({"worker": "B"}) == 0 and not b.leading
            assert db[APS_JOBS].find_one({"_id": "tick"}) is not None  # APScheduler's MongoDB job store
            a.stop(release=False)  # A dies without a word: its lease must expire
            died = datetime.now(timezone.utc)
            assert wait_for(lambda: db.probe.count_documents({"worker": "B"}) >= 2)
            assert lease_holder(db, "scheduler")["owner"] == "B" and b.leading
            assert db.probe.count_documents({"worker": "A", "at": {"$gt": died}}) == 0
        finally:
            b.stop()
    finally:
        a.stop()
    assert lease_holder(db, "scheduler")["owner"] is None


def test_real_tick_runs_the_jobs_and_records_them(db):
    w = Worker(db, worker_id="solo", ttl_s=5.0, renew_s=0.5, interval_s=3600, use_jobstore=False)
    assert acquire_lease(db, "scheduler", "someone-else", 60)
    w.tick()  # another worker holds the lease: does nothing
    assert db[JOB_RUNS].count_documents({}) == 0
    release_lease(db, "scheduler", "someone-else")
    w.start()
    try:
        assert wait_for(lambda: db[JOB_RUNS].count_documents({"outcome": {"$ne": "running"}}) >= len(JOB_NAMES) - 1,
                        timeout=120)
    finally:
        w.stop()
    runs = {r["job"]: r for r in db[JOB_RUNS].find()}
    # scoring is the score workers' (python -m jobs score-worker), not the leader's
    assert set(runs) == set(JOB_NAMES) - {"score"} >= {"adopt", "aggregate", "agreement", "alerts", "notify", "report"}
    # the report step of a tick builds only what the dashboard requested: nothing here
    assert runs.pop("report")["outcome"] == "skipped"
    # the judge's noise floor is measured only with an LLM judge configured: none here
    assert runs.pop("noise")["outcome"] == "skipped"
    assert all(r["outcome"] == "ok" and r["duration_s"] is not None for r in runs.values()), runs


def test_saved_thresholds_wake_the_worker_which_refreshes_only_the_changed_days(db, messy):
    """The dashboard never runs a job: it saves, marks the changed days dirty and asks for a tick;
    the worker (interval one hour, so only the wake-up can explain the refresh) runs it at once."""
    from store.aggregates import get_aggregates
    from store.state import get_state
    from store.thresholds import pending_verdicts, set_thresholds

    messy(n=300, days=5)
    w = Worker(db, worker_id="waker", ttl_s=5.0, renew_s=0.5, interval_s=3600, use_jobstore=False,
               wake_poll_s=0.2)
    w.start()
    try:
        assert wait_for(lambda: db[JOB_RUNS].count_documents({"job": "aggregate", "outcome": "ok"}) >= 1, timeout=120)
        assert wait_for(lambda: db[JOB_RUNS].count_documents({"outcome": "running"}) == 0, timeout=120)
        runs_before = db[JOB_RUNS].count_documents({"job": "aggregate", "outcome": "ok"})
        before = {d["_id"]: d["pass_rate"] for d in get_aggregates(db, "day", features=["chat"])}
        set_thresholds(db, "chat", {"faithfulness": 0.99}, "alice")
        # queued by the save, re-flagged by the worker's recompute lane at once
        assert wait_for(lambda: not pending_verdicts(db)["features"], timeout=60)
        assert wait_for(lambda: db[JOB_RUNS].count_documents({"job": "aggregate", "outcome": "ok"}) > runs_before,
                        timeout=120)
        assert wait_for(lambda: not get_state(db, "aggregate").get("dirty_days"), timeout=60)
    finally:
        w.stop()
    after = {d["_id"]: d["pass_rate"] for d in get_aggregates(db, "day", features=["chat"])}
    assert after.keys() == before.keys() and all(after[k] <= before[k] for k in after)
    assert any(after[k] < before[k] for k in after)
    last = db[JOB_RUNS].find_one({"job": "aggregate"}, sort=[("started_at", -1)])
    assert last["counts"]["mode"] == "incremental"  # no full rebuild


def test_a_requested_job_runs_beside_a_long_tick(db, messy):
    """A threshold save's recompute (and any job asked for by name) does not wait for the tick to end."""
    import threading

    from store.state import request_jobs

    messy(n=120, days=3)
    release = threading.Event()

    def long_tick(worker):  # a tick that holds on for as long as the test wants
        release.wait(60)

    w = Worker(db, worker_id="lane", ttl_s=5.0, renew_s=0.5, interval_s=3600, use_jobstore=False,
               wake_poll_s=0.2, tick=long_tick)
    w.start()
    try:
        assert wait_for(lambda: w._run_lock.locked(), timeout=30)  # the tick is running
        request_jobs(db, ["aggregate", "alerts"], "test")
        assert wait_for(lambda: db[JOB_RUNS].count_documents({"job": "alerts", "outcome": "ok"}) == 1, timeout=60)
        assert db[JOB_RUNS].count_documents({"job": "aggregate", "outcome": "ok"}) == 1
        assert w._run_lock.locked()  # ... while the tick still runs
    finally:
        release.set()
        w.stop()


def test_a_requested_job_waits_for_the_same_job_in_the_tick_then_runs(db, caplog):
    """It waits, saying so once in the log (not once a second through a first build's minute), then runs."""
    import logging

    from store.locks import JobLock
    from store.state import request_jobs

    caplog.set_level(logging.INFO, logger="jobs")

    w = Worker(db, worker_id="lane2", ttl_s=5.0, renew_s=0.5, interval_s=3600, use_jobstore=False,
               wake_poll_s=0.2, tick=lambda worker: None)
    held = JobLock(db, "notify", "the-tick", 30)
    assert held.acquire()  # the tick's notify run holds the lock
    w.start()
    try:
        request_jobs(db, ["notify"], "send test")
        assert wait_for(lambda: db["evalboard_state"].find_one({"_id": "jobs_wanted"}) is None, timeout=30)  # taken
        import time
        time.sleep(2.5)
        assert db[JOB_RUNS].count_documents({"job": "notify"}) == 0  # waiting for the tick's run to end
        held.release()
        assert wait_for(lambda: db[JOB_RUNS].count_documents({"job": "notify", "outcome": "ok"}) == 1, timeout=30)
    finally:
        w.stop()
    said = [r.getMessage() for r in caplog.records if r.levelno >= logging.INFO]
    assert sum("requested notify waits" in m and "the-tick" in m for m in said) == 1, said
    assert not any("skipped, another run holds its lock" in m for m in said), said


def test_a_tick_that_leaves_work_is_followed_at_once(db, monkeypatch):
    """The budgeted jobs stop at their deadline; when they made progress and work is left, the next tick
    starts within seconds instead of after the interval (one hour here)."""
    import jobs.runner as runner

    calls = []

    def fake_run_tick(db, *, worker=None, still_leading=None, now=None, results=None):
        calls.append(1)
        if results is not None and len(calls) < 3:
            results["agreement"] = {"scored": 5, "waiting": 10}
        return {}

    monkeypatch.setattr(runner, "run_tick", fake_run_tick)
    w = Worker(db, worker_id="again", ttl_s=5.0, renew_s=0.5, interval_s=3600, use_jobstore=False,
               wake_poll_s=0.2)
    w.start()
    try:
        assert wait_for(lambda: len(calls) >= 3, timeout=30)  # two follow-ups, no interval waited
        n = len(calls)
        import time
        time.sleep(1.5)
        assert len(calls) == n  # nothing left: back to the interval
    finally:
        w.stop()


def test_the_scheduler_process_stops_within_seconds(db, monkeypatch, tmp_path):
    """SIGTERM (Ctrl-C in `make run`) ends the worker within seconds, also in the middle of a tick."""
    import os
    import signal
    import subprocess
    import sys
    import time
    from pathlib import Path

    from demo.generate import generate_demo

    generate_demo(db, days=20, per_day=200)  # a first tick with real work: full rebuild, agreement
    env = {**os.environ, "EVALBOARD_DATA_DIR": str(tmp_path)}
    proc = subprocess.Popen([sys.executable, "-m", "jobs", "scheduler"], cwd=Path(__file__).resolve().parents[3],
                            env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        assert wait_for(lambda: db[JOB_RUNS].count_documents({"job": "agreement"}) >= 1, timeout=120)
        started = time.monotonic()
        proc.send_signal(signal.SIGTERM)
        proc.wait(timeout=30)
        took = time.monotonic() - started
    finally:
        if proc.poll() is None:
            proc.kill()
    assert took < 15, took
    out = proc.stdout.read()
    assert "stopping" in out


def test_a_person_request_is_not_queued_behind_a_recompute(db):
    """Issue 29: "Build report now" / "Send test" (person lane) run while a threshold save's recompute
    (recompute lane) is still waiting for the aggregate job, not after it."""
    from store.locks import JobLock
    from store.state import RECOMPUTE_LANE, request_jobs

    w = Worker(db, worker_id="lanes", ttl_s=5.0, renew_s=0.5, interval_s=3600, use_jobstore=False,
               wake_poll_s=0.2, tick=lambda worker: None)
    held = JobLock(db, "aggregate", "a-long-tick", 30)
    assert held.acquire()  # the recompute lane's aggregate run must wait for this one
    w.start()
    try:
        request_jobs(db, ["aggregate", "alerts"], "thresholds changed", lane=RECOMPUTE_LANE)
        assert wait_for(lambda: w._lane_locks[RECOMPUTE_LANE].locked(), timeout=30)  # the recompute is waiting
        request_jobs(db, ["notify"], "send test")
        assert wait_for(lambda: db[JOB_RUNS].count_documents({"job": "notify", "outcome": "ok"}) == 1, timeout=30)
        assert db[JOB_RUNS].count_documents({"job": "aggregate"}) == 0  # ... still waiting meanwhile
        held.release()
        assert wait_for(lambda: db[JOB_RUNS].count_documents({"job": "alerts", "outcome": "ok"}) == 1, timeout=60)
        assert db[JOB_RUNS].count_documents({"job": "aggregate", "outcome": "ok"}) == 1
    finally:
        w.stop()
