"""Per-collection sizes, measured from the embedded server's documents (for docs/deploy.md).

`python bench/bench_sizes.py [--records 20000] [--days 30] [--scored 40]`

A fresh embedded server; N reference-000 records (the shape bench_aggregates
uses: 4 scores with reasons, two ~400-character chunks, a ~200-character
answer) over D days and 4 features, ingested through the parser; a full
aggregate refresh; then `--scored` HaluEval records scored by the real local
scorer through the score writer (`rescored.*` adds per-claim details). Prints
the mean BSON size of each collection's documents (`bson.encode` of every
document, or of a 2,000-document sample), `collStats` where the server answers
it, and the implied size per million records and per year.
"""
from __future__ import annotations

import argparse
import json
import random
import tempfile
from datetime import timedelta
from pathlib import Path

import bson

from store.client import make_client
from store.migrate import migrate
from store.server import EmbeddedServer

REPO = Path(__file__).resolve().parent.parent
DATA = REPO.parent / "shared" / "data" / "halueval_qa_dev.jsonl"


def mean_size(coll, sample: int = 2000) -> tuple[float, int]:
    n = coll.estimated_document_count()
    docs = coll.aggregate([{"$sample": {"size": sample}}]) if n > sample else coll.find()
    sizes = [len(bson.encode(d)) for d in docs]
    return (sum(sizes) / len(sizes) if sizes else 0.0), n


def main() -> None:
    import sys
    sys.path.insert(0, str(REPO / "bench"))
    from bench_aggregates import HISTORY_START, insert, make_docs

    from jobs.aggregate import refresh
    from jobs.score import score_pending
    from store.records import insert_records
    from store.schema import parse_record
    from store.thresholds import get_thresholds

    parser = argparse.ArgumentParser()
    parser.add_argument("--records", type=int, default=20_000)
    parser.add_argument("--days", type=int, default=30)
    parser.add_argument("--scored", type=int, default=40)
    args = parser.parse_args()
    rng = random.Random(5)
    with tempfile.TemporaryDirectory() as tmp, EmbeddedServer(Path(tmp) / "data", 0) as server:
        db = make_client(server.uri, timeout_ms=600_000)["sizes"]
        migrate(db)
        from datetime import datetime, timezone
        t_hist = datetime.now(timezone.utc) - timedelta(hours=1)
        insert(db, make_docs(rng, args.records, lambda i: HISTORY_START + timedelta(days=i % args.days), "h",
                             t_hist))
        refresh(db, full=True)
        logged, _ = mean_size(db.records)
        thresholds = get_thresholds(db)
        with open(DATA) as fh:
            rows = [json.loads(next(fh)) for _ in range(args.scored)]
        docs = [parse_record({"_id": f"q{i}", "query": r["query"], "answer": r["answer"], "context": r["context"],
                              "feature": "chat", "timestamp": "2026-03-02T10:00:00Z"}, thresholds,
                             source="bench").doc for i, r in enumerate(rows)]
        insert_records(db, docs)
        before = sum(len(bson.encode(d)) for d in db.records.find({"_id": {"$in": [d["_id"] for d in docs]}}))
        score_pending(db)
        after = sum(len(bson.encode(d)) for d in db.records.find({"_id": {"$in": [d["_id"] for d in docs]}}))
        print(f"records: {args.records:,} over {args.days} days, 4 features")
        print(f"records (logged with scores): mean {logged:,.0f} B/document")
        print(f"rescored block added by the score writer: mean {(after - before) / len(docs):,.0f} B/record "
              f"(HaluEval records, {len(docs)} scored)")
        for name in ("aggregates_daily_values", "aggregates_daily", "aggregates_weekly", "rejected", "job_runs"):
            size, n = mean_size(db[name])
            print(f"{name}: {n} documents, mean {size:,.0f} B")
        try:
            stats = db.command("collStats", "records")
            print(f"collStats(records): size {stats.get('size')}, storageSize {stats.get('storageSize')}, "
                  f"totalIndexSize {stats.get('totalIndexSize')}, indexSizes {stats.get('indexSizes')}")
        except Exception as exc:  # noqa: BLE001 - the embedded server may not answer it
            print(f"collStats: not answered ({exc.__class__.__name__}: {str(exc)[:120]})")
        db.client.close()


if __name__ == "__main__":
    main()
