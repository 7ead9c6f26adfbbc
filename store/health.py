"""What the Data health page asks the database: status, counts, the quarantine.

Counts use `count_documents` on indexed fields (timestamp, the sparse `eb.needs_scoring`, the rejected
collection's own fields) or `estimated_document_count`, which is collection metadata on MongoDB but a
count of every document on the embedded server (~0.3 s at 36k records): `record_total` is asked apart,
so that the dashboard can keep it longer than the live counts.
Re-ingesting a quarantined payload goes through the same parser and insert path
as `python -m jobs ingest`.
"""
from __future__ import annotations

from datetime import datetime, timedelta, timezone
from typing import Any
from urllib.parse import urlsplit, urlunsplit

from pymongo import DESCENDING
from pymongo.database import Database
from pymongo.errors import PyMongoError

from store.collections import RECORDS, REJECTED
from store.errors import ValidationFailed
from core.privacy import REDACT, redact_payload
from core.status_docs import Quarantined
from store.privacy import Policies
from store.records import write_records
from store.record_fields import storable_payload
from store.schema import NO_SCORES_ISSUE, ParsedRecord, parse_record
from store.storable import safe_text
from store.thresholds import get_thresholds

QUARANTINED = "quarantined"
REINGESTED = "reingested"
ISSUES_WINDOW_DAYS = 7


def redact_uri(uri: str | None) -> str:
    """The URI without user name or password (query options kept, secrets dropped)."""
    if not uri:
        return ""
    try:
        parts = urlsplit(uri)
    except ValueError:
        return "(unparseable URI)"
    host = parts.netloc.rsplit("@", 1)[-1]
    return urlunsplit((parts.scheme, host, parts.path, "", ""))


def database_status(db: Database) -> dict[str, Any]:
    """{ok, ping_ms, version, uri, database, error}."""
    from store.client import _uri, is_embedded

    out: dict[str, Any] = {"ok": False, "ping_ms": None, "version": None, "database": db.name,
                           "uri": redact_uri(_uri()), "embedded": is_embedded(), "error": None}
    try:
        started = datetime.now(timezone.utc)
        db.client.admin.command("ping")
        out["ping_ms"] = (datetime.now(timezone.utc) - started).total_seconds() * 1000
        out["ok"] = True
        try:
            out["version"] = db.client.server_info().get("version")
        except PyMongoError:
            out["version"] = None
    except PyMongoError as exc:
        out["error"] = f"{exc.__class__.__name__}: {str(exc)[:300]}"
    return out


def record_counts(db: Database, now: datetime | None = None, *, week: bool = True) -> dict[str, int]:
    """last_24h, needs_scoring, quarantined, reingested; with `week` also the total (`record_total`) and
    the week's issue counts (`week_issue_counts`), which the dashboard caches longer than these."""
    now = now or datetime.now(timezone.utc)
    records, rejected = db[RECORDS], db[REJECTED]
    counts = {
        "last_24h": records.count_documents({"timestamp": {"$gte": now - timedelta(hours=24)}}),  # indexed
        "needs_scoring": records.count_documents({"eb.needs_scoring": True}),  # the sparse index
        "quarantined": rejected.count_documents({"status": QUARANTINED}),
        "reingested": rejected.count_documents({"status": REINGESTED}),
    }
    if week:
        counts.update(week_issue_counts(db, now), total=record_total(db))
    return counts


def record_total(db: Database) -> int:
    """Every stored record (estimated: collection metadata on MongoDB, a full count on the embedded server)."""
    return db[RECORDS].estimated_document_count()


def week_issue_counts(db: Database, now: datetime | None = None) -> dict[str, int]:
    """with_issues_7d and metric_errors_7d in one pass over the last week's records (bounded by the
    timestamp index). Data health's slowest read (issue 29): it reads each of the week's records, ~0.5 s
    for the default demo's 2,800 on the embedded server, where two `count_documents` read them twice.
    A record logged without scores waits for them ("no scores logged"): not an issue of its data (issue
    34), so only records with some other issue count; metric errors are the local scorer's, kept on the
    record's score result."""
    now = now or datetime.now(timezone.utc)
    issues = {"$cond": [{"$isArray": "$eb.issues"}, "$eb.issues", []]}
    one_if = lambda cond: {"$sum": {"$cond": [cond, 1, 0]}}  # noqa: E731
    pipeline = [
        {"$match": {"timestamp": {"$gte": now - timedelta(days=ISSUES_WINDOW_DAYS)}}},
        {"$group": {"_id": None,
                    "with_issues_7d": one_if({"$gt": [{"$size": {"$setDifference": [issues, [NO_SCORES_ISSUE]]}}, 0]}),
                    "metric_errors_7d": one_if({"$ne": [{"$type": "$rescored.details.metric_errors"}, "missing"]})}},
    ]
    found = next(iter(db[RECORDS].aggregate(pipeline)), {})
    return {key: int(found.get(key) or 0) for key in ("with_issues_7d", "metric_errors_7d")}


def list_quarantined(db: Database, *, skip: int = 0, limit: int = 20,
                     status: str | None = QUARANTINED) -> list[Quarantined]:
    """Quarantined payloads, newest first (by last_seen, indexed), as typed documents."""
    query = {"status": status} if status else {}
    skip, limit = max(0, int(skip)), max(1, min(int(limit), 200))
    return [Quarantined.model_validate(doc)
            for doc in db[REJECTED].find(query).sort("last_seen", DESCENDING).skip(skip).limit(limit)]


def get_quarantined(db: Database, rejected_id: str) -> dict | None:
    return db[REJECTED].find_one({"_id": str(rejected_id)})


def _redacted_payload(db: Database, raw: Any, source: str) -> Any:
    """The fixed payload as it may be kept beside the entry (personal data replaced, store/privacy.py)."""
    policy = Policies(db)(source)
    return redact_payload(raw, policy)[0] if policy.mode == REDACT else raw


def reingest(db: Database, rejected_id: str, raw: Any, user: str, *, source: str = "reingest") -> str:
    """Parse `raw` (the fixed payload) and insert it as a record; mark the quarantined
    entry "reingested" with who and when. Returns the new record id.
    Raises ValidationFailed with the reason when it still cannot be understood or already exists."""
    entry = get_quarantined(db, rejected_id)
    if entry is None:
        raise ValidationFailed("that quarantined entry no longer exists")
    if entry.get("status") == REINGESTED:
        raise ValidationFailed(f"already re-ingested by {entry.get('reingested_by')} as {entry.get('record_id')}")
    parsed = parse_record(raw, get_thresholds(db), source=source)  # never raises
    if not isinstance(parsed, ParsedRecord):
        raise ValidationFailed(f"still rejected: {parsed.reason}")
    outcome = write_records(db, [(parsed.doc, raw)], stamp=True)
    if outcome.refused:
        raise ValidationFailed(f"still rejected: {outcome.refused[0][1]}")
    if not outcome.inserted:
        raise ValidationFailed(f"a record with id {safe_text(parsed.doc['_id'], 80)!r} is already stored with the "
                               "same content; nothing to re-ingest")
    now = datetime.now(timezone.utc)
    db[REJECTED].update_one({"_id": entry["_id"]}, {"$set": {
        "status": REINGESTED, "reingested_by": user, "reingested_at": now,
        "record_id": parsed.doc["_id"], "fixed_raw": storable_payload(_redacted_payload(db, raw, source)),
    }})
    return parsed.doc["_id"]
