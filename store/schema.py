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
`version_source` picks them out of an import format's metadata.

Evalboard's own fields live under `eb` (and `triage`, `rescored`, `ingested_at`,
`source`); the product's fields are stored as parsed and never rewritten later.
"""
from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import Any

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, ValidationError, ValidationInfo, model_validator
from pydantic_core import PydanticCustomError
from typing_extensions import Annotated

from core import metrics, versions
from core.content_id import canonical_json, content_hash  # noqa: F401 - canonical_json: re-exported
from core.features import FEATURE_NAME_RE, LINK_ALL, SENTINELS, UNKNOWN_FEATURE
from core.verdict import overall_quality, verdict
from core.versions import version_source  # noqa: F401 - re-exported (it lives with the version fields)
from store.storable import safe_text, storable_payload as _storable, unstorable_reason
from store.timestamps import BadTimestamp, read_timestamp


@dataclass
class Rejection:
    reason: str


@dataclass
class ParsedRecord:
    doc: dict[str, Any]
    issues: list[str] = field(default_factory=list)


# --- field parsers ---------------------------------------------------------------

def parse_timestamp(value: Any, issues: list[str] | None = None) -> datetime | None:
    """An aware UTC datetime, or None when the value is not a usable timestamp
    (store/timestamps.py has the rules and says why)."""
    try:
        return read_timestamp(value, issues if issues is not None else [])
    except BadTimestamp:
        return None


def to_number(value: Any) -> float | None:
    """A float from a number or a numeric string; None for anything else."""
    if isinstance(value, bool):
        return None
    if isinstance(value, (int, float)):
        try:
            return float(value) if math.isfinite(value) else None
        except OverflowError:  # an integer beyond a float's range (above 1e308)
            return None
    if isinstance(value, dict):  # extended JSON numbers
        for key in ("$numberDouble", "$numberInt", "$numberLong", "$numberDecimal"):
            if key in value:
                return to_number(value[key])
        return None
    if isinstance(value, str):
        text = value.strip().rstrip("%") if value.strip().endswith("%") else value.strip()
        try:
            number = float(text)
        except (ValueError, OverflowError):
            return None
        if value.strip().endswith("%"):
            number /= 100.0
        return number if math.isfinite(number) else None
    return None


def to_bool(value: Any) -> bool | None:
    if isinstance(value, bool):
        return value
    if isinstance(value, str) and value.strip().lower() in ("true", "false", "yes", "no", "1", "0"):
        return value.strip().lower() in ("true", "yes", "1")
    if isinstance(value, (int, float)) and value in (0, 1):
        return bool(value)
    return None


def _text(value: Any) -> str | None:
    if value is None:
        return None
    if isinstance(value, str):
        return value
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return str(value)
    return None


def _context(value: Any, issues: list[str]) -> list[str]:
    if value is None:
        issues.append("no context")
        return []
    if isinstance(value, str):
        return [value]
    if not isinstance(value, list):
        issues.append("context is not a list; ignored")
        return []
    chunks: list[str] = []
    for item in value:
        if isinstance(item, str):
            chunks.append(item)
        elif isinstance(item, dict) and isinstance(item.get("text"), str):
            chunks.append(item["text"])
        elif item is not None:
            issues.append("a context chunk that is not text was dropped")
    return chunks


def safe_keys(value: Any, issues: list[str] | None = None) -> Any:
    """The value with every dict key that starts with "$" or holds "." rewritten
    (fullwidth "＄" / "．"), recursively: product fields are kept, but no key from
    a payload can ever be read as an operator or a path by MongoDB."""
    if isinstance(value, dict):
        out = {}
        for key, item in value.items():
            key = str(key)
            if key.startswith("$") or "." in key:
                if issues is not None and "field names with '$' or '.' were escaped" not in issues:
                    issues.append("field names with '$' or '.' were escaped")
                key = ("＄" + key[1:] if key.startswith("$") else key).replace(".", "．")
            out[key] = safe_keys(item, issues)
        return out
    if isinstance(value, list):
        return [safe_keys(item, issues) for item in value]
    return value


def has_unsafe_keys(value: Any) -> bool:
    """True when a dict key anywhere in `value` starts with "$" or holds "."."""
    if isinstance(value, dict):
        return any(str(k).startswith("$") or "." in str(k) or has_unsafe_keys(v) for k, v in value.items())
    if isinstance(value, list):
        return any(has_unsafe_keys(v) for v in value)
    return False


def storable_payload(raw: Any) -> Any:
    """A raw payload as it can be kept in MongoDB: as is, or, when its keys look like
    operators or paths (an update would refuse them) or it cannot be stored at all
    (store/storable.py), as its escaped JSON text (cut, with size and hash, when large)."""
    try:
        unsafe = has_unsafe_keys(raw)
    except RecursionError:
        unsafe = True
    return _storable(raw, unsafe_keys=unsafe)


def payload_from_storage(stored: Any) -> Any:
    """The payload `storable_payload` kept (its JSON text parsed back)."""
    if isinstance(stored, dict) and stored.get("json_text") and isinstance(stored.get("text"), str):
        try:
            return json.loads(stored["text"])
        except ValueError:
            return stored
    return stored


def _record_id(raw: dict) -> str:
    value = raw.get("_id", raw.get("id"))
    if isinstance(value, dict) and "$oid" in value:
        value = value["$oid"]
    if isinstance(value, (str, int)) and not isinstance(value, bool) and str(value).strip():
        return str(value).strip()
    return content_hash(raw)


# --- the record (pydantic models) -------------------------------------------------
# The product's record, validated by pydantic with "before" validators that do the
# tolerant conversions above. A value that cannot be understood raises a
# PydanticCustomError whose message is the quarantine reason; something usable
# but odd is noted in the `issues` list passed as validation context.

def _issues(info: ValidationInfo) -> list[str]:
    return (info.context or {}).setdefault("issues", []) if info.context is not None else []


def _score(value: Any, info: ValidationInfo) -> float | None:
    if value is None:
        return None
    score = to_number(value)
    if score is None:
        name = (info.context or {}).get("metric", "score")
        raise PydanticCustomError("not_a_number", "{name}.score is not a number ({value})",
                                  {"name": name, "value": repr(str(value)[:40])})
    if isinstance(value, (str, dict)):
        name = (info.context or {}).get("metric", "score")
        _issues(info).append(f"{name}.score given as {type(value).__name__} {str(value)[:20]!r}, read as {score:g}")
    return score


class LoggedMetric(BaseModel):
    """One entry of `evaluation` (score, threshold, passed, reason; anything else is kept)."""
    model_config = ConfigDict(extra="allow")

    score: Annotated[float | None, BeforeValidator(_score)] = None
    threshold: Annotated[float | None, BeforeValidator(lambda v: to_number(v))] = None
    passed: Annotated[bool | None, BeforeValidator(lambda v: to_bool(v))] = None
    reason: Annotated[str | None, BeforeValidator(lambda v: _text(v))] = None

    @model_validator(mode="before")
    @classmethod
    def _bare_number(cls, value: Any) -> Any:
        return value if isinstance(value, dict) else {"score": value}  # a bare number is the score


def _metric(name: str, value: Any, issues: list[str]) -> dict | None:
    """evaluation.<name> as stored: only the keys the product gave, score range-checked."""
    if value is None:
        return None
    context = {"issues": issues, "metric": name}
    metric = LoggedMetric.model_validate(value, context=context)
    given = set(value) if isinstance(value, dict) else {"score"}
    out: dict[str, Any] = {"score": metric.score}
    out.update({key: getattr(metric, key) for key in ("threshold", "passed", "reason") if key in given})
    if metric.score is None:
        issues.append(f"{name}: no score")
    elif not 0.0 <= metric.score <= 1.0:
        issues.append(f"{name}: score {metric.score:g} outside 0..1, not used")
        out["score"], out["score_out_of_range"] = None, metric.score
    out.update(metric.model_extra or {})  # keep whatever else the product logged
    return out


def _evaluation(value: Any, info: ValidationInfo) -> dict | None:
    if value is None:
        return None
    if not isinstance(value, dict):
        raise PydanticCustomError("structure", "unknown structure: evaluation is not an object")
    issues = _issues(info)
    evaluation: dict[str, Any] = {}
    for name in metrics.score_names():
        try:
            parsed = _metric(name, value.get(name), issues)
        except ValidationError as exc:  # surface the metric's own reason
            raise PydanticCustomError("metric", exc.errors()[0]["msg"]) from None
        if parsed is not None:
            evaluation[name] = parsed
    for key, extra in value.items():  # other metrics the product logs
        if key not in evaluation:
            evaluation[key] = extra
    return evaluation


def _query(value: Any) -> str:
    text = _text(value)
    if text is None or not text.strip():
        raise PydanticCustomError("missing", "missing query")
    return text


def _timestamp(value: Any, info: ValidationInfo) -> datetime:
    if value is None or value == "":
        raise PydanticCustomError("missing", "missing timestamp")
    try:
        return read_timestamp(value, _issues(info))
    except BadTimestamp as exc:
        raise PydanticCustomError("timestamp", "{reason}", {"reason": str(exc)}) from None


def _feature(value: Any, info: ValidationInfo) -> str:
    text = _text(value)
    if not text or not text.strip():
        _issues(info).append("missing feature")
        return UNKNOWN_FEATURE
    feature = text.strip().lower()
    if feature in SENTINELS:  # names that stand for all features, each feature, the default
        raise PydanticCustomError("feature", "feature name {name} is reserved", {"name": repr(feature[:40])})
    if feature == LINK_ALL:  # links say feature=all for every feature: a feature cannot be called that
        raise PydanticCustomError("feature", "feature name 'all' is reserved (links use it for all features)")
    if not FEATURE_NAME_RE.match(feature):  # every page link and filter can name it as it is
        raise PydanticCustomError("feature", "feature name {name} is not 1-64 of a-z, 0-9, '_' and '-' "
                                  "(starting with a letter or digit)", {"name": repr(feature[:40])})
    return feature


def _regeneration(value: Any, info: ValidationInfo) -> int | None:
    number = to_number(value) if value is not None else 0.0
    if number is None or number < 0:
        _issues(info).append(f"regeneration_attempts {str(value)[:20]!r} not a count, not used")
        return None
    if isinstance(value, str):
        _issues(info).append(f"regeneration_attempts given as text {value[:20]!r}")
    return int(number)


def _context_field(value: Any, info: ValidationInfo) -> list[str]:
    return _context(value, _issues(info))


def _answer(value: Any, info: ValidationInfo) -> str | None:
    text = _text(value)
    if text is None:
        _issues(info).append("missing answer")
    return text


OptionalText = Annotated[str | None, BeforeValidator(lambda v: _text(v))]


class LoggedRecord(BaseModel):
    """The record of reference 000 as the product logs it. Field order is check order:
    the first error (query, then timestamp, then evaluation) is the quarantine reason."""
    model_config = ConfigDict(extra="allow", populate_by_name=True)

    query: Annotated[str, BeforeValidator(_query)] = Field(default=None, validate_default=True)
    timestamp: Annotated[datetime, BeforeValidator(_timestamp)] = Field(default=None, validate_default=True)
    evaluation: Annotated[dict[str, Any] | None, BeforeValidator(_evaluation)] = None
    answer: Annotated[str | None, BeforeValidator(_answer)] = Field(default=None, validate_default=True)
    feature: Annotated[str, BeforeValidator(_feature)] = Field(default=None, validate_default=True)
    regeneration_attempts: Annotated[int | None, BeforeValidator(_regeneration)] = Field(
        default=None, validate_default=True)
    context: Annotated[list[str], BeforeValidator(_context_field)] = Field(default=None, validate_default=True)
    session_id: OptionalText = None
    expected_output: OptionalText = None
    ground_truth: OptionalText = None


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


def safe_reason(text: str) -> str:
    return safe_text(text, 300)


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
