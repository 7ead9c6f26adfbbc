"""`python -m jobs ...` — ingest, demo data, one-off job runs, the scheduler."""
from __future__ import annotations

import argparse
import logging
import sys

from core.jobs import JOB_NAMES
from store.client import DatabaseUnavailable, patient_db, ping


def _db():
    """The database, pinged and migrated (indexes, default rules, backfills: idempotent)."""
    from store.migrate import migrate

    db = patient_db()
    ping(db)
    migrate(db)
    return db


def cmd_ingest(args) -> int:
    from jobs.ingest import IngestError, ingest_paths

    try:
        summary = ingest_paths(_db(), args.paths, args.format, ground_truth=args.ground_truth,
                               feature=args.feature)
    except IngestError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    print(summary.line())
    return 0


def cmd_demo(args) -> int:
    from jobs.demo import generate_demo

    summary = generate_demo(_db(), days=args.days, per_day=args.per_day, seed=args.seed,
                            only_if_empty=args.if_empty)
    print(summary)
    return 0


def cmd_run_once(args) -> int:
    from jobs.runner import run_once

    ok = run_once(_db(), args.job, full=args.full, week=args.week)
    return 0 if ok else 1


def cmd_tick(args) -> int:
    """One ordered tick under the lease: what a cron job or a Kubernetes CronJob calls."""
    import os
    import socket

    from jobs.runner import run_tick
    from jobs.scheduler import LEASE
    from store.state import acquire_lease, release_lease

    db = _db()
    owner = f"tick:{socket.gethostname()}:{os.getpid()}"
    if not acquire_lease(db, LEASE, owner, args.lease_s):
        print("tick: skipped, another worker holds the lease")
        return 0
    try:
        done = run_tick(db, worker=owner, still_leading=lambda: acquire_lease(db, LEASE, owner, args.lease_s))
    finally:
        release_lease(db, LEASE, owner)
    print("tick: " + " ".join(f"{job}={'ok' if ok else 'error'}" for job, ok in done.items()))
    return 0 if all(done.values()) else 1


def cmd_score_worker(args) -> int:
    """Score waiting records in claimed batches until SIGTERM/SIGINT (the Procfile's `scorer:`)."""
    import signal
    import threading

    from jobs.score import run_worker

    db = _db()
    stop = threading.Event()
    for sig in (signal.SIGTERM, signal.SIGINT):
        signal.signal(sig, lambda *_: stop.set())  # the batch in hand is finished and written first
    totals = run_worker(db, batch_size=args.batch_size, claim_s=args.claim_s, poll_s=args.poll_s,
                        exit_when_idle=args.exit_when_idle, stop=stop)
    print("score-worker: " + " ".join(f"{k}={v}" for k, v in totals.items()))
    return 0


def cmd_scheduler(args) -> int:
    from jobs.scheduler import run_scheduler

    run_scheduler()
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m jobs", description="Evalboard jobs")
    sub = parser.add_subparsers(dest="command", required=True)

    p = sub.add_parser("ingest", help="import evaluation logs, BeyondChats pairs or test results")
    p.add_argument("paths", nargs="+", help="files or folders")
    p.add_argument("--format", default="auto", choices=["auto", "evallog", "beyondchats", "test-results"])
    p.add_argument("--ground-truth", help="ground-truth JSON for test-results files (reference 003)")
    p.add_argument("--feature", help="feature to record for formats that carry none")
    p.set_defaults(func=cmd_ingest)

    p = sub.add_parser("demo", help="fill the database with realistic demo records")
    p.add_argument("--days", type=int, default=90)
    p.add_argument("--per-day", type=int, default=400)
    p.add_argument("--seed", type=int, default=7)
    p.add_argument("--if-empty", action="store_true", help="do nothing when records already exist")
    p.set_defaults(func=cmd_demo)

    p = sub.add_parser("run-once", help="run one job now")
    p.add_argument("job", choices=list(JOB_NAMES))
    p.add_argument("--full", action="store_true", help="aggregate: rebuild every bucket")
    p.add_argument("--week", help="report: the week (any date in it, YYYY-MM-DD)")
    p.set_defaults(func=cmd_run_once)

    p = sub.add_parser("tick", help="run one ordered tick of the jobs under the lease (for cron)")
    p.add_argument("--lease-s", type=float, default=600.0, help="how long the lease is held between jobs")
    p.set_defaults(func=cmd_tick)

    p = sub.add_parser("score-worker", help="score waiting records in claimed batches (run as many as you like)")
    p.add_argument("--batch-size", type=int, default=16)
    p.add_argument("--claim-s", type=float, default=300.0, help="a dead worker's batch is taken again after this")
    p.add_argument("--poll-s", type=float, default=5.0, help="wait between looks when nothing waits")
    p.add_argument("--exit-when-idle", action="store_true", help="stop when nothing waits (benchmarks, cron)")
    p.set_defaults(func=cmd_score_worker)

    p = sub.add_parser("scheduler", help="run the scheduler (the Procfile worker)")
    p.set_defaults(func=cmd_scheduler)

    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s",
                        stream=sys.stderr)
    try:
        return args.func(args)
    except DatabaseUnavailable as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 3


if __name__ == "__main__":
    raise SystemExit(main())
