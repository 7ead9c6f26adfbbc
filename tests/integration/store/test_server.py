"""`python -m store serve`: the ready line, clean SIGTERM, data kept across restarts."""
from __future__ import annotations

import re
import signal
import subprocess
import sys
from pathlib import Path

from store.client import make_client
from store.server import EmbeddedServer

REPO = Path(__file__).resolve().parents[3]


def test_ready_line_and_clean_sigterm(tmp_path):
    proc = subprocess.Popen([sys.executable, "-m", "store", "serve", "--port", "0", "--data", str(tmp_path)],
                            cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        line = proc.stdout.readline().strip()
        assert re.fullmatch(r"ready mongodb://127\.0\.0\.1:\d+/", line), line
        client = make_client(line.split(" ", 1)[1])
        assert client.admin.command("ping")["ok"] == 1
        client.close()
    finally:
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(30) == 0


def test_restart_keeps_data(tmp_path):
    with EmbeddedServer(tmp_path, 0) as server:
        client = make_client(server.uri)
        client.evalboard.records.insert_many([{"_id": f"r{i}", "n": i} for i in range(500)])
        client.close()
    with EmbeddedServer(tmp_path, 0) as server:  # a new process over the same files
        client = make_client(server.uri)
        assert client.evalboard.records.count_documents({}) == 500
        assert client.evalboard.records.find_one({"_id": "r499"})["n"] == 499
        client.close()


def test_port_in_use_is_a_clear_error(tmp_path):
    with EmbeddedServer(tmp_path / "a", 0) as server:
        port = server.uri.rsplit(":", 1)[1].strip("/")
        proc = subprocess.run([sys.executable, "-m", "store", "serve", "--port", port, "--data", str(tmp_path / "b")],
                              cwd=REPO, capture_output=True, text=True, timeout=60)
        assert proc.returncode == 2
        assert "cannot start the embedded database" in proc.stderr
        # the same data folder from a second server: refused with a reason, data untouched
        proc = subprocess.run([sys.executable, "-m", "store", "serve", "--port", "0", "--data", str(tmp_path / "a")],
                              cwd=REPO, capture_output=True, text=True, timeout=60)
        assert proc.returncode == 2
        assert "is in use by another server" in proc.stderr
