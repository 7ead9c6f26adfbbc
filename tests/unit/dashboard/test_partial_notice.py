"""The "numbers are partial" notice in words (issue 34)."""
from __future__ import annotations

from datetime import datetime, timedelta, timezone

from dashboard.components.partial_notice import pending_text

NOW = datetime(2026, 11, 21, 12, 0, tzinfo=timezone.utc)


def test_nothing_waiting_says_nothing():
    assert pending_text(None, NOW) is None
    assert pending_text({"refresh": {}, "scores": {}}, NOW) is None


def test_it_says_how_many_of_which_features_and_when():
    text = pending_text({"refresh": {"leases": 360, "chat": 2}, "scores": {"leases": 5},
                         "refresh_asked_at": NOW - timedelta(seconds=3)}, NOW)
    assert text.startswith("**Numbers are partial:** 362 records stored since the last refresh (leases 360, chat 2)")
    assert "within seconds (a refresh was asked for at 11:59:57 UTC)" in text
    assert "5 records wait for their scores (leases 5)" in text
    tick = pending_text({"refresh": {"chat": 1}, "next_tick": NOW + timedelta(minutes=4)}, NOW)
    assert "next refresh, about 12:04:00 UTC" in tick
    assert "being counted now" in pending_text({"refresh": {"chat": 1}, "refresh_running": True}, NOW)
    assert "is the worker running" in pending_text({"refresh": {"chat": 1}, "capped": True}, NOW)
    assert "once the demo data has loaded" in pending_text({"refresh": {"chat": 1}, "demo_loading": True}, NOW)
    assert pending_text({"refresh": {"chat": 1}, "capped": True}, NOW).count("at least 1 records") == 1


