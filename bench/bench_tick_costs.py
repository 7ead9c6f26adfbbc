"""Per-tick job costs per new record on a 35k- and a 350k-record database (90 days each).

`python bench/bench_tick_costs.py [--sizes 400,4000] [--batch 1000] [--repeat 3]`

For each size (records per day over 90 days: 400 → ~35k, 4000 → ~350k) a fresh embedded server gets
the demo, a full aggregate build and a first agreement run (not timed). Then, `--repeat` rounds, each
timing what one tick pays for `--batch` new records:
- adopt: `--batch` product-shaped records written straight into MongoDB (no Evalboard fields), adopted;
- aggregate: the incremental refresh that counts them;
- agreement: the run that finds yesterday changed, re-draws its sample and scores what is new in it
  (cost per new record); and the first agreement run of the database (14 days sampled: cost per
  record scored, i.e. the inverse of its rate);
- alerts: the rules judged (absolute: no new complete day);
- score: 200 records that arrived without scores, scored by the score-worker path (per record).
Prints one Markdown table: median milliseconds per new record at each size
and the ratio large/small; the issue's target is a ratio within 1.5×.
"""
from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time
from datetime import datetime, timedelta, timezone

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
os.environ["EVALBOARD_AGGREGATE_SETTLE_S"] = "0"

from jobs.adopt import adopt_logged_records  # noqa: E402
from jobs.aggregate import refresh  # noqa: E402
from jobs.agreement import run_agreement  # noqa: E402
from jobs.alerts import evaluate  # noqa: E402
from demo.generate import generate_demo, iter_payloads  # noqa: E402
from jobs.ingest import Writer  # noqa: E402
from jobs.score import score_pending  # noqa: E402
from store.client import make_client  # noqa: E402
from store.migrate import migrate  # noqa: E402
from store.server import EmbeddedServer  # noqa: E402

JOBS = ("adopt", "aggregate", "agreement", "agreement_first", "alerts", "score")


def _fresh(batch: int, seed: int, end: datetime, tag: str, scored: bool = True) -> list[dict]:
    """`batch` demo-shaped payloads dated yesterday, with new ids."""
    out = []
    for i, p in enumerate(iter_payloads(2, batch, seed, end)):
        ts = p.get("timestamp")
        if not isinstance(ts, str) or not ts[:10] == (end - timedelta(days=1)).date().isoformat():
            continue
        p = {**p, "_id": f"{tag}-{seed}-{i}"}
        if not scored:
            p.pop("evaluation", None)
        out.append(p)
        if len(out) == batch:
            break
    return out


def measure(per_day: int, batch: int, repeat: int, days: int = 90) -> dict[str, list[float]]:
    end = datetime.now(timezone.utc).replace(hour=12, minute=0, second=0, microsecond=0)
    data = tempfile.mkdtemp(prefix="bench-tick-")
    server = EmbeddedServer(data, 0, log_path=os.path.join(data, "server.log"))
    uri = server.start()
    costs: dict[str, list[float]] = {job: [] for job in JOBS if job != "agreement_first"}
    try:
        db = make_client(uri)["bench"]
        migrate(db)
        t = time.perf_counter()
        print(generate_demo(db, days=days, per_day=per_day, end=end)[:60], flush=True)
        print(f"  demo {time.perf_counter() - t:.0f}s", flush=True)
        t = time.perf_counter()
        refresh(db, full=True)
        print(f"  full aggregate {time.perf_counter() - t:.0f}s", flush=True)
        t = time.perf_counter()
        refresh(db)  # the release aggregates of every day: built by the refresh after a full one
        print(f"  release aggregates {time.perf_counter() - t:.0f}s", flush=True)
        t = time.perf_counter()
        first = run_agreement(db, now=end, max_items=10**9)["scored"]
        costs["agreement_first"] = [(time.perf_counter() - t) / max(first, 1)]
        evaluate(db, now=end)
        print(f"  first agreement ({first} scored) + alerts {time.perf_counter() - t:.0f}s", flush=True)
        total = db.records.estimated_document_count()
        for r in range(repeat):
            db.records.insert_many(_fresh(batch, 1000 + r, end, "direct"))  # as the product writes them
            t = time.perf_counter()
            adopted = adopt_logged_records(db)["adopted"]
            costs["adopt"].append((time.perf_counter() - t) / max(adopted, 1))
            t = time.perf_counter()
            refresh(db)
            costs["aggregate"].append((time.perf_counter() - t) / batch)
            t = time.perf_counter()
            run_agreement(db, now=end, max_items=10**9)
            costs["agreement"].append((time.perf_counter() - t) / batch)
            t = time.perf_counter()
            evaluate(db, now=end)
            costs["alerts"].append(time.perf_counter() - t)
            writer = Writer(db, "bench")
            for p in _fresh(200, 2000 + r, end, "unscored", scored=False):
                writer.add(p)
            writer.close()
            t = time.perf_counter()
            n = score_pending(db, max_items=200)["scored"]
            costs["score"].append((time.perf_counter() - t) / max(n, 1))
            print(f"  round {r + 1}: " + " ".join(f"{k}={v[-1] * 1000:.2f}ms" for k, v in costs.items()), flush=True)
        costs["records"] = [float(total)]
    finally:
        server.stop()
    return costs


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", default="400,4000", help="records per day, comma-separated (90 days each)")
    ap.add_argument("--batch", type=int, default=1000)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--db-only", action="store_true",
                    help="replace the scorer by a constant one: the database's share of each cost, alone")
    ap.add_argument("--days", type=int, default=90)
    args = ap.parse_args()
    if args.db_only:
        import evaluators

        def constant(items, **_kw):
            ev = {m: {"score": 0.8, "threshold": 0.7, "passed": True, "reason": "constant"}
                  for m in ("faithfulness", "answer_relevancy", "contextual_precision", "contextual_recall")}
            return [{"id": i.get("id"), "evaluation": ev, "verdict": {"passed": True}} for i in items]
        evaluators.score_many = constant
    sizes = [int(s) for s in args.sizes.split(",")]
    results = {}
    for per_day in sizes:
        load = os.getloadavg()[0]
        print(f"{per_day} records/day (load {load:.1f})", flush=True)
        results[per_day] = measure(per_day, args.batch, args.repeat, args.days)
    small, large = results[sizes[0]], results[sizes[-1]]
    print(f"\n| job | {int(small['records'][0]):,} records | {int(large['records'][0]):,} records | ratio |")
    print("|---|---:|---:|---:|")
    for job in JOBS:
        a, b = statistics.median(small[job]), statistics.median(large[job])
        unit = "s per run" if job == "alerts" else "ms per record"
        scale = 1 if job == "alerts" else 1000
        print(f"| {job} ({unit}) | {a * scale:.2f} | {b * scale:.2f} | {b / a:.2f}× |")


if __name__ == "__main__":
    main()
