"""The Labelling page at 200k records: how long a label and the next record take (issue 20: <= 300 ms).

    python bench/bench_labelling.py [--records 200000] [--days 90] [--queue 500] [--labels 30]

A fresh embedded server with N records (bench_dashboard's generator: parsed, bulk-inserted, indexes
built after), a queue made from a rule (the last 30 days, `--queue` records, "disagree most" order:
the rule scans up to 50k candidates), then:
- store: `save_label` + `next_record` + `get_record` + `progress` (what one keypress costs the database);
- page: the Labelling page through AppTest (server-side run, as bench_dashboard times pages): "F" (save,
  judges revealed) and "→" (the next record drawn), each a full script run.
Medians and p90 over `--labels` records.
"""
from __future__ import annotations

import argparse
import os
import platform
import statistics
import sys
import tempfile
import time
from datetime import date, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")

from bench.bench_dashboard import fill, open_app, point_at  # noqa: E402
from store.server import EmbeddedServer  # noqa: E402


def _stats(values: list[float]) -> str:
    ms = sorted(v * 1000 for v in values)
    p90 = ms[min(len(ms) - 1, int(0.9 * len(ms)))]
    return f"median {statistics.median(ms):.0f} ms, p90 {p90:.0f} ms, max {ms[-1]:.0f} ms (n={len(ms)})"


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--records", type=int, default=200_000)
    ap.add_argument("--days", type=int, default=90)
    ap.add_argument("--queue", type=int, default=500)
    ap.add_argument("--labels", type=int, default=30)
    args = ap.parse_args()
    from store import labels, queues
    from store.client import make_client
    from store.migrate import migrate
    from store.triage import get_record

    print(f"machine: {platform.machine()}, {os.cpu_count()} cores, python {platform.python_version()}")
    with tempfile.TemporaryDirectory() as tmp:
        server = EmbeddedServer(Path(tmp), 0, log_path=str(Path(tmp) / "server.log"))
        uri = server.start()
        try:
            db = make_client(uri)["bench_labelling"]
            insert_s = fill(db, args.records, args.days)
            migrate(db)
            print(f"records={args.records} insert+indexes={insert_s:.1f}s")
            t = time.perf_counter()
            q = queues.create_queue(db, "bench", {"start": date.today() - timedelta(days=30), "end": date.today(),
                                                  "size": args.queue, "order": "disagree"}, "bench",
                                    labels_per_record=2)
            print(f"queue of {len(q['record_ids'])} from a rule: {time.perf_counter() - t:.2f}s")

            store_times = []
            for i in range(args.labels):
                t = time.perf_counter()
                rid = labels.next_record(db, q["_id"], "store-bench")
                get_record(db, rid)
                labels.save_label(db, q["_id"], rid, "store-bench", "faithful" if i % 4 else "hallucinated",
                                  seconds=5)
                labels.progress(db, q["_id"], "store-bench")
                store_times.append(time.perf_counter() - t)
            print(f"store, one label + next record: {_stats(store_times)}")

            point_at(uri.rstrip("/") + "/bench_labelling")
            at = open_app("views/labelling.py", {"queue": q["_id"]})
            if at.exception:
                raise RuntimeError([e.value for e in at.exception])
            f_times, next_times = [], []
            for i in range(args.labels):
                t = time.perf_counter()
                at.button(key="lab_faithful").click().run()
                f_times.append(time.perf_counter() - t)
                if "How the judges scored it" not in "\n".join(str(m.value) for m in at.markdown):
                    raise RuntimeError("the label was not saved")
                t = time.perf_counter()
                at.button(key="lab_next").click().run()
                next_times.append(time.perf_counter() - t)
                if at.exception:
                    raise RuntimeError([e.value for e in at.exception])
            done = len(labels.current_labels(db, q["_id"], annotator="local"))
            assert done == args.labels, done
            print(f"page, F (save, judges shown): {_stats(f_times)}")
            print(f"page, → (next record drawn):  {_stats(next_times)}")
        finally:
            server.stop()


if __name__ == "__main__":
    main()
