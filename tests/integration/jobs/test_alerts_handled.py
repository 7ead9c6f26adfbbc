"""Handled stays handled: a channel added after people acknowledged (and snoozed) an alert hears only
of what is still open and un-snoozed, once (real webhook receiver on loopback)."""
from __future__ import annotations

from datetime import timedelta

from jobs.aggregate import refresh
from jobs.alerts import evaluate
from jobs.notify import deliver
from settings import reset_settings
from store.alerts import acknowledge_alert, list_alerts, resolve_alert
from store.collections import NOTIFICATIONS

from .conftest import store_raw
from .test_alerts_notify import NOW, Receiver, day_records, reference_rules_only


def test_a_channel_added_after_acknowledge_gets_only_what_is_open_once(db, monkeypatch):
    monkeypatch.delenv("EVALBOARD_WEBHOOK_URL", raising=False)
    monkeypatch.delenv("EVALBOARD_SMTP_HOST", raising=False)
    reset_settings()
    reference_rules_only(db)
    store_raw(db, day_records(0, 10, 0.5, 1, 0) + day_records(1, 10, 0.5, 1, 100) + day_records(2, 10, 0.5, 1, 200))
    refresh(db, full=True)
    assert evaluate(db, now=NOW)["opened"] == 3
    assert db[NOTIFICATIONS].count_documents({}) == 0  # no channel yet: nobody to tell
    alerts = {a["rule_id"]: a for a in list_alerts(db)}
    acknowledge_alert(db, alerts["rule:faithfulness"]["_id"], "alice", comment="on it", now=NOW)
    acknowledge_alert(db, alerts["rule:regen_rate"]["_id"], "bob", snooze_until=NOW + timedelta(days=1), now=NOW)
    still_open = alerts["rule:pass_rate"]
    receiver = Receiver()
    try:
        monkeypatch.setenv("EVALBOARD_WEBHOOK_URL", receiver.url)  # the channel is added
        reset_settings()
        for minutes in (5, 10, 15):  # a few ticks: alerts, then notify
            evaluate(db, now=NOW + timedelta(minutes=minutes))
            deliver(db, now=NOW + timedelta(minutes=minutes))
        assert len(receiver.posts) == 1, [p["text"][:90] for p in receiver.posts]  # the open one, once
        assert still_open["message"].split(" (")[0] in receiver.posts[0]["text"]
        assert {n["alert_id"] for n in db[NOTIFICATIONS].find()} == {still_open["_id"]}
        # resolving the acknowledged one tells nobody "resolved" of an alert they never heard of
        resolve_alert(db, alerts["rule:faithfulness"]["_id"], "alice", now=NOW + timedelta(minutes=20))
        evaluate(db, now=NOW + timedelta(minutes=25))
        deliver(db, now=NOW + timedelta(minutes=25))
        assert len(receiver.posts) == 1
    finally:
        receiver.close()
        reset_settings()
