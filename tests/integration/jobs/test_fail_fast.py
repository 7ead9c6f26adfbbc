"""`python -m jobs run-once` with the database down: a clear one-line error and exit 3 within seconds."""
from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

from .test_alerts_notify import free_port

REPO = Path(__file__).resolve().parents[3]


def test_run_once_fails_fast_when_the_database_is_down():
    env = {**os.environ, "MONGODB_URI": f"mongodb://127.0.0.1:{free_port()}/evalboard_down"}
    started = time.monotonic()
    proc = subprocess.run([sys.executable, "-m", "jobs", "run-once", "aggregate"], cwd=REPO, env=env,
                          capture_output=True, text=True, timeout=120)
    took = time.monotonic() - started
    assert proc.returncode == 3, proc.stderr[-2000:]
    assert took < 20, took  # server selection gives up after 3 s (the command took 122 s before)
    assert "Traceback" not in proc.stderr and proc.stderr.strip().splitlines()[-1].startswith("error: ")
    assert "Topology Description" not in proc.stderr and "configured timeouts" not in proc.stderr
