"""What a person waits for on the worker (issue 29): a threshold save, "Build report now" while the
save's recompute runs, and a new release merged into the release aggregates.

    python bench/bench_person_waits.py --uri mongodb://HOST:PORT/DB   (a seeded database, e.g. bench_pages')
    python bench/bench_person_waits.py --data DIR   (bench_pages.py's --data folder, served here)

1. `set_thresholds` (what the Save button waits for): validate, store, audit, queue — median of 5
   saves; then the Alerts page's two clicks in AppTest (server-side run of "Preview and save…",
   which reads the last 7 days' flips, and of "Save thresholds"), `--page-saves` times each; then the
   worker's part of the saves, `apply_pending_verdicts` (re-flag the records that can change, mark
   their days) and the aggregate refresh of those days.
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

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")


def _wait(cond, timeout: float = 600.0) -> float:
    start = time.monotonic()
    while not cond():
        if time.monotonic() - start > timeout:
            raise TimeoutError("gave up waiting")
        time.sleep(0.05)
    return time.monotonic() - start


def page_saves(uri: str, feature: str, values: list[float]) -> tuple[list[float], list[float]]:
    """The Alerts page in AppTest (local mode: admin): per value, the server-side run of "Preview and
    save…" (the flips of the last 7 days) and of "Save thresholds" (store, audit, queue; the page drawn
    again with its caches dropped). Returns (preview runs, save runs) in seconds."""
    import streamlit as st
    from streamlit.testing.v1 import AppTest

    from dashboard.common import database
    from settings import reset_settings
    from store.client import reset_client

    os.environ["MONGODB_URI"] = uri
    os.environ.setdefault("EVALBOARD_USERS_FILE", "/nonexistent/no-users.toml")
    reset_settings()
    reset_client()
    database.clear()
    st.cache_data.clear()
    at = AppTest.from_file(str(ROOT / "dashboard" / "app.py"), default_timeout=300)
    at.run()
    at.switch_page("views/alerts.py")
    at.run()
    at.selectbox(key="alerts_thr_feature").set_value(feature).run()
    previews, saves = [], []
    for value in values:
        at.number_input(key=f"alerts_thr_{feature}_faithfulness").set_value(value)
        t = time.perf_counter()
        at.button(key="alerts_thr_save").click().run()
        previews.append(time.perf_counter() - t)
        if at.exception:
            raise RuntimeError([e.value for e in at.exception])
        t = time.perf_counter()
        at.button(key="alerts_thr_confirm").click().run()
        saves.append(time.perf_counter() - t)
        if at.exception or not any("Saved " in m.value for m in at.success):
            raise RuntimeError(f"not saved: {[e.value for e in at.exception]} {[m.value for m in at.error]}")
    return previews, saves


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--uri", help="a running server's seeded database")
    parser.add_argument("--data", help="or an embedded server's directory seeded by bench_pages.py (--data)")
    parser.add_argument("--page-saves", type=int, default=3, help="saves through the Alerts page (0: none)")
    parser.add_argument("--feature", default="chat", help="the feature whose thresholds are saved")
    parser.add_argument("--no-rebuild", action="store_true",
                        help="skip the comparison rebuild of every day's release documents")
    parser.add_argument("--skip", default="", help="comma-separated steps to skip: saves, worker (the saves' "
                        "recompute; the thresholds are put back before any record is re-flagged), report, release")
    parser.add_argument("--releases", type=int, default=1,
                        help="new releases, one after the other; from the second on the refresh is made to recount "
                             "the days the entering and leaving values touch (the path before the fold, and a fold "
                             "cut short)")
    args = parser.parse_args()
    skip = set(filter(None, args.skip.split(",")))
    if args.data:
        from store.server import EmbeddedServer
        with EmbeddedServer(Path(args.data), 0) as server:
            args.uri = server.uri.rstrip("/") + "/bench"
            return run(args, skip)
    if not args.uri:
        parser.error("give --uri or --data")
    return run(args, skip)


def run(args, skip: set[str]) -> None:
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
    feature = args.feature
    current = get_thresholds(db)
    original = dict(current.get(feature) or current["default"])
    print(f"{records:,} records; load {os.getloadavg()[0]:.2f}", flush=True)

    if "saves" not in skip:
        saves = []
        for value in (0.81, 0.79, 0.82, 0.78, 0.8):
            t = time.perf_counter()
            set_thresholds(db, feature, {"faithfulness": value}, "bench")
            saves.append(time.perf_counter() - t)
        print(f"threshold save (set_thresholds, {feature}): median {statistics.median(saves):.3f} s, "
              f"max {max(saves):.3f} s (5 saves); load {os.getloadavg()[0]:.2f}", flush=True)
        if args.page_saves:
            previews, clicks = page_saves(args.uri, feature, [0.83, 0.79, 0.81, 0.78, 0.82][:args.page_saves])
            print(f"Alerts page (AppTest, server-side run): 'Preview and save…' median "
                  f"{statistics.median(previews):.3f} s (max {max(previews):.3f}); 'Save thresholds' median "
                  f"{statistics.median(clicks):.3f} s (max {max(clicks):.3f}), {len(clicks)} saves; "
                  f"load {os.getloadavg()[0]:.2f}", flush=True)
        if "worker" not in skip:
            t = time.perf_counter()
            counts = apply_pending_verdicts(db)
            recompute_s = time.perf_counter() - t
            t = time.perf_counter()
            refreshed = refresh(db)
            refresh_s = time.perf_counter() - t
            print(f"  worker: verdict recompute {recompute_s:.2f} s ({counts}), aggregate refresh {refresh_s:.2f} s "
                  f"({refreshed.get('days')} days); load {os.getloadavg()[0]:.2f}", flush=True)

    if "report" not in skip:
        worker = Worker(db, worker_id="bench", ttl_s=30, renew_s=5, interval_s=3600, use_jobstore=False,
                        tick=lambda w: None).start()  # the wake-up poll as shipped
        try:
            _wait(lambda: worker.leading, 60)
            week = (datetime.now(timezone.utc) - timedelta(days=14)).date()
            week = week - timedelta(days=week.weekday())
            t0 = time.monotonic()
            set_thresholds(db, feature, {"faithfulness": 0.9}, "bench")
            request = request_report(db, week, "bench")
            key = request.get("_id")

            def state():
                return (db[REPORT_REQUESTS].find_one({"_id": key}) or {}).get("state")
            report_s = _wait(lambda: state() in ("done", "failed"))
            recompute_busy = bool(pending_verdicts(db)["features"] or get_state(db, AGGREGATE).get("dirty_days"))
            _wait(lambda: not pending_verdicts(db)["features"] and not get_state(db, AGGREGATE).get("dirty_days"))
            all_done_s = time.monotonic() - t0
            print(f"Build report now after a threshold save: report {state()} in {report_s:.1f} s (recompute still "
                  f"running then: {recompute_busy}); the save's recompute and refresh done in {all_done_s:.1f} s; "
                  f"load {os.getloadavg()[0]:.2f}", flush=True)
        finally:
            worker.stop()
    if not {"saves", "report"} <= skip:  # the thresholds put back, their recompute done
        set_thresholds(db, feature, dict(original), "bench")
        apply_pending_verdicts(db)
        refresh(db)

    if "release" in skip:
        return
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from bench_dashboard import make_records
    from store.state import set_state
    for n in range(args.releases):
        release = f"bench-{int(time.time())}-{n}"
        now = datetime.now(timezone.utc)
        docs = []
        for doc in make_records(300, 1, seed=int(time.time()) + n, level=1.12):
            doc["_id"] = f"{release}-{doc['_id']}"
            doc["release"], doc["ingested_at"] = release, now
            docs.append(doc)
        db[RECORDS].insert_many(docs)
        time.sleep(0.01)
        if n:  # what a fold cut short leaves: the next refresh recounts the days instead (the path before)
            set_state(db, AGGREGATE, release_merging={"bench": True})
        top_before = get_state(db, AGGREGATE).get("release_top") or {}
        t = time.perf_counter()
        merged = refresh(db)
        merge_s = time.perf_counter() - t
        top_after = get_state(db, AGGREGATE).get("release_top") or {}
        left = sorted(set(top_before.get("release", ())) - set(top_after.get("release", ())))
        print(f"new release {release}: refresh {merge_s:.1f} s (release_mode {merged.get('release_mode')}, "
              f"{merged.get('release_days')} days, {merged.get('release_folded', 0)} documents folded; leaving the "
              f"newest: {left or 'none'}); load {os.getloadavg()[0]:.2f}", flush=True)
    if not args.no_rebuild:
        t = time.perf_counter()
        rel.refresh_release_aggregates(db, None, now=datetime.now(timezone.utc), catalog=False)
        rebuild_s = time.perf_counter() - t
        print(f"  a rebuild of every day's release documents (what a new release cost before): {rebuild_s:.1f} s; "
              f"load {os.getloadavg()[0]:.2f}", flush=True)


if __name__ == "__main__":
    main()
