"""The logged evaluation record (reference 000 "Score Logging"), parsed tolerantly.

`parse_record(raw)` validates one raw payload with the pydantic model
`LoggedRecord` and turns it into either a `ParsedRecord` (the document to store)
or a `Rejection` (why it cannot be understood). Real logs are messy, so:
- numbers given as strings are converted ("0.91" -> 0.91);
- timestamps may be ISO strings (extended or basic form), extended JSON
  (`{"$date": ...}`), epoch seconds (9-11 digits) or milliseconds (12-14 digits),
  datetimes, or written-out dates with year, month and day; naive ones are taken
  as UTC; relative words and dates outside 1970-2100 are refused (store/timestamps.py);
- a score outside 0..1 is kept out of the numbers (None) and noted in `eb.issues`
  rather than guessed at; unknown features are kept as they are;
- no query, no/unparseable timestamp, a score that is not a number, an
  `evaluation` that is not an object, a reserved feature name ("__all__", "*",
  "default"), or a record MongoDB cannot store (store/storable.py) -> rejected
  with a reason; any other failure while reading one record rejects that record
  alone (never an exception to the caller).
Every conversion (numbers or dates given as text, epoch numbers, timezones
resolved or assumed) is noted in `eb.issues`.

Version fields (core/versions.py): optional top-level `release`, `model`,
`prompt_version` (short printable names) and `tags` (<= 20 name -> value pairs).
A value that breaks the rules is not used (the record counts as unversioned for
that field), noted in `eb.issues` and kept as given under `eb.invalid_versions`;
`core.versions.version_source` picks them out of an import format's metadata.

The field parsers are in store/record_fields.py, the pydantic model in store/record_model.py.

Evalboard's own fields live under `eb` (and `triage`, `rescored`, `ingested_at`,
`source`); the product's fields are stored as parsed and never rewritten later.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import Any

from pydantic import ValidationError

from core import metrics, versions
from core.verdict import overall_quality, verdict
from store.record_fields import _record_id, safe_keys, safe_reason
from store.record_model import LoggedRecord
from store.storable import safe_text, unstorable_reason
from store.timestamps import BadTimestamp, read_timestamp


@dataclass
class Rejection:
    reason: str


@dataclass
class ParsedRecord:
    doc: dict[str, Any]
    issues: list[str] = field(default_factory=list)


def _versions(raw: dict, issues: list[str]) -> tuple[dict[str, Any], dict[str, Any]]:
    """(the version fields to store, the invalid ones as given) from a raw payload."""
    good: dict[str, Any] = {}
    bad: dict[str, Any] = {}
    for name in (*versions.DIMENSIONS, "tags"):
        value = raw.get(name)
        if value is None or value == "" or value == {}:
            continue
        try:
            good[name] = versions.check_tags(value) if name == "tags" else versions.check_value(value, name)
        except versions.BadVersion as exc:
            issues.append(f"{safe_reason(str(exc))}; not used")
            bad[name] = safe_keys(value) if isinstance(value, (dict, list)) else (
                safe_text(value, 200) if isinstance(value, str) else value)
    return good, bad


def effective_block(scores: dict[str, float | None], feature: str, thresholds, source: str) -> dict:
    """The `eb.*` score fields written at ingest or by (re)scoring (the verdict: core.verdict)."""
    result = verdict(feature, scores, thresholds)
    return {
        "scores": {m: scores.get(m) for m in metrics.score_names()},
        "score_source": source,
        "passed": result.passed,
        "failed_metrics": result.failed_metrics,
    }


def failing_update(passed: bool | None, timestamp: Any) -> dict:
    """The update of `eb.failing_at`: the record's timestamp while it fails, absent otherwise.

    It feeds a sparse index that holds failing records only, so the Triage list of a
    period's failing records reads those and nothing else (see store/records.py)."""
    if passed is False and isinstance(timestamp, datetime):
        return {"$set": {"eb.failing_at": timestamp}}
    return {"$unset": {"eb.failing_at": ""}}


def parse_record(raw: Any, thresholds: dict[str, dict[str, float]], *, source: str = "",
                 now: datetime | None = None, notes: list[str] | tuple[str, ...] = ()) -> ParsedRecord | Rejection:
    """The document to store, or why not. Never raises: whatever goes wrong while
    reading one record is that record's Rejection. `notes`: issues the reader
    already found (invalid UTF-8 replaced, ...), kept in `eb.issues`."""
    try:
        parsed = _parse_record(raw, thresholds, source=source, now=now, notes=notes)
    except RecursionError:
        return Rejection("nested too deeply to read")
    except Exception as exc:  # noqa: BLE001 - one record's failure is that record's alone
        return Rejection(safe_reason(f"could not be read: {exc.__class__.__name__}: {exc}"))
    if isinstance(parsed, ParsedRecord):
        reason = unstorable_reason(parsed.doc)
        if reason is not None:
            return Rejection(reason)
    return parsed


NO_SCORES_ISSUE = "no scores logged"  # waiting for scores, not a problem of the data (Data health counts it apart)


def imported_triage(value: Any, issues: list[str]) -> dict | None:
    """The triage fields of a re-imported export (issue 34: Triage's JSONL export round-trips): status,
    assignee, tags and notes, each checked as store.triage checks a person's edit; a field that is not
    valid is left out (and named in the record's issues), never stored as given."""
    from store.triage import MAX_ASSIGNEE_CHARS, MAX_NOTE_CHARS, MAX_TAG_CHARS, MAX_TAGS, STATUSES, TAG_RE

    if value is None:
        return None
    if not isinstance(value, dict):
        issues.append("triage is not an object: left out")
        return None
    out: dict[str, Any] = {}
    status = value.get("status")
    if status in STATUSES:
        out["status"] = status
    elif status is not None:
        issues.append("triage status unknown: left out")
    assignee = value.get("assignee")
    if isinstance(assignee, str) and 0 < len(assignee.strip()) <= MAX_ASSIGNEE_CHARS:
        out["assignee"] = safe_text(assignee.strip(), MAX_ASSIGNEE_CHARS)
    tags = value.get("tags")
    if isinstance(tags, list):
        clean = [t.strip() for t in tags if isinstance(t, str) and t.strip() and len(t.strip()) <= MAX_TAG_CHARS
                 and TAG_RE.match(t.strip())]
        if clean:
            out["tags"] = list(dict.fromkeys(clean))[:MAX_TAGS]
    notes = value.get("notes")
    if isinstance(notes, list):
        kept = []
        for note in notes[:200]:
            if isinstance(note, dict) and isinstance(note.get("text"), str) and note["text"].strip():
                at = note.get("at")
                try:
                    at = read_timestamp(at, []) if at is not None else None
                except BadTimestamp:
                    at = None
                kept.append({"text": safe_text(note["text"], MAX_NOTE_CHARS), "by": safe_text(str(note.get("by") or
                             "import"), MAX_ASSIGNEE_CHARS), "at": at})
        if kept:
            out["notes"] = kept
    return out or None


def _parse_record(raw: Any, thresholds: dict[str, dict[str, float]], *, source: str,
                  now: datetime | None, notes) -> ParsedRecord | Rejection:
    if not isinstance(raw, dict):
        return Rejection(f"unknown structure: expected a JSON object, got {type(raw).__name__}")
    issues: list[str] = list(notes)
    try:
        record = LoggedRecord.model_validate(raw, context={"issues": issues})
    except ValidationError as exc:
        return Rejection(safe_reason(exc.errors(include_url=False)[0]["msg"]))
    evaluation = record.evaluation
    feature = record.feature
    doc: dict[str, Any] = {
        "_id": _record_id(raw),
        "session_id": record.session_id,
        "query": record.query,
        "answer": record.answer,
        "context": record.context,
        "regeneration_attempts": record.regeneration_attempts,
        "timestamp": record.timestamp,
        "feature": feature,
    }
    if evaluation is not None:
        doc["evaluation"] = evaluation
    for text in (record.expected_output, record.ground_truth):
        if text:
            doc["expected_output"] = text
    good_versions, bad_versions = _versions(raw, issues)
    doc.update(good_versions)
    for key, extra in (record.model_extra or {}).items():  # keep product fields we do not know, minus ours
        if key not in doc and key not in ("id", "eb", "triage", "rescored", "ingested_at", "source",
                                          *versions.DIMENSIONS, "tags"):
            doc.update(safe_keys({key: extra}, issues))
    if evaluation is not None:
        doc["evaluation"] = safe_keys(evaluation, issues)
    triage = imported_triage(raw.get("triage"), issues)
    if triage:
        doc["triage"] = triage

    scores = {m: (evaluation or {}).get(m, {}).get("score") for m in metrics.score_names()}
    if scores[metrics.OVERALL] is None:
        scores[metrics.OVERALL] = overall_quality(scores)
    if any(scores[m] is not None for m in metrics.score_names()):
        eb = effective_block(scores, feature, thresholds, "logged")
    else:
        eb = {"scores": {m: None for m in metrics.score_names()}, "score_source": None, "passed": None,
              "failed_metrics": []}
        if record.answer is not None:  # present only when true: the sparse index stays small
            eb["needs_scoring"] = True
        issues.append(NO_SCORES_ISSUE)
    if eb.get("passed") is False:  # present only while failing: the sparse index stays small
        eb["failing_at"] = record.timestamp
    eb["issues"] = issues
    if bad_versions:
        eb["invalid_versions"] = bad_versions
    doc["eb"] = eb
    doc["source"] = source
    doc["ingested_at"] = now or datetime.now(timezone.utc)
    return ParsedRecord(doc=doc, issues=issues)
