"""Releases side by side (issue 21): release aggregates, the Compare view's numbers, flipped queries.

`python bench/bench_releases.py [--n 200000] [--repeat 3]`

A fresh embedded server; N records over 90 days (inserted straight into `records` with their
indexes; not timed) from four releases (r1: days 0-39, r2: 40-69, r3: 70-84, r4: 85-89, which
lowers clauses contextual recall by 0.10), two models and two prompt versions, queries from a
pool of 500 texts. Then, timed:
- `refresh_release_aggregates(days=None)` (every day) and for one day;
- the Compare view's work for the last two releases and for the two largest ones: reading both
  sides' per-day documents and summing them (store.release_readers.side_totals) plus every
  feature x metric interval (core.compare.compare_sides, 2,000 bootstrap draws each) — the page
  computes nothing else (the target: <= 1 s);
- the flipped-queries list (store.release_compare.flipped_queries) for the same pairs (target <= 2 s;
  each side reads ~SCAN_LIMIT records, cut by the release aggregates' per-day counts);
- the largest release-aggregate document (BSON bytes).
Prints a Markdown table (median of --repeat runs).

`--data DIR --flips-only`: time only the flipped-queries list on a database kept in DIR (built
there on the first run: the records and the release aggregates of the days the four releases'
first and last weeks span — what the list reads; reused by later runs, which time nothing else).
"""
from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from datetime import datetime, timedelta, timezone
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from bench.bench_aggregates import insert, machine  # noqa: E402
from core import metrics  # noqa: E402
from core.compare import compare_sides  # noqa: E402
from core.metrics import default_thresholds  # noqa: E402
from store.client import make_client  # noqa: E402
from store.records import ensure_indexes  # noqa: E402
from store.release_aggregates import refresh_release_aggregates, side_totals  # noqa: E402
from store.release_readers import largest_document_bytes
from store.release_compare import Side, flipped_queries  # noqa: E402
from store.schema import parse_record  # noqa: E402
from store.server import EmbeddedServer  # noqa: E402

FEATURES = ("chat", "viability", "arguments", "clauses")
DAYS = 90
START = datetime(2026, 8, 1, tzinfo=timezone.utc)
RELEASES = ((0, "r1", "model-a", "p1"), (40, "r2", "model-a", "p2"), (70, "r3", "model-b", "p2"),
            (85, "r4", "model-b", "p2"))


def _release(day: int) -> tuple[str, str, str]:
    current = RELEASES[0]
    for row in RELEASES:
        if row[0] <= day:
            current = row
    return current[1:]


def make_docs(rng: random.Random, start: int, n: int, total: int, ingested_at: datetime) -> list[dict]:
    docs, limits = [], default_thresholds()
    for i in range(start, start + n):
        day = i * DAYS // total
        release, model, prompt = _release(day)
        feature = rng.choice(FEATURES)
        scores = {m: round(rng.betavariate(18, 2.5), 3) for m in metrics.names()}
        if release == "r4" and feature == "clauses":
            scores["contextual_recall"] = round(max(0.0, scores["contextual_recall"] - 0.10), 3)
        raw = {"_id": f"b{i}", "session_id": f"s{i % 997}", "query": f"What does section {i % 500} say?",
               "answer": "An answer.", "context": ["Section text."],
               "evaluation": {m: {"score": v} for m, v in scores.items()},
               "regeneration_attempts": 0, "feature": feature,
               "timestamp": (START + timedelta(days=day, seconds=rng.randrange(86400))).isoformat(),
               "release": release, "model": model, "prompt_version": prompt}
        docs.append(parse_record(raw, limits, source="bench", now=ingested_at).doc)
    return docs


def timed(fn, repeat: int):
    times, result = [], None
    for _ in range(repeat):
        t0 = time.perf_counter()
        result = fn()
        times.append(time.perf_counter() - t0)
    return statistics.median(times), result


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--n", type=int, default=200_000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--data", type=Path, help="keep the database in this folder (reused when it exists)")
    parser.add_argument("--flips-only", action="store_true", help="time only the flipped-queries list")
    args = parser.parse_args()
    if args.flips_only:
        return flips_only(args)
    rng = random.Random(21)
    rows = []
    with tempfile.TemporaryDirectory() as tmp, EmbeddedServer(Path(tmp) / "data", 0) as server:
        db = make_client(server.uri, timeout_ms=300_000)["bench"]
        ensure_indexes(db)
        t0 = time.perf_counter()
        at = datetime.now(timezone.utc)
        for start in range(0, args.n, 20_000):
            insert(db, make_docs(rng, start, min(20_000, args.n - start), args.n, at))
        load_s = time.perf_counter() - t0
        now = datetime.now(timezone.utc)
        full_s, full = timed(lambda: refresh_release_aggregates(db, None, now=now, tz="UTC"), 1)
        day = (START + timedelta(days=DAYS - 1)).date()
        one_s, _ = timed(lambda: refresh_release_aggregates(db, {day}, now=now, tz="UTC"), args.repeat)
        rows.append(("refresh_release_aggregates, every day", f"{full_s:.2f} s", f"{full['days']} days, "
                     f"{full['documents']:,} documents"))
        rows.append(("refresh_release_aggregates, one day", f"{one_s:.2f} s", f"~{args.n // DAYS:,} records"))
        for a, b in (("r3", "r4"), ("r1", "r2")):
            def compare():
                ta, tb = side_totals(db, "release", a), side_totals(db, "release", b)
                return ta, tb, compare_sides(ta, tb, metrics.score_names())
            cmp_s, (ta, tb, cells) = timed(compare, args.repeat)
            read_s, _ = timed(lambda: (side_totals(db, "release", a), side_totals(db, "release", b)), args.repeat)
            worse = [f"{c.feature}/{c.metric}" for c in cells if c.worse]
            rows.append((f"Compare view numbers {a} vs {b}", f"{cmp_s:.2f} s (reads {read_s:.2f} s)",
                         f"{ta['__all__']['count']:,} vs {tb['__all__']['count']:,} records, {len(cells)} cells; "
                         f"worse: {', '.join(worse) or 'none'}"))
            flip_s, flips = timed(lambda: flipped_queries(db, Side("release", a), Side("release", b)), args.repeat)
            rows.append((f"Flipped queries {a} vs {b}", f"{flip_s:.2f} s", f"{len(flips)} flipped queries"))
        biggest = largest_document_bytes(db)
        db.client.close()
    print(f"\n{args.n:,} records, 90 days, load {load_s:.0f} s (not timed); machine: {machine()}\n")
    print("| step | median | notes |\n|---|---|---|")
    for step, value, note in rows:
        print(f"| {step} | {value} | {note} |")
    print(f"\nLargest aggregates_release_daily document: {biggest:,} B")


def flips_only(args) -> None:
    """The flipped-queries list alone, on a database built once in --data (or a temporary one)."""
    from contextlib import ExitStack

    from store.migrate import migrate
    with ExitStack() as stack:
        data = args.data or Path(stack.enter_context(tempfile.TemporaryDirectory())) / "data"
        fresh = not (data / "built").exists()
        server = stack.enter_context(EmbeddedServer(data / "db", 0))
        db = make_client(server.uri, timeout_ms=300_000)["bench"]
        load_s = 0.0
        if fresh:
            t0 = time.perf_counter()
            ensure_indexes(db)
            rng, at = random.Random(21), datetime.now(timezone.utc)
            for start in range(0, args.n, 20_000):
                insert(db, make_docs(rng, start, min(20_000, args.n - start), args.n, at))
            first_last = {0, 39, 40, 69, 70, 84, 85, 89}
            weeks = set(range(33, 47)) | set(range(78, 90)) | first_last
            refresh_release_aggregates(db, {(START + timedelta(days=d)).date() for d in weeks},
                                       now=datetime.now(timezone.utc), tz="UTC")
            load_s = time.perf_counter() - t0
        migrate(db)  # indexes and backfills of the code under test (idempotent)
        if fresh:
            (data / "built").write_text(f"{args.n}\n")
        print(f"\n{db.records.estimated_document_count():,} records; build {load_s:.0f} s (0: reused); "
              f"machine: {machine()}\n")
        print("| step | median | notes |\n|---|---|---|")
        for a, b in (("r3", "r4"), ("r1", "r2")):
            flip_s, flips = timed(lambda: flipped_queries(db, Side("release", a), Side("release", b)), args.repeat)
            print(f"| Flipped queries {a} vs {b} | {flip_s:.2f} s | {len(flips)} flipped queries |", flush=True)
        db.client.close()


if __name__ == "__main__":
    main()
