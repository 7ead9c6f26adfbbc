"""What a person waits for on the worker (issue 29): a threshold save, "Build report now" while the
save's recompute runs, and a new release merged into the release aggregates.

    python bench/bench_person_waits.py --uri mongodb://HOST:PORT/DB   (a seeded database, e.g. bench_pages')

1. `set_thresholds` (what the Save button waits for): validate, store, audit, queue — median of 5
   saves; then the worker's part of one save, `apply_pending_verdicts` (re-flag the records that can
   change, mark their days) and the aggregate refresh of those days.
2. A scheduler Worker (no ticks) is started; a threshold save queues its recompute in the recompute
   lane and "Build report now" (store.reports.request_report) is asked for right after: the time
   until the report is built, and until the recompute is done.
3. 300 records of a new release, ingested now, then one aggregate refresh: the release aggregates
   merge the new value (`release_mode` "merged") — timed against a rebuild of every day's release
   documents (what a new release cost before).
The thresholds are put back at the end; the report request and the new release's records stay.
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from datetime import datetime, timedelta, timezone
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def _wait(cond, timeout: float = 600.0) -> float:
    start = time.monotonic()
    while not cond():
        if time.monotonic() - start > timeout:
            raise TimeoutError("gave up waiting")
        time.sleep(0.05)
    return time.monotonic() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--uri", required=True)
    args = parser.parse_args()
    from jobs.aggregate import refresh
    from jobs.scheduler import Worker
    from store import release_aggregates as rel
    from store.client import make_client
    from store.collections import RECORDS
    from store.collections import REPORT_REQUESTS
    from store.reports import request_report
    from store.state import AGGREGATE, get_state
    from store.thresholds import apply_pending_verdicts, get_thresholds, pending_verdicts, set_thresholds

    uri, name = args.uri.rsplit("/", 1)
    db = make_client(args.uri, timeout_ms=600_000)[name]
    records = db[RECORDS].estimated_document_count()
    original = dict(get_thresholds(db)["chat"])
    print(f"{records:,} records; load {os.getloadavg()[0]:.2f}", flush=True)

    saves = []
    for value in (0.81, 0.79, 0.82, 0.78, 0.8):
        t = time.perf_counter()
        set_thresholds(db, "chat", {"faithfulness": value}, "bench")
        saves.append(time.perf_counter() - t)
    t = time.perf_counter()
    counts = apply_pending_verdicts(db)
    recompute_s = time.perf_counter() - t
    t = time.perf_counter()
    refreshed = refresh(db)
    refresh_s = time.perf_counter() - t
    print(f"threshold save: median {statistics.median(saves):.3f} s, max {max(saves):.3f} s (5 saves)")
    print(f"  worker: verdict recompute {recompute_s:.2f} s ({counts}), aggregate refresh {refresh_s:.2f} s "
          f"({refreshed.get('days')} days)", flush=True)

    worker = Worker(db, worker_id="bench", ttl_s=30, renew_s=5, interval_s=3600, use_jobstore=False,
                    wake_poll_s=2.0, tick=lambda w: None).start()
    try:
        _wait(lambda: worker.leading, 60)
        week = (datetime.now(timezone.utc) - timedelta(days=14)).date()
        week = week - timedelta(days=week.weekday())
        t0 = time.monotonic()
        set_thresholds(db, "chat", {"faithfulness": 0.9}, "bench")
        request = request_report(db, week, "bench")
        key = request.get("_id")
        def state():
            return (db[REPORT_REQUESTS].find_one({"_id": key}) or {}).get("state")
        report_s = _wait(lambda: state() in ("done", "failed"))
        recompute_busy = bool(pending_verdicts(db)["features"] or get_state(db, AGGREGATE).get("dirty_days"))
        _wait(lambda: not pending_verdicts(db)["features"] and not get_state(db, AGGREGATE).get("dirty_days"))
        all_done_s = time.monotonic() - t0
        print(f"Build report now after a threshold save: report {state()} in {report_s:.1f} s (recompute still "
              f"running then: {recompute_busy}); the save's recompute and refresh done in {all_done_s:.1f} s",
              flush=True)
    finally:
        worker.stop()
        set_thresholds(db, "chat", {k: v for k, v in original.items()}, "bench")
        apply_pending_verdicts(db)
        refresh(db)

    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from bench_dashboard import make_records
    release = f"bench-{int(time.time())}"
    now = datetime.now(timezone.utc)
    docs = []
    for doc in make_records(300, 1, seed=int(time.time()), level=1.12):
        doc["release"], doc["ingested_at"] = release, now
        docs.append(doc)
    db[RECORDS].insert_many(docs)
    time.sleep(0.01)
    t = time.perf_counter()
    merged = refresh(db)
    merge_s = time.perf_counter() - t
    t = time.perf_counter()
    rel.refresh_release_aggregates(db, None, now=datetime.now(timezone.utc), catalog=False)
    rebuild_s = time.perf_counter() - t
    print(f"new release {release}: refresh {merge_s:.1f} s (release_mode {merged.get('release_mode')}, "
          f"{merged.get('release_days')} days); a rebuild of every day's release documents {rebuild_s:.1f} s; "
          f"load {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
