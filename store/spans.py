"""Staging OTLP spans until their trace can become a record (the intake, intake/).

Spans of one trace arrive in several export batches, out of order. Each request's spans of one
trace are stored as one document (`intake_spans {_id: "<trace>:<hash of its span ids>", trace_id,
received_at, span_ids, spans}`: a re-sent batch is a duplicate, and spans repeated across batches are
de-duplicated by span id when the trace is assembled), and the trace is counted in `intake_traces`:
`{_id: trace_id, state: open|done, first_seen, last_seen, spans, has_root, source,
defaults: {feature, release}, outcome: record|quarantined, done_at}`.
Spans are stored redacted (in redact mode): the caller's `redact` gets each trace's spans with the
trace's salt and returns what may be stored (intake/redaction.py; why a salt: core/privacy/redactor.py).
A trace's salt is an HMAC of its id under the staging secret, made once per database (`evalboard_state`,
read once per process): every intake process finds the same salt for a trace without a round trip.
A trace is ready when its root has arrived and no span came for the quiet period, when it holds
the cap of spans, or when it waited the longest wait (then without a root: quarantined). One
assembler at a time (the intake holds a lease) reads the ready traces' spans, writes their records
(idempotent: an assembler that dies half-way leaves traces that are simply assembled again) and
marks them done if no span came meanwhile. A span that arrives for a trace already done, and is
not one of the spans it was assembled from, is "late": the caller quarantines it. Assembled traces are kept a
day (re-sends stay duplicates), then purged; their spans' text is dropped as soon as they are assembled (only
the span ids stay).
Every step is a batch operation (a handful of round trips per request, whatever its size).
"""
from __future__ import annotations

import hashlib
import hmac
import secrets
import threading
from collections.abc import Callable
from datetime import datetime, timedelta
from typing import Any

from pymongo import ASCENDING, IndexModel, ReturnDocument, UpdateOne
from pymongo.database import Database
from pymongo.errors import BulkWriteError, DuplicateKeyError

from store.collections import INTAKE_SPANS, INTAKE_TRACES, STATE

SPAN_INDEXES = [IndexModel([("trace_id", ASCENDING)], name="trace_id"),
                IndexModel([("received_at", ASCENDING)], name="received_at")]
TRACE_INDEXES = [IndexModel([("state", ASCENDING), ("last_seen", ASCENDING)], name="state_last_seen"),
                 IndexModel([("done_at", ASCENDING)], name="done_at", sparse=True)]
CLOSED = ("done",)
# `$in` lists are cut to this size: the embedded server's cost of an `$in` grows faster than its length
# (measured: one find of 400 ids 1.65 s, eight of 50 0.46 s, on the loaded 2-core machine)
IN_CHUNK = 50
SECRET_ID = "intake_staging_secret"
_secrets: dict[tuple, bytes] = {}
_secrets_lock = threading.Lock()


def _find_in(db: Database, collection: str, field: str, values: list, query: dict | None = None,
             projection: dict | None = None):
    for start in range(0, len(values), IN_CHUNK):
        yield from db[collection].find({field: {"$in": values[start:start + IN_CHUNK]}, **(query or {})}, projection)


def ensure_indexes(db: Database) -> None:
    db[INTAKE_SPANS].create_indexes(SPAN_INDEXES)
    db[INTAKE_TRACES].create_indexes(TRACE_INDEXES)


def _group_id(trace_id: str, span_ids: list[str]) -> str:
    return f"{trace_id}:{hashlib.sha256(','.join(sorted(span_ids)).encode()).hexdigest()[:24]}"


def trace_salt(db: Database, trace_id: str) -> str:
    """The salt of a trace's staging tokens: HMAC-SHA256 of its id under this database's staging secret
    (random, made by the first intake that needs it; the same for every process)."""
    key = (id(db.client), db.name)
    secret = _secrets.get(key)
    if secret is None:
        try:
            doc = db[STATE].find_one_and_update({"_id": SECRET_ID}, {"$setOnInsert": {"value": secrets.token_hex(32)}},
                                                upsert=True, return_document=ReturnDocument.AFTER)
        except DuplicateKeyError:  # another process made it at the same moment: its secret it is
            doc = db[STATE].find_one({"_id": SECRET_ID})
        with _secrets_lock:
            secret = _secrets[key] = bytes.fromhex(doc["value"])
    return hmac.new(secret, trace_id.encode(), hashlib.sha256).hexdigest()[:32]


def stage_spans(db: Database, spans: list[dict], *, source: str, defaults: dict, now: datetime,
                redact: Callable[[list[dict], str], list[dict]] | None = None) -> dict:
    """Store new spans and count them on their traces. Returns {staged, duplicates, late: [span]}.
    `redact(spans of one trace, its salt)`: what is stored instead of the spans as sent (late spans of a
    trace already done are returned as sent: they were never staged; the caller's quarantine redacts them)."""
    groups: dict[str, dict[str, dict]] = {}
    for span in spans:
        groups.setdefault(span["trace_id"], {}).setdefault(span["span_id"], span)
    duplicates = len(spans) - sum(len(g) for g in groups.values())
    late: list[dict] = []
    closed = {t["_id"]: t["state"] for t in _find_in(db, INTAKE_TRACES, "_id", list(groups),
                                                    {"state": {"$in": list(CLOSED)}}, {"state": 1})}
    if closed:
        known = _staged_span_ids(db, list(closed))
        for trace_id in closed:
            for span_id, span in groups.pop(trace_id).items():
                if span_id in known.get(trace_id, set()):
                    duplicates += 1
                else:
                    late.append(span)
    if not groups:
        return {"staged": 0, "duplicates": duplicates, "late": late}
    if redact is not None:
        groups = {trace_id: dict(zip(group, redact(list(group.values()), trace_salt(db, trace_id))))
                  for trace_id, group in groups.items()}
    rows = [{"_id": _group_id(trace_id, list(group)), "trace_id": trace_id, "received_at": now,
             "span_ids": list(group), "spans": list(group.values())} for trace_id, group in groups.items()]
    new_groups = set(groups)
    try:
        db[INTAKE_SPANS].insert_many(rows, ordered=False)
    except BulkWriteError as exc:
        for error in exc.details.get("writeErrors", []):
            if error.get("code") != 11000:
                raise
            trace_id = rows[error["index"]]["trace_id"]
            new_groups.discard(trace_id)  # this very batch was staged before: a re-send
            duplicates += len(groups[trace_id])
    staged = sum(len(groups[t]) for t in new_groups)
    late += _count_on_traces(db, {t: groups[t] for t in new_groups}, source=source, defaults=defaults, now=now)
    return {"staged": staged - len(late), "duplicates": duplicates, "late": late}


def _count_on_traces(db: Database, groups: dict[str, dict[str, dict]], *, source: str, defaults: dict,
                     now: datetime) -> list[dict]:
    """New trace documents in one insert; existing open ones updated. Returns the spans whose trace was
    claimed meanwhile (late: the assembler may have read the trace without them)."""
    if not groups:
        return []

    def counts(group: dict[str, dict]) -> dict[str, Any]:
        return {"spans": len(group), "has_root": any(not s.get("parent_span_id") for s in group.values())}

    existing: list[str] = []
    try:
        db[INTAKE_TRACES].insert_many([{"_id": trace_id, "state": "open", "first_seen": now, "last_seen": now,
                                        "source": source, "defaults": defaults, **counts(group)}
                                       for trace_id, group in groups.items()], ordered=False)
    except BulkWriteError as exc:
        ids = list(groups)
        for error in exc.details.get("writeErrors", []):
            if error.get("code") != 11000:
                raise
            existing.append(ids[error["index"]])
    if not existing:
        return []
    result = db[INTAKE_TRACES].bulk_write([UpdateOne(
        {"_id": trace_id, "state": "open"},
        {"$max": {"last_seen": now, "has_root": counts(groups[trace_id])["has_root"]},
         "$inc": {"spans": counts(groups[trace_id])["spans"]}}) for trace_id in existing], ordered=True)
    if result.matched_count == len(existing):
        return []
    still_open = {t["_id"] for t in _find_in(db, INTAKE_TRACES, "_id", existing, {"state": "open"}, {"_id": 1})}
    return [span for trace_id in existing if trace_id not in still_open for span in groups[trace_id].values()]


def _staged_span_ids(db: Database, trace_ids: list[str]) -> dict[str, set[str]]:
    out: dict[str, set[str]] = {}
    for row in _find_in(db, INTAKE_SPANS, "trace_id", trace_ids, projection={"trace_id": 1, "span_ids": 1}):
        out.setdefault(row["trace_id"], set()).update(row.get("span_ids") or [])
    return out


def ready_traces(db: Database, *, now: datetime, quiet_s: float, max_wait_s: float, cap: int,
                 limit: int = 500) -> list[str]:
    """Traces to assemble now: root arrived and quiet, at the cap, or waited the longest wait.
    Two queries on the open traces' index (state, last_seen) rather than one `$or`, which the
    embedded server answers by reading every trace document, done ones included."""
    quiet = db[INTAKE_TRACES].find({"state": "open", "last_seen": {"$lte": now - timedelta(seconds=quiet_s)}},
                                   {"has_root": 1, "spans": 1, "first_seen": 1}).limit(limit * 4)
    waited = now - timedelta(seconds=max_wait_s)
    ready = [t["_id"] for t in quiet if t.get("has_root") or (t.get("spans") or 0) >= cap
             or (t.get("first_seen") and t["first_seen"] <= waited)][:limit]
    if len(ready) < limit:  # huge traces whose spans keep coming
        ready += [t["_id"] for t in db[INTAKE_TRACES].find({"state": "open", "spans": {"$gte": cap}}, {"_id": 1})
                  .limit(limit - len(ready)) if t["_id"] not in set(ready)]
    return ready


def open_traces(db: Database, trace_ids: list[str]) -> list[dict]:
    """The trace documents of these ids that are still open (source, defaults, span count)."""
    return list(_find_in(db, INTAKE_TRACES, "_id", trace_ids, {"state": "open"}))


def trace_spans(db: Database, trace_ids: list[str]) -> dict[str, list[dict]]:
    """The staged spans of each trace, one per span id."""
    out: dict[str, dict[str, dict]] = {t: {} for t in trace_ids}
    for row in _find_in(db, INTAKE_SPANS, "trace_id", trace_ids, projection={"spans": 1, "trace_id": 1}):
        for span in row.get("spans") or []:
            out[row["trace_id"]].setdefault(span["span_id"], span)
    return {trace_id: list(spans.values()) for trace_id, spans in out.items()}


def finish_traces(db: Database, assembled: dict[str, int], *, now: datetime, outcome: str) -> list[str]:
    """Mark traces done — those that still hold the number of spans they were assembled from.
    Returns the traces that gained spans meanwhile: they stay open and are assembled again (their
    record then differs from the one written: a conflict, quarantined with both versions).
    Reads and update_many by `_id` in chunks (the embedded server updates many documents that way
    several times faster than it runs as many single updates)."""
    if not assembled:
        return []
    now_counts = {t["_id"]: t.get("spans") for t in _find_in(db, INTAKE_TRACES, "_id", list(assembled),
                                                             projection={"spans": 1})}
    unchanged = [t for t, count in assembled.items() if now_counts.get(t) == count]
    for start in range(0, len(unchanged), IN_CHUNK):
        db[INTAKE_TRACES].update_many({"_id": {"$in": unchanged[start:start + IN_CHUNK]}, "state": "open"},
                                      {"$set": {"state": "done", "outcome": outcome, "done_at": now}})
        # the spans' text (redacted in redact mode, as sent in report and off modes) is dropped once
        # written; their ids stay the day re-sends are told apart by
        db[INTAKE_SPANS].update_many({"trace_id": {"$in": unchanged[start:start + IN_CHUNK]}}, {"$unset": {"spans": ""}})
    return [t for t in assembled if t not in set(unchanged)]


def backlog(db: Database) -> dict:
    """Traces waiting to be assembled and span batches staged (GET /api/health)."""
    return {"traces_waiting": db[INTAKE_TRACES].count_documents({"state": "open"}),
            "span_batches_staged": db[INTAKE_SPANS].estimated_document_count()}


def purge_done(db: Database, *, before: datetime) -> int:
    """Forget traces assembled before `before`, and spans received before it (every trace is assembled
    within the longest wait, far less than the day kept). Returns how many traces."""
    db[INTAKE_SPANS].delete_many({"received_at": {"$lt": before}})
    return db[INTAKE_TRACES].delete_many({"done_at": {"$lt": before}}).deleted_count
