"""The logged evaluation record (reference 000 "Score Logging"), parsed tolerantly.

`parse_record(raw)` turns one raw payload into either a `ParsedRecord` (the
document to store) or a `Rejection` (why it cannot be understood). Real logs are
messy, so:
- numbers given as strings are converted ("0.91" -> 0.91);
- timestamps may be ISO strings, extended JSON (`{"$date": ...}`), epoch seconds
  or milliseconds, or datetimes; naive ones are taken as UTC;
- a score outside 0..1 is kept out of the numbers (None) and noted in `eb.issues`
  rather than guessed at; unknown features are kept as they are;
- no query, no/unparseable timestamp, a score that is not a number, or an
  `evaluation` that is not an object -> rejected with a reason.

Evalboard's own fields live under `eb` (and `triage`, `rescored`, `ingested_at`,
`source`); the product's fields are stored as parsed and never rewritten later.
"""
from __future__ import annotations

import hashlib
import json
import math
from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import Any

from dateutil import parser as dateparser

METRICS = ("faithfulness", "answer_relevancy", "contextual_precision", "contextual_recall")
ALL_SCORES = METRICS + ("overall_quality",)
OVERALL_WEIGHTS = {
    "faithfulness": 0.35, "answer_relevancy": 0.30,
    "contextual_precision": 0.20, "contextual_recall": 0.15,
}
UNKNOWN_FEATURE = "unknown"


@dataclass
class Rejection:
    reason: str


@dataclass
class ParsedRecord:
    doc: dict[str, Any]
    issues: list[str] = field(default_factory=list)


def canonical_json(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), default=str, ensure_ascii=False)


def content_hash(value: Any, prefix: str = "h_") -> str:
    return prefix + hashlib.sha256(canonical_json(value).encode()).hexdigest()[:32]


# --- field parsers ---------------------------------------------------------------

def parse_timestamp(value: Any) -> datetime | None:
    """Return an aware UTC datetime, or None when the value is not a timestamp."""
    if isinstance(value, dict):
        if "$date" in value:
            return parse_timestamp(value["$date"])
        if "$numberLong" in value:
            return parse_timestamp(to_number(value["$numberLong"]))
        return None
    if isinstance(value, bool) or value is None:
        return None
    if isinstance(value, datetime):
        dt = value
    elif isinstance(value, (int, float)):
        if not math.isfinite(value):
            return None
        seconds = value / 1000.0 if abs(value) > 1e11 else float(value)  # ms vs s
        try:
            return datetime.fromtimestamp(seconds, tz=timezone.utc)
        except (OverflowError, OSError, ValueError):
            return None
    elif isinstance(value, str):
        text = value.strip()
        if not text:
            return None
        number = to_number(text)
        if number is not None:
            return parse_timestamp(number)
        try:
            dt = dateparser.isoparse(text)
        except (ValueError, OverflowError):
            try:
                dt = dateparser.parse(text)
            except (ValueError, OverflowError, TypeError):
                return None
    else:
        return None
    if dt.tzinfo is None:
        dt = dt.replace(tzinfo=timezone.utc)
    dt = dt.astimezone(timezone.utc)
    # BSON dates keep milliseconds only; truncate so re-reads compare equal.
    return dt.replace(microsecond=(dt.microsecond // 1000) * 1000)


def to_number(value: Any) -> float | None:
    """A float from a number or a numeric string; None for anything else."""
    if isinstance(value, bool):
        return None
    if isinstance(value, (int, float)):
        return float(value) if math.isfinite(value) else None
    if isinstance(value, dict):  # extended JSON numbers
        for key in ("$numberDouble", "$numberInt", "$numberLong", "$numberDecimal"):
            if key in value:
                return to_number(value[key])
        return None
    if isinstance(value, str):
        text = value.strip().rstrip("%") if value.strip().endswith("%") else value.strip()
        try:
            number = float(text)
        except ValueError:
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


def _record_id(raw: dict) -> str:
    value = raw.get("_id", raw.get("id"))
    if isinstance(value, dict) and "$oid" in value:
        value = value["$oid"]
    if isinstance(value, (str, int)) and not isinstance(value, bool) and str(value).strip():
        return str(value).strip()
    return content_hash(raw)


# --- the record ---------------------------------------------------------------

def _metric(name: str, value: Any, issues: list[str]) -> tuple[dict | None, str | None]:
    """Parse evaluation.<name>; returns (parsed, rejection reason)."""
    if value is None:
        return None, None
    if not isinstance(value, dict):  # a bare number is accepted as the score
        value = {"score": value}
    out: dict[str, Any] = {}
    raw_score = value.get("score")
    if raw_score is None:
        out["score"] = None
        issues.append(f"{name}: no score")
    else:
        score = to_number(raw_score)
        if score is None:
            return None, f"{name}.score is not a number ({str(raw_score)[:40]!r})"
        if not 0.0 <= score <= 1.0:
            issues.append(f"{name}: score {score:g} outside 0..1, not used")
            out["score"] = None
            out["score_out_of_range"] = score
        else:
            out["score"] = score
    if "threshold" in value:
        out["threshold"] = to_number(value.get("threshold"))
    if "passed" in value:
        out["passed"] = to_bool(value.get("passed"))
    if "reason" in value:
        out["reason"] = _text(value.get("reason"))
    for key, extra in value.items():  # keep whatever else the product logged
        if key not in out and key not in ("score", "threshold", "passed", "reason"):
            out[key] = extra
    return out, None


def overall_from(scores: dict[str, float | None]) -> float | None:
    """Weighted overall quality, re-normalised over the metrics that are present."""
    present = {m: s for m, s in scores.items() if m in OVERALL_WEIGHTS and s is not None}
    if not present:
        return None
    total = sum(OVERALL_WEIGHTS[m] for m in present)
    return sum(OVERALL_WEIGHTS[m] * s for m, s in present.items()) / total


def pass_fail(feature: str, scores: dict[str, float | None], thresholds: dict[str, dict[str, float]]):
    """(passed, failed_metrics) against the feature's thresholds; passed is None without scores."""
    limits = thresholds.get(feature) or thresholds.get("default") or {}
    failed = [m for m in ALL_SCORES if scores.get(m) is not None and m in limits and scores[m] < limits[m]]
    if all(scores.get(m) is None for m in ALL_SCORES):
        return None, []
    return (not failed), failed


def effective_block(scores: dict[str, float | None], feature: str, thresholds, source: str) -> dict:
    """The `eb.*` score fields written at ingest or by (re)scoring."""
    passed, failed = pass_fail(feature, scores, thresholds)
    return {
        "scores": {m: scores.get(m) for m in ALL_SCORES},
        "score_source": source,
        "passed": passed,
        "failed_metrics": failed,
    }


def parse_record(raw: Any, thresholds: dict[str, dict[str, float]], *, source: str = "",
                 now: datetime | None = None) -> ParsedRecord | Rejection:
    if not isinstance(raw, dict):
        return Rejection(f"unknown structure: expected a JSON object, got {type(raw).__name__}")
    issues: list[str] = []
    query = _text(raw.get("query"))
    if query is None or not query.strip():
        return Rejection("missing query")
    if "timestamp" not in raw or raw.get("timestamp") in (None, ""):
        return Rejection("missing timestamp")
    timestamp = parse_timestamp(raw.get("timestamp"))
    if timestamp is None:
        return Rejection(f"unparseable timestamp ({str(raw.get('timestamp'))[:40]!r})")

    evaluation_raw = raw.get("evaluation")
    evaluation: dict[str, Any] | None = None
    if evaluation_raw is not None:
        if not isinstance(evaluation_raw, dict):
            return Rejection("unknown structure: evaluation is not an object")
        evaluation = {}
        for name in ALL_SCORES:
            parsed, reason = _metric(name, evaluation_raw.get(name), issues)
            if reason:
                return Rejection(reason)
            if parsed is not None:
                evaluation[name] = parsed
        for key, extra in evaluation_raw.items():  # other metrics the product logs
            if key not in evaluation:
                evaluation[key] = extra

    answer = _text(raw.get("answer"))
    if answer is None:
        issues.append("missing answer")
    feature_raw = _text(raw.get("feature"))
    feature = feature_raw.strip().lower() if feature_raw and feature_raw.strip() else UNKNOWN_FEATURE
    if feature == UNKNOWN_FEATURE:
        issues.append("missing feature")

    regen = raw.get("regeneration_attempts")
    regen_n = to_number(regen) if regen is not None else 0.0
    if regen_n is None or regen_n < 0:
        issues.append(f"regeneration_attempts {str(regen)[:20]!r} not a count, not used")
        regen_value = None
    else:
        regen_value = int(regen_n)

    doc: dict[str, Any] = {
        "_id": _record_id(raw),
        "session_id": _text(raw.get("session_id")),
        "query": query,
        "answer": answer,
        "context": _context(raw.get("context"), issues),
        "regeneration_attempts": regen_value,
        "timestamp": timestamp,
        "feature": feature,
    }
    if evaluation is not None:
        doc["evaluation"] = evaluation
    for key in ("expected_output", "ground_truth"):
        if _text(raw.get(key)):
            doc["expected_output"] = _text(raw.get(key))
    for key, extra in raw.items():  # keep product fields we do not know, minus ours
        if key not in doc and key not in ("id", "evaluation", "expected_output", "ground_truth", "eb",
                                          "triage", "rescored", "ingested_at", "source"):
            doc[key] = extra

    scores = {m: (evaluation or {}).get(m, {}).get("score") for m in ALL_SCORES}
    if scores["overall_quality"] is None and any(scores[m] is not None for m in METRICS):
        scores["overall_quality"] = overall_from(scores)
    if any(scores[m] is not None for m in ALL_SCORES):
        eb = effective_block(scores, feature, thresholds, "logged")
    else:
        eb = {"scores": {m: None for m in ALL_SCORES}, "score_source": None, "passed": None,
              "failed_metrics": []}
        if answer is not None:  # present only when true: the sparse index stays small
            eb["needs_scoring"] = True
        issues.append("no scores logged")
    eb["issues"] = issues
    doc["eb"] = eb
    doc["source"] = source
    doc["ingested_at"] = now or datetime.now(timezone.utc)
    return ParsedRecord(doc=doc, issues=issues)
