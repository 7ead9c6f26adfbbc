"""Alert rules, alert lifecycle and notification delivery against a real HTTP receiver and SMTP server."""
from __future__ import annotations

import json
import socket
import threading
from datetime import datetime, timedelta, timezone
from email import message_from_bytes
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
from aiosmtpd.controller import Controller

from core.default_rules import DEFAULT_RULES
from jobs.aggregate import refresh
from jobs.alerts import evaluate
from jobs.notify import deliver
from settings import reset_settings
from store.alerts import (
    acknowledge_alert, delete_rule, list_alerts, list_audit, list_rules, resolve_alert, upsert_rule,
)
from store.collections import ALERTS, NOTIFICATIONS
from store.errors import ValidationFailed
from store.outbox import MAX_ATTEMPTS, list_notifications

from .conftest import T0, store_raw

NOW = datetime(2026, 3, 10, 12, tzinfo=timezone.utc)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Receiver:
    """A Slack-compatible webhook receiver on 127.0.0.1 that fails its first `fail_first` requests, answering
    `fail_body(request headers)`."""

    def __init__(self, fail_first: int = 0, fail_body=lambda headers: b"boom"):
        self.posts: list[dict] = []
        self.failures = 0
        outer = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):  # noqa: N802
                body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
                if outer.failures < fail_first:
                    outer.failures += 1
                    self.send_response(500)
                    self.end_headers()
                    self.wfile.write(fail_body(self.headers))  # what a receiver says back (it may echo a token)
                    return
                outer.posts.append(json.loads(body))
                self.send_response(200)
                self.end_headers()
                self.wfile.write(b"ok")

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/hooks/secret"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def close(self):
        self.server.shutdown()
        self.server.server_close()


class Mailbox:
    def __init__(self):
        self.messages = []

    async def handle_DATA(self, server, session, envelope):  # noqa: N802
        self.messages.append((envelope.rcpt_tos, message_from_bytes(envelope.content)))
        return "250 OK"


@pytest.fixture
def channels(monkeypatch):
    receiver = Receiver(fail_first=1)
    mailbox = Mailbox()
    port = free_port()
    controller = Controller(mailbox, hostname="127.0.0.1", port=port)
    controller.start()
    monkeypatch.setenv("EVALBOARD_WEBHOOK_URL", receiver.url)
    monkeypatch.setenv("EVALBOARD_SMTP_HOST", "127.0.0.1")
    monkeypatch.setenv("EVALBOARD_SMTP_PORT", str(port))
    monkeypatch.setenv("EVALBOARD_MAIL_TO_CRITICAL", "oncall@example.org")
    reset_settings()
    yield receiver, mailbox
    controller.stop()
    receiver.close()
    reset_settings()


def day_records(day: int, n: int, faith: float, regen: int, start: int) -> list[dict]:
    good = {m: {"score": 0.95} for m in ("answer_relevancy", "contextual_precision", "contextual_recall")}
    return [{"_id": f"a{start + i}", "query": f"q{i}", "answer": "a", "context": ["c"], "feature": "chat",
             "timestamp": (T0 + timedelta(days=day, hours=1 + i % 20)).isoformat(),
             "regeneration_attempts": regen,
             "evaluation": {"faithfulness": {"score": faith}, **good}} for i in range(n)]


def reference_rules_only(db, min_count: int = 1) -> None:
    """The three reference-000 rules alone, judging days of any size (these tests use 10 records a day)."""
    db["alert_rules"].delete_many({"kind": "rule", "_id": {"$nin": list(REFERENCE)}})
    db["alert_rules"].update_many({"kind": "rule"}, {"$set": {"min_count": min_count}})


REFERENCE = ("rule:pass_rate", "rule:regen_rate", "rule:faithfulness")


def test_rule_validation_and_audit(db):
    rules = list_rules(db)
    assert {r["_id"] for r in rules} == {r["_id"] for r in DEFAULT_RULES}
    assert {*REFERENCE, "rule:feature_pass_rate", "rule:feature_regen_rate", "rule:feature_faithfulness",
            "rule:judge_leniency"} <= {r["_id"] for r in rules}
    assert all(r["min_count"] == 50 for r in rules if not r["_id"].startswith("rule:judge_"))
    crit = next(r for r in rules if r["_id"] == "rule:faithfulness")
    assert (crit["threshold"], crit["window_days"], crit["severity"]) == (0.7, 3, "critical")
    own = next(r for r in rules if r["_id"] == "rule:feature_faithfulness")
    assert own["own_threshold"] is True and own["threshold"] is None and own["window_days"] == 2
    base = {"name": "x", "metric": "faithfulness", "statistic": "mean", "comparison": "lt", "threshold": 0.5,
            "window_days": 1, "feature": "chat", "severity": "warning", "channel": "qa"}
    with pytest.raises(ValidationFailed, match="between 0 and 1"):
        upsert_rule(db, {**base, "threshold": 1.5}, "alice")
    with pytest.raises(ValidationFailed, match="unknown metric"):
        upsert_rule(db, {**base, "metric": "bleu"}, "alice")
    with pytest.raises(ValidationFailed, match="comparison"):
        upsert_rule(db, {**base, "comparison": "$where"}, "alice")
    saved = upsert_rule(db, base, "alice")
    upsert_rule(db, {**base, "_id": saved["_id"], "threshold": 0.6}, "bob")
    delete_rule(db, saved["_id"], "carol")
    audit = list_audit(db)
    assert [(a["user"], a["action"]) for a in audit] == [("carol", "delete_rule"), ("bob", "update_rule"),
                                                         ("alice", "create_rule")]
    assert audit[1]["old"]["threshold"] == 0.5 and audit[1]["new"]["threshold"] == 0.6
    assert len(list_rules(db)) == len(DEFAULT_RULES)  # deleted rule gone, defaults not re-seeded twice


def test_agreement_rules_validate_and_defaults_added_later_are_seeded_once(db):
    from store.alerts import seed_default_rules
    from store.collections import ALERT_RULES, STATE
    base = {"name": "judge", "metric": "faithfulness", "statistic": "spearman_change", "comparison": "lt",
            "threshold": -0.3, "window_days": 2, "feature": "*", "severity": "warning", "channel": "ai"}
    assert upsert_rule(db, base, "alice")["threshold"] == -0.3  # a change may be negative
    with pytest.raises(ValidationFailed, match="between 0 and 1"):
        upsert_rule(db, {**base, "threshold": -1.5}, "alice")
    with pytest.raises(ValidationFailed, match="watches a score"):
        upsert_rule(db, {**base, "metric": "pass_rate"}, "alice")
    with pytest.raises(ValidationFailed, match="statistic"):
        upsert_rule(db, {**base, "statistic": "kendall"}, "alice")
    # a database seeded at version 2, before the agreement rules existed
    db[ALERT_RULES].delete_many({"_id": {"$regex": "^rule:judge_"}})
    delete_rule(db, "rule:regen_rate", "carol")
    db[STATE].update_one({"_id": "rules_seeded"}, {"$set": {"version": 2}})
    added = seed_default_rules(db)
    ids = {r["_id"] for r in list_rules(db)}
    assert added == sum(r["_id"].startswith("rule:judge_") for r in DEFAULT_RULES) > 0
    assert "rule:judge_leniency" in ids and "rule:regen_rate" not in ids  # the deleted one stays deleted
    assert seed_default_rules(db) == 0


def test_alert_lifecycle_and_delivery(db, channels):
    receiver, mailbox = channels
    reference_rules_only(db)
    # three bad days: low faithfulness, every answer regenerated
    store_raw(db, day_records(0, 10, 0.5, 1, 0) + day_records(1, 10, 0.5, 1, 100) + day_records(2, 10, 0.5, 1, 200))
    refresh(db, full=True)
    result = evaluate(db, now=NOW)
    assert result["opened"] == 3
    alerts = {a["rule_id"]: a for a in list_alerts(db)}
    crit = alerts["rule:faithfulness"]
    assert crit["state"] == "open" and crit["severity"] == "critical" and crit["feature"] == "chat"  # the rule runs per feature
    assert crit["value"] == pytest.approx(0.5) and len(crit["evidence"]) == 3
    assert crit["link"] == {"feature": "chat", "start": T0, "end": T0 + timedelta(days=2)}
    assert alerts["rule:pass_rate"]["value"] == 0.0 and alerts["rule:regen_rate"]["value"] == 1.0
    assert db[NOTIFICATIONS].count_documents({}) == 6  # 3 alerts x (webhook, e-mail)
    # re-running neither duplicates alerts nor notifications
    again = evaluate(db, now=NOW + timedelta(minutes=5))
    assert again["opened"] == 0 and again["still_open"] == 3
    assert db[ALERTS].count_documents({}) == 3 and db[NOTIFICATIONS].count_documents({}) == 6

    # delivery: the webhook fails once, then succeeds on a later run (backoff)
    first = deliver(db, now=NOW)
    assert first == {"sent": 5, "retrying": 1, "failed": 0}
    pending = [n for n in list_notifications(db) if n["status"] == "pending"]
    assert len(pending) == 1 and pending[0]["attempts"] == 1 and "HTTP 500" in pending[0]["last_error"]
    assert deliver(db, now=NOW + timedelta(seconds=1)) == {"sent": 0, "retrying": 0, "failed": 0}  # not due yet
    assert deliver(db, now=NOW + timedelta(minutes=5))["sent"] == 1
    assert len(receiver.posts) == 3 and len(mailbox.messages) == 3
    assert all("text" in p and p["blocks"] for p in receiver.posts)
    # each message links to the Overview (the app's root page) for the alert's feature and days
    crit_post = next(p for p in receiver.posts if "Faithfulness" in json.dumps(p))
    assert f"http://127.0.0.1:8501/?feature=chat&start={T0.date()}&end={(T0 + timedelta(days=2)).date()}" \
        in json.dumps(crit_post)
    crit_mail = [m for rcpt, m in mailbox.messages if rcpt == ["oncall@example.org"]]
    assert len(crit_mail) == 1 and "CRITICAL" in crit_mail[0]["Subject"]
    assert deliver(db, now=NOW + timedelta(hours=5))["sent"] == 0  # nothing sent twice

    # acknowledge one; then a good day clears every condition -> auto-resolved
    acknowledge_alert(db, crit["_id"], "dana")
    with pytest.raises(ValidationFailed):
        acknowledge_alert(db, crit["_id"], "dana")
    store_raw(db, day_records(3, 10, 0.95, 0, 300))
    refresh(db)
    result = evaluate(db, now=NOW + timedelta(hours=6))
    assert result["resolved"] == 3
    for alert in list_alerts(db):
        assert alert["state"] == "resolved" and alert["resolved_by"] == "auto"
        assert alert["resolved_at"] == NOW + timedelta(hours=6)
    assert db[ALERTS].find_one({"_id": crit["_id"]})["acknowledged_by"] == "dana"
    assert deliver(db, now=NOW + timedelta(hours=6))["sent"] == 6
    assert sum("RESOLVED" in m["Subject"] for _r, m in mailbox.messages) == 3
    assert evaluate(db, now=NOW + timedelta(hours=7))["opened"] == 0


def test_failing_delivery_is_marked_failed_not_dropped(db, monkeypatch):
    monkeypatch.setenv("EVALBOARD_WEBHOOK_URL", f"http://127.0.0.1:{free_port()}/nobody-listens")
    monkeypatch.delenv("EVALBOARD_SMTP_HOST", raising=False)
    reset_settings()
    reference_rules_only(db)
    store_raw(db, day_records(0, 10, 0.9, 0, 0))
    upsert_rule(db, {"name": "chat faithfulness", "metric": "faithfulness", "statistic": "mean",
                     "comparison": "lt", "threshold": 0.95, "window_days": 1, "feature": "*",
                     "severity": "warning", "channel": "qa", "min_count": 1}, "alice")
    refresh(db, full=True)
    evaluate(db, now=NOW)
    per_feature = db[ALERTS].find_one({"feature": "chat"})
    assert per_feature and per_feature["rule_name"] == "chat faithfulness"
    at = NOW
    for _ in range(MAX_ATTEMPTS):
        deliver(db, now=at)
        at += timedelta(hours=2)
    entries = list_notifications(db)
    assert entries and all(n["status"] == "failed" and n["attempts"] == MAX_ATTEMPTS for n in entries)
    assert all("Connect" in n["last_error"] for n in entries)
    # a person resolving it still enqueues (and records) the resolved notification
    resolve_alert(db, per_feature["_id"], "erin")
    assert db[NOTIFICATIONS].find_one({"_id": f"{per_feature['_id']}|resolved|webhook"})["status"] == "pending"
    reset_settings()


def test_first_run_replays_history_quietly_and_notifies_only_what_is_still_open(db, channels):
    """Days 0-2: faithfulness incident (over by day 3); days 4-6 good; day 7: regeneration spike.

    A first evaluation judges every past day: the old incident becomes an alert
    that opened and resolved on its days, without notifications; the spike on the
    latest day is open and notified."""
    reference_rules_only(db)
    records = []
    for day in range(8):
        faith = 0.5 if day <= 2 else 0.95
        regen = 1 if day == 7 else 0
        records += day_records(day, 10, faith, regen, 100 * day)
    store_raw(db, records)
    refresh(db, full=True)
    # day 7 is still running at 23:00: it is not judged (a partial day), nothing about the spike yet
    partial = evaluate(db, now=T0 + timedelta(days=7, hours=23))
    assert partial["judged_through"] == (T0 + timedelta(days=6)).date().isoformat()
    assert not db[ALERTS].find_one({"rule_id": "rule:regen_rate"})
    db[ALERTS].delete_many({})
    db["evalboard_state"].delete_one({"_id": "alerts"})
    latest = T0 + timedelta(days=8, hours=1)  # day 7 is over
    result = evaluate(db, now=latest)
    assert result["replayed_days"] == 7
    past = db[ALERTS].find_one({"rule_id": "rule:faithfulness"})
    assert past["state"] == "resolved" and past["resolved_by"] == "auto" and past["replayed"] is True
    assert past["opened_at"] == latest  # raised by this run; the data's days are the evidence
    assert past["first_day"] == T0.date().isoformat() and past["last_day"] == (T0 + timedelta(days=2)).date().isoformat()
    assert past["cleared_day"] == (T0 + timedelta(days=3)).date().isoformat()  # day 3 was good
    assert past["evidence"][-1]["value"] == pytest.approx(0.5)
    spike = db[ALERTS].find_one({"rule_id": "rule:regen_rate"})
    assert spike["state"] == "open" and spike["opened_at"] == latest and not spike.get("replayed")
    # the pass-rate rule fired on the three bad days too, and resolved quietly
    assert db[ALERTS].count_documents({"rule_id": "rule:pass_rate", "state": "resolved", "replayed": True}) == 1
    # notifications: only the open spike (webhook + e-mail), nothing about the past incident
    assert sorted(n["_id"] for n in list_notifications(db)) == [
        f"{spike['_id']}|opened|email", f"{spike['_id']}|opened|webhook"]
    # a condition that holds on several days keeps one alert whose link spans them all
    store_raw(db, day_records(8, 10, 0.95, 1, 900))
    refresh(db)
    later = evaluate(db, now=latest + timedelta(days=1))
    assert later["opened"] == 0 and later["still_open"] == 1
    spike = db[ALERTS].find_one({"_id": spike["_id"]})
    assert spike["link"]["start"] == T0 + timedelta(days=7) and spike["link"]["end"] == T0 + timedelta(days=8)
    assert spike["evidence"][-1]["bucket"] == T0 + timedelta(days=8)
    latest += timedelta(days=1)
    # the next run starts where this one stopped: nothing replayed twice, nothing new
    again = evaluate(db, now=latest + timedelta(minutes=5))
    assert again["replayed_days"] == 0 and again["opened"] == 0 and again["still_open"] == 1
    assert db[ALERTS].count_documents({}) == 3
