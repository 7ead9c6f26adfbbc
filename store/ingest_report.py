"""What an ingest (or any write since a moment) did, read back from the database.

Read by the CLI after `python -m jobs ingest` and by its progress bar: records
stamped since the start (their `ingested_at`, indexed), the date range they cover,
how many wait for the score job, and the first rejected payloads with their reasons.
"""
from __future__ import annotations

from datetime import datetime

from pymongo import ASCENDING, DESCENDING
from pymongo.database import Database

from store.collections import RECORDS, REJECTED
from store.scores import PENDING_QUERIES


def count_ingested_since(db: Database, since: datetime) -> int:
    return db[RECORDS].count_documents({"ingested_at": {"$gte": since}})


def count_waiting_for_scores(db: Database, extra: dict | None = None) -> int:
    """Records the score job would pick (store.scores.PENDING_QUERIES), optionally narrowed by `extra`."""
    # each query on its own sparse index, less the records in both (an $or would read the whole collection)
    extra = dict(extra or {})
    both = {"$and": [*PENDING_QUERIES, *([extra] if extra else [])]}
    return sum(db[RECORDS].count_documents({"$and": [q, *([extra] if extra else [])]}) for q in PENDING_QUERIES) \
        - db[RECORDS].count_documents(both)


def ingest_outcome(db: Database, since: datetime, *, rejected_limit: int = 5) -> dict:
    """{first, last (timestamps), records, waiting_for_scores, features: {name: n}, rejected: [{reason, source}]}."""
    new = {"ingested_at": {"$gte": since}}
    first = db[RECORDS].find_one(new, {"timestamp": 1}, sort=[("timestamp", ASCENDING)])
    last = db[RECORDS].find_one(new, {"timestamp": 1}, sort=[("timestamp", DESCENDING)])
    features = {str(r["_id"]): int(r["n"]) for r in db[RECORDS].aggregate([
        {"$match": new}, {"$group": {"_id": "$feature", "n": {"$sum": 1}}}, {"$sort": {"n": -1}}])}
    rejected = list(db[REJECTED].find({"last_seen": {"$gte": since}}, {"reason": 1, "source": 1, "first_seen": 1})
                    .sort("last_seen", DESCENDING).limit(200))
    rejected.sort(key=lambda r: (str(r.get("source") or ""), _line_number(r.get("reason"))))
    return {"first": (first or {}).get("timestamp"), "last": (last or {}).get("timestamp"),
            "records": sum(features.values()), "features": features,
            "waiting_for_scores": count_waiting_for_scores(db, new),
            "rejected": [{"reason": r.get("reason"), "source": r.get("source")} for r in rejected[:rejected_limit]],
            "rejected_total": db[REJECTED].count_documents({"last_seen": {"$gte": since}})}


def _line_number(reason) -> int:
    text = str(reason or "")
    if text.startswith("line "):
        digits = text[5:].split(":", 1)[0]
        if digits.isdigit():
            return int(digits)
    return 1 << 30


def ingested_days(db: Database, since: datetime, until: datetime, tz: str) -> set[str]:
    """The local days (YYYY-MM-DD) of the records stamped in [since, until) (the `ingested_at` index)."""
    from core.timebuckets import local_day

    rows = db[RECORDS].aggregate([
        {"$match": {"ingested_at": {"$gte": since, "$lt": until}, "timestamp": {"$type": "date"}}},
        {"$group": {"_id": {"$dateTrunc": {"date": "$timestamp", "unit": "day", "timezone": tz}}}}])
    return {local_day(row["_id"], tz).isoformat() for row in rows if isinstance(row.get("_id"), datetime)}
