"""Data health (issue 34): the scheduler's line (lease holder, last tick, next tick) from the database, and
records waiting for their scores counted apart from records with issues."""
from __future__ import annotations

from datetime import datetime, timedelta, timezone

from core.status_docs import SchedulerStatus
from dashboard.components import worker_status
from store.collections import APS_JOBS


def scheduler_line(status: dict, now: datetime) -> tuple[bool, str]:
    """The line of the stored status, read as Data health reads it (dashboard.data.scheduler_status: typed)."""
    return worker_status.scheduler_line(SchedulerStatus.model_validate(status), now)


def test_the_scheduler_line_names_the_holder_and_the_ticks(db):
    from store.job_runs import finish_run, start_run
    from store.pending import scheduler_status
    from store.locks import acquire_lease, release_lease

    now = datetime.now(timezone.utc)
    healthy, line = scheduler_line(scheduler_status(db), now)
    assert not healthy and "No worker holds the scheduler lease" in line
    assert acquire_lease(db, "scheduler", "worker-a", 45.0)
    run = start_run(db, "aggregate", worker="worker-a")
    finish_run(db, run, outcome="ok", duration_s=0.5)
    nxt = now + timedelta(minutes=4)
    db[APS_JOBS].insert_one({"_id": "tick", "next_run_time": nxt.timestamp(), "job_state": b""})
    status = scheduler_status(db)
    assert status["holder"] == "worker-a" and status["leading"] and status["last_tick"]["outcome"] == "ok"
    assert abs((status["next_tick"] - nxt).total_seconds()) < 1
    healthy, line = scheduler_line(status, now)
    assert healthy and line.startswith("Scheduler: lease held by worker-a · last tick ") and "(ok)" in line
    assert nxt.strftime("next tick %Y-%m-%d %H:%M") in line and "overdue" not in line
    assert "(overdue)" in scheduler_line(status, now + timedelta(minutes=10))[1]
    release_lease(db, "scheduler", "worker-a")
    healthy, line = scheduler_line(scheduler_status(db), now)
    assert not healthy and "the last was" not in line  # a released lease has no holder


def test_records_waiting_for_scores_are_not_records_with_issues(db):
    from jobs.ingest import Writer
    from store.health import record_counts

    now = datetime.now(timezone.utc)
    writer = Writer(db, "t")
    base = {"query": "q", "answer": "a", "context": ["c"], "feature": "chat"}
    writer.add({**base, "_id": "w1", "timestamp": (now - timedelta(hours=1)).isoformat()})  # no scores: waits
    writer.add({**base, "_id": "w2", "timestamp": (now - timedelta(hours=1)).isoformat()})
    writer.add({**base, "_id": "bad", "timestamp": (now - timedelta(hours=2)).isoformat(),
                "evaluation": {"faithfulness": {"score": 1.7}, "answer_relevancy": {"score": 0.8}}})  # out of range
    writer.add({**base, "_id": "ok", "timestamp": (now - timedelta(hours=2)).isoformat(),
                "evaluation": {"faithfulness": {"score": 0.9}}})
    writer.close()
    counts = record_counts(db, now)
    assert counts["needs_scoring"] == 2 and counts["with_issues_7d"] == 1


def test_last_week_counts_in_one_pass_keep_each_boundary(db):
    """Data health's week counts (one aggregation): the 24 h and 7-day windows, "no scores logged" apart,
    metric errors, and a record whose `eb.issues` is not a list counted as having none."""
    from store.health import record_counts

    now = datetime(2026, 3, 4, 12, tzinfo=timezone.utc)
    docs = [
        {"_id": "fresh-issue", "timestamp": now - timedelta(hours=23), "eb": {"issues": ["context is not a list"]}},
        {"_id": "fresh-waiting", "timestamp": now - timedelta(hours=2), "eb": {"issues": ["no scores logged"]}},
        {"_id": "two-days", "timestamp": now - timedelta(days=2),
         "eb": {"issues": ["no scores logged", "no context"]}, "rescored": {"details": {"metric_errors": {"x": "e"}}}},
        {"_id": "odd", "timestamp": now - timedelta(days=3), "eb": {"issues": "not a list"}},
        {"_id": "old", "timestamp": now - timedelta(days=8), "eb": {"issues": ["no context"]},
         "rescored": {"details": {"metric_errors": {"x": "e"}}}},
    ]
    db.records.insert_many(docs)
    counts = record_counts(db, now)
    assert (counts["last_24h"], counts["with_issues_7d"], counts["metric_errors_7d"]) == (2, 2, 1)
    assert counts["total"] == 5
