"""Data health shows today's judge spend against the daily budget and what was skipped (issue 33 item 2):
the ledger written by the store's own writer (as the cascade writes it), the page read through AppTest."""
from __future__ import annotations

from datetime import datetime, timezone

from tests.integration.dashboard.test_pages_monitor import metric, texts
from tests.integration.dashboard.test_triage_flaky import open_app


def test_health_shows_the_days_spend_against_the_budget_and_the_skipped(db, monkeypatch):
    from dashboard.components.filters import today
    from settings import reset_settings
    from store.judge_spend import record

    monkeypatch.setenv("EVALBOARD_JUDGE_BUDGET_USD", "0.50")
    reset_settings()
    now, day = datetime.now(timezone.utc), today().isoformat()
    for reason, cost in (("band", 0.30), ("audit", 0.19), ("local", 0.0), ("budget", 0.0), ("budget", 0.0)):
        record(db, day, "agreement", "chat", reason, {"calls": 5 if cost else 0, "cost_usd": cost}, now)
    at = open_app("views/health.py")  # on the test's database (no demo seeding: seconds)
    assert metric(at, "Spent today").value == "$0.4900"
    assert metric(at, "Daily budget").value == "$0.50"
    assert metric(at, "Skipped: budget").value == "2"
    assert "The judge budget was reached today: 2 record(s)" in texts(at.warning)
