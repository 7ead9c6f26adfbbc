"""The job wrapper: job_runs entries, per-job failure isolation, a database outage, the CLI."""
from __future__ import annotations

import socket
import subprocess
import sys
from pathlib import Path

from jobs.runner import run_job, run_once
from store.client import make_client
from store.collections import JOB_RUNS
from store.job_runs import last_runs, recent_runs

REPO = Path(__file__).resolve().parents[3]


def test_runs_are_recorded_and_failures_isolated(db, monkeypatch):
    assert run_once(db, "aggregate") and run_once(db, "alerts") and run_once(db, "notify")
    import jobs.aggregate

    def broken(db, full=False, now=None, fence=None):
        raise RuntimeError("pipeline exploded")

    monkeypatch.setattr(jobs.aggregate, "refresh", broken)
    ok, info = run_job(db, "aggregate")
    assert not ok and "pipeline exploded" in info["error"]
    latest = {r["job"]: r for r in last_runs(db)}
    assert set(latest) == {"aggregate", "alerts", "notify"}
    assert latest["aggregate"]["outcome"] == "error" and "pipeline exploded" in latest["aggregate"]["detail"]
    assert latest["alerts"]["outcome"] == "ok" and latest["alerts"]["duration_s"] >= 0
    assert len(recent_runs(db, limit=2)) == 2 and db[JOB_RUNS].count_documents({}) == 4


def test_database_outage_fails_cleanly():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    dead = make_client(f"mongodb://127.0.0.1:{port}/", timeout_ms=300)["evalboard"]
    for job in ("aggregate", "alerts", "notify", "score"):
        ok, info = run_job(dead, job)
        assert not ok and "database unavailable" in info["error"]
    dead.client.close()


def test_cli_run_once(db):
    proc = subprocess.run([sys.executable, "-m", "jobs", "run-once", "aggregate", "--full"], cwd=REPO,
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr[-1500:]
    assert "aggregate: ok mode=full" in proc.stdout
    assert db[JOB_RUNS].find_one({"job": "aggregate"})["outcome"] == "ok"


def test_run_once_report_waits_for_a_held_aggregate_lock_or_says_it_may_miss_records(db, capsys):
    """The report needs fresh aggregates: a held aggregate lock is waited for, then the aggregate runs."""
    import threading

    from store.locks import acquire_lock, release_lock

    token = acquire_lock(db, "aggregate", "another-worker", 60)
    threading.Timer(1.5, release_lock, args=(db, "aggregate", token)).start()
    run_once(db, "report", needs_wait_s=60)
    out = capsys.readouterr().out
    assert "aggregate: ok" in out and "skipped" not in out.split("report:")[0]
    acquire_lock(db, "aggregate", "another-worker", 60)  # held throughout: built, and said so
    run_once(db, "report", needs_wait_s=0)
    assert "may miss the records ingested since" in capsys.readouterr().out
