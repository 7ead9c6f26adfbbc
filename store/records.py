"""Writing and reading the `records` and `rejected` collections."""
from __future__ import annotations

from datetime import datetime, timezone
from typing import Any, Iterable

from pymongo import ASCENDING, DESCENDING, IndexModel, UpdateOne
from pymongo.database import Database
from pymongo.errors import BulkWriteError

from store.collections import RECORDS, REJECTED
from store.schema import canonical_json, content_hash, storable_payload

# Every index costs insert time on the embedded server (measured: ~20k docs/s
# with none, ~4.5k with four, ~2.8k with eight), so only the access paths the
# jobs and pages need. Sparse ones index only the records that carry the field.
RECORD_INDEXES = [
    IndexModel([("timestamp", DESCENDING)], name="timestamp"),
    IndexModel([("feature", ASCENDING), ("timestamp", DESCENDING)], name="feature_timestamp"),
    IndexModel([("eb.scores.overall_quality", ASCENDING)], name="overall_score"),
    IndexModel([("ingested_at", ASCENDING)], name="ingested_at"),
    IndexModel([("triage.status", ASCENDING)], name="triage_status", sparse=True),
    IndexModel([("eb.needs_scoring", ASCENDING)], name="needs_scoring", sparse=True),
    IndexModel([("eb.rescore_requested", ASCENDING)], name="rescore_requested", sparse=True),
    # failing records only (eb.failing_at = timestamp while eb.passed is false): Triage's default list
    IndexModel([("eb.failing_at", DESCENDING)], name="failing_at", sparse=True),
    # Triage's session view: every turn of one conversation in time order
    IndexModel([("session_id", ASCENDING), ("timestamp", ASCENDING)], name="session_timestamp"),
]
REJECTED_INDEXES = [IndexModel([("last_seen", DESCENDING)], name="last_seen")]


def ensure_indexes(db: Database) -> None:
    """Create the indexes the dashboard and jobs rely on (idempotent)."""
    db[RECORDS].create_indexes(RECORD_INDEXES)
    db[REJECTED].create_indexes(REJECTED_INDEXES)


def backfill_failing_at(db: Database) -> int:
    """Once per database: give failing records stored before `eb.failing_at` existed their marker."""
    from store.collections import STATE
    if db[STATE].find_one({"_id": "failing_at_backfill"}):
        return 0
    changed = db[RECORDS].update_many(
        {"eb.passed": False, "eb.failing_at": {"$exists": False}},
        [{"$set": {"eb.failing_at": "$timestamp"}}]).modified_count
    db[STATE].update_one({"_id": "failing_at_backfill"}, {"$set": {"at": datetime.now(timezone.utc),
                                                                   "records": changed}}, upsert=True)
    return changed


def insert_records(db: Database, docs: list[dict[str, Any]], *, stamp: bool = False) -> tuple[int, int]:
    """Insert new records, skipping ids already stored. Returns (inserted, duplicates).

    `stamp`: set `ingested_at` to the time of this write (ingest and demo do)."""
    if not docs:
        return 0, 0
    # Duplicates inside one batch: keep the first.
    unique: dict[Any, dict] = {}
    for doc in docs:
        unique.setdefault(doc["_id"], doc)
    in_batch_dupes = len(docs) - len(unique)
    if stamp:
        # stamp at write time, not parse time: the aggregate job's watermark on
        # ingested_at then only has to allow for the length of one insert
        written_at = datetime.now(timezone.utc)
        for doc in unique.values():
            doc["ingested_at"] = written_at
    try:
        result = db[RECORDS].insert_many(list(unique.values()), ordered=False)
        return len(result.inserted_ids), in_batch_dupes
    except BulkWriteError as exc:
        errors = exc.details.get("writeErrors", [])
        dupes = sum(1 for e in errors if e.get("code") == 11000)
        others = [e for e in errors if e.get("code") != 11000]
        if others:
            raise
        return exc.details.get("nInserted", len(unique) - dupes), dupes + in_batch_dupes


def quarantine(db: Database, items: Iterable[tuple[Any, str, str]]) -> int:
    """Store rejected payloads (raw, reason, source) once each. Returns how many were new."""
    now = datetime.now(timezone.utc)
    ops = []
    for raw, reason, source in items:
        key = content_hash(raw if not isinstance(raw, str) else {"text": raw}, prefix="r_")
        payload = storable_payload(raw) if isinstance(raw, (dict, list)) else {"text": str(raw)[:100_000]}
        if len(canonical_json(payload)) > 1_000_000:  # keep the collection sane
            payload = {"text": canonical_json(payload)[:100_000], "truncated": True}
        ops.append(UpdateOne(
            {"_id": key},
            {"$setOnInsert": {"raw": payload, "reason": reason, "source": source, "first_seen": now,
                              "status": "quarantined"},
             "$set": {"last_seen": now}, "$inc": {"seen": 1}},
            upsert=True,
        ))
    if not ops:
        return 0
    result = db[REJECTED].bulk_write(ops, ordered=False)
    return result.upserted_count


def get_record(db: Database, record_id: str) -> dict | None:
    return db[RECORDS].find_one({"_id": str(record_id)})
