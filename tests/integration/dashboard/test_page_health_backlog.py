"""Data health shows each job's recent runs and durations, and the backlog: records waiting to be
scored, days waiting to be built, the judge-agreement sample left."""
from __future__ import annotations

from datetime import datetime, timedelta, timezone

from .test_pages_monitor import markdown_table, metric, open_page


def test_health_shows_recent_runs_durations_and_backlog(make_app, seeded_db):
    from store.job_runs import finish_run, start_run
    from store.state import AGGREGATE, get_state

    now = datetime.now(timezone.utc)
    for i, seconds in enumerate((4.0, 2.5)):  # two agreement runs, the newest with work left
        run = start_run(seeded_db, "agreement", now=now - timedelta(minutes=10 - i))
        finish_run(seeded_db, run, outcome="ok", duration_s=seconds, detail=f"scored=100 waiting={40 - 28 * i}",
                   counts={"scored": 100, "waiting": 40 - 28 * i})
    at = open_page(make_app(), "views/health.py")
    needs = seeded_db["records"].count_documents({"eb.needs_scoring": True})
    assert metric(at, "Records waiting to be scored").value == f"{needs:,}"
    dirty = [d for d in (get_state(seeded_db, AGGREGATE) or {}).get("dirty_days") or []]
    assert metric(at, "Days waiting to be built").value == f"{len(dirty):,}"
    assert metric(at, "Agreement sample left").value == "12"
    jobs = markdown_table(at, "Recent durations (s)")  # a Markdown table, not a grid (issue 29)
    row = jobs[jobs["Job"] == "agreement"].iloc[0]
    assert row["Recent durations (s)"] == "2.5 · 4.0" and row["Detail"] == "scored=100 waiting=12"
    assert set(jobs["Job"]) >= {"aggregate", "alerts", "agreement"}
