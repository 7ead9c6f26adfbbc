"""The embedded database server's memory under a steady write/refresh/read load (issue 29, item 6).

`python bench/bench_db_memory.py [--minutes 8] [--rate 20] [--refresh-seconds 45] [--cache-size 512M]
                                 [--env KEY=VALUE ...] [--label NAME]`

A fresh `store.server.EmbeddedServer` on a temp folder with a small demo (7 days x 200) and its first
build; then, for `--minutes`, `--rate` records a second (half through ingest's writer, half straight
`insert_many`, one in ten without scores, as bench/bench_soak.py writes them), the incremental aggregate
refresh every `--refresh-seconds`, and a few typical reads every 5 s (today's aggregates, the newest
records, a count). The server's RSS (psutil) is sampled every 30 s. `--env` sets variables in the
server's environment only (e.g. EVALBOARD_DB_MALLOC_ARENAS=0 EVALBOARD_DB_MALLOC_TRIM_SECONDS=0 for glibc's defaults, MALLOC_ARENA_MAX=2,
EVALBOARD_DB_TRACEMALLOC=/tmp/trace.txt, EVALBOARD_DB_WT_STATS=/tmp/wt.txt; EVALBOARD_DB_MAX_RSS_MB=0 for the
growth with no restart, or EVALBOARD_DB_MAX_RSS_MB=300 EVALBOARD_DB_RESTART_MIN_SECONDS=60 to see the bound:
the writes go on through each restart and are written again, as an ingest re-run would). Prints the table,
the restarts and the growth after minute 2 (MiB/min, least squares over the samples from minute 2 on).
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import threading
import time
from datetime import datetime, timedelta, timezone
from pathlib import Path

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import psutil  # noqa: E402
from pymongo.errors import BulkWriteError, ConnectionFailure  # noqa: E402

from demo.generate import generate_demo, iter_payloads  # noqa: E402
from jobs.aggregate import refresh  # noqa: E402
from jobs.ingest import Writer  # noqa: E402
from store.client import make_client  # noqa: E402
from store.collections import REJECTED  # noqa: E402
from store.migrate import migrate  # noqa: E402
from store.server import EmbeddedServer  # noqa: E402


def _payloads(seed: int):
    """An endless stream of demo-shaped payloads with unique ids (timestamps set at arrival)."""
    n = 0
    while True:
        for p in iter_payloads(1, 2000, seed + n, datetime.now(timezone.utc)):
            n += 1
            yield {**p, "_id": f"dbmem-{seed}-{n}"}


def write_through_restart(db, writer: Writer | None, via_writer: list[dict], direct: list[dict], lost: list[int],
                          source: str = "dbmem-ingest") -> Writer:
    """Write one second's records (half through ingest's writer, half `insert_many`), and again after a
    lost connection (a restart of the server, EVALBOARD_DB_MAX_RSS_MB) as an ingest re-run would: ids
    already stored count as duplicates. Returns the writer to go on with."""
    done_writer = False
    while True:
        try:
            if writer is None:
                writer = Writer(db, source)
            if not done_writer:
                for p in via_writer:
                    writer.add(dict(p))
                writer.flush()
                done_writer = True
            try:
                db["records"].insert_many([dict(p) for p in direct], ordered=False)
            except BulkWriteError as exc:
                if any(e.get("code") != 11000 for e in exc.details.get("writeErrors", [])):
                    raise
                print(f"duplicates after a retry: {len(exc.details['writeErrors'])}", flush=True)
            return writer
        except ConnectionFailure:
            lost[0] += 1
            time.sleep(0.2)
            if not done_writer:
                writer = None


def _slope(points: list[tuple[float, float]]) -> float:
    """Least-squares slope of (minute, MiB) points."""
    if len(points) < 2:
        return float("nan")
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    mx, my = statistics.fmean(xs), statistics.fmean(ys)
    den = sum((x - mx) ** 2 for x in xs)
    return sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / den if den else float("nan")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--minutes", type=float, default=8)
    ap.add_argument("--rate", type=float, default=20)
    ap.add_argument("--refresh-seconds", type=float, default=45)
    ap.add_argument("--cache-size", default="512M")
    ap.add_argument("--env", action="append", default=[], help="KEY=VALUE for the server's environment")
    ap.add_argument("--label", default="")
    args = ap.parse_args()
    server_env = dict(kv.split("=", 1) for kv in args.env)
    saved = {k: os.environ.get(k) for k in server_env}
    os.environ.update(server_env)  # EmbeddedServer's child inherits this process's environment
    data = tempfile.mkdtemp(prefix="bench-dbmem-")
    server = EmbeddedServer(data, 0, log_path=os.path.join(data, "server.log"), cache_size=args.cache_size)
    uri = server.start()
    for k, v in saved.items():  # only the server gets them
        if v is None:
            os.environ.pop(k, None)
        else:
            os.environ[k] = v
    proc = psutil.Process(server.proc.pid)
    db = make_client(uri)["dbmem"]
    migrate(db)
    rss_boot = proc.memory_info().rss / 2**20
    print(generate_demo(db, days=7, per_day=200)[:60], flush=True)
    refresh(db, full=True)
    stop = threading.Event()
    errors: list[str] = []
    refreshes = [0]
    reads = [0]

    def refresher() -> None:
        while not stop.wait(args.refresh_seconds):
            try:
                refresh(db)
                refreshes[0] += 1
            except Exception as exc:  # reported at the end
                errors.append(f"refresh: {exc!r}"[:200])

    def reader() -> None:
        since = datetime.now(timezone.utc) - timedelta(days=7)
        while not stop.wait(5.0):
            try:
                list(db["aggregates_daily"].find({"bucket": {"$gte": since}}).limit(500))
                list(db["records"].find({}, {"_id": 1, "feature": 1, "timestamp": 1}).sort("timestamp", -1).limit(50))
                db["records"].count_documents({"eb.needs_scoring": True})
                reads[0] += 3
            except Exception as exc:
                errors.append(f"read: {exc!r}"[:200])

    samples: list[tuple[float, float]] = []
    started = time.monotonic()

    def sampler() -> None:
        samples.append((0.0, proc.memory_info().rss / 2**20))
        while not stop.wait(30.0):
            samples.append(((time.monotonic() - started) / 60, proc.memory_info().rss / 2**20))

    threads = [threading.Thread(target=f, daemon=True) for f in (refresher, reader, sampler)]
    for t in threads:
        t.start()
    writer = Writer(db, "dbmem-ingest")
    lost = [0]  # write attempts lost to a memory-bound restart (EVALBOARD_DB_MAX_RSS_MB), then retried
    stream = _payloads(11)
    written = 0
    t_end = time.monotonic() + args.minutes * 60
    next_at = time.monotonic()
    while time.monotonic() < t_end:
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
        writer = write_through_restart(db, writer, batch[:half], batch[half:], lost)
        next_at += 1.0
        time.sleep(max(0.0, next_at - time.monotonic()))
    writer.close()
    stop.set()
    for t in threads:
        t.join(60)
    samples.append(((time.monotonic() - started) / 60, proc.memory_info().rss / 2**20))
    stored_ids = {d["_id"] for d in db["records"].find({"_id": {"$regex": "^dbmem-"}}, {"_id": 1})}
    total = len(stored_ids)
    missing = {f"dbmem-11-{n}" for n in range(1, written + 1)} - stored_ids
    # the ones ingest's parser refused are in the quarantine (adopt also quarantines copies of stored ones)
    quarantined = db[REJECTED].count_documents({"raw._id": {"$in": sorted(missing)}})
    restarts = open(os.path.join(data, "server.log"), errors="replace").read().count(": restarting (quiet moment")
    server.stop()
    label = args.label or (" ".join(args.env) or "default") + f", cache {args.cache_size}"
    print(f"\n{datetime.now(timezone.utc):%Y-%m-%d %H:%M} UTC, {os.cpu_count()} cores, load "
          f"{' '.join(f'{x:.1f}' for x in os.getloadavg())}; {label}; {written:,} records written in "
          f"{args.minutes:g} min ({args.rate:g}/s), {total:,} in the collection; {refreshes[0]} refreshes, "
          f"{reads[0]} reads; server RSS at boot {rss_boot:.0f} MiB; errors {len(errors)}; restarts {restarts} "
          f"(write attempts lost to them and retried: {lost[0]}); stream records stored {total:,} of {written:,}, "
          f"not stored {len(missing):,} of which quarantined {quarantined:,} (lost: {len(missing) - quarantined})")
    for e in errors[:5]:
        print("  ", e)
    print("\n| minute | server RSS (MiB) |\n|---:|---:|")
    for minute, mib in samples:
        print(f"| {minute:.1f} | {mib:.0f} |")
    after2 = [(m, r) for m, r in samples if m >= 2.0]
    print(f"\nRESULT {label}: RSS {samples[0][1]:.0f} -> {samples[-1][1]:.0f} MiB; growth after minute 2: "
          f"{_slope(after2):.1f} MiB/min")


if __name__ == "__main__":
    main()
