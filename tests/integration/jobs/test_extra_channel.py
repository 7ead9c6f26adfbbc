"""Adding a delivery channel is two files: its kind in core/channels.py and its sender jobs/channels/<kind>.py.

The fixture adds "teams", a Teams-style webhook: it posts to $EVALBOARD_TEAMS_URL with the token
$EVALBOARD_TEAMS_TOKEN in a header, and its kind declares the token secret (`secrets`). In-process it is
followed through an alert opening (the outbox entry with the safe target), a receiver that refuses the
first delivery and echoes the token back in its error (the token is in neither the stored error nor the
log), the retry that arrives, and the channel status. In a copy of the code the same two texts are added
and used from a fresh interpreter (a delivery, and the token redacted with no other file touched); the
files that differ from the original are counted: two.
"""
from __future__ import annotations

import importlib.util
import json
import logging
import subprocess
import sys
import textwrap
from datetime import datetime, timedelta, timezone

import pytest

from core import channels
from store.collections import NOTIFICATIONS
from tests.integration.code_copy import copy_code, file_hashes, touched

from .test_alerts_notify import Receiver

TOKEN = "tk-7f3a9c2e51b04d86"
KIND_SOURCE = textwrap.dedent('''

    class Teams(ChannelKind):
        """A Teams-style webhook: the URL from $EVALBOARD_TEAMS_URL, the token from $EVALBOARD_TEAMS_TOKEN."""

        def targets(self, settings, channel):
            import os
            url = os.environ.get("EVALBOARD_TEAMS_URL")
            return [url] if url else []

        def missing(self, settings):
            return "" if self.targets(settings, "qa") else "EVALBOARD_TEAMS_URL is not set"

        def safe_target(self, target):
            return redact_url(target)

        def secrets(self, settings):
            import os
            return [os.environ.get("EVALBOARD_TEAMS_TOKEN", "")]


    KINDS["teams"] = Teams("teams", "Teams (webhook and token)")
''')
SENDER_SOURCE = textwrap.dedent('''
    """Teams-style delivery: the subject as JSON, the token in a header."""
    import os

    import httpx

    from jobs.channels.text import subject


    def send(entry, target):
        answer = httpx.post(target, json={"text": subject(entry)}, timeout=10,
                            headers={"X-Teams-Token": os.environ["EVALBOARD_TEAMS_TOKEN"]})
        if answer.status_code >= 300:
            raise RuntimeError(f"HTTP {answer.status_code}: {answer.text[:300]}")
''')


def _echoing_receiver() -> Receiver:
    """Refuses the first delivery, echoing the token it was sent (as some receivers do), then accepts."""
    return Receiver(fail_first=1, fail_body=lambda headers: f"token {headers['X-Teams-Token']} is not allowed".encode())


@pytest.fixture
def teams_channel(tmp_path, monkeypatch):
    namespace = dict(vars(channels))
    exec(KIND_SOURCE, namespace)  # the same texts the copy of the code gets
    path = tmp_path / "sender.py"
    path.write_text(SENDER_SOURCE)
    spec = importlib.util.spec_from_file_location("jobs.channels.teams", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    monkeypatch.setitem(sys.modules, "jobs.channels.teams", module)
    receiver = _echoing_receiver()
    monkeypatch.setenv("EVALBOARD_TEAMS_URL", receiver.url)
    monkeypatch.setenv("EVALBOARD_TEAMS_TOKEN", TOKEN)
    yield receiver
    receiver.close()
    channels.KINDS.pop("teams", None)


def test_a_channel_added_as_two_files_is_enqueued_sent_shown_and_its_token_kept_secret(teams_channel, db, caplog):
    from jobs.notify import deliver
    from store.alerts import open_alert
    from store.outbox import channel_status

    assert open_alert(db, {"_id": "rule:x|chat|2026-03-02", "rule_id": "rule:x", "rule_name": "Pass rate low",
                           "feature": "chat", "severity": "warning", "channel": "ai", "message": "m"})
    [entry] = list(db[NOTIFICATIONS].find({"channel_type": "teams"}))
    assert entry["target"].endswith("/…") and "hooks" not in entry["target"]  # the safe target: no path
    now = datetime.now(timezone.utc)
    with caplog.at_level(logging.WARNING):
        deliver(db, now=now)
    failed = db[NOTIFICATIONS].find_one({"_id": entry["_id"]})
    assert failed["status"] == "pending" and "is not allowed" in failed["last_error"]
    assert TOKEN not in json.dumps(failed, default=str)  # the receiver echoed it: redacted before it was stored
    assert "is not allowed" in caplog.text and TOKEN not in caplog.text  # ... and before it was logged
    assert deliver(db, now=now + timedelta(hours=2))["sent"] >= 1  # the retry arrives
    assert [p["text"] for p in teams_channel.posts] == ["[Evalboard] WARNING: Pass rate low (chat)"]
    assert db[NOTIFICATIONS].find_one({"_id": entry["_id"]})["status"] == "sent"
    [status] = [c for c in channel_status(db) if c["channel_type"] == "teams"]
    assert status["configured"] and status["last_sent_at"] is not None and TOKEN not in json.dumps(status, default=str)


def test_in_a_copy_of_the_code_the_channel_is_two_files(tmp_path):
    copy = copy_code(tmp_path / "code", ("core", "store", "jobs", "evaluators", "settings.py"))
    before = file_hashes(copy, "*.py")
    with (copy / "core" / "channels.py").open("a", encoding="utf-8") as f:
        f.write(KIND_SOURCE)
    (copy / "jobs" / "channels" / "teams.py").write_text(SENDER_SOURCE)
    script = textwrap.dedent('''
        import json
        from core import channels
        from jobs.notify import current_target, redact, send
        entry = {"_id": "a|opened|teams", "channel": "qa", "channel_type": "teams", "transition": "opened",
                 "payload": {"rule_name": "r", "feature": "chat", "severity": "critical"}}
        target = current_target(entry)
        try:
            send(entry, target)  # refused: the receiver echoes the token
        except RuntimeError as exc:
            error = redact(str(exc))
        send(entry, target)
        print(json.dumps({"routes": channels.safe_routes("qa"), "error": error}))
    ''')
    receiver = _echoing_receiver()
    try:
        out = subprocess.run([sys.executable, "-c", script], cwd=copy, capture_output=True, text=True, timeout=120,
                             env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(copy), "HOME": str(tmp_path),
                                  "EVALBOARD_TEAMS_URL": receiver.url, "EVALBOARD_TEAMS_TOKEN": TOKEN})
    finally:
        receiver.close()
    assert out.returncode == 0, out.stderr[-2000:]
    result = json.loads(out.stdout.strip().splitlines()[-1])
    assert ["teams", receiver.url.split("/hooks")[0] + "/…"] in result["routes"]
    assert result["error"] == "HTTP 500: token … is not allowed"  # declared by the kind: redacted by jobs/notify.py
    assert [p["text"] for p in receiver.posts] == ["[Evalboard] CRITICAL: r (chat)"]
    assert touched(copy, before, "*.py") == ["core/channels.py", "jobs/channels/teams.py"]  # two files
