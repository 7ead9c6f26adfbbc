"""Alerts that point at the cause: per-feature default rules (own thresholds), complete days only,
a minimum of records per day, the features behind an all-features alert, acknowledge with
comment/assignee/snooze, the rules migration of an existing database, and test messages
through the outbox to a real webhook receiver."""
from __future__ import annotations

from datetime import timedelta

import pytest

from jobs.aggregate import refresh
from jobs.alerts import evaluate
from jobs.notify import deliver
from settings import reset_settings
from core.rules import DEFAULT_MIN_COUNT
from store.alerts import acknowledge_alert, list_audit, list_rules
from store.collections import ALERTS, NOTIFICATIONS
from store.errors import ValidationFailed
from store.outbox import channel_status, enqueue_test

from .conftest import T0, store_raw
from .test_alerts_notify import Receiver, free_port

GOOD = 0.99


def records(feature: str, day: int, n: int, *, faith: float = GOOD, failing: int = 0, start: int = 0) -> list[dict]:
    """n records of one feature on day `day`; the first `failing` fail on faithfulness 0.3."""
    out = []
    for i in range(n):
        f = 0.3 if i < failing else faith
        out.append({"_id": f"{feature}-{day}-{start + i}", "query": f"q{i}", "answer": "a", "context": ["c"],
                    "feature": feature, "timestamp": (T0 + timedelta(days=day, minutes=10 + i)).isoformat(),
                    "regeneration_attempts": 0,
                    "evaluation": {"faithfulness": {"score": f}, "answer_relevancy": {"score": GOOD},
                                   "contextual_precision": {"score": GOOD}, "contextual_recall": {"score": GOOD}}})
    return out


def by_rule(db, rule_id: str) -> list[dict]:
    return list(db[ALERTS].find({"rule_id": rule_id}))


def test_faithfulness_below_the_features_own_threshold_for_two_complete_days(db):
    # faithfulness 0.90 everywhere: fine for chat (threshold 0.80), below clauses' own 0.95
    data = []
    for day in range(3):
        data += records("chat", day, 60, faith=0.90) + records("clauses", day, 60, faith=0.90)
    data += records("clauses", 3, 60, faith=0.90)  # day 3: still running when judged below
    store_raw(db, data)
    refresh(db, full=True)
    result = evaluate(db, now=T0 + timedelta(days=3, hours=12))
    assert result["judged_through"] == (T0 + timedelta(days=2)).date().isoformat()  # today is partial
    [alert] = by_rule(db, "rule:feature_faithfulness")
    assert alert["feature"] == "clauses" and alert["threshold"] == pytest.approx(0.95)
    assert "below clauses's threshold 0.950" in alert["message"]
    assert [e["bucket"].date() for e in alert["evidence"]] == [(T0 + timedelta(days=d)).date() for d in (1, 2)]
    assert alert["opened_at"] == T0 + timedelta(days=3, hours=12)  # when it was raised
    assert not by_rule(db, "rule:faithfulness")  # 0.90 is above the all-features 0.70 rule


def test_small_days_are_pooled_or_tested_and_the_alert_says_which(db):
    """Days under the minimum are no longer skipped: a rate is tested on its counts (Wilson), a mean
    waits until pooled days reach the minimum; each alert says which evidence it used."""
    assert DEFAULT_MIN_COUNT == 50
    data = []
    for day in range(3):
        data += records("clauses", day, 40, faith=0.5)  # every record fails, but only 40 a day
    store_raw(db, data)
    refresh(db, full=True)
    evaluate(db, now=T0 + timedelta(days=3, hours=1))
    [rate] = by_rule(db, "rule:feature_pass_rate")
    assert rate["feature"] == "clauses" and rate["evidence_mode"] == "test"
    assert rate["evidence_interval"][1] < 0.80 and "99 % Wilson interval" in rate["message"]
    assert [e["count"] for e in rate["evidence"]] == [40, 40]
    # a mean cannot be tested on counts: pools of 50+ records, two in a row, are not there yet (40 + 80)
    assert not by_rule(db, "rule:feature_faithfulness")
    data = records("clauses", 3, 40, faith=0.5)
    store_raw(db, data)
    refresh(db, full=True)
    evaluate(db, now=T0 + timedelta(days=4, hours=1))
    [mean] = by_rule(db, "rule:feature_faithfulness")
    assert mean["evidence_mode"] == "pooled" and "pooled" in mean["message"]
    assert len(mean["evidence"]) == 4  # two pools of two days
    db["alert_rules"].update_many({"kind": "rule"}, {"$set": {"min_count": 40}})  # configurable per rule
    db[ALERTS].delete_many({})
    db["evalboard_state"].delete_one({"_id": "alerts"})
    evaluate(db, now=T0 + timedelta(days=4, hours=1))
    assert {a["evidence_mode"] for a in by_rule(db, "rule:feature_faithfulness")} == {"daily"}
    assert by_rule(db, "rule:pass_rate")


def test_all_features_alert_names_the_features_that_drove_it(db):
    data = []
    for day in range(2):
        data += (records("chat", day, 60) + records("clauses", day, 60, failing=30 + day)
                 + records("arguments", day, 60, failing=10 - day))
    store_raw(db, data)
    refresh(db, full=True)
    evaluate(db, now=T0 + timedelta(days=2, hours=1))
    [alert] = [a for a in by_rule(db, "rule:pass_rate") if a["last_day"] == (T0 + timedelta(days=1)).date().isoformat()]
    shares = {d["feature"]: d["share"] for d in alert["drivers"]}
    assert shares == pytest.approx({"clauses": 31 / 40, "arguments": 9 / 40})  # failing records on the alert's day
    assert [d["feature"] for d in alert["drivers"]] == ["clauses", "arguments"]
    # every percentage says what it is a share of; the feature's own pass rate is named as such
    assert alert["message"].endswith("driven by clauses: 78% of the failing records (pass rate 48.3%), "
                                     "arguments: 22% (pass rate 85.0%)")
    assert "chat" not in shares  # chat did not fail


def test_acknowledge_with_comment_assignee_and_snooze_reopens_when_it_still_holds(db, monkeypatch):
    receiver = Receiver()
    monkeypatch.setenv("EVALBOARD_WEBHOOK_URL", receiver.url)
    reset_settings()
    try:
        data = []
        for day in range(4):
            data += records("clauses", day, 60, faith=0.90)
        store_raw(db, data[:240 - 60])
        refresh(db, full=True)
        now = T0 + timedelta(days=3, hours=1)
        evaluate(db, now=now)
        [alert] = by_rule(db, "rule:feature_faithfulness")
        with pytest.raises(ValidationFailed, match="future"):
            acknowledge_alert(db, alert["_id"], "dana", snooze_until=now - timedelta(hours=1), now=now)
        with pytest.raises(ValidationFailed, match="assignee must be a name"):
            acknowledge_alert(db, alert["_id"], "dana", assignee={"$ne": 1}, now=now)  # type: ignore[arg-type]
        with pytest.raises(ValidationFailed, match="plain name"):
            acknowledge_alert(db, alert["_id"], "dana", assignee="<script>", now=now)
        acknowledge_alert(db, alert["_id"], "dana", comment="retriever index rebuilt, watching",
                          assignee="erin", snooze_until=now + timedelta(hours=20), now=now)
        doc = db[ALERTS].find_one({"_id": alert["_id"]})
        assert (doc["state"], doc["ack_comment"], doc["assignee"]) == ("acknowledged",
                                                                       "retriever index rebuilt, watching", "erin")
        audit = list_audit(db)[0]
        assert audit["action"] == "acknowledge_alert" and audit["user"] == "dana"
        assert audit["new"]["assignee"] == "erin"
        # the snooze is not over: still acknowledged
        store_raw(db, data[180:])
        refresh(db)
        evaluate(db, now=now + timedelta(hours=19))
        assert db[ALERTS].find_one({"_id": alert["_id"]})["state"] == "acknowledged"
        # the snooze is over and the condition still holds: open again, and people are told
        result = evaluate(db, now=now + timedelta(hours=21))
        assert result["reopened"] == 1
        doc = db[ALERTS].find_one({"_id": alert["_id"]})
        assert doc["state"] == "open" and doc["reopened"] == 1
        assert db[NOTIFICATIONS].find_one({"_id": f"{alert['_id']}|reopened1|webhook"})
        deliver(db, now=now + timedelta(hours=21))
        assert any("Faithfulness" in p["text"] for p in receiver.posts)
    finally:
        receiver.close()
        reset_settings()


def test_migration_adds_the_per_feature_rules_to_an_existing_database(db):
    from store.migrate import migrate

    # a database seeded by the first version: three rules, min_count 1, one of them edited since
    db["alert_rules"].delete_many({"_id": {"$in": ["rule:feature_pass_rate", "rule:feature_regen_rate",
                                                   "rule:feature_faithfulness"]}})
    db["alert_rules"].update_many({"kind": "rule"}, {"$set": {"min_count": 1}})
    db["alert_rules"].update_one({"_id": "rule:regen_rate"}, {"$set": {"updated_by": "alice", "threshold": 0.3}})
    db["evalboard_state"].update_one({"_id": "rules_seeded"}, {"$unset": {"version": ""}})
    assert migrate(db)["rules_seeded"] == 3
    rules = {r["_id"]: r for r in list_rules(db)}
    assert {"rule:feature_pass_rate", "rule:feature_regen_rate", "rule:feature_faithfulness"} <= set(rules)
    assert rules["rule:pass_rate"]["min_count"] == DEFAULT_MIN_COUNT
    assert rules["rule:regen_rate"]["min_count"] == 1 and rules["rule:regen_rate"]["threshold"] == 0.3  # edited
    assert migrate(db)["rules_seeded"] == 0  # once


def test_send_test_reaches_a_real_webhook_and_channel_state_follows(db, monkeypatch):
    monkeypatch.delenv("EVALBOARD_WEBHOOK_URL", raising=False)
    monkeypatch.delenv("EVALBOARD_SMTP_HOST", raising=False)
    reset_settings()
    state = {c["channel_type"]: c for c in channel_status(db)}
    assert not state["webhook"]["configured"] and "EVALBOARD_WEBHOOK_URL" in state["webhook"]["missing"]
    assert enqueue_test(db, "admin") == 0
    receiver = Receiver()
    monkeypatch.setenv("EVALBOARD_WEBHOOK_URL", receiver.url)
    reset_settings()
    try:
        assert enqueue_test(db, "admin") == 1
        assert channel_status(db)[0]["last_sent_at"] is None
        assert deliver(db)["sent"] == 1
        assert "Test notification" in receiver.posts[0]["text"]
        webhook = {c["channel_type"]: c for c in channel_status(db)}["webhook"]
        assert webhook["configured"] and webhook["last_sent_at"] is not None and webhook["last_error"] is None
        # a receiver that is gone: the error shows on the channel
        monkeypatch.setenv("EVALBOARD_WEBHOOK_URL", f"http://127.0.0.1:{free_port()}/gone")
        reset_settings()
        enqueue_test(db, "admin")
        deliver(db)
        webhook = {c["channel_type"]: c for c in channel_status(db)}["webhook"]
        assert "Connect" in (webhook["last_error"] or "")
    finally:
        receiver.close()
        reset_settings()
