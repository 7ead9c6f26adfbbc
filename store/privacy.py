"""The privacy stage's stored parts: the team's term list (edited by an admin on Data health) and
the counts of personal data found per ingest day and source (never the values; core/privacy finds
and replaces them, the writers count here)."""
from __future__ import annotations

from datetime import datetime, timedelta, timezone
from typing import Any

from pymongo import DESCENDING
from pymongo.database import Database

from core.privacy import REDACT, Policy, original_hash, parse_terms, policy_for, redact_payload, redact_record, redact_text
from store.collections import PRIVACY_DAILY, RECORDS, REJECTED, STATE
from store.errors import ValidationFailed
from store.thresholds import write_audit

TERMS_ID = "privacy_terms"
MAX_TERMS, MAX_TERM_CHARS = 2000, 200


def get_terms_text(db: Database) -> str:
    doc = db[STATE].find_one({"_id": TERMS_ID}) or {}
    return doc.get("text") if isinstance(doc.get("text"), str) else ""


def get_terms(db: Database) -> tuple[tuple[str, str], ...]:
    """The admin's term list as (kind, term) pairs (core.privacy.parse_terms)."""
    return parse_terms(get_terms_text(db))


def set_terms(db: Database, text: str, user: str, *, now: datetime | None = None) -> int:
    """Store the term list (one name or term a line, "KIND: term" for a kind of its own); audited
    with the number of terms only — the names are what must not spread. Returns how many terms."""
    if not isinstance(text, str):
        raise ValidationFailed("the term list must be text")
    lines = [line for line in text.splitlines() if line.strip()]
    if len(lines) > MAX_TERMS:
        raise ValidationFailed(f"at most {MAX_TERMS} terms")
    long = next((line for line in lines if len(line.strip()) > MAX_TERM_CHARS), None)
    if long is not None:
        raise ValidationFailed(f"a term is longer than {MAX_TERM_CHARS} characters")
    before, terms = len(get_terms(db)), parse_terms(text)
    at = now or datetime.now(timezone.utc)
    write_audit(db, user=user, action="set_privacy_terms", target="privacy", old={"terms": before},
                new={"terms": len(terms)}, now=at)
    db[STATE].update_one({"_id": TERMS_ID}, {"$set": {"text": text.strip() + "\n", "updated_at": at,
                                                      "updated_by": user.strip()}}, upsert=True)
    return len(terms)


def add_counts(db: Database, source: str, mode: str, counts: dict[str, int], records: int, *,
               at: datetime | None = None) -> None:
    """Add what one write found: `records` records held personal data, `counts` occurrences by kind."""
    if not records:
        return
    at = at or datetime.now(timezone.utc)
    day = at.astimezone(timezone.utc).strftime("%Y-%m-%d")
    inc: dict[str, Any] = {"records": int(records), **{f"counts.{kind}": int(n) for kind, n in counts.items()}}
    db[PRIVACY_DAILY].update_one(
        {"_id": f"{day}|{source}|{mode}"},
        {"$setOnInsert": {"day": day, "source": source, "mode": mode}, "$inc": inc, "$set": {"updated_at": at}},
        upsert=True)


def stamped_ids(db: Database, ids: list[Any], ingested_at: datetime) -> list[Any]:
    """Of `ids`, those stored by the write stamped `ingested_at` (not duplicates of older records)."""
    if not ids:
        return []
    return [d["_id"] for d in db[RECORDS].find({"_id": {"$in": ids}, "ingested_at": ingested_at}, {"_id": 1})]


def daily_counts(db: Database, days: int = 14, *, now: datetime | None = None) -> list[dict]:
    """Data health's table: {day, source, mode, records, counts{kind: n}} of the last `days`, newest first."""
    since = ((now or datetime.now(timezone.utc)) - timedelta(days=days)).strftime("%Y-%m-%d")
    return list(db[PRIVACY_DAILY].find({"day": {"$gte": since}}, {"_id": 0}).sort(
        [("day", DESCENDING), ("source", 1)]).limit(500))


# --- the stage in the shared writer (store.records.write_records and quarantine) ---------------------

class Tally:
    """What one write found, per (source, mode): [(record id, {kind: n})] — counted once stored."""

    def __init__(self) -> None:
        self.found: dict[tuple[str, str], list[tuple[Any, dict[str, int]]]] = {}

    def add(self, source: str, mode: str, record_id: Any, counts: dict[str, int]) -> None:
        self.found.setdefault((source, mode), []).append((record_id, counts))

    def record(self, db: Database, written_at: datetime | None) -> None:
        """Add the counts of the records this write stored (by its `ingested_at` stamp) to Data health's."""
        for (source, mode), found in self.found.items():
            ids = [rid for rid, _c in found]
            stored = set(stamped_ids(db, ids, written_at)) if written_at is not None else set(ids)
            total: dict[str, int] = {}
            for rid, counts in found:
                if rid in stored:
                    for kind, n in counts.items():
                        total[kind] = total.get(kind, 0) + n
            add_counts(db, source, mode, total, sum(1 for rid, _c in found if rid in stored), at=written_at)


class Policies:
    """The policy of each source, read once per write (settings via core.privacy, terms from the database)."""

    def __init__(self, db: Database):
        self.terms = get_terms(db)
        self._by_source: dict[str, Policy] = {}

    def __call__(self, source: Any) -> Policy:
        source = source if isinstance(source, str) else ""
        policy = self._by_source.get(source)
        if policy is None:
            policy = self._by_source[source] = policy_for(source, self.terms)
        return policy


def redact_docs(db: Database, items: list[tuple[dict, Any]]) -> tuple[list[tuple[dict, Any]], Tally]:
    """(doc, raw) pairs with each doc passed through its source's policy (core.privacy.redact_record),
    and the tally of what was found. The raw payloads are left: they reach the database only through
    `quarantine_entry`, which redacts them."""
    policies, tally, out = Policies(db), Tally(), []
    for doc, raw in items:
        policy = policies(doc.get("source"))
        redacted, found = redact_record(doc, policy)
        if found:
            tally.add(str(doc.get("source") or ""), policy.mode, redacted.get("_id"), found)
        out.append((redacted, raw))
    return out, tally


def quarantine_entry(policies: Policies, raw: Any, reason: str, source: str, extra: dict) -> tuple:
    """A quarantine item as it may be stored: in redact mode the payload (and the reason, and a
    conflict's stored version) redacted, with the sha256 of the original and the counts beside it."""
    policy = policies(source)
    if policy.mode != REDACT:
        return raw, reason, source, extra
    redacted, counts = redact_payload(raw, policy)
    extra = dict(extra)
    if "existing" in extra:
        extra["existing"], more = redact_payload(extra["existing"], policy)
        counts = {k: counts.get(k, 0) + more.get(k, 0) for k in {*counts, *more}}
    if counts:
        extra.update({"original_sha256": original_hash(raw), "redactions": dict(sorted(counts.items()))})
    return redacted, redact_text(reason, policy), redact_text(source, policy), extra


# --- `python -m jobs redact`: old records, a page at a time, resumable ----------------------------------
PROGRESS_ID = "redact_progress"


def get_progress(db: Database) -> dict | None:
    return db[STATE].find_one({"_id": PROGRESS_ID})


def save_progress(db: Database, fields: dict | None) -> None:
    """Keep where the pass is (None: the pass ended, forget it)."""
    if fields is None:
        db[STATE].delete_one({"_id": PROGRESS_ID})
    else:
        db[STATE].update_one({"_id": PROGRESS_ID}, {"$set": fields}, upsert=True)


def rejected_entries(db: Database) -> list[dict]:
    return list(db[REJECTED].find({}))


def update_rejected(db: Database, entry_id: Any, fields: dict) -> None:
    db[REJECTED].update_one({"_id": entry_id}, {"$set": fields})
