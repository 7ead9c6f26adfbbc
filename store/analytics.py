"""Reads for the weekly report (and other period summaries): one function per question."""
from __future__ import annotations

from datetime import datetime

from pymongo.database import Database

from core.features import UNKNOWN_FEATURE
from store.collections import AGG_WEEKLY, RECORDS


def weekly_buckets(db: Database, start: datetime, end: datetime) -> list[dict]:
    """Weekly aggregate documents with start <= bucket <= end, oldest first."""
    return list(db[AGG_WEEKLY].find({"bucket": {"$gte": start, "$lte": end}}).sort("bucket", 1))


def lowest_records(db: Database, lo: datetime, hi: datetime, limit: int = 10) -> list[dict]:
    """The records of [lo, hi) with the lowest overall quality."""
    cursor = db[RECORDS].find(
        {"timestamp": {"$gte": lo, "$lt": hi}, "eb.scores.overall_quality": {"$type": "number"}},
        {"query": 1, "feature": 1, "eb.scores": 1, "eb.failed_metrics": 1, "timestamp": 1},
    ).sort("eb.scores.overall_quality", 1).limit(int(limit))
    return [{"id": d["_id"], "query": d.get("query"), "feature": d.get("feature"),
             "overall": d["eb"]["scores"].get("overall_quality"), "failed": d["eb"].get("failed_metrics") or [],
             "timestamp": d.get("timestamp")} for d in cursor]


def failing_metric_counts(db: Database, lo: datetime, hi: datetime) -> dict[str, dict]:
    """Per feature: failing records and how often each metric was below threshold among them.

    Read through the sparse `eb.failing_at` index (failing records only)."""
    rows = db[RECORDS].aggregate([
        {"$match": {"eb.failing_at": {"$gte": lo, "$lt": hi}}},
        {"$project": {"feature": {"$ifNull": ["$feature", UNKNOWN_FEATURE]}, "m": "$eb.failed_metrics"}},
        {"$group": {"_id": "$feature", "failing": {"$sum": 1}, "m": {"$push": "$m"}}},
    ])
    out: dict[str, dict] = {}
    for r in rows:
        counts: dict[str, int] = {}
        for failed in r["m"]:
            for m in failed or []:
                counts[m] = counts.get(m, 0) + 1
        out[r["_id"]] = {"failing": r["failing"], "counts": counts}
    return out


def failing_queries(db: Database, lo: datetime, hi: datetime, limit: int) -> list[dict]:
    """The lowest-scoring failing records of [lo, hi), for grouping by similarity."""
    return list(db[RECORDS].find({"eb.failing_at": {"$gte": lo, "$lt": hi}},
                                 {"query": 1, "feature": 1, "eb.failed_metrics": 1, "eb.scores.overall_quality": 1})
                .sort("eb.scores.overall_quality", 1).limit(int(limit)))
