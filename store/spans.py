"""Staging OTLP spans until their trace can become a record (the intake, intake/).

Spans of one trace arrive in several export batches, out of order. Each span is stored once
(`intake_spans`, `_id` "<trace>:<span>": a re-sent span is a duplicate, nothing more) and its
trace is counted in `intake_traces`:
`{_id: trace_id, state: open|claimed|done, first_seen, last_seen, spans, has_root, source,
defaults: {feature, release}, claim_until, outcome: record|quarantined, record_id, done_at}`.
A trace is ready when its root has arrived and no span came for the quiet period, when it holds
the cap of spans, or when it waited the longest wait (then without a root: quarantined). One
assembler at a time takes a trace (`claim_trace`, atomic), so several intake processes can share
the staging. A span that arrives after its trace was assembled is "late" (the caller quarantines
it). Spans and trace documents of assembled traces are kept for a while (re-sends stay
duplicates) and then purged.
"""
from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from pymongo import ASCENDING, IndexModel, ReturnDocument, UpdateOne
from pymongo.database import Database
from pymongo.errors import BulkWriteError

from store.collections import INTAKE_SPANS, INTAKE_TRACES

SPAN_INDEXES = [IndexModel([("trace_id", ASCENDING)], name="trace_id"),
                IndexModel([("received_at", ASCENDING)], name="received_at")]
TRACE_INDEXES = [IndexModel([("state", ASCENDING), ("last_seen", ASCENDING)], name="state_last_seen"),
                 IndexModel([("done_at", ASCENDING)], name="done_at", sparse=True)]


def ensure_indexes(db: Database) -> None:
    db[INTAKE_SPANS].create_indexes(SPAN_INDEXES)
    db[INTAKE_TRACES].create_indexes(TRACE_INDEXES)


def stage_spans(db: Database, spans: list[dict], *, source: str, defaults: dict, now: datetime) -> dict:
    """Store new spans and count them on their traces. Returns {staged, duplicates, late: [span]}."""
    if not spans:
        return {"staged": 0, "duplicates": 0, "late": []}
    docs = {}
    for span in spans:
        docs.setdefault(f"{span['trace_id']}:{span['span_id']}", span)
    duplicates = len(spans) - len(docs)
    rows = [{"_id": key, "trace_id": span["trace_id"], "received_at": now, "span": span} for key, span in docs.items()]
    new_ids = set(docs)
    try:
        db[INTAKE_SPANS].insert_many(rows, ordered=False)
    except BulkWriteError as exc:
        for error in exc.details.get("writeErrors", []):
            if error.get("code") != 11000:
                raise
            new_ids.discard(rows[error["index"]]["_id"])
            duplicates += 1
    per_trace: dict[str, dict[str, Any]] = {}
    for key in new_ids:
        span = docs[key]
        entry = per_trace.setdefault(span["trace_id"], {"n": 0, "root": False})
        entry["n"] += 1
        entry["root"] = entry["root"] or not span.get("parent_span_id")
    if per_trace:
        db[INTAKE_TRACES].bulk_write([UpdateOne(
            {"_id": trace_id},
            {"$setOnInsert": {"first_seen": now, "state": "open", "source": source, "defaults": defaults},
             "$max": {"last_seen": now, "has_root": entry["root"]}, "$inc": {"spans": entry["n"]}},
            upsert=True) for trace_id, entry in per_trace.items()], ordered=False)
    closed = {t["_id"] for t in db[INTAKE_TRACES].find({"_id": {"$in": list(per_trace)}, "state": {"$ne": "open"}},
                                                        {"_id": 1})} if per_trace else set()
    late = [docs[key] for key in new_ids if docs[key]["trace_id"] in closed]
    return {"staged": len(new_ids) - len(late), "duplicates": duplicates, "late": late}


def ready_traces(db: Database, *, now: datetime, quiet_s: float, max_wait_s: float, cap: int,
                 limit: int = 200) -> list[str]:
    """Traces to assemble now: root arrived and quiet, at the cap, or waited the longest wait."""
    query = {"$or": [
        {"state": "open", "has_root": True, "last_seen": {"$lte": now - timedelta(seconds=quiet_s)}},
        {"state": "open", "spans": {"$gte": cap}},
        {"state": "open", "first_seen": {"$lte": now - timedelta(seconds=max_wait_s)}},
        {"state": "claimed", "claim_until": {"$lt": now}},  # an assembler that died holding it
    ]}
    return [t["_id"] for t in db[INTAKE_TRACES].find(query, {"_id": 1}).limit(limit)]


def claim_trace(db: Database, trace_id: str, *, now: datetime, claim_s: float = 60.0) -> dict | None:
    """Take a trace for assembly (None when another assembler has it or it is done)."""
    return db[INTAKE_TRACES].find_one_and_update(
        {"_id": trace_id, "$or": [{"state": "open"}, {"state": "claimed", "claim_until": {"$lt": now}}]},
        {"$set": {"state": "claimed", "claim_until": now + timedelta(seconds=claim_s)}},
        return_document=ReturnDocument.AFTER)


def trace_spans(db: Database, trace_id: str) -> list[dict]:
    return [row["span"] for row in db[INTAKE_SPANS].find({"trace_id": trace_id})]


def finish_trace(db: Database, trace_id: str, *, now: datetime, outcome: str, record_id: str | None) -> None:
    db[INTAKE_TRACES].update_one({"_id": trace_id}, {"$set": {
        "state": "done", "outcome": outcome, "record_id": record_id, "done_at": now}, "$unset": {"claim_until": ""}})


def backlog(db: Database) -> dict:
    """Traces waiting to be assembled and spans staged (GET /api/health)."""
    return {"traces_waiting": db[INTAKE_TRACES].count_documents({"state": {"$ne": "done"}}),
            "spans_staged": db[INTAKE_SPANS].estimated_document_count()}


def purge_done(db: Database, *, before: datetime) -> int:
    """Forget traces assembled before `before`, and their spans. Returns how many traces."""
    ids = [t["_id"] for t in db[INTAKE_TRACES].find({"done_at": {"$lt": before}}, {"_id": 1}).limit(5000)]
    if ids:
        db[INTAKE_SPANS].delete_many({"trace_id": {"$in": ids}})
        db[INTAKE_TRACES].delete_many({"_id": {"$in": ids}, "done_at": {"$lt": before}})
    return len(ids)
