"""Time from `make run`'s start command to a dashboard that answers, on an empty data folder.

    python bench/bench_first_start.py [--timeout 900]

Runs `python -m scripts.run_local` (what `make run` runs once the install is done) with a
fresh EVALBOARD_DATA_DIR and a free database port, then measures:
- dashboard answers: the first HTTP 200 from http://127.0.0.1:8501/_stcore/health and
  from the app's page `/` (the pages render their "still being built" notice meanwhile);
- demo loaded / first build done: when store.state.build_status says nothing is loading
  and nothing is pending (aggregates, alert replay and the first weekly report are built
  by the worker in the background).
Stops everything with SIGTERM, as Ctrl-C would. Prints one Markdown table row.
"""
from __future__ import annotations

import argparse
import os
import platform
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from datetime import datetime, timezone
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def answers(url: str) -> bool:
    try:
        with urllib.request.urlopen(url, timeout=2) as response:
            return response.status == 200
    except OSError:
        return False


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--timeout", type=float, default=900)
    args = parser.parse_args()
    data = tempfile.mkdtemp(prefix="evalboard-first-start-")
    port = free_port()
    env = {**os.environ, "EVALBOARD_DATA_DIR": data, "EVALBOARD_DB_PORT": str(port), "HF_HUB_OFFLINE": "1",
           "TRANSFORMERS_OFFLINE": "1", "PYTHONUNBUFFERED": "1"}
    env.pop("MONGODB_URI", None)
    log = open(Path(data) / "run.log", "w")
    started = time.monotonic()
    proc = subprocess.Popen([sys.executable, "-m", "scripts.run_local"], cwd=ROOT, env=env, stdout=log,
                            stderr=subprocess.STDOUT)
    marks: dict[str, float] = {}
    try:
        from store.client import make_client
        from store.state import build_status

        db = None
        while time.monotonic() - started < args.timeout and proc.poll() is None:
            now = time.monotonic() - started
            if "health" not in marks and answers("http://127.0.0.1:8501/_stcore/health"):
                marks["health"] = now
            if "health" in marks and "page" not in marks and answers("http://127.0.0.1:8501/"):
                marks["page"] = now
            if "page" in marks:
                try:
                    if db is None:
                        db = make_client(f"mongodb://127.0.0.1:{port}/")["evalboard"]
                    status = build_status(db)
                    if status["records"] and not status["demo_loading"] and "demo" not in marks:
                        marks["demo"] = now
                    if "demo" in marks and not status["pending"]:
                        marks["built"] = now
                        break
                except Exception:  # noqa: BLE001 - the database may not be up yet
                    pass
            time.sleep(0.5)
    finally:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(60)
        except subprocess.TimeoutExpired:
            proc.kill()
    load = os.getloadavg()[0]

    def fmt(key: str) -> str:
        return f"{marks[key]:.1f} s" if key in marks else "—"

    print("| date | machine | load | /_stcore/health 200 | page / 200 | demo loaded | first build done |")
    print("|---|---|---:|---:|---:|---:|---:|")
    print(f"| {datetime.now(timezone.utc):%Y-%m-%d %H:%M} UTC | {platform.machine()} {os.cpu_count()} cores | "
          f"{load:.1f} | {fmt('health')} | {fmt('page')} | {fmt('demo')} | {fmt('built')} |")
    print(f"(log: {Path(data) / 'run.log'})")
    return 0 if "page" in marks else 1


if __name__ == "__main__":
    raise SystemExit(main())
