"""Triage: finding failing records, a page at a time, and the team's notes on them.

Every MongoDB call of the Triage page and the record view lives here.

- `build_filter(...)` is pure: it turns *validated* values into a filter dict.
  Text from a search box only ever becomes a `re.escape`d `$regex` value on
  `query` and `answer` (length-capped); it can never become an operator or a key.
  Source and session are compared for equality (a string value, never a key). The filter
  is always bounded by a date range on the indexed `timestamp` (default: the
  last 7 days), so counts and pages stay cheap.
- `list_records` / `count_records` read one page / the count of a filter.
- `update_triage` writes `triage.*` (status, assignee, tags, notes) and appends
  a history entry `{field, old, new, by, at}` for every change; `bulk_update_triage`
  does the same for many records at once (status, assignee, an added tag).
- `session_records` reads every turn of one conversation in time order.
- Re-scores are written by store/scores.py (`save_rescore`), the one writer of score results.
- `iter_export` streams a capped slice for CSV / JSONL export.

The filter's validated pieces (date and score bounds, equality and version clauses, the sort order, the
`$match` stages a search needs) are in store/triage_clauses.py.
"""
from __future__ import annotations

import re
from datetime import date, datetime, timedelta, timezone
from typing import Any, Iterator

from pymongo import ASCENDING, DESCENDING, UpdateOne
from pymongo.database import Database

from core import metrics
from core.features import ALL_FEATURES, FEATURE_NAME_RE
from core.privacy import redact_text
from core.timebuckets import local_day
from store.collections import RECORDS
from store.errors import ValidationFailed, plain_id
from store.privacy import Policies
from store.triage_clauses import date_bounds, equals_clause, match_stages, score_bounds, sort_spec, version_clause


STATUSES = ("new", "investigating", "fixed", "wont_fix")
STATUS_LABELS = {"new": "New", "investigating": "Investigating", "fixed": "Fixed", "wont_fix": "Won't fix"}
# logged verdict vs the independent re-score's (rescored.verdict.passed), on logged records only
DISAGREE = {
    "lenient": {"eb.score_source": "logged", "eb.passed": True, "rescored.verdict.passed": False},
    "strict": {"eb.score_source": "logged", "eb.passed": False, "rescored.verdict.passed": True},
}
DISAGREE_LABELS = {"lenient": "the logged verdict passes, the independent re-score fails",
                   "strict": "the logged verdict fails, the independent re-score passes"}
PAGE_SIZE = 25
MAX_PAGE_SIZE = 200
SEARCH_MAX_CHARS = 200
EXPORT_CAP = 5000
MAX_TAGS = 20
MAX_TAG_CHARS = 40
MAX_ASSIGNEE_CHARS = 100
MAX_NOTE_CHARS = 5000
_TAG_RE = re.compile(r"^[\w\-. :/]+$")
TAG_RE = _TAG_RE  # what a tag may hold (store/schema.py checks a re-imported export's tags with it)

# The columns a triage list needs (the detail view reads the whole record).
LIST_PROJECTION = {
    "query": 1, "timestamp": 1, "feature": 1, "session_id": 1, "regeneration_attempts": 1,
    "eb.scores": 1, "eb.passed": 1, "eb.failed_metrics": 1, "eb.issues": 1,
    "triage.status": 1, "triage.assignee": 1, "triage.tags": 1, "source": 1, "eb.score_source": 1,
    # the newest re-score next to the logged overall score
    "rescored.evaluation.overall_quality.score": 1, "rescored.at": 1,
    # the judge's noise floor (jobs/judge_noise.py): the verdict differed between runs of the same judge
    "noise.flaky": 1, "noise.flip_probability": 1,
}
FLAKY = {"noise.flaky": True}
MAX_BULK = 200
MAX_SESSION_TURNS = 500


def status_clause(status: str) -> dict:
    """Records without `triage.status` count as "new"."""
    if status not in STATUSES:
        raise ValidationFailed(f"status must be one of {', '.join(STATUSES)}")
    if status == "new":
        return {"triage.status": {"$in": ["new", None]}}  # None matches a missing field too
    return {"triage.status": status}


SEARCH_FIELDS = ("query", "answer")


def search_clause(search: Any) -> dict | None:
    """A case-insensitive literal substring match on `query` or `answer` (metacharacters escaped).

    The `$or` is a key of the flat filter; the reads below run it as a second `$match` stage
    after the indexed date range (see `match_stages`)."""
    if search is None:
        return None
    if not isinstance(search, str):
        raise ValidationFailed("the search text must be text")
    text = search.strip()[:SEARCH_MAX_CHARS]
    if not text:
        return None
    pattern = {"$regex": re.escape(text), "$options": "i"}
    return {"$or": [{field: dict(pattern)} for field in SEARCH_FIELDS]}


def build_filter(*, start: date | datetime | None = None, end: date | datetime | None = None,
                 feature: str | None = None, metric: str | None = None, status: str | None = None,
                 score_min: float | None = None, score_max: float | None = None,
                 search: str | None = None, only_failing: bool = False,
                 source: str | None = None, session: str | None = None,
                 now: datetime | None = None, release: str | None = None, model: str | None = None,
                 prompt_version: str | None = None, disagree: str | None = None, flaky: bool = False) -> dict:
    """A MongoDB filter from validated values (raises ValidationFailed on bad ones).

    feature: a feature name (None/"__all__" = any); metric: records whose `eb.failed_metrics`
    holds it; status: new|investigating|fixed|wont_fix; score_min/max: bounds on
    `eb.scores.overall_quality` (inclusive); search: literal text in the query;
    only_failing: `eb.passed` is false (read through `eb.failing_at`, see store/schema.failing_update);
    source: the record's `source` (ingest file, "demo", "mongodb"); session: its `session_id`;
    release / model / prompt_version: the record's version field equals the value (checked by
    core.versions; "unversioned" = the record has none); disagree: "lenient" (the logged verdict passes,
    the independent re-score fails: what a drifting judge lets through) or "strict" (the other way), on
    records with logged scores and an independent re-score (issue 34: a drift alert's drill-down);
    flaky: only records whose verdict differed between runs of the same judge (issue 33, `noise.flaky`).
    """
    lower, upper = date_bounds(start, end, now=now)
    # failing records only: the same date range on eb.failing_at (their timestamp), whose
    # sparse index holds failing records and nothing else
    clauses: list[dict] = [{"eb.failing_at" if only_failing else "timestamp": {"$gte": lower, "$lt": upper}}]
    clauses += _choice_clauses(feature, metric, status, disagree, flaky)
    bounds = score_bounds(score_min, score_max)
    if bounds:
        clauses.append({"eb.scores.overall_quality": bounds})
    for clause in (search_clause(search), equals_clause("source", source, "the source"),
                   equals_clause("session_id", session, "the session"),
                   *(version_clause(dim, value) for dim, value in (("release", release), ("model", model),
                                                                     ("prompt_version", prompt_version)))):
        if clause:
            clauses.append(clause)
    # One flat document (every clause has its own field): the embedded server's
    # planner uses the timestamp index for a flat filter but scans the whole
    # collection for an `$and` (measured: 0.1 s vs 1.6 s at 35k records).
    flat: dict = {}
    for clause in clauses:
        flat.update(clause)
    return flat


def _choice_clauses(feature: Any, metric: Any, status: Any, disagree: Any, flaky: Any) -> list[dict]:
    """The clauses of the filter's choices (feature, failed metric, status, disagreement, flaky), in that
    order, each value checked (ValidationFailed)."""
    clauses: list[dict] = []
    if feature not in (None, "", ALL_FEATURES):
        if not isinstance(feature, str) or not FEATURE_NAME_RE.match(feature):
            raise ValidationFailed("unknown feature")
        clauses.append({"feature": feature})
    if metric not in (None, ""):
        if metric not in metrics.score_names():
            raise ValidationFailed(f"metric must be one of {', '.join(metrics.score_names())}")
        clauses.append({"eb.failed_metrics": metric})
    if status not in (None, ""):
        clauses.append(status_clause(status))
    if disagree not in (None, ""):
        if disagree not in DISAGREE:
            raise ValidationFailed(f"disagree must be one of {', '.join(DISAGREE)}")
        clauses.append(DISAGREE[disagree])
    if not isinstance(flaky, bool):
        raise ValidationFailed("flaky must be true or false")
    if flaky:
        clauses.append(dict(FLAKY))
    return clauses


# --- reads ---------------------------------------------------------------------------

def list_records(db: Database, filter: dict, sort: str = "overall_quality", page: int = 0,
                 page_size: int = PAGE_SIZE, projection: dict | None = None,
                 descending: bool = False) -> list[dict]:
    """One page (0-based) of records matching `filter`."""
    page = max(0, int(page))
    page_size = max(1, min(int(page_size), MAX_PAGE_SIZE))
    fields = projection if projection is not None else LIST_PROJECTION
    if "$or" in filter:
        return list(db[RECORDS].aggregate([*match_stages(filter), {"$sort": dict(sort_spec(sort, descending))},
                                           {"$skip": page * page_size}, {"$limit": page_size},
                                           {"$project": fields}]))
    cursor = (db[RECORDS].find(filter, fields)
              .sort(sort_spec(sort, descending)).skip(page * page_size).limit(page_size))
    return list(cursor)


def count_records(db: Database, filter: dict) -> int:
    if "$or" in filter:
        found = list(db[RECORDS].aggregate([*match_stages(filter), {"$count": "n"}]))
        return int(found[0]["n"]) if found else 0
    return db[RECORDS].count_documents(filter)


def get_record(db: Database, record_id: str) -> dict | None:
    if not isinstance(record_id, str) or not record_id.strip() or len(record_id) > 500:
        return None
    return db[RECORDS].find_one({"_id": record_id.strip()})


def latest_day(db: Database) -> date | None:
    """The local day (EVALBOARD_TIMEZONE) of the newest record, None when there are none."""
    # The embedded server sorts every match before taking the first, even on the
    # timestamp index (1.6 s at 35k records for an unfiltered newest-first read),
    # so look in widening recent windows: usually the first one answers.
    now = datetime.now(timezone.utc)
    doc = None
    for days in (2, 30, 400):
        window = {"timestamp": {"$gte": now - timedelta(days=days), "$lt": now + timedelta(days=2)}}
        doc = db[RECORDS].find_one(window, {"timestamp": 1}, sort=[("timestamp", DESCENDING)])
        if doc:
            break
    if doc is None:  # nothing recent (or clocks far off): the one slow read
        doc = db[RECORDS].find_one({}, {"timestamp": 1}, sort=[("timestamp", DESCENDING)])
    ts = (doc or {}).get("timestamp")
    return local_day(ts) if isinstance(ts, datetime) else None


def session_records(db: Database, session_id: str, limit: int = MAX_SESSION_TURNS) -> list[dict]:
    """Every turn of one conversation (`session_id`), oldest first (index `session_timestamp`)."""
    clause = equals_clause("session_id", session_id, "the session")
    if clause is None:
        return []
    limit = max(1, min(int(limit), MAX_SESSION_TURNS))
    return list(db[RECORDS].find(clause, {**LIST_PROJECTION, "answer": 1})
                .sort([("timestamp", ASCENDING), ("_id", ASCENDING)]).limit(limit))


def sources(db: Database, start: date | datetime | None = None, end: date | datetime | None = None,
            only_failing: bool = False) -> list[str]:
    """The `source` values of the records of a period (default: the last 7 days); of its failing
    records only when `only_failing` (read through the sparse `failing_at` index: a few % of the
    period's records in a product, so the list costs little)."""
    lower, upper = date_bounds(start, end)
    field = "eb.failing_at" if only_failing else "timestamp"
    found = db[RECORDS].distinct("source", {field: {"$gte": lower, "$lt": upper}})
    return sorted(s for s in found if isinstance(s, str) and s)


def iter_export(db: Database, filter: dict, limit: int = EXPORT_CAP, *, sort: str | None = None,
                descending: bool = False) -> Iterator[dict]:
    """The records of a filter in the table's order (`sort`, `descending`; None = newest first),
    at most `limit` (capped at EXPORT_CAP)."""
    limit = max(1, min(int(limit), EXPORT_CAP))
    order = sort_spec(sort, descending) if sort else [("timestamp", DESCENDING), ("_id", ASCENDING)]
    if "$or" in filter:
        cursor = db[RECORDS].aggregate([*match_stages(filter), {"$sort": dict(order)}, {"$limit": limit}])
    else:
        cursor = db[RECORDS].find(filter).sort(order).limit(limit)
    try:
        yield from cursor
    finally:
        cursor.close()


# --- writes --------------------------------------------------------------------------

def _clean_text(name: str, value: Any, cap: int) -> str:
    if not isinstance(value, str):
        raise ValidationFailed(f"{name} must be text")
    text = value.strip()
    if len(text) > cap:
        raise ValidationFailed(f"{name} is too long (at most {cap} characters)")
    return text


def _clean_tags(tags: Any) -> list[str]:
    if isinstance(tags, str):
        tags = [t for t in tags.split(",")]
    if not isinstance(tags, (list, tuple)):
        raise ValidationFailed("tags must be a list of words")
    out: list[str] = []
    for tag in tags:
        text = _clean_text("a tag", tag, MAX_TAG_CHARS)
        if not text:
            continue
        if not _TAG_RE.match(text):
            raise ValidationFailed(f"tag {text!r}: use letters, digits, spaces and - _ . : /")
        if text not in out:
            out.append(text)
    if len(out) > MAX_TAGS:
        raise ValidationFailed(f"at most {MAX_TAGS} tags")
    return out


def update_triage(db: Database, record_id: str, user: str, status: str | None = None,
                  assignee: str | None = None, tags: list[str] | None = None,
                  note: str | None = None, *, now: datetime | None = None) -> dict:
    """Change a record's triage fields; every change is recorded with who and when.

    None leaves a field as it is; assignee "" clears it. Returns the new `triage` block.
    """
    if not isinstance(user, str) or not user.strip():
        raise ValidationFailed("who made the change must be known")
    if status is not None and status not in STATUSES:
        raise ValidationFailed(f"status must be one of {', '.join(STATUS_LABELS.values())}")
    new_assignee = _clean_text("assignee", assignee, MAX_ASSIGNEE_CHARS) if assignee is not None else None
    new_tags = _clean_tags(tags) if tags is not None else None
    new_note = _clean_text("the note", note, MAX_NOTE_CHARS) if note is not None else None
    record_id = plain_id(record_id, "the record id")
    if new_note:  # notes are redacted like the record's text (core/privacy): reviewers paste from e-mails
        new_note = redact_text(new_note, Policies(db)("triage"))
    record = db[RECORDS].find_one({"_id": record_id}, {"triage": 1})
    if record is None:
        raise ValidationFailed("no such record")
    current = record.get("triage") if isinstance(record.get("triage"), dict) else {}
    at = now or datetime.now(timezone.utc)
    by = user.strip()
    sets: dict[str, Any] = {}
    history: list[dict] = []

    def change(field: str, old: Any, new: Any) -> None:
        if old != new:
            sets[f"triage.{field}"] = new
            history.append({"field": field, "old": old, "new": new, "by": by, "at": at})

    if status is not None:
        change("status", current.get("status") or "new", status)
    if new_assignee is not None:
        change("assignee", current.get("assignee") or None, new_assignee or None)
    if new_tags is not None:
        old_tags = current.get("tags") if isinstance(current.get("tags"), list) else []
        change("tags", old_tags, new_tags)
    pushes: dict[str, Any] = {}
    if new_note:
        pushes["triage.notes"] = {"text": new_note, "by": by, "at": at}
        history.append({"field": "note", "old": None, "new": new_note[:200], "by": by, "at": at})
    if not sets and not pushes:
        return current
    if "status" not in current and "triage.status" not in sets:
        sets["triage.status"] = "new"  # a touched record gets an explicit status
    sets["triage.updated_at"] = at
    sets["triage.updated_by"] = by
    pushes["triage.history"] = {"$each": history}
    db[RECORDS].update_one({"_id": record_id}, {"$set": sets, "$push": pushes})
    updated = db[RECORDS].find_one({"_id": record_id}, {"triage": 1})
    return (updated or {}).get("triage") or {}


def bulk_update_triage(db: Database, record_ids: list[str], user: str, *, status: str | None = None,
                       assignee: str | None = None, add_tag: str | None = None,
                       now: datetime | None = None) -> int:
    """Set status and/or assignee, and/or add one tag, on many records (at most MAX_BULK).

    Validated like `update_triage`; each record gets its own history entries (old -> new,
    who, when) and only records that actually change are written. Returns how many changed.
    """

    if not isinstance(user, str) or not user.strip():
        raise ValidationFailed("who made the change must be known")
    if not isinstance(record_ids, (list, tuple)) or not all(isinstance(r, str) for r in record_ids):
        raise ValidationFailed("pick the records to change")
    ids = list(dict.fromkeys(r for r in record_ids if r))
    if not ids:
        raise ValidationFailed("pick the records to change")
    if len(ids) > MAX_BULK:
        raise ValidationFailed(f"at most {MAX_BULK} records at once")
    if status is not None and status not in STATUSES:
        raise ValidationFailed(f"status must be one of {', '.join(STATUS_LABELS.values())}")
    new_assignee = _clean_text("assignee", assignee, MAX_ASSIGNEE_CHARS) if assignee is not None else None
    tag = None
    if add_tag is not None:
        tags = _clean_tags([add_tag])
        tag = tags[0] if tags else None
    if status is None and new_assignee is None and tag is None:
        raise ValidationFailed("choose a status, an assignee or a tag to apply")
    at = now or datetime.now(timezone.utc)
    by = user.strip()
    ops = []
    for doc in db[RECORDS].find({"_id": {"$in": ids}}, {"triage": 1}):
        current = doc.get("triage") if isinstance(doc.get("triage"), dict) else {}
        sets: dict[str, Any] = {}
        history: list[dict] = []
        if status is not None and (current.get("status") or "new") != status:
            sets["triage.status"] = status
            history.append({"field": "status", "old": current.get("status") or "new", "new": status,
                            "by": by, "at": at, "bulk": True})
        if new_assignee is not None and (current.get("assignee") or None) != (new_assignee or None):
            sets["triage.assignee"] = new_assignee or None
            history.append({"field": "assignee", "old": current.get("assignee") or None,
                            "new": new_assignee or None, "by": by, "at": at, "bulk": True})
        old_tags = current.get("tags") if isinstance(current.get("tags"), list) else []
        if tag is not None and tag not in old_tags:
            if len(old_tags) >= MAX_TAGS:
                continue  # a full tag list stays as it is
            sets["triage.tags"] = [*old_tags, tag]
            history.append({"field": "tags", "old": old_tags, "new": [*old_tags, tag], "by": by, "at": at,
                            "bulk": True})
        if not sets:
            continue
        if "status" not in current and "triage.status" not in sets:
            sets["triage.status"] = "new"
        sets["triage.updated_at"] = at
        sets["triage.updated_by"] = by
        ops.append(UpdateOne({"_id": doc["_id"]}, {"$set": sets, "$push": {"triage.history": {"$each": history}}}))
    if ops:
        db[RECORDS].bulk_write(ops, ordered=False)
    return len(ops)
