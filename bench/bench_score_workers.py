"""Score workers benchmark: 1, 2 and 4 `python -m jobs score-worker` processes on the same backlog.

`python bench/bench_score_workers.py [--records 240] [--workers 1 2 4] [--batch-size 16]`

A fresh embedded server; for each worker count the same backlog of N records
waiting for scores (HaluEval QA records from ../shared/data: real question,
answer and context, `eb.needs_scoring`), then that many worker processes with
`--exit-when-idle`. Reports per run:
- wall time, start to the last worker's exit (each process loads the model);
- records/s while scoring: records written after the first batch / time from
  the first written batch to the last (model loading left out);
- the share of records scored exactly once (`eb.score_writes == 1`, nothing
  left waiting or claimed): must be 100 %.
Not a test: figures go to BENCHMARKS.md with the date, machine and load.
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from datetime import datetime, timezone
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
DATA = REPO.parent / "shared" / "data" / "halueval_qa_dev.jsonl"

from store.client import make_client  # noqa: E402
from store.migrate import migrate  # noqa: E402
from store.records import insert_records  # noqa: E402
from store.schema import ParsedRecord, parse_record  # noqa: E402
from store.server import EmbeddedServer  # noqa: E402
from store.thresholds import get_thresholds  # noqa: E402


def backlog(db, n: int) -> None:
    thresholds = get_thresholds(db)
    docs = []
    with open(DATA) as fh:
        for i, line in enumerate(fh):
            if i >= n:
                break
            row = json.loads(line)
            raw = {"_id": f"q{i}", "query": row["query"], "answer": row["answer"], "context": row["context"],
                   "feature": "chat", "timestamp": "2026-03-02T10:00:00Z"}
            parsed = parse_record(raw, thresholds, source="bench")
            assert isinstance(parsed, ParsedRecord) and parsed.doc["eb"].get("needs_scoring"), raw
            docs.append(parsed.doc)
    insert_records(db, docs)


def run(uri: str, n: int, workers: int, batch_size: int) -> dict:
    client = make_client(uri, timeout_ms=60_000)
    name = f"bench_w{workers}"
    client.drop_database(name)
    db = client[name]
    migrate(db)
    backlog(db, n)
    env = {**os.environ, "MONGODB_URI": uri.rstrip("/") + "/" + name, "HF_HUB_OFFLINE": "1",
           "TRANSFORMERS_OFFLINE": "1", "OMP_NUM_THREADS": "1"}
    t0 = time.perf_counter()
    procs = [subprocess.Popen([sys.executable, "-m", "jobs", "score-worker", "--batch-size", str(batch_size),
                               "--exit-when-idle"], cwd=REPO, env=env, stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL) for _ in range(workers)]
    codes = [p.wait() for p in procs]
    wall = time.perf_counter() - t0
    docs = list(db.records.find({}, {"eb": 1, "rescored.at": 1}))
    once = sum(1 for d in docs if d["eb"].get("score_writes") == 1 and "needs_scoring" not in d["eb"]
               and "claim" not in d["eb"])
    at = sorted(d["rescored"]["at"] for d in docs if d.get("rescored"))
    first_batch = sum(1 for a in at if a == at[0])
    span = (at[-1] - at[0]).total_seconds() if at else 0.0
    client.drop_database(name)
    client.close()
    return {"workers": workers, "exit_codes": codes, "wall_s": wall, "records": len(docs),
            "rate": (len(at) - first_batch) / span if span else float("nan"), "once": once / len(docs)}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--records", type=int, default=240)
    parser.add_argument("--workers", type=int, nargs="+", default=[1, 2, 4])
    parser.add_argument("--batch-size", type=int, default=16)
    args = parser.parse_args()
    print(f"date {datetime.now(timezone.utc):%Y-%m-%d %H:%M} UTC, {os.cpu_count()} cores, "
          f"load {os.getloadavg()[0]:.2f}", flush=True)
    rows = []
    with tempfile.TemporaryDirectory() as tmp, EmbeddedServer(Path(tmp) / "data", 0) as server:
        for k in args.workers:
            row = run(server.uri, args.records, k, args.batch_size)
            rows.append(row)
            print(f"  {row} load {os.getloadavg()[0]:.2f}", flush=True)
    print("\n| workers | records | wall incl. model load (s) | records/s while scoring | scored exactly once |")
    print("|---:|---:|---:|---:|---:|")
    for r in rows:
        print(f"| {r['workers']} | {r['records']} | {r['wall_s']:.1f} | {r['rate']:.1f} | {100 * r['once']:.1f} % |")


if __name__ == "__main__":
    main()
