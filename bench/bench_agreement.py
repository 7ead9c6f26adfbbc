"""Judge-agreement job benchmark on the embedded server with the real local scorer.

`python bench/bench_agreement.py [--days 8] [--per-day 400] [--sample 200]`

A fresh embedded server; the demo (`--days` days, `--per-day` records a day; not
timed); then `run_agreement` over the completed days with `--sample` records per
feature and day: the first run (sampling, scoring, figures, weekly roll-ups) and
a second run (nothing new to score: the idempotent re-run each tick pays). Prints
records scored, seconds, records/s and the 1-minute load before and after.
"""
from __future__ import annotations

import argparse
import os
import tempfile
import time
from datetime import datetime, timezone

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")

from jobs.agreement import run_agreement  # noqa: E402
from demo.generate import generate_demo  # noqa: E402
from store.client import make_client  # noqa: E402
from store.migrate import migrate  # noqa: E402
from store.server import EmbeddedServer  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--days", type=int, default=8)
    ap.add_argument("--per-day", type=int, default=400)
    ap.add_argument("--sample", type=int, default=200)
    args = ap.parse_args()
    end = datetime(2026, 3, 14, 15, tzinfo=timezone.utc)
    data = tempfile.mkdtemp(prefix="bench-agreement-")
    server = EmbeddedServer(data, 0, log_path=os.path.join(data, "server.log"))
    uri = server.start()
    try:
        db = make_client(uri)["bench"]
        migrate(db)
        print(generate_demo(db, days=args.days, per_day=args.per_day, end=end))
        import evaluators
        evaluators.score_many([{"id": 0, "query": "q", "answer": "a.", "context": ["c"]}])  # load the model
        load = os.getloadavg()[0]
        t0 = time.perf_counter()
        first = run_agreement(db, now=end, days=args.days - 1, per_feature=args.sample, max_items=10**9)
        t1 = time.perf_counter()
        second = run_agreement(db, now=end, days=args.days - 1, per_feature=args.sample, max_items=10**9)
        t2 = time.perf_counter()
        print("| run | scored | seconds | records/s | load before → after |\n|---|---:|---:|---:|---|")
        print(f"| first | {first['scored']} | {t1 - t0:.1f} | {first['scored'] / (t1 - t0):.1f} | "
              f"{load:.1f} → {os.getloadavg()[0]:.1f} |")
        print(f"| again (nothing new) | {second['scored']} | {t2 - t1:.2f} | – | – |")
    finally:
        server.stop()


if __name__ == "__main__":
    main()
