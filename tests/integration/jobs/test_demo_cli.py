"""`python -m jobs demo` still runs the demo (now in demo/, above jobs/): the real CLI in a subprocess,
the real server; a second run with --if-empty adds nothing."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from store.collections import RECORDS

REPO = Path(__file__).resolve().parents[3]


def _demo(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "jobs", "demo", "--days", "2", "--per-day", "15", "--seed", "3", *args],
                          cwd=REPO, env={**os.environ}, capture_output=True, text=True, timeout=300)


def test_the_demo_command_fills_an_empty_database_once(db):
    first = _demo("--if-empty")
    assert first.returncode == 0, first.stderr[-3000:]
    count = db[RECORDS].count_documents({})
    assert count > 0
    again = _demo("--if-empty")
    assert again.returncode == 0, again.stderr[-3000:]
    assert db[RECORDS].count_documents({}) == count
