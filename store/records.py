"""Writing and reading the `records` and `rejected` collections."""
from __future__ import annotations

import threading
from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import Any, Iterable

from bson.codec_options import DatetimeConversion
from pymongo import ASCENDING, DESCENDING, IndexModel, UpdateOne
from pymongo.database import Database
from pymongo.errors import (BulkWriteError, ConnectionFailure, DuplicateKeyError, NetworkTimeout,
                            ServerSelectionTimeoutError)

from store.collections import RECORDS, REJECTED
from store.privacy import Policies, quarantine_entry, redact_docs
from core.content_id import canonical_json, content_hash, payload_text
from store.record_fields import payload_from_storage, storable_payload
from store.inflight import write_in_flight
from store.storable import safe_text

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

    `stamp`: set `ingested_at` to the time of this write (ingest and demo do).
    Raises on any write error other than a duplicate id (callers that must isolate
    bad records use `write_records`)."""
    outcome = write_records(db, [(doc, doc) for doc in docs], stamp=stamp, compare=False)
    if outcome.refused:
        raise ValueError(f"{len(outcome.refused)} record(s) refused: {outcome.refused[0][1]}")
    return outcome.inserted, outcome.duplicates


# What Evalboard adds to a record; everything else is the product's content.
OWN_FIELDS = ("eb", "triage", "rescored", "ingested_at", "source")
# Errors that mean the database is gone, not that a record is bad: never isolated.
_OUTAGE = (ConnectionFailure, ServerSelectionTimeoutError, NetworkTimeout)


@dataclass
class WriteOutcome:
    inserted: int = 0
    duplicates: int = 0
    refused: list[tuple[Any, str, dict]] = field(default_factory=list)  # (raw, reason, extra fields)


def product_content(doc: dict) -> str:
    """A record's product fields as canonical text (what makes two versions "the same")."""
    return canonical_json({k: v for k, v in doc.items() if k not in OWN_FIELDS})


def same_content(a: dict, b: dict) -> bool:
    """Two versions of a record say the same. Compared as stored, and else once more after
    both pass through the parser again: a record exported from Evalboard (where an unusable
    value was stored as null) re-reads as the same record, not as a conflict."""
    if product_content(a) == product_content(b):
        return True
    from store.schema import ParsedRecord, parse_record
    again = [parse_record({k: v for k, v in doc.items() if k not in OWN_FIELDS}, {}) for doc in (a, b)]
    return all(isinstance(p, ParsedRecord) for p in again) and \
        product_content(again[0].doc) == product_content(again[1].doc)


class FeatureCap:
    """The one cap on distinct feature names (EVALBOARD_MAX_FEATURES), for every way records come in:
    `write_records` (ingest, the demo, Data health's re-ingest, the HTTP intake) and adopt apply it.
    A record with a new name beyond it is refused with `reason`, quarantined by the caller (never
    renamed to "other"). Reads one indexed `find_one` per new name it meets, and the distinct names
    once, the first time a name is not stored yet. Writers in other processes may each let the last
    free name through at once: the cap can be passed by the number of writers racing for it."""

    def __init__(self, db: Database, limit: int | None = None):
        from core.features import max_features
        self.db = db
        self.limit = int(limit if limit is not None else max_features())
        self.known: set[str] = set()
        self._stored: set[str] | None = None  # every stored name, once read
        self._lock = threading.Lock()

    def refuse(self, feature: Any) -> str | None:
        """Why a record with `feature` may not be stored (a new name beyond the cap), or None; a new name
        within the cap is counted from now on."""
        from core.features import UNKNOWN_FEATURE

        if not isinstance(feature, str) or feature == UNKNOWN_FEATURE or feature in self.known:
            return None
        with self._lock:
            if self._stored is None and self.db[RECORDS].find_one({"feature": feature, **_ADMITTED},
                                                                  {"_id": 1}) is not None:
                self.known.add(feature)
                return None
            if self._stored is None:
                self._stored = admitted_features(self.db) - {UNKNOWN_FEATURE}
                self.known |= self._stored
                if feature in self.known:
                    return None
            if len(self._stored) >= self.limit:
                return (f"feature {feature[:64]!r} would be distinct feature number {len(self._stored) + 1}, "
                        f"over the limit of {self.limit} (EVALBOARD_MAX_FEATURES); raise the limit or map it "
                        "to an existing feature, then re-ingest")
            self._stored.add(feature)
            self.known.add(feature)
            return None


def write_records(db: Database, items: list[tuple[dict[str, Any], Any]], *, stamp: bool = False,
                  compare: bool = True, cap: FeatureCap | None = None) -> WriteOutcome:
    """Insert parsed records; `items` are (doc, raw payload). Never lets one record fail the others:

    - an `_id` already stored (or earlier in the batch) with the same product content is
      a duplicate; with different content (`compare`) a conflict, refused with both versions;
    - a batch the server refuses for other reasons is retried record by record, so only
      the offenders are refused (with the server's reason).
    A record with a new feature name beyond the cap (`cap`, default a FeatureCap of this call) is
    refused with the cap's reason.
    Only an outage (connection lost) raises. Refused records are returned, not quarantined."""
    out = WriteOutcome()
    if not items:
        return out
    # the privacy stage (core/privacy): every record of every writer passes here before it is stored
    items, found = redact_docs(db, items)
    cap = cap or FeatureCap(db)
    unique: dict[Any, tuple[dict, Any]] = {}
    for doc, raw in items:
        over = cap.refuse(doc.get("feature"))
        if over is not None:
            out.refused.append((raw, over, {}))
            continue
        first = unique.get(doc["_id"])
        if first is None:
            unique[doc["_id"]] = (doc, raw)
        elif compare and not same_content(first[0], doc):
            out.refused.append((raw, _conflict_reason(doc["_id"]), {"existing": storable_payload(
                {k: v for k, v in first[0].items() if k not in OWN_FIELDS})}))
        else:
            out.duplicates += 1
    if stamp:
        # registered as in flight, then stamped: the aggregates hold this batch back until it has landed
        with write_in_flight(db, "ingest", len(unique)) as written_at:
            for doc, _raw in unique.values():
                doc["ingested_at"] = written_at
            _insert_unique(db, unique, out, compare=compare, stamp=stamp)
        found.record(db, written_at)
    else:
        _insert_unique(db, unique, out, compare=compare, stamp=stamp)
        found.record(db, None)
    return out


def _insert_unique(db: Database, unique: dict[Any, tuple[dict, Any]], out: WriteOutcome, *, compare: bool,
                   stamp: bool) -> None:
    docs = [doc for doc, _raw in unique.values()]
    duplicate_ids: list[Any] = []
    try:
        out.inserted += len(db[RECORDS].insert_many(docs, ordered=False).inserted_ids)
    except BulkWriteError as exc:
        errors = exc.details.get("writeErrors", [])
        out.inserted += exc.details.get("nInserted", 0)
        for error in errors:
            doc = docs[error["index"]]
            if error.get("code") == 11000:
                duplicate_ids.append(doc["_id"])
            else:
                out.refused.append((unique[doc["_id"]][1], safe_text(f"refused by the database: {error.get('errmsg')}", 300), {}))
    except _OUTAGE:
        raise
    except Exception:  # noqa: BLE001 - the batch as a whole was refused: find the offenders one by one
        for doc in docs:
            try:
                db[RECORDS].insert_one(doc)
                out.inserted += 1
            except DuplicateKeyError:
                duplicate_ids.append(doc["_id"])
            except _OUTAGE:
                raise
            except Exception as exc:  # noqa: BLE001
                out.refused.append((unique[doc["_id"]][1],
                                    safe_text(f"refused by the database: {exc.__class__.__name__}: {exc}", 300), {}))
    if duplicate_ids:
        _sort_duplicates(db, [unique[i] for i in duplicate_ids], out, compare=compare,
                         written_at=docs[0].get("ingested_at") if stamp else None)


def _conflict_reason(record_id: Any) -> str:
    return safe_text(f"conflict: a record with _id {str(record_id)[:80]!r} is already stored with different "
                     f"content (the stored version is kept; this one is quarantined, both are shown)", 300)


def _sort_duplicates(db: Database, items: list[tuple[dict, Any]], out: WriteOutcome, *, compare: bool,
                     written_at: datetime | None) -> None:
    """Duplicates (same content), conflicts (different content), or our own write of this
    batch seen again after a retry (same `ingested_at` stamp: counted as inserted)."""
    stored = {doc["_id"]: doc for doc in db[RECORDS].find({"_id": {"$in": [doc["_id"] for doc, _raw in items]}})}
    for doc, raw in items:
        existing = stored.get(doc["_id"])
        if existing is None:  # the duplicate key was in another unique index: the server refused this one
            out.refused.append((raw, "refused by the database: duplicate key in a unique index other than _id", {}))
        elif written_at is not None and existing.get("ingested_at") == written_at:
            out.inserted += 1
        elif compare and not same_content(existing, doc):
            out.refused.append((raw, _conflict_reason(doc["_id"]), {"existing": storable_payload(
                {k: v for k, v in existing.items() if k not in OWN_FIELDS})}))
        else:
            out.duplicates += 1


def quarantine(db: Database, items: Iterable[tuple]) -> int:
    """Store rejected payloads (raw, reason, source[, extra fields]) once each. Returns how many were new.

    Any payload can be kept (store/storable.py makes it storable); an entry the server
    still refuses is retried alone as its escaped text, so one cannot lose the others."""
    now = datetime.now(timezone.utc)
    entries = []
    policies = None
    for item in items:
        raw, reason, source = item[:3]
        extra = item[3] if len(item) > 3 else {}
        policies = policies or Policies(db)  # redacted like records are (store/privacy.py)
        raw, reason, source, extra = quarantine_entry(policies, raw, reason, source, extra)
        key = content_hash(raw if not isinstance(raw, str) else {"text": raw}, prefix="r_")
        entries.append((key, {"raw": storable_payload(raw), "reason": safe_text(reason, 500),
                              "source": safe_text(source, 300), "first_seen": now, "status": "quarantined",
                              **extra}))

    def op(key: str, fields: dict) -> UpdateOne:
        return UpdateOne({"_id": key}, {"$setOnInsert": fields, "$set": {"last_seen": now}, "$inc": {"seen": 1}},
                         upsert=True)

    if not entries:
        return 0
    try:
        return db[REJECTED].bulk_write([op(k, f) for k, f in entries], ordered=False).upserted_count
    except _OUTAGE:
        raise
    except Exception:  # noqa: BLE001 - keep each entry alone; the last resort is the escaped text
        new = 0
        for key, fields in entries:
            try:
                new += db[REJECTED].bulk_write([op(key, fields)]).upserted_count
            except _OUTAGE:
                raise
            except Exception:  # noqa: BLE001
                text = payload_text(payload_from_storage(fields["raw"]))
                fields = {**{k: v for k, v in fields.items() if k != "existing"}, "raw": storable_payload(text)}
                new += db[REJECTED].bulk_write([op(key, fields)]).upserted_count
        return new


# records that count towards the cap: stored by Evalboard (a document the product wrote straight into
# `records` has no `ingested_at` until adopt has judged it) and not rejected at adoption
_ADMITTED = {"ingested_at": {"$type": "date"}, "eb.rejected": None}


def admitted_features(db: Database) -> set[str]:
    """The distinct feature names of the records Evalboard admitted (the cap counts these)."""
    return {row["_id"] for row in db[RECORDS].aggregate([{"$match": _ADMITTED}, {"$group": {"_id": "$feature"}}])
            if isinstance(row.get("_id"), str)}


def has_records(db: Database) -> bool:
    """Whether the records collection holds any document (one indexed read: the embedded server counts
    every document for `estimated_document_count`)."""
    return db[RECORDS].find_one({}, {"_id": 1}) is not None


def records_for_reading(db: Database):
    """The records collection read so that no stored value can fail the read of a batch:
    dates outside Python's range come back as DatetimeMS, invalid UTF-8 as U+FFFD
    (for the jobs that read records the product may have written directly)."""
    options = db[RECORDS].codec_options.with_options(
        datetime_conversion=DatetimeConversion.DATETIME_AUTO, unicode_decode_error_handler="replace")
    return db[RECORDS].with_options(codec_options=options)


def get_record(db: Database, record_id: str) -> dict | None:
    return db[RECORDS].find_one({"_id": str(record_id)})


def unadopted(db: Database, limit: int, skip: list[Any] | None = None) -> list[dict]:
    """Records the product wrote straight into MongoDB that have no Evalboard fields yet."""
    query: dict = {"ingested_at": None}
    if skip:
        query["_id"] = {"$nin": list(skip)}
    return list(records_for_reading(db).find(query).limit(int(limit)))


def apply_updates(db: Database, updates: list[tuple[Any, dict]]) -> dict[Any, str]:
    """Apply each (record id, update); when the server refuses the batch, one by one.

    Returns {id: the server's reason} for the updates it refused; a lost connection raises."""
    if not updates:
        return {}
    try:
        db[RECORDS].bulk_write([UpdateOne({"_id": rid}, update) for rid, update in updates], ordered=False)
        return {}
    except ConnectionFailure:
        raise
    except Exception:  # noqa: BLE001 - find the offenders
        pass
    refused: dict[Any, str] = {}
    for rid, update in updates:
        try:
            db[RECORDS].update_one({"_id": rid}, update)
        except ConnectionFailure:
            raise
        except Exception as exc:  # noqa: BLE001 - this record alone
            refused[rid] = f"{exc.__class__.__name__}: {exc}"
    return refused


# _id values of different BSON types never compare with $gt, so a pass walks each type in turn
ID_TYPES = ("number", "string", "objectId", "date")


def records_page(db: Database, type_index: int, after: Any, limit: int) -> list[dict]:
    """The next `limit` records (all fields) whose _id is of ID_TYPES[type_index], after `after`."""
    query: dict[str, Any] = {"_id": {"$type": ID_TYPES[type_index]}}
    if after is not None:
        query["_id"]["$gt"] = after
    return list(records_for_reading(db).find(query).sort("_id", 1).limit(int(limit)))
