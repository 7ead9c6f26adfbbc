# ruff: noqa: F811 - pytest fixtures imported from a sibling module are redefined as parameters
"""Secrets never stored, and exactly-once delivery with slow receivers — against real receivers on
127.0.0.1: a webhook that de-duplicates on the Idempotency-Key and answers late, and aiosmtpd."""
from __future__ import annotations

import json
import threading
import time
from datetime import timedelta
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from jobs.notify import deliver
from store.collections import NOTIFICATIONS
from store.outbox import MAX_UNKNOWN_OUTCOMES, claim_due, enqueue, enqueue_test

from .test_notify_safety import NOW, SECRET, alert, mailbox, use  # noqa: F401,F811 - fixture

PASSWORD = "smtp-Pa55word-planted-4242"


class LateReceiver:
    """Answers each request after `delays[i]` seconds (the last delay repeats), 200 every time;
    remembers every Idempotency-Key and counts an alert once per key (as a de-duplicating receiver)."""

    def __init__(self, delays: list[float]):
        self.keys: list[str] = []
        self.bodies: list[dict] = []
        self.paths: list[str] = []
        outer = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):  # noqa: N802
                body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
                n = len(outer.keys)
                outer.keys.append(self.headers.get("Idempotency-Key"))
                outer.bodies.append(json.loads(body))
                outer.paths.append(self.path)
                time.sleep(delays[min(n, len(delays) - 1)])
                try:
                    self.send_response(200)
                    self.end_headers()
                    self.wfile.write(b"ok")
                except OSError:
                    pass

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.port = self.server.server_address[1]
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    @property
    def delivered(self) -> int:
        return len(set(self.keys))

    def close(self):
        self.server.shutdown()
        self.server.server_close()


def test_a_late_receiver_gets_the_same_key_and_is_not_resent_in_the_same_run(db, monkeypatch):
    receiver = LateReceiver([3.0, 0.0])  # the first answer comes after the 1 s deadline
    try:
        use(monkeypatch, webhook=f"http://127.0.0.1:{receiver.port}/hooks/{SECRET}", deadline=1)
        enqueue(db, alert(), "opened", now=NOW)
        assert deliver(db, now=NOW) == {"sent": 0, "retrying": 1, "failed": 0}
        assert len(receiver.keys) == 1  # not re-sent within the run
        entry = db[NOTIFICATIONS].find_one()
        assert entry["status"] == "pending" and entry["last_error"].startswith("unknown outcome")
        assert deliver(db, now=NOW + timedelta(seconds=5)) == {"sent": 0, "retrying": 0, "failed": 0}  # backoff
        assert deliver(db, now=NOW + timedelta(seconds=31)) == {"sent": 1, "retrying": 0, "failed": 0}
        assert len(receiver.keys) == 2 and receiver.keys[0] == receiver.keys[1] and receiver.keys[0]
        assert receiver.delivered == 1  # one alert as far as a de-duplicating receiver is concerned
        entry = db[NOTIFICATIONS].find_one()
        assert entry["status"] == "sent" and entry["attempts"] == 2
    finally:
        receiver.close()


def test_a_receiver_that_always_answers_late_gets_at_most_the_capped_attempts(db, monkeypatch):
    receiver = LateReceiver([2.0])
    try:
        use(monkeypatch, webhook=f"http://127.0.0.1:{receiver.port}/hooks/{SECRET}", deadline=1)
        enqueue(db, alert(), "opened", now=NOW)
        at = NOW
        for _ in range(6):
            deliver(db, now=at)
            at += timedelta(hours=2)
        entry = db[NOTIFICATIONS].find_one()
        assert len(receiver.keys) == MAX_UNKNOWN_OUTCOMES < 5 and len(set(receiver.keys)) == 1
        assert entry["status"] == "failed" and "unknown outcome" in entry["last_error"]
        assert entry["attempts"] == MAX_UNKNOWN_OUTCOMES
    finally:
        receiver.close()


def test_a_run_killed_mid_delivery_has_recorded_its_attempt(db, monkeypatch):
    receiver = LateReceiver([0.0])
    try:
        use(monkeypatch, webhook=f"http://127.0.0.1:{receiver.port}/hooks/{SECRET}", deadline=2)
        enqueue(db, alert(), "opened", now=NOW)
        claimed = claim_due(db, now=NOW)  # what a run leaves behind when it dies after claiming (or sending)
        assert claimed is not None
        stored = db[NOTIFICATIONS].find_one()
        assert stored["in_flight_at"] is not None  # the attempt is on record before any request goes out
        # the next run, once the claim has passed: it counts the dead run's attempt, then sends with the key
        assert deliver(db, now=NOW + timedelta(minutes=6)) == {"sent": 1, "retrying": 0, "failed": 0}
        entry = db[NOTIFICATIONS].find_one()
        assert entry["attempts"] == 2 and entry["unknown_outcomes"] == 1 and entry["in_flight_at"] is None
        # sent: the earlier attempt's error no longer stands (its count is kept in unknown_outcomes)
        assert entry["status"] == "sent" and entry["last_error"] is None
        assert receiver.keys == [f"evalboard-{__import__('hashlib').sha256(entry['_id'].encode()).hexdigest()[:32]}"]
    finally:
        receiver.close()


def _everything(db) -> str:
    return "\n".join(json.dumps(doc, default=str) for name in db.list_collection_names() for doc in db[name].find())


def test_send_test_and_a_real_alert_store_no_secret_and_mail_every_recipient(db, monkeypatch, mailbox):
    box, port = mailbox
    receiver = LateReceiver([0.0])
    try:
        use(monkeypatch, webhook=f"http://127.0.0.1:{receiver.port}/hooks/{SECRET}?token={SECRET}",
            smtp_port=port, deadline=3)
        monkeypatch.setenv("EVALBOARD_SMTP_PASSWORD", PASSWORD)
        monkeypatch.setenv("EVALBOARD_MAIL_TO_QA", "qa@example.org")
        monkeypatch.setenv("EVALBOARD_MAIL_TO_AI", "ai@example.org")
        monkeypatch.setenv("EVALBOARD_MAIL_TO_CRITICAL", "oncall@example.org")
        from settings import reset_settings
        reset_settings()
        assert enqueue_test(db, "ada", now=NOW) == 4  # the webhook and three addresses
        enqueue(db, alert(), "opened", now=NOW)
        assert deliver(db, now=NOW)["sent"] == 6
        assert receiver.paths and all(SECRET in p for p in receiver.paths)  # sent to the real URL
        assert sorted(r for rcpts, _ in box.messages for r in rcpts) == sorted(
            ["qa@example.org", "ai@example.org", "oncall@example.org", "qa@example.org"])
        dump = _everything(db)
        assert SECRET not in dump and "s3cr3t" not in dump and PASSWORD not in dump
        ids = [d["_id"] for d in db[NOTIFICATIONS].find()]
        assert all("://" not in i and "/" not in i for i in ids)
        # a failing test delivery: its error is shown on the page, still without the secret
        receiver.close()
        enqueue_test(db, "ada", now=NOW + timedelta(seconds=1))
        deliver(db, now=NOW + timedelta(seconds=1))
        assert SECRET not in _everything(db) and "s3cr3t" not in _everything(db)
        assert db[NOTIFICATIONS].count_documents({"last_error": {"$ne": None}}) >= 1
    finally:
        receiver.close()
