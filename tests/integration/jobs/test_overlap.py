"""Real processes that die or pause mid-work: score workers killed with SIGKILL mid-batch, an aggregate
rebuild paused with SIGSTOP while a second worker rebuilds; job locks, fencing and abandoned runs."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
from datetime import datetime, timedelta, timezone
from pathlib import Path

from jobs.runner import run_job
from store.collections import AGG_DAILY, JOB_RUNS, RECORDS
from store.job_runs import mark_abandoned, start_run
from store.locks import JobLock, LockLost, acquire_lock, lock_holder

from .conftest import wait_for, store_raw
from .test_aggregate import check_all
from .test_score import unscored

REPO = Path(__file__).resolve().parents[3]



def spawn(*args, env_extra=None):
    env = {**os.environ, **(env_extra or {})}
    return subprocess.Popen([sys.executable, "-m", "jobs", *args], cwd=REPO, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)


def test_a_second_run_is_skipped_and_a_run_that_lost_its_lock_stops(db):
    holder = JobLock(db, "aggregate", "other-worker", ttl_s=60)
    assert holder.acquire()
    ok, counts = run_job(db, "aggregate")
    assert ok and "other-worker" in counts["skipped"]
    assert db[JOB_RUNS].count_documents({"job": "aggregate"}) == 0
    # the holder is cut off past its expiry and someone else takes the lock: its next write phase stops
    db["evalboard_state"].update_one({"_id": "lock:aggregate"},
                                     {"$set": {"expires_at": datetime.now(timezone.utc) - timedelta(seconds=1)}})
    assert acquire_lock(db, "aggregate", "newcomer", 60)
    try:
        holder.check()
        raise AssertionError("the fence let a worker that lost its lock write")
    except LockLost:
        pass
    holder.release()  # releasing a lost lock leaves the newcomer's alone
    assert lock_holder(db, "aggregate")["owner"] == "newcomer"


def test_runs_left_running_by_a_dead_worker_are_marked_abandoned(db):
    long_ago = datetime.now(timezone.utc) - timedelta(hours=1)
    dead = start_run(db, "aggregate", worker="gone", now=long_ago)
    alive = start_run(db, "alerts", worker="here")
    assert mark_abandoned(db, 120) == 1
    assert db[JOB_RUNS].find_one({"_id": dead})["outcome"] == "abandoned"
    assert db[JOB_RUNS].find_one({"_id": alive})["outcome"] == "running"


def test_score_workers_killed_mid_batch_lose_nothing_and_score_nothing_twice(db):
    n = 60
    store_raw(db, [unscored(i) for i in range(n)])
    args = ("score-worker", "--batch-size", "6", "--claim-s", "4", "--poll-s", "0.5", "--exit-when-idle")
    victims = [spawn(*args), spawn(*args)]
    # wait until both hold a claimed batch (mid-batch: claimed, not yet written), then kill them
    try:
        assert wait_for(lambda: len({d["eb"]["claim"]["by"] for d in db[RECORDS].find(
            {"eb.claim.token": {"$exists": True}}, {"eb.claim": 1})}) >= 2, timeout=180)
    finally:
        for p in victims:
            p.send_signal(signal.SIGKILL)
            p.wait()
    in_hand = [d["_id"] for d in db[RECORDS].find({"eb.claim.token": {"$exists": True}}, {"_id": 1})]
    assert in_hand, "the workers were killed holding claims"
    survivor = spawn(*args)
    out, _ = survivor.communicate(timeout=600)
    assert survivor.returncode == 0, out[-2000:]
    docs = list(db[RECORDS].find({}, {"eb": 1, "rescored.by": 1}))
    assert len(docs) == n
    # every record scored, exactly once; no claim left behind; the killed workers' batches were taken again
    assert all(d["eb"].get("score_writes") == 1 for d in docs), [d["eb"].get("score_writes") for d in docs]
    assert all("needs_scoring" not in d["eb"] and "claim" not in d["eb"] for d in docs)
    assert all(d["eb"]["score_source"] == "rescored" for d in docs)
    assert db[RECORDS].count_documents({"_id": {"$in": in_hand}, "eb.score_writes": 1}) == len(in_hand)


def test_rebuild_paused_mid_way_while_another_worker_rebuilds_ends_equal_to_pandas(db, messy):
    # six weeks of records: a full rebuild goes two weeks at a time, so there is a "mid-way"
    messy(n=4000, days=42, seed=31)
    env = {"EVALBOARD_JOB_LOCK_TTL_S": "3"}
    first = spawn("run-once", "aggregate", "--full", env_extra=env)
    try:
        # mid-rebuild: its first two weeks are written, the rest not yet
        assert wait_for(lambda: db[AGG_DAILY].count_documents({}) > 0, timeout=300, step=0.01)
        first.send_signal(signal.SIGSTOP)
        assert first.poll() is None
        run = db[JOB_RUNS].find_one({"job": "aggregate"})
        assert run["outcome"] == "running"
        # its lock expires (no heartbeat while stopped); a second worker takes it and rebuilds
        assert wait_for(lambda: lock_holder(db, "aggregate")["expires_at"] < datetime.now(timezone.utc), timeout=30)
        second = spawn("run-once", "aggregate", "--full", env_extra=env)
        out2, _ = second.communicate(timeout=600)
        assert second.returncode == 0 and "aggregate: ok mode=full" in out2, out2[-2000:]
    finally:
        first.send_signal(signal.SIGCONT)
    out1, _ = first.communicate(timeout=600)
    # the paused worker resumed, found its lock gone at its next write phase and stopped
    assert first.returncode == 1, out1[-2000:]
    assert db[JOB_RUNS].find_one({"_id": run["_id"]})["outcome"] == "lock lost"
    check_all(db)  # every daily and weekly bucket, equal to pandas over the records
