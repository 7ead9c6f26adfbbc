"""The "numbers are partial" notice in words (issue 34)."""
from __future__ import annotations

from datetime import datetime, timedelta, timezone

from core.status_docs import Pending
from dashboard.components import partial_notice


def pending_text(pending: dict | None, now: datetime) -> str | None:
    """The notice for a stored "not counted yet" document, read as the page reads it (typed)."""
    return partial_notice.pending_text(None if pending is None else Pending.model_validate(pending), now)

NOW = datetime(2026, 11, 21, 12, 0, tzinfo=timezone.utc)


def test_nothing_waiting_says_nothing():
    assert pending_text(None, NOW) is None
    assert pending_text({"refresh": {}, "scores": {}}, NOW) is None


def test_it_says_how_many_of_which_features_and_when():
    text = pending_text({"refresh": {"leases": 360, "chat": 2}, "scores": {"leases": 5},
                         "refresh_asked_at": NOW - timedelta(seconds=3)}, NOW)
    assert text.startswith("**Numbers are partial:** 362 records stored since the last refresh (leases 360, chat 2)")
    assert "within seconds (a refresh was asked for at 11\\:59\\:57 UTC)" in text  # drawn as 11:59:57
    assert "5 records wait for their scores (leases 5)" in text
    tick = pending_text({"refresh": {"chat": 1}, "next_tick": NOW + timedelta(minutes=4)}, NOW)
    assert "next refresh, about 12\\:04\\:00 UTC" in tick
    assert "being counted now" in pending_text({"refresh": {"chat": 1}, "refresh_running": True}, NOW)
    assert "is the worker running" in pending_text({"refresh": {"chat": 1}, "capped": True}, NOW)
    assert "once the demo data has loaded" in pending_text({"refresh": {"chat": 1}, "demo_loading": True}, NOW)
    assert pending_text({"refresh": {"chat": 1}, "capped": True}, NOW).count("at least 1 records") == 1




def test_a_refresh_between_the_runs_start_and_the_notices_read_drops_the_aggregate_reads():
    """The worker counted the load after this run read its status (so its cached aggregate reads were kept)
    and before the notice's read: without new aggregate reads the page would show fewer records and no
    notice (issue 34; seen in tests/e2e/test_browser_partial_numbers.py at load 20)."""
    from dashboard.components.partial_notice import counted_since_run_start

    naive = datetime(2026, 11, 21, 11, 59, 58)  # the server hands back naive UTC datetimes
    assert counted_since_run_start(naive, NOW)
    assert counted_since_run_start(None, NOW)  # the first count landed meanwhile
    assert not counted_since_run_start(NOW, NOW)
    assert not counted_since_run_start(NOW, NOW - timedelta(seconds=5))  # an older cached read: nothing new
    assert not counted_since_run_start(NOW, None) and not counted_since_run_start(None, None)
