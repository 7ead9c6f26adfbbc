"""Adding a delivery channel is two files: its kind in core/channels.py and its sender jobs/channels/<kind>.py.

The fixture adds "logfile" (appends each notification as a JSON line to a file named in the
environment; only the file's name is stored). In-process it is followed through an alert opening
(the outbox entry with the safe target), the notify job sending it and the channel status; in a
copy of the code the same two texts are added and used from a fresh interpreter, and the files
that differ from the original are counted: two.
"""
from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
import textwrap

import pytest

from core import channels
from store.collections import NOTIFICATIONS
from tests.integration.code_copy import copy_code, file_hashes, touched

KIND_SOURCE = textwrap.dedent('''

    class LogFile(ChannelKind):
        """Each notification appended as a JSON line to the file $EVALBOARD_LOGFILE_CHANNEL."""

        def targets(self, settings, channel):
            import os
            path = os.environ.get("EVALBOARD_LOGFILE_CHANNEL")
            return [path] if path else []

        def missing(self, settings):
            return "" if self.targets(settings, "qa") else "EVALBOARD_LOGFILE_CHANNEL is not set"

        def safe_target(self, target):
            return "file:" + target.replace("\\\\", "/").rsplit("/", 1)[-1]


    KINDS["logfile"] = LogFile("logfile", "Log file (JSON lines)")
''')
SENDER_SOURCE = textwrap.dedent('''
    """Log-file delivery: one JSON line per notification."""
    import json

    from jobs.channels.text import subject


    def send(entry, target):
        with open(target, "a", encoding="utf-8") as f:
            f.write(json.dumps({"id": entry["_id"], "subject": subject(entry)}) + "\\n")
''')


@pytest.fixture
def logfile_channel(tmp_path, monkeypatch):
    namespace = dict(vars(channels))
    exec(KIND_SOURCE, namespace)  # the same texts the copy of the code gets
    path = tmp_path / "sender.py"
    path.write_text(SENDER_SOURCE)
    spec = importlib.util.spec_from_file_location("jobs.channels.logfile", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    monkeypatch.setitem(sys.modules, "jobs.channels.logfile", module)
    out = tmp_path / "secret-dir" / "alerts.jsonl"
    out.parent.mkdir()
    monkeypatch.setenv("EVALBOARD_LOGFILE_CHANNEL", str(out))
    yield out
    channels.KINDS.pop("logfile", None)


def test_a_channel_added_as_two_files_is_enqueued_sent_and_shown(logfile_channel, db):
    from jobs.notify import deliver
    from store.alerts import open_alert
    from store.outbox import channel_status

    assert open_alert(db, {"_id": "rule:x|chat|2026-03-02", "rule_id": "rule:x", "rule_name": "Pass rate low",
                           "feature": "chat", "severity": "warning", "channel": "ai", "message": "m"})
    [entry] = list(db[NOTIFICATIONS].find({"channel_type": "logfile"}))
    assert entry["target"] == "file:alerts.jsonl"  # the safe target: not the directory
    assert deliver(db)["sent"] >= 1
    [line] = [json.loads(x) for x in logfile_channel.read_text().splitlines()]
    assert line["id"] == entry["_id"] and line["subject"] == "[Evalboard] WARNING: Pass rate low (chat)"
    assert db[NOTIFICATIONS].find_one({"_id": entry["_id"]})["status"] == "sent"
    [status] = [c for c in channel_status(db) if c["channel_type"] == "logfile"]
    assert status["configured"] and status["last_sent_at"] is not None


def test_in_a_copy_of_the_code_the_channel_is_two_files(tmp_path):
    copy = copy_code(tmp_path / "code", ("core", "store", "jobs", "evaluators", "settings.py"))
    before = file_hashes(copy, "*.py")
    with (copy / "core" / "channels.py").open("a", encoding="utf-8") as f:
        f.write(KIND_SOURCE)
    (copy / "jobs" / "channels" / "logfile.py").write_text(SENDER_SOURCE)
    out_file = tmp_path / "alerts.jsonl"
    script = textwrap.dedent('''
        import json
        from core import channels
        from jobs.notify import current_target, send
        entry = {"_id": "a|opened|logfile", "channel": "qa", "channel_type": "logfile", "transition": "opened",
                 "payload": {"rule_name": "r", "feature": "chat", "severity": "critical"}}
        target = current_target(entry)
        send(entry, target)
        print(json.dumps({"routes": channels.safe_routes("qa")}))
    ''')
    out = subprocess.run([sys.executable, "-c", script], cwd=copy, capture_output=True, text=True, timeout=120,
                         env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(copy), "HOME": str(tmp_path),
                              "EVALBOARD_LOGFILE_CHANNEL": str(out_file)})
    assert out.returncode == 0, out.stderr[-2000:]
    assert ["logfile", "file:alerts.jsonl"] in json.loads(out.stdout.strip().splitlines()[-1])["routes"]
    assert json.loads(out_file.read_text())["subject"] == "[Evalboard] CRITICAL: r (chat)"
    assert touched(copy, before, "*.py") == ["core/channels.py", "jobs/channels/logfile.py"]  # two files
