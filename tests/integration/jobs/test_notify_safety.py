"""Notifications exactly once, against real receivers on 127.0.0.1: a webhook and an SMTP
server that trickle one byte at a time, a receiver that echoes its secret URL back, aiosmtpd
for e-mail, and user-supplied text built to break Slack mrkdwn and e-mail headers."""
from __future__ import annotations

import json
import logging
import socket
import threading
from datetime import datetime, timedelta, timezone
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
from aiosmtpd.controller import Controller

from jobs.notify import deliver
from settings import reset_settings
from store.collections import NOTIFICATIONS
from store.outbox import MAX_ATTEMPTS, enqueue, retry_failed

from .test_alerts_notify import Mailbox, Receiver, free_port

NOW = datetime(2026, 3, 10, 12, tzinfo=timezone.utc)
SECRET = "T0001/B0002/s3cr3tT0kenXYZ"


class Trickler:
    """A TCP server on 127.0.0.1 that answers every connection one byte at a time.

    `read_request`: first read an HTTP request (headers and Content-Length body).
    Records each connection, whether it was cut off before the whole answer was out,
    and sets `got_request` once a request (or, for SMTP, a connection) arrived."""

    def __init__(self, answer: bytes, every_s: float, read_request: bool):
        self.answer, self.every_s, self.read_request = answer, every_s, read_request
        self.connections = 0
        self.cut_off = 0
        self.completed = 0
        self.got_request = threading.Event()
        self._stop = threading.Event()
        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen(8)
        self.sock.settimeout(0.2)
        self.port = self.sock.getsockname()[1]
        self.thread = threading.Thread(target=self._serve, daemon=True)
        self.thread.start()

    def _serve(self):
        while not self._stop.is_set():
            try:
                conn, _ = self.sock.accept()
            except OSError:
                continue
            threading.Thread(target=self._answer, args=(conn,), daemon=True).start()

    def _answer(self, conn: socket.socket):
        self.connections += 1
        with conn:
            if self.read_request:
                data = b""
                while b"\r\n\r\n" not in data:
                    data += conn.recv(4096)
                head, _, body = data.partition(b"\r\n\r\n")
                length = next((int(line.split(b":")[1]) for line in head.split(b"\r\n")
                               if line.lower().startswith(b"content-length")), 0)
                while len(body) < length:
                    body += conn.recv(4096)
            self.got_request.set()
            for i in range(len(self.answer)):
                if self._stop.wait(self.every_s):
                    return
                try:
                    conn.sendall(self.answer[i:i + 1])
                except OSError:
                    self.cut_off += 1
                    return
            self.completed += 1

    def close(self):
        self._stop.set()
        self.sock.close()


class EchoReceiver(Receiver):
    """First answers 500 with the request's path in the body (as some gateways do), then 200."""

    def __init__(self):
        super().__init__()
        outer = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):  # noqa: N802
                body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
                if not outer.failures:
                    outer.failures += 1
                    self.send_response(500)
                    self.end_headers()
                    self.wfile.write(f"no such hook: {self.path}".encode())
                    return
                outer.posts.append(json.loads(body))
                self.send_response(200)
                self.end_headers()

            def log_message(self, *args):
                pass

        self.close()
        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()


def alert(alert_id: str = "alert-1", **fields) -> dict:
    base = {"_id": alert_id, "channel": "qa", "rule_id": "rule:pass_rate", "rule_name": "Pass rate",
            "feature": "chat", "severity": "warning", "message": "Pass rate 0.50 < 0.70", "metric": "pass_rate",
            "link": {"feature": "chat", "start": NOW - timedelta(days=1), "end": NOW}}
    return {**base, **fields}


def use(monkeypatch, webhook: str | None = None, smtp_port: int | None = None, deadline: float | None = None):
    for name in ("EVALBOARD_WEBHOOK_URL", "EVALBOARD_SMTP_HOST", "EVALBOARD_SMTP_PORT"):
        monkeypatch.delenv(name, raising=False)
    if webhook:
        monkeypatch.setenv("EVALBOARD_WEBHOOK_URL", webhook)
    if smtp_port:
        monkeypatch.setenv("EVALBOARD_SMTP_HOST", "127.0.0.1")
        monkeypatch.setenv("EVALBOARD_SMTP_PORT", str(smtp_port))
    if deadline:
        monkeypatch.setenv("EVALBOARD_NOTIFY_DEADLINE_S", str(deadline))
    reset_settings()


@pytest.fixture
def mailbox():
    box = Mailbox()
    controller = Controller(box, hostname="127.0.0.1", port=free_port())
    controller.start()
    yield box, controller.port
    controller.stop()


def test_a_trickling_webhook_is_cut_at_the_deadline_and_a_second_run_sends_nothing(db, monkeypatch):
    # the status line and headers arrive one byte every 0.5 s: ~60 s for the whole answer
    answer = b"HTTP/1.1 200 OK\r\nContent-Length: 2\r\nX-Padding: " + b"x" * 80 + b"\r\n\r\nok"
    trickler = Trickler(answer, every_s=0.5, read_request=True)
    try:
        use(monkeypatch, webhook=f"http://127.0.0.1:{trickler.port}/hooks/{SECRET}", deadline=3)
        assert enqueue(db, alert(), "opened", now=NOW) == 1
        first: dict = {}
        runner = threading.Thread(target=lambda: first.update(deliver(db, now=NOW)))
        runner.start()
        assert trickler.got_request.wait(60)
        # a second notify run, long after the first one's claim began (130 s: past the old 120 s claim)
        second = deliver(db, now=NOW + timedelta(seconds=130))
        runner.join(120)
        assert not runner.is_alive()
        assert second == {"sent": 0, "retrying": 0, "failed": 0}
        assert first == {"sent": 0, "retrying": 1, "failed": 0}  # cut off: retried later, not lost
        assert trickler.connections == 1 and trickler.completed == 0  # the answer was still trickling
        entry = db[NOTIFICATIONS].find_one()
        assert entry["status"] == "pending" and "deadline" in entry["last_error"]
        assert entry["attempts"] == 1 and entry["next_attempt_at"] == NOW + timedelta(seconds=30)  # backoff
    finally:
        trickler.close()


def test_a_trickling_smtp_server_is_cut_at_the_deadline(db, monkeypatch):
    trickler = Trickler(b"220 slow.example ESMTP " + b"." * 120 + b"\r\n", every_s=0.5, read_request=False)
    try:
        use(monkeypatch, smtp_port=trickler.port, deadline=2)
        enqueue(db, alert(), "opened", now=NOW)
        assert deliver(db, now=NOW) == {"sent": 0, "retrying": 1, "failed": 0}
        entry = db[NOTIFICATIONS].find_one({"channel_type": "email"})
        assert "deadline" in entry["last_error"] and trickler.completed == 0
    finally:
        trickler.close()


def test_a_retry_goes_to_the_webhook_url_configured_now(db, monkeypatch):
    use(monkeypatch, webhook=f"http://127.0.0.1:{free_port()}/hooks/old-{SECRET}")
    enqueue(db, alert(), "opened", now=NOW)
    at = NOW
    for _ in range(MAX_ATTEMPTS):
        deliver(db, now=at)
        at += timedelta(hours=2)
    entry = db[NOTIFICATIONS].find_one()
    assert entry["status"] == "failed" and "Connect" in entry["last_error"]
    receiver = Receiver()
    try:
        use(monkeypatch, webhook=receiver.url)  # the URL was fixed
        assert retry_failed(db, entry["_id"])
        assert deliver(db)["sent"] == 1
        assert len(receiver.posts) == 1 and "Pass rate" in receiver.posts[0]["text"]
        entry = db[NOTIFICATIONS].find_one()
        assert entry["status"] == "sent"
        assert entry["target"] == f"http://127.0.0.1:{receiver.server.server_address[1]}/…"
    finally:
        receiver.close()


def test_user_text_cannot_mention_everyone_or_plant_links_in_slack(db, monkeypatch):
    receiver = Receiver()
    try:
        use(monkeypatch, webhook=receiver.url)
        evil = alert(feature="<!channel> a|b>c&d", rule_name="<http://evil.example|click me> & <@U123>",
                     message="<!here> see <https://evil.example/x|the fix>",
                     link={"feature": "x|<http://evil.example>&y=1", "start": NOW, "end": NOW})
        enqueue(db, evil, "opened", now=NOW)
        assert deliver(db, now=NOW)["sent"] == 1
        post = receiver.posts[0]
        section = post["blocks"][0]["text"]["text"]
        for text in (post["text"], section):
            assert "<!channel>" not in text and "<!here>" not in text and "<@U123>" not in text
            assert "<http" not in text and "|click me>" not in text
            assert "&lt;!channel&gt; a|b&gt;c&amp;d" in text
            # issue 18: a bare URL from data is not auto-linked either (a word joiner after its scheme)
            assert "&lt;http\u2060://evil.example|click me&gt; &amp; &lt;@U123&gt;" in text
            assert "http://" not in text and "https://" not in text
        link = post["blocks"][1]["elements"][0]["text"]
        assert link.startswith("<http://127.0.0.1:8501/?feature=x%7C%3Chttp%3A%2F%2Fevil.example%3E%26y%3D1&start=")
        assert link.endswith("|Open in Evalboard>") and link.count("|") == 1 and link.count(">") == 1
    finally:
        receiver.close()


def test_a_line_break_in_a_feature_name_does_not_make_the_mail_undeliverable(db, monkeypatch, mailbox):
    box, port = mailbox
    use(monkeypatch, smtp_port=port)
    monkeypatch.setenv("EVALBOARD_MAIL_TO_QA", "qa@example.org")
    reset_settings()
    enqueue(db, alert(feature="chat\r\nBcc: victim@example.org", rule_name="Pass\nrate"), "opened", now=NOW)
    assert deliver(db, now=NOW) == {"sent": 1, "retrying": 0, "failed": 0}
    [(rcpt, message)] = box.messages
    assert rcpt == ["qa@example.org"] and message["Bcc"] is None
    assert message["Subject"] == "[Evalboard] WARNING: Pass rate (chat Bcc: victim@example.org)"
    assert "victim@example.org" in message.get_payload()  # the body keeps the text as it was


def test_webhook_secrets_never_reach_the_outbox_or_the_log(db, monkeypatch, caplog):
    receiver = EchoReceiver()
    url = f"http://127.0.0.1:{receiver.server.server_address[1]}/hooks/{SECRET}"
    try:
        use(monkeypatch, webhook=url)
        caplog.set_level(logging.DEBUG)
        enqueue(db, alert(), "opened", now=NOW)
        entry = db[NOTIFICATIONS].find_one()
        assert SECRET not in json.dumps(entry, default=str)  # the stored target is redacted
        assert entry["target"] == f"http://127.0.0.1:{receiver.server.server_address[1]}/…"
        # the first answer is an error whose text carries the URL; the second goes through
        assert deliver(db, now=NOW) == {"sent": 0, "retrying": 1, "failed": 0}
        assert deliver(db, now=NOW + timedelta(hours=1))["sent"] == 1
        assert len(receiver.posts) == 1
        entry = db[NOTIFICATIONS].find_one()
        assert SECRET not in json.dumps(entry, default=str)
        logged = caplog.text + "".join(str(r.msg) for r in caplog.records)
        assert "HTTP 500" in logged and SECRET not in logged and "s3cr3t" not in logged
    finally:
        receiver.close()


def test_the_notify_command_logs_no_secret(db, monkeypatch):
    """`python -m jobs run-once notify` in a child process: its whole log is free of the webhook token."""
    import os
    import subprocess
    import sys
    from pathlib import Path

    receiver = EchoReceiver()
    try:
        url = f"http://127.0.0.1:{receiver.server.server_address[1]}/hooks/{SECRET}"
        use(monkeypatch, webhook=url)
        enqueue(db, alert(), "opened", now=NOW)
        env = {**os.environ, "EVALBOARD_WEBHOOK_URL": url}
        proc = subprocess.run([sys.executable, "-m", "jobs", "run-once", "notify"], env=env, timeout=120,
                              cwd=Path(__file__).resolve().parents[3], capture_output=True, text=True)
        assert proc.returncode == 0, proc.stderr
        out = proc.stdout + proc.stderr
        assert "HTTP 500" in out and SECRET not in out and "s3cr3t" not in out
        assert receiver.failures == 1
    finally:
        receiver.close()


def test_migrate_redacts_webhook_urls_stored_before_targets_were_redacted(db):
    from store.migrate import migrate

    db[NOTIFICATIONS].insert_many([
        {"_id": "old|opened|webhook", "channel_type": "webhook", "status": "sent",
         "target": f"https://hooks.slack.example:8443/services/{SECRET}?token=abc"},
        {"_id": "old|opened|email", "channel_type": "email", "status": "sent", "target": "qa@example.org"},
    ])
    assert migrate(db)["webhook_targets_redacted"] == 1
    assert db[NOTIFICATIONS].find_one({"_id": "old|opened|webhook"})["target"] == "https://hooks.slack.example:8443/…"
    assert db[NOTIFICATIONS].find_one({"_id": "old|opened|email"})["target"] == "qa@example.org"
    assert migrate(db)["webhook_targets_redacted"] == 0


def test_a_slow_webhook_costs_a_run_one_deadline_not_one_per_waiting_entry(db, monkeypatch, mailbox):
    box, port = mailbox
    trickler = Trickler(b"HTTP/1.1 200 OK\r\n" + b"X-Slow: " + b"x" * 200, every_s=0.5, read_request=True)
    try:
        use(monkeypatch, webhook=f"http://127.0.0.1:{trickler.port}/hooks/{SECRET}", smtp_port=port, deadline=2)
        for i in range(3):
            enqueue(db, alert(f"alert-{i}"), "opened", now=NOW)
        result = deliver(db, now=NOW)
        assert trickler.connections == 1  # the first webhook ran into the deadline; the others were not tried
        assert result == {"sent": 3, "retrying": 1, "failed": 0} and len(box.messages) == 3  # e-mail went on
        waiting = list(db[NOTIFICATIONS].find({"channel_type": "webhook", "attempts": 0}))
        assert len(waiting) == 2 and all(w["status"] == "pending" and w["next_attempt_at"] == NOW for w in waiting)
    finally:
        trickler.close()
