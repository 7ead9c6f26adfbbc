"""Every day after the first: records arrive as a stream while the scheduler ticks and score workers run.

`python bench/bench_soak.py [--minutes 30] [--rate 20] [--interval-minutes 1] [--workers 2]`

A fresh embedded server with a 14-day demo (400 a day) and its first build; then `python -m jobs
scheduler` (EVALBOARD_JOB_INTERVAL_MINUTES=--interval-minutes) and `--workers` score workers as real
processes, while this script writes `--rate` records a second for `--minutes`, as the product would:
half through ingest's writer, half straight into MongoDB for `adopt`; one in ten without scores (for the
score workers). It measures:
- lag: from a record's arrival to its presence in today's aggregates (the `__all__` daily bucket's
  count reaching it), median and max; the target is two ticks;
- ticks: the aggregate job's runs (outcome and spacing); a skipped or missing tick shows as a gap;
- memory: the RSS of the scheduler, the score workers and the database server, every minute: the table
  and each process's ratio of its largest RSS after minute 5 to its RSS at minute 5 (target <= 1.3x);
- backlog at the end: records waiting for scores;
- the database server's memory bound (EVALBOARD_DB_MAX_RSS_MB, docs/deploy.md; `--max-rss-mb`,
  `--restart-min-seconds` set it for this run): its restarts, its largest RSS (sampled every 5 s), the
  write attempts lost to a restart and written again (as an ingest re-run would), and whether every
  record written is stored exactly once.
Prints a Markdown summary.
"""
from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from datetime import datetime, timedelta, timezone
from pathlib import Path

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # this checkout's packages, not an installed copy

import psutil  # noqa: E402
from pymongo.errors import ConnectionFailure  # noqa: E402

from core.timebuckets import bucket_start, today  # noqa: E402
from jobs.aggregate import refresh  # noqa: E402
from demo.generate import generate_demo, iter_payloads  # noqa: E402
from bench.bench_db_memory import write_through_restart  # noqa: E402
from jobs.ingest import Writer  # noqa: E402
from store.client import make_client  # noqa: E402
from store.collections import REJECTED  # noqa: E402
from store.migrate import migrate  # noqa: E402
from store.server import EmbeddedServer  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent


def _payloads(seed: int):
    """An endless stream of demo-shaped payloads with unique ids (timestamps set at arrival)."""
    n = 0
    while True:
        for p in iter_payloads(1, 2000, seed + n, datetime.now(timezone.utc)):
            n += 1
            yield {**p, "_id": f"soak-{seed}-{n}"}


def _through_restart(read):
    """A read, again after a connection lost to a restart of the server (EVALBOARD_DB_MAX_RSS_MB)."""
    for _ in range(120):
        try:
            return read()
        except ConnectionFailure:
            time.sleep(1.0)
    return read()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--minutes", type=float, default=30)
    ap.add_argument("--rate", type=float, default=20)
    ap.add_argument("--interval-minutes", type=int, default=1)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--max-rss-mb", help="EVALBOARD_DB_MAX_RSS_MB for the server (default: its own)")
    ap.add_argument("--restart-min-seconds", help="EVALBOARD_DB_RESTART_MIN_SECONDS for the server")
    args = ap.parse_args()
    data = tempfile.mkdtemp(prefix="bench-soak-")
    server_env = {k: v for k, v in (("EVALBOARD_DB_MAX_RSS_MB", args.max_rss_mb),
                                    ("EVALBOARD_DB_RESTART_MIN_SECONDS", args.restart_min_seconds)) if v}
    server = EmbeddedServer(data, 0, log_path=os.path.join(data, "server.log"), env=server_env)
    uri = server.start()
    db_uri = uri.rstrip("/") + "/soak"
    db = make_client(uri)["soak"]
    migrate(db)
    print(generate_demo(db, days=14, per_day=400)[:50], flush=True)
    refresh(db, full=True)
    env = {**os.environ, "MONGODB_URI": db_uri, "EVALBOARD_JOB_INTERVAL_MINUTES": str(args.interval_minutes),
           "EVALBOARD_DATA_DIR": data, "OMP_NUM_THREADS": "1"}
    logs = Path(data)
    procs = [subprocess.Popen([sys.executable, "-m", "jobs", "scheduler"], cwd=ROOT, env=env,
                              stdout=open(logs / "scheduler.log", "w"), stderr=subprocess.STDOUT)]
    for i in range(args.workers):
        procs.append(subprocess.Popen([sys.executable, "-m", "jobs", "score-worker"], cwd=ROOT, env=env,
                                      stdout=open(logs / f"worker{i}.log", "w"), stderr=subprocess.STDOUT))
    server_proc = next((p for p in psutil.process_iter(["cmdline"])
                        if "serve" in " ".join(p.info["cmdline"] or []) and data in " ".join(p.info["cmdline"] or [])),
                       None)
    watched = {"scheduler": procs[0].pid, **{f"score-worker {i}": p.pid for i, p in enumerate(procs[1:])}}
    if server_proc is not None:
        watched["database server"] = server_proc.pid

    def rss() -> dict[str, float]:
        out = {}
        for name, pid in watched.items():
            try:
                out[name] = psutil.Process(pid).memory_info().rss / 2**20
            except psutil.Error:
                out[name] = float("nan")
        return out

    time.sleep(20)  # the processes start (the scheduler's first tick, the workers' model)
    memory_start = rss()
    arrivals: list[tuple[float, int]] = []  # (monotonic time, records written so far, today only)
    stop = threading.Event()
    day = today()
    base = db["aggregates_daily"].find_one({"_id": f"{day.isoformat()}|__all__"}) or {}
    counted0 = int(base.get("count") or 0)
    samples: list[tuple[float, int]] = []

    def poll() -> None:
        while not stop.is_set():
            doc = _through_restart(lambda: db["aggregates_daily"].find_one(
                {"bucket": bucket_start(day), "feature": "__all__"}, {"count": 1}))
            samples.append((time.monotonic(), int((doc or {}).get("count") or 0) - counted0))
            stop.wait(2.0)

    memory: list[tuple[float, dict[str, float]]] = [(0.0, memory_start)]  # (minutes since start, RSS)
    started = time.monotonic()

    def sample_memory() -> None:
        while not stop.wait(60.0):
            memory.append(((time.monotonic() - started) / 60, rss()))

    server_peak = [0.0]

    def sample_server() -> None:  # the bound's test: the largest RSS, between the minutes too
        while not stop.wait(5.0):
            server_peak[0] = max(server_peak[0], rss().get("database server", 0.0))

    poller = threading.Thread(target=poll, daemon=True)
    poller.start()
    threading.Thread(target=sample_memory, daemon=True).start()
    threading.Thread(target=sample_server, daemon=True).start()
    writer = Writer(db, "soak-ingest")
    lost = [0]
    stream = _payloads(11)
    written = 0
    t_end = time.monotonic() + args.minutes * 60
    next_at = time.monotonic()
    while time.monotonic() < t_end and today() == day:
        now = datetime.now(timezone.utc)
        batch = []
        for _ in range(int(args.rate)):
            p = next(stream)
            p["timestamp"] = now.isoformat()
            if written % 10 == 9:
                p.pop("evaluation", None)
            batch.append(p)
            written += 1
        half = len(batch) // 2
        # the second half as the product writes (adopt gives them Evalboard's fields); both written again
        # after a connection lost to a restart of the server
        writer = write_through_restart(db, writer, batch[:half], batch[half:], lost, source="soak-ingest")
        arrivals.append((time.monotonic(), written))
        next_at += 1.0
        time.sleep(max(0.0, next_at - time.monotonic()))
    writer.close()
    time.sleep(args.interval_minutes * 60 * 2 + 30)  # two ticks to count the last arrivals
    stop.set()
    poller.join(5)
    memory_end = rss()
    lags = []
    for t_arr, n in arrivals:
        seen = next((t for t, c in samples if t >= t_arr and c >= n), None)
        if seen is not None:
            lags.append(seen - t_arr)
    missing = len(arrivals) - len(lags)
    runs = _through_restart(lambda: list(db["job_runs"].find({"job": "aggregate", "started_at": {"$gte": datetime.now(timezone.utc)
                                                                        - timedelta(minutes=args.minutes + 5)}}
                                    ).sort("started_at", 1)))
    gaps = [(b["started_at"] - a["started_at"]).total_seconds() for a, b in zip(runs, runs[1:])]
    outcomes = {}
    for r in runs:
        outcomes[r.get("outcome")] = outcomes.get(r.get("outcome"), 0) + 1
    skipped = open(logs / "scheduler.log").read().count("maximum number of running instances")
    waiting = _through_restart(lambda: db["records"].count_documents({"eb.needs_scoring": True}))
    stored_ids = _through_restart(lambda: {d["_id"] for d in db["records"].find({"_id": {"$regex": "^soak-"}}, {"_id": 1})})
    stored = len(stored_ids)
    missing = {f"soak-11-{n}" for n in range(1, written + 1)} - stored_ids
    # the ones ingest's parser refused are in the quarantine (adopt also quarantines copies of stored ones)
    quarantined = _through_restart(lambda: db[REJECTED].count_documents({"raw._id": {"$in": sorted(missing)}}))
    server_log = open(os.path.join(data, "server.log"), errors="replace").read()
    restart_lines = [line for line in server_log.splitlines() if ": restarting (quiet moment" in line]
    for p in procs:
        p.terminate()
    for p in procs:
        try:
            p.wait(30)
        except subprocess.TimeoutExpired:
            p.kill()
    server.stop()
    print(f"\n{datetime.now(timezone.utc):%Y-%m-%d %H:%M} UTC, {os.cpu_count()} cores, load {os.getloadavg()[0]:.1f}; "
          f"{written:,} records in {args.minutes:g} min ({args.rate:g}/s), tick every {args.interval_minutes} min, "
          f"{args.workers} score workers\n")
    print("| figure | value |\n|---|---|")
    if lags:
        print(f"| lag arrival → aggregates, median | {statistics.median(lags):.0f} s |")
        print(f"| lag, 95th percentile / max | {sorted(lags)[int(0.95 * (len(lags) - 1))]:.0f} s / {max(lags):.0f} s |")
    print(f"| arrivals never seen counted | {missing} of {len(arrivals)} |")
    print(f"| aggregate runs | {len(runs)} ({', '.join(f'{k} {v}' for k, v in outcomes.items())}); "
          f"spacing max {max(gaps, default=0):.0f} s |")
    print(f"| ticks skipped by APScheduler | {skipped} |")
    print(f"| records waiting for scores at the end | {waiting} |")
    print(f"| stream records stored (each once: ids are unique); not stored, of which quarantined | {stored:,} of "
          f"{written:,}; {len(missing):,}, of which {quarantined:,} quarantined (lost: {len(missing) - quarantined}) |")
    print(f"| database server restarts (memory bound {server_env.get('EVALBOARD_DB_MAX_RSS_MB', 'default')} MiB) | "
          f"{len(restart_lines)}; write attempts lost to them and written again: {lost[0]} |")
    print(f"| database server's largest RSS (every 5 s) | {server_peak[0]:.0f} MiB |")
    for line in restart_lines:
        print(f"  {line}")
    for name in memory_start:
        print(f"| RSS {name}: start → end | {memory_start[name]:.0f} → {memory_end[name]:.0f} MiB |")
    memory.append(((time.monotonic() - started) / 60, memory_end))
    names = list(memory_start)
    print("\n| minute | " + " | ".join(f"{n} (MiB)" for n in names) + " |\n|---:|" + "---:|" * len(names))
    for minute, row in memory:
        print(f"| {minute:.0f} | " + " | ".join(f"{row.get(n, float('nan')):.0f}" for n in names) + " |")
    at5 = next((row for minute, row in memory if minute >= 5), None)
    if at5 is not None:
        after = [row for minute, row in memory if minute >= 5]
        print("\nlargest RSS after minute 5 / RSS at minute 5: " + ", ".join(
            f"{n} {max(r.get(n, 0.0) for r in after) / at5[n]:.2f}x" for n in names if at5.get(n)))


if __name__ == "__main__":
    main()
