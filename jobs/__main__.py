"""`python -m jobs ...` — ingest, demo data, one-off job runs, the scheduler."""
from __future__ import annotations

import argparse
import logging
import sys


from core.jobs import JOB_NAMES
from formats import NAMES as FORMAT_NAMES
from store.errors import DatabaseError
from store.client import DatabaseUnavailable, patient_db, ping

# Ingest only inserts (no long aggregations): a lost database should end it within
# seconds, not after the patient client's two minutes of server selection.
INGEST_TIMEOUT_MS = 5000
PING_TIMEOUT_MS = 3000  # every command first checks the server is there (exit 3 if not)


def _db(timeout_ms: int | None = None):
    """The database, pinged and migrated (indexes, default rules, backfills: idempotent).
    `timeout_ms`: server selection gives up after this long (default: the patient client's)."""
    from store.migrate import migrate

    probe = patient_db(PING_TIMEOUT_MS)  # a database that is down is said in seconds, not minutes
    try:
        ping(probe)
    finally:
        probe.client.close()
    db = patient_db() if timeout_ms is None else patient_db(timeout_ms)
    ping(db)
    migrate(db)
    return db


SHOW_REJECTED = 5


def _count_lines(paths) -> int | None:
    """Records to expect in JSON Lines files (for the bar's total); None when another format is involved.
    A second pass over the files, so only done when the bar is drawn (stderr is a terminal)."""
    total = 0
    for path in paths:
        if not str(path).endswith((".jsonl", ".ndjson")):
            return None
        with open(path, "rb") as fh:
            total += sum(1 for line in fh if line.strip())
    return total


def _feature_notice(kinds: dict, feature: str | None) -> str | None:
    """The loud line for files that carry no feature of their own (BeyondChats, test results)."""
    from formats import no_feature

    featureless = no_feature()
    found = {featureless[k] for k in kinds.values() if k in featureless}
    if not found:
        return None
    if feature:
        return f"feature: {feature} (from --feature) for the " + " and ".join(n for n, _ in sorted(found)) + " records"
    return ("NOTE: " + "; ".join(f"{name} files carry no feature: their records are stored as feature '{default}'"
                                 for name, default in sorted(found))
            + ". Pass --feature NAME to file them under another feature.")


def cmd_ingest(args) -> int:
    """Ingest with a progress bar, then say what happened: counts, dates, scoring backlog, first rejects.
    Exit 0 whatever the records hold; 2 when the input cannot be read at all, 3 when the database is
    gone (one line on stderr, no traceback)."""
    from datetime import datetime, timedelta, timezone

    from core.features import is_feature_name
    from core.timebuckets import local_day, today
    from formats import sniff_paths
    from jobs.ingest import IngestError, ingest_paths
    from jobs.progress import watch
    from store.ingest_report import count_ingested_since, ingest_outcome

    if args.feature is not None and not is_feature_name(args.feature):
        print(f"error: --feature {args.feature!r} is not a feature name (lower-case letters, digits, - or _)",
              file=sys.stderr)
        return 2
    try:
        sniffed = sniff_paths(args.paths)  # each file sniffed once, here; ingest reads each once
        files = [s.path for s in sniffed]
        kinds = {s.path: s.kind for s in sniffed}
    except (IngestError, OSError) as exc:
        print(f"error: {_one_line(exc)}", file=sys.stderr)
        return 2
    notice = _feature_notice(kinds, args.feature)
    if notice:
        print(notice, file=sys.stderr if notice.startswith("NOTE") else sys.stdout)
    try:
        db = _db(INGEST_TIMEOUT_MS)
    except DatabaseError as exc:
        print(f"error: database unavailable: {exc.__class__.__name__}: {_one_line(exc)}", file=sys.stderr)
        return 3
    since = datetime.now(timezone.utc) - timedelta(seconds=1)
    try:
        summary = watch("ingest", lambda: ingest_paths(db, args.paths, args.format, ground_truth=args.ground_truth,
                                                       feature=args.feature, sniffed=sniffed),
                        done=lambda: count_ingested_since(db, since),
                        total=_count_lines(files) if sys.stderr.isatty() else None)  # the bar (a terminal only)
    except (IngestError, OSError) as exc:
        print(f"error: {_one_line(exc)}", file=sys.stderr)
        return 2
    except DatabaseError as exc:
        print(f"error: database unavailable: {exc.__class__.__name__}: {_one_line(exc)}", file=sys.stderr)
        return 3
    outcome = ingest_outcome(db, since, rejected_limit=SHOW_REJECTED)
    if outcome["first"] is not None:
        first, last = local_day(outcome["first"]), local_day(outcome["last"])
        print(f"dates: {first} to {last} · features: "
              + ", ".join(f"{f} {n:,}" for f, n in outcome["features"].items()))
        age = (today() - last).days
        if age > 30:
            print(f"note: the newest of these records is {age} days old: the dashboard opens on the latest "
                  f"days; choose {first} to {last} in its period filter to see them", file=sys.stderr)
    waiting = outcome["waiting_for_scores"]
    print(f"waiting for scores: {waiting:,}"
          + (" (the worker's score job scores them; now: python -m jobs run-once score)" if waiting else ""))
    for item in outcome["rejected"]:
        print(f"rejected: {item['source']}: {item['reason']}", file=sys.stderr)
    if outcome["rejected_total"] > len(outcome["rejected"]):
        print(f"rejected: … {outcome['rejected_total'] - len(outcome['rejected'])} more (all are kept on the "
              "Data health page)", file=sys.stderr)
    print(summary.line())
    return 0  # rejected records are quarantined and counted: only unreadable input or no database fail


def _one_line(exc: BaseException) -> str:
    from store.client import outage_text
    return outage_text(exc, 500)  # pymongo's topology description left out


def cmd_demo(args) -> int:
    """Demo records; while they load, the pages say so (store.setup_status setup flag)."""
    from demo.generate import generate_demo
    from store.setup_status import set_setup

    from settings import get_settings

    db = _db()
    settings = get_settings()
    set_setup(db, demo_loading=True)
    try:
        summary = generate_demo(db, days=args.days or settings.demo_days, per_day=args.per_day or settings.demo_per_day,
                                seed=args.seed,
                                only_if_empty=args.if_empty)
    finally:
        set_setup(db, demo_loading=False)
    print(summary)
    return 0


def _job_progress(db, job: str, full: bool):
    """(done, total, unit) counters for the long jobs' progress line, or None for the quick ones."""
    from datetime import datetime, timedelta, timezone

    from core import jobs as names
    from store import job_progress
    from store.ingest_report import count_waiting_for_scores

    start = datetime.now(timezone.utc) - timedelta(seconds=1)
    if job == names.SCORE:
        from jobs.score import MAX_ITEMS_PER_RUN
        waiting = count_waiting_for_scores(db)
        total = min(waiting, MAX_ITEMS_PER_RUN)
        return (lambda: max(0, waiting - count_waiting_for_scores(db))), total, "records"
    if job == names.AGGREGATE and full:
        before = job_progress.count_daily_buckets(db)
        return (lambda: job_progress.count_daily_buckets(db, start)), before or None, "daily buckets"
    if job == names.REPORT:
        return (lambda: job_progress.count_reports(db, start)), 1, "reports"
    return None


def cmd_run_once(args) -> int:
    from jobs.progress import watch
    from jobs.runner import run_once

    db = _db()
    counters = _job_progress(db, args.job, args.full)
    if counters is None:
        ok = run_once(db, args.job, full=args.full, week=args.week)
    else:
        done, total, unit = counters
        ok = watch(args.job, lambda: run_once(db, args.job, full=args.full, week=args.week), done=done,
                   total=total, unit=unit)
    return 0 if ok else 1


def cmd_tick(args) -> int:
    """One ordered tick under the lease: what a cron job or a Kubernetes CronJob calls."""
    import os
    import socket

    from jobs.runner import run_tick
    from jobs.scheduler import LEASE
    from store.locks import acquire_lease, release_lease

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


def cmd_verify_aggregates(args) -> int:
    """Recount every per-day aggregate from its records; say what drifted; `--repair` mends it. Runs under
    the aggregate job's lock (never beside a refresh). Exit 0 when nothing drifted (or all was repaired),
    1 when drift remains."""
    from core.jobs import AGGREGATE
    from jobs.aggregate import verify_aggregates
    from jobs.runner import run_job

    db = _db()
    ok, counts = run_job(db, AGGREGATE, fn=lambda db, **kw: verify_aggregates(db, repair=args.repair, **kw),
                         record_as="verify-aggregates")
    if not ok or counts.get("skipped"):
        print(f"verify-aggregates: {'skipped' if counts.get('skipped') else 'error'} "
              f"{counts.get('skipped') or counts.get('error')}")
        return 1
    for example in counts.get("examples") or []:
        print(f"  {example.get('what', 'drifted')}: {example.get('kind', 'daily')} {example['key']}: stored "
              f"{example['stored']} records, recount {example['recount']}", file=sys.stderr)
    kinds = counts.get("kinds") or {}
    print(f"verify-aggregates: checked={counts['checked']} drifted={counts['drifted']} repaired={counts['repaired']}"
          f" pending={counts.get('pending', 0)}"
          + "".join(f" {k}={v['drifted']}/{v['checked']}" for k, v in kinds.items())
          + (f" ({counts['note']})" if counts.get("note") else ""))
    if counts.get("pending"):
        print(f"verify-aggregates: {counts['pending']} document(s) wait for a refresh that has not finished "
              "(a crash, a refresh running, or days marked for a recount): the next refresh completes them; "
              "not drift", file=sys.stderr)
    return 0 if counts["drifted"] == counts["repaired"] else 1


def cmd_score_worker(args) -> int:
    """Score waiting records in claimed batches until SIGTERM/SIGINT (the Procfile's `scorer:`)."""
    import signal
    import threading

    from jobs.score import POLL_S, run_worker

    from evaluators.embeddings import warm_up

    db = _db()
    stop = threading.Event()
    for sig in (signal.SIGTERM, signal.SIGINT):
        signal.signal(sig, lambda *_: stop.set())  # the batch in hand is finished and written first
    # the model loads while the worker looks for work, not when the first record arrives (the first answer
    # from the intake waited ~9 s for it at load 2-3); loading is locked, so a batch that comes first waits
    threading.Thread(target=warm_up, name="model-warm-up", daemon=True).start()
    totals = run_worker(db, batch_size=args.batch_size, claim_s=args.claim_s, poll_s=args.poll_s or POLL_S,
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
    p.add_argument("--format", default="auto", choices=["auto", *FORMAT_NAMES])
    p.add_argument("--ground-truth", help="ground-truth JSON for test-results files (reference 003)")
    p.add_argument("--feature", help="feature to record for formats that carry none (BeyondChats, test "
                   "results; without it they become 'chat' / 'test-results', and the command says so)")
    p.set_defaults(func=cmd_ingest)

    p = sub.add_parser("demo", help="fill the database with realistic demo records")
    p.add_argument("--days", type=int, default=None, help="days of records (default EVALBOARD_DEMO_DAYS: 90)")
    p.add_argument("--per-day", type=int, default=None, help="records a day (default EVALBOARD_DEMO_PER_DAY: 400)")
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

    p = sub.add_parser("verify-aggregates", help="recount every per-day aggregate from its records and report drift")
    p.add_argument("--repair", action="store_true", help="replace what drifted with the recount")
    p.set_defaults(func=cmd_verify_aggregates)

    p = sub.add_parser("score-worker", help="score waiting records in claimed batches (run as many as you like)")
    p.add_argument("--batch-size", type=int, default=16)
    p.add_argument("--claim-s", type=float, default=300.0, help="a dead worker's batch is taken again after this")
    p.add_argument("--poll-s", type=float, default=None, help="wait between looks when nothing waits (default 2 s)")
    p.add_argument("--exit-when-idle", action="store_true", help="stop when nothing waits (benchmarks, cron)")
    p.set_defaults(func=cmd_score_worker)

    p = sub.add_parser("scheduler", help="run the scheduler (the Procfile worker)")
    p.set_defaults(func=cmd_scheduler)

    from jobs.labels_export import add_parser as add_export_labels
    add_export_labels(sub)
    from jobs.judge_estimate import add_parser as add_estimate_judge
    add_estimate_judge(sub)
    from jobs.judge_noise import add_parser as add_judge_noise
    add_judge_noise(sub)
    from jobs.set_run import add_parser as add_set_commands
    add_set_commands(sub)
    from jobs.redact import add_parser as add_redact
    add_redact(sub)

    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s",
                        stream=sys.stderr)
    from jobs.notify import install_log_redaction
    install_log_redaction()  # no webhook token, SMTP password or API key in any log line
    try:
        return args.func(args)
    except DatabaseUnavailable as exc:
        print(f"error: {_one_line(exc)}", file=sys.stderr)
        return 3


if __name__ == "__main__":
    raise SystemExit(main())
