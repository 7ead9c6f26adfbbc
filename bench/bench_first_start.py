"""The first day, timed: `make run`'s start command on an empty data folder, until everything is built.

    python bench/bench_first_start.py [--timeout 900]

Runs `python -m scripts.run_local` (what `make run` runs once the install is done) with a fresh
EVALBOARD_DATA_DIR, a free database port and a free dashboard port, then records, in seconds from
the start command:
- dashboard answers: the first HTTP 200 from `/_stcore/health` and from the app's page `/`;
- demo loaded: store.setup_status.build_status says the demo load is over;
- first numbers: the first daily aggregate bucket exists (what the Overview shows first);
- alerts: the alert rules have been judged (the replay of the demo's history);
- agreement figures: the first judge-agreement day is figured;
- first report: the latest week's report exists;
- everything built: nothing pending, and the last agreement and report runs left no work.
Stops everything with SIGTERM, as Ctrl-C would, and records how long that took. Prints one
Markdown table row with the machine's 1-minute load at the end.
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
    port, web = free_port(), free_port()
    env = {**os.environ, "EVALBOARD_DATA_DIR": data, "EVALBOARD_DB_PORT": str(port), "HF_HUB_OFFLINE": "1",
           "EVALBOARD_DASHBOARD_PORT": str(web), "TRANSFORMERS_OFFLINE": "1", "PYTHONUNBUFFERED": "1"}
    env.pop("MONGODB_URI", None)
    log = open(Path(data) / "run.log", "w")
    load_before = os.getloadavg()[0]
    started = time.monotonic()
    proc = subprocess.Popen([sys.executable, "-m", "scripts.run_local"], cwd=ROOT, env=env, stdout=log,
                            stderr=subprocess.STDOUT)
    marks: dict[str, float] = {}
    stop_s = None
    try:
        from store.client import make_client
        from store.setup_status import build_status

        db = None
        while time.monotonic() - started < args.timeout and proc.poll() is None:
            now = time.monotonic() - started
            if "health" not in marks and answers(f"http://127.0.0.1:{web}/_stcore/health"):
                marks["health"] = now
            if "health" in marks and "page" not in marks and answers(f"http://127.0.0.1:{web}/"):
                marks["page"] = now
            if "page" in marks:
                try:
                    if db is None:
                        db = make_client(f"mongodb://127.0.0.1:{port}/")["evalboard"]
                    status = build_status(db)
                    if status["records"] and not status["demo_loading"] and "demo" not in marks:
                        marks["demo"] = now
                    checks = {
                        "numbers": lambda: db["aggregates_daily"].find_one({}, {"_id": 1}) is not None,
                        "alerts": lambda: bool((db["evalboard_state"].find_one({"_id": "alerts"}) or {}).get("at")),
                        "agreement": lambda: db["agreement_daily"].find_one({}, {"_id": 1}) is not None,
                        "report": lambda: db["reports"].find_one({}, {"_id": 1}) is not None,
                    }
                    for name, check in checks.items():
                        if name not in marks and check():
                            marks[name] = now
                    if "demo" in marks and not status["pending"] and all(k in marks for k in checks):
                        last = {r["job"]: r for r in db["job_runs"].find(
                            {"job": {"$in": ["agreement", "report"]}, "outcome": {"$ne": "running"}}
                        ).sort("started_at", -1).limit(2)}
                        counts = [(last.get(j) or {}).get("counts") or {} for j in ("agreement", "report")]
                        if len(last) == 2 and not any(c.get("waiting") or c.get("days_left") or c.get("backlog")
                                                      for c in counts):
                            marks["built"] = now
                            break
                except Exception:  # noqa: BLE001 - the database may not be up yet
                    pass
            time.sleep(0.5)
    finally:
        t = time.monotonic()
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(60)
            stop_s = time.monotonic() - t
        except subprocess.TimeoutExpired:
            proc.kill()
    load = os.getloadavg()[0]

    def fmt(key: str) -> str:
        return f"{marks[key]:.1f} s" if key in marks else "—"

    print("| date | machine | load before → after | dashboard answers | demo loaded | first numbers | alerts "
          "| agreement figures | first report | everything built | Ctrl-C stops in |")
    print("|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    print(f"| {datetime.now(timezone.utc):%Y-%m-%d %H:%M} UTC | {platform.machine()} {os.cpu_count()} cores | "
          f"{load_before:.1f} → {load:.1f} | {fmt('page')} | {fmt('demo')} | {fmt('numbers')} | {fmt('alerts')} | "
          f"{fmt('agreement')} | {fmt('report')} | {fmt('built')} | "
          f"{f'{stop_s:.1f} s' if stop_s is not None else '—'} |")
    print(f"(log: {Path(data) / 'run.log'})")
    return 0 if "page" in marks else 1


if __name__ == "__main__":
    raise SystemExit(main())
