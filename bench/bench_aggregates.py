"""Aggregate refresh benchmark on the embedded server.

`python bench/bench_aggregates.py [--sizes 10000 50000 200000] [--new 1000]`

For each size: a fresh embedded server; N reference-000 records spread over 90
days (inserted straight into `records` with their indexes; not timed); then
- full rebuild (`refresh(full=True)`: every daily and weekly bucket);
- incremental refresh with nothing new;
- incremental refresh after `--new` late records for a day in the middle of the
  last week that already holds its share of the history (Saturday): that day is
  recomputed from all its records (exact daily percentiles), so this cost grows
  with the records per day;
- incremental refresh after `--new` records for a new day in the middle of the
  last week (Friday, left out of the history; the week's other six days hold
  records): the issue's case, daily data arriving on a Tuesday..Sunday. Its
  weekly bucket is re-derived from the week's per-day documents in
  `aggregates_daily_values`; the earlier days' records are not re-read;
- incremental refresh after `--new` records for one new day that starts a new week.
Prints a Markdown table, the largest `aggregates_daily_values` document (BSON
bytes) and the ratios at the largest size vs the smallest (target <= 1.5 for a
new day and, since late records are `$inc`-ed into their day, for late data).

`--one-day N` instead: N records on one day for one feature (the histogram
case: a day of any size), a full rebuild, then 1,000 late records for that day;
prints the times and the largest document of each aggregates collection.
"""
from __future__ import annotations

import argparse
import os
import platform
import random
import statistics
import subprocess
import tempfile
import time
from datetime import datetime, timedelta, timezone
from pathlib import Path

import bson

REPO = Path(__file__).resolve().parent.parent

from store.client import make_client  # noqa: E402
from store.records import ensure_indexes  # noqa: E402
from store.schema import parse_record  # noqa: E402
from store.server import EmbeddedServer  # noqa: E402
from core.metrics import default_thresholds, names as metric_names  # noqa: E402

FEATURES = ("chat", "viability", "arguments", "clauses")
DAYS = 90
# history ends on Sunday 2026-03-01; day 91 is Monday 2026-03-02
HISTORY_START = datetime(2026, 3, 2, tzinfo=timezone.utc) - timedelta(days=DAYS)
GAP = DAYS - 3  # Friday 2026-02-27 holds no history: the "new day mid-week" step fills it


def history_day(i: int) -> datetime:
    """Record i's day: the history's days in turn, skipping GAP."""
    day = i % (DAYS - 1)
    return HISTORY_START + timedelta(days=day + (day >= GAP))


def make_docs(rng: random.Random, n: int, day_of: callable, prefix: str, ingested_at: datetime) -> list[dict]:
    docs = []
    for i in range(n):
        ts = day_of(i) + timedelta(seconds=rng.randrange(86400))
        raw = {"_id": f"{prefix}{i}", "session_id": f"s{i % 997}", "query": f"What does section {i % 500} say?",
               "answer": "An answer " * 20, "context": ["Section text " * 30, "Another chunk " * 30],
               "evaluation": {m: {"score": round(rng.betavariate(7, 2), 3), "threshold": 0.7, "passed": True,
                                  "reason": "reason text"} for m in metric_names()},
               "regeneration_attempts": rng.choice((0, 0, 0, 1, 2)), "timestamp": ts.isoformat(),
               "feature": rng.choice(FEATURES)}
        docs.append(parse_record(raw, default_thresholds(), source="bench", now=ingested_at).doc)
    return docs


def insert(db, docs, batch=5000):
    for i in range(0, len(docs), batch):
        db.records.insert_many(docs[i:i + batch], ordered=False)


def timed(fn):
    t0 = time.perf_counter()
    result = fn()
    return time.perf_counter() - t0, result


def run_size(n: int, new: int, repeat: int = 1) -> dict:
    from jobs.aggregate import refresh

    rng = random.Random(n)
    with tempfile.TemporaryDirectory() as tmp, EmbeddedServer(Path(tmp) / "data", 0) as server:
        # long operations keep the embedded server busy: a patient client, so the driver's
        # heartbeat does not give up on it mid-aggregation
        db = make_client(server.uri, timeout_ms=120_000)["bench"]
        ensure_indexes(db)
        t_hist = datetime.now(timezone.utc) - timedelta(hours=2)
        t0 = time.perf_counter()
        insert(db, make_docs(rng, n, history_day, "h", t_hist))
        load_s = time.perf_counter() - t0
        now = datetime.now(timezone.utc)
        full_s, full = timed(lambda: refresh(db, full=True, now=now))
        noop_s, _ = timed(lambda: refresh(db, now=now + timedelta(minutes=10)))
        # late data for a day in the middle of the last history week (Saturday 2026-02-28, already filled)
        mid_day = HISTORY_START + timedelta(days=DAYS - 2)
        mids = []
        for r in range(repeat):  # several rounds of late data, the median reported (single steps vary a lot)
            t_r = now + timedelta(minutes=12 + r)
            insert(db, make_docs(rng, new, lambda i: mid_day, f"m{r}_", t_r))
            mid_s, mid = timed(lambda: refresh(db, now=t_r + timedelta(seconds=40)))
            mids.append(mid_s)
        mid_s = statistics.median(mids)
        # a new day in the middle of the last history week (Friday 2026-02-27, empty until now)
        gap_day = HISTORY_START + timedelta(days=GAP)
        insert(db, make_docs(rng, new, lambda i: gap_day, "g", now + timedelta(minutes=26)))
        gap_s, gap = timed(lambda: refresh(db, now=now + timedelta(minutes=27)))
        # one new day starting a new week (Monday 2026-03-02): the usual case, today's data
        new_day = HISTORY_START + timedelta(days=DAYS)
        insert(db, make_docs(rng, new, lambda i: new_day, "n", now + timedelta(minutes=30)))
        new_s, newr = timed(lambda: refresh(db, now=now + timedelta(minutes=31)))
        values_bytes = max((len(bson.encode(d)) for d in db["aggregates_daily_values"].find()), default=0)
        db.client.close()
    return {"n": n, "load_s": load_s, "full_s": full_s, "daily": full["daily_buckets"],
            "weekly": full["weekly_buckets"], "noop_s": noop_s, "mid_s": mid_s, "new_s": new_s,
            "gap_s": gap_s, "mid_days": mid["days"], "gap_days": gap["days"], "new_days": newr["days"],
            "values_bytes": values_bytes, "mids": [round(x, 3) for x in mids]}


def run_one_day(n: int, new: int) -> dict:
    """N records on one day for one feature: rebuild, late records, document sizes."""
    from jobs.aggregate import refresh

    rng = random.Random(n)
    day = HISTORY_START + timedelta(days=DAYS - 2)
    with tempfile.TemporaryDirectory() as tmp, EmbeddedServer(Path(tmp) / "data", 0) as server:
        db = make_client(server.uri, timeout_ms=600_000)["bench"]
        ensure_indexes(db)
        t_hist = datetime.now(timezone.utc) - timedelta(hours=2)
        t0 = time.perf_counter()
        done = 0
        while done < n:  # generated and inserted in slices: 1M parsed records do not fit in memory at once
            step = min(50_000, n - done)
            docs = make_docs(rng, step, lambda i: day, f"d{done}_", t_hist)
            for d in docs:
                d["feature"] = "chat"
            insert(db, docs)
            done += step
        load_s = time.perf_counter() - t0
        now = datetime.now(timezone.utc)
        full_s, full = timed(lambda: refresh(db, full=True, now=now))
        late = make_docs(rng, new, lambda i: day, "late", now + timedelta(minutes=1))
        for d in late:
            d["feature"] = "chat"
        insert(db, late)
        late_s, lr = timed(lambda: refresh(db, now=now + timedelta(minutes=5)))
        sizes = {coll: max((len(bson.encode(d)) for d in db[coll].find()), default=0)
                 for coll in ("aggregates_daily_values", "aggregates_daily", "aggregates_weekly")}
        count = db["aggregates_daily"].find_one({"feature": "chat"})["count"]
        db.client.close()
    return {"n": n, "load_s": load_s, "full_s": full_s, "late_s": late_s, "late_mode": lr.get("mode"),
            "count": count, **sizes}


def largest_possible_document(records_per_day: int = 10_000_000) -> int:
    """BSON bytes of a per-day document with every histogram bin of every score in use.

    The most a per-day document can hold, whatever the volume: counts are int64 at
    `records_per_day`, every one of the 1,001 bins of each score metric non-empty."""
    from core import diagnosis, metrics
    from store.aggregate_counts import HIST_BINS

    big = bson.Int64(records_per_day)
    doc = {"_id": "2026-02-28|a-feature-name-of-typical-length", "bucket": HISTORY_START, "feature": "chat",
           **{c: big for c in ("count", "passed", "failing", "missing_scores", "regen_n", "regen_pos")},
           "regen_sum": float(records_per_day) * 1.5,
           "metrics": {m: {"n": big, "sum": records_per_day * 0.77, "pass": big,
                           "hist": {str(b): bson.Int64(records_per_day // HIST_BINS) for b in range(HIST_BINS)}}
                       for m in metrics.score_names()},
           "quadrants": {q: big for q in diagnosis.QUADRANTS},
           "computed_at": HISTORY_START, "counted_upto": HISTORY_START}
    return len(bson.encode(doc))


def machine() -> str:
    model = ""
    try:
        model = next((ln.split(":", 1)[1].strip() for ln in subprocess.run(
            ["lscpu"], capture_output=True, text=True).stdout.splitlines() if ln.startswith("Model name")), "")
    except OSError:
        pass
    return f"{os.cpu_count()} cores ({model or platform.processor()}), {platform.python_version()}"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--sizes", type=int, nargs="+", default=[10_000, 50_000, 200_000])
    parser.add_argument("--new", type=int, default=1000, help="records in the new day")
    parser.add_argument("--repeat", type=int, default=1, help="rounds of late data per size (median reported)")
    parser.add_argument("--one-day", type=int, default=0, help="N records on one day for one feature instead")
    args = parser.parse_args()
    print(f"machine: {machine()}; date: {datetime.now(timezone.utc):%Y-%m-%d %H:%M} UTC; "
          f"load {os.getloadavg()[0]:.2f}", flush=True)
    print(f"largest possible aggregates_daily_values document (every bin of every score in use, int64 "
          f"counts): {largest_possible_document():,} bytes", flush=True)
    if args.one_day:
        r = run_one_day(args.one_day, args.new)
        print(f"  {r}")
        print(f"\n| records in one day | insert (s) | full rebuild (s) | +{args.new} late (s) | "
              "largest aggregates_daily_values / daily / weekly document (bytes) |")
        print("|---:|---:|---:|---:|---:|")
        print(f"| {r['n']:,} | {r['load_s']:.0f} | {r['full_s']:.1f} | {r['late_s']:.2f} | "
              f"{r['aggregates_daily_values']:,} / {r['aggregates_daily']:,} / {r['aggregates_weekly']:,} |")
        print(f"load after: {os.getloadavg()[0]:.2f}")
        return
    rows = []
    for n in args.sizes:
        row = run_size(n, args.new, args.repeat)
        rows.append(row)
        print(f"  {row}", flush=True)
    print("\n| records | insert (s, not part of the job) | full rebuild (s) | buckets day/week | "
          "incremental, nothing new (s) | +1 day, new week (s) | +1 new day, mid-week (s) | "
          "late data for a filled day, mid-week (s) |")
    print("|---:|---:|---:|---:|---:|---:|---:|---:|")
    for r in rows:
        print(f"| {r['n']:,} | {r['load_s']:.1f} | {r['full_s']:.2f} | {r['daily']}/{r['weekly']} | "
              f"{r['noop_s']:.3f} | {r['new_s']:.3f} | {r['gap_s']:.3f} | {r['mid_s']:.3f} |")
    print("\nlargest aggregates_daily_values document: "
          + ", ".join(f"{r['values_bytes']:,} bytes at {r['n']:,}" for r in rows))
    if len(rows) > 1:
        lo, hi = rows[0], rows[-1]
        print(f"\nratio incremental(+1 new day) {hi['n']:,} vs {lo['n']:,}: new week {hi['new_s'] / lo['new_s']:.2f}, "
              f"new day mid-week {hi['gap_s'] / lo['gap_s']:.2f}, late data for a filled day "
              f"mid-week {hi['mid_s'] / lo['mid_s']:.2f} (targets <= 1.5)")
    print(f"load after: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
