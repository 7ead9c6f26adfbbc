"""Export a triage slice as CSV (for people) or JSONL (a regression dataset).

JSONL lines are reference-000 records (`_id`, `session_id`, `query`, `answer`,
`context`, `evaluation`, `regeneration_attempts`, ISO `timestamp`, `feature`,
plus `expected_output` when present), so `python -m jobs ingest FILE` re-imports
them (as duplicates into the same database: the `_id`s are kept). CSV cells that
a spreadsheet would run as a formula are prefixed with a quote.
"""
from __future__ import annotations

import csv
import io
import json
from datetime import datetime
from typing import Any, Iterable, Mapping

from core import metrics


def csv_columns() -> list[str]:
    """The CSV header: record fields, every score of the catalog, verdict and triage fields."""
    return ["_id", "timestamp", "feature", "session_id", "query", "answer", *metrics.score_names(), "passed",
            "failed_metrics", "regeneration_attempts", "issues", "triage_status", "assignee", "tags"]


def _iso(value: Any) -> Any:
    return value.isoformat().replace("+00:00", "Z") if isinstance(value, datetime) else value


def _jsonable(value: Any) -> Any:
    if isinstance(value, dict):
        return {str(k): _jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_jsonable(v) for v in value]
    if isinstance(value, datetime):
        return _iso(value)
    if value is None or isinstance(value, (str, int, float, bool)):
        return value
    return str(value)


def regression_item(doc: Mapping) -> dict:
    """One record in the reference-000 shape."""
    out = {
        "_id": str(doc.get("_id")),
        "session_id": doc.get("session_id"),
        "query": doc.get("query"),
        "answer": doc.get("answer"),
        "context": list(doc.get("context") or []),
        "evaluation": _jsonable(doc.get("evaluation") or {}),
        "regeneration_attempts": doc.get("regeneration_attempts"),
        "timestamp": _iso(doc.get("timestamp")),
        "feature": doc.get("feature"),
    }
    if doc.get("expected_output"):
        out["expected_output"] = doc.get("expected_output")
    return out


def to_jsonl(docs: Iterable[Mapping]) -> str:
    return "".join(json.dumps(regression_item(d), ensure_ascii=False) + "\n" for d in docs)


def _cell(value: Any) -> Any:
    if isinstance(value, str) and value[:1] in ("=", "+", "-", "@", "\t", "\r"):
        return "'" + value
    return value


def csv_row(doc: Mapping) -> dict:
    eb = doc.get("eb") if isinstance(doc.get("eb"), Mapping) else {}
    scores = eb.get("scores") if isinstance(eb.get("scores"), Mapping) else {}
    triage = doc.get("triage") if isinstance(doc.get("triage"), Mapping) else {}
    row = {
        "_id": doc.get("_id"), "timestamp": _iso(doc.get("timestamp")), "feature": doc.get("feature"),
        "session_id": doc.get("session_id"), "query": doc.get("query"), "answer": doc.get("answer"),
        **{m: scores.get(m) for m in metrics.score_names()},
        "passed": eb.get("passed"),
        "failed_metrics": ";".join(eb.get("failed_metrics") or []),
        "regeneration_attempts": doc.get("regeneration_attempts"),
        "issues": ";".join(str(i) for i in eb.get("issues") or []),
        "triage_status": triage.get("status") or "new",
        "assignee": triage.get("assignee"),
        "tags": ";".join(str(t) for t in triage.get("tags") or []),
    }
    return {k: _cell(v) for k, v in row.items()}


def to_csv(docs: Iterable[Mapping]) -> str:
    buffer = io.StringIO()
    writer = csv.DictWriter(buffer, fieldnames=csv_columns(), extrasaction="ignore")
    writer.writeheader()
    for doc in docs:
        writer.writerow(csv_row(doc))
    return buffer.getvalue()
