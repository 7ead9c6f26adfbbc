"""What `make run` does: database, demo data, scheduler, a score worker, dashboard — one command.

- MONGODB_URI unset: start the embedded MongoDB-wire server on 127.0.0.1 with
  data under ./.data (EVALBOARD_DATA_DIR) and point everything at it;
- `python -m store migrate` (indexes, default rules, backfills: seconds);
- the dashboard starts right away and answers within seconds of the install;
- in the background, an empty database gets the demo data, then the scheduler
  (`python -m jobs scheduler`) starts: its first tick builds the aggregates,
  replays the alerts and builds the latest weekly report, and later ticks
  backfill past weeks' reports; meanwhile every page says what is still being
  built (store.setup_status.build_status);
- one score worker (`python -m jobs score-worker`) scores records that arrive
  without scores;
- the intake (`python -m intake serve`, http://127.0.0.1:4318) takes OTLP/HTTP traces and
  JSON records and writes them through ingest's writer;
- Ctrl-C stops all of it cleanly.
"""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
from pathlib import Path

from dashboard.auth import auth_enabled
from settings import get_settings
from store.server import EmbeddedServer

ROOT = Path(__file__).resolve().parent.parent


def _run(*args: str) -> int:
    print("+ python", " ".join(args), flush=True)
    return subprocess.call([sys.executable, *args], cwd=ROOT)


def _demo_then_worker(env, children: list) -> None:
    """Demo data into an empty database, then the scheduler (both children, stopped with the rest)."""
    print("+ python -m jobs demo --if-empty  (in the background)", flush=True)
    demo = subprocess.Popen([sys.executable, "-m", "jobs", "demo", "--if-empty"], cwd=ROOT, env=env)
    children.append(demo)
    if demo.wait() != 0:
        print("warning: demo data could not be loaded", file=sys.stderr)
    if _stopping.is_set():
        return
    print("+ python -m jobs scheduler  (the worker: aggregates, alerts, notifications, reports)", flush=True)
    children.append(subprocess.Popen([sys.executable, "-m", "jobs", "scheduler"], cwd=ROOT, env=env))


_stopping = threading.Event()


def _stop_on_sigterm(signum, _frame):
    raise KeyboardInterrupt  # so the `finally` below stops the children and the database


def main() -> int:
    signal.signal(signal.SIGTERM, _stop_on_sigterm)
    signal.signal(signal.SIGHUP, _stop_on_sigterm)
    settings = get_settings()
    children: list[subprocess.Popen] = []
    server = None
    env = os.environ
    if not settings.mongodb_uri:
        Path(settings.data_dir).mkdir(parents=True, exist_ok=True)
        # own session: Ctrl-C stops the scheduler and workers first (their last writes, the lease
        # release) and the database last, in the `finally` below; with the database gone first each
        # of them waited ~20 s for a server that was no longer there
        server = EmbeddedServer(settings.data_dir, settings.embedded_port,
                                log_path=str(Path(settings.data_dir) / "server.log"), own_session=True,
                                cache_size=settings.db_cache_size)
        uri = server.start()
        env["MONGODB_URI"] = uri.rstrip("/") + "/evalboard"
        print(f"embedded database ready: {env['MONGODB_URI']} (data in {settings.data_dir})", flush=True)
    try:
        if _run("-m", "store", "migrate") != 0:
            print("error: the database could not be prepared", file=sys.stderr)
            return 3
        # one score worker; production runs as many as the backlog needs (docs/deploy.md)
        children.append(subprocess.Popen([sys.executable, "-m", "jobs", "score-worker"], cwd=ROOT, env=env))
        # the HTTP door for traces and records (README "Send your answers"); loopback unless sign-in is on
        intake_host = "0.0.0.0" if auth_enabled() else "127.0.0.1"
        children.append(subprocess.Popen([sys.executable, "-m", "intake", "serve", "--host", intake_host], cwd=ROOT, env=env))
        print(f"intake: send traces to http://127.0.0.1:{settings.intake_port}/v1/traces and records to /api/records",
              flush=True)
        address = "0.0.0.0" if auth_enabled() else "127.0.0.1"
        dashboard = subprocess.Popen(
            [sys.executable, "-m", "streamlit", "run", "dashboard/app.py", "--server.address", address,
             "--server.port", str(settings.dashboard_port), "--server.headless", "true",
             "--browser.gatherUsageStats", "false"], cwd=ROOT, env=env)
        children.append(dashboard)
        shown = "127.0.0.1" if address == "127.0.0.1" else "<this host>"
        print(f"dashboard: open http://{shown}:{settings.dashboard_port} in your browser  "
              f"(auth {'on' if auth_enabled() else 'off: local mode'}); the worker builds the numbers in the "
              "background and the pages say what is still being built", flush=True)
        threading.Thread(target=_demo_then_worker, args=(env, children), name="demo-then-worker",
                         daemon=True).start()
        return dashboard.wait()
    except KeyboardInterrupt:
        return 0
    finally:
        _stopping.set()
        for child in reversed(children):
            if child.poll() is None:
                child.send_signal(signal.SIGTERM)
        for child in children:
            try:
                child.wait(20)
            except subprocess.TimeoutExpired:
                child.kill()
        if server:
            server.stop()


if __name__ == "__main__":
    raise SystemExit(main())
