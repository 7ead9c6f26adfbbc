"""Export a triage slice as CSV (for people) or JSONL (a regression dataset).

JSONL lines are reference-000 records (`_id`, `session_id`, `query`, `answer`,
`context`, `evaluation`, `regeneration_attempts`, ISO `timestamp`, `feature`,
plus `expected_output`, `release`, `model`, `prompt_version`, `tags` and the
`triage` fields (status, assignee, tags, notes) when present), in the Triage
table's order, so `python -m jobs ingest FILE` re-imports them as the same
records (as duplicates into the same database: the `_id`s are kept). CSV rows come in
the Triage table's order and carry what a reviewer reads: the retrieved context,
each metric's effective score and reason, the re-score next to the logged overall
score, and the triage fields with every note. CSV cells that a spreadsheet would
run as a formula are prefixed with a quote.
"""
from __future__ import annotations

import csv
import io
import json
from datetime import datetime
from typing import Any, Iterable, Mapping

from core import metrics, versions


CHUNK_SEPARATOR = "\n---\n"


def csv_columns() -> list[str]:
    """The CSV header: record fields, context, every score of the catalog with its reason,
    the verdict, the re-score, and the triage fields with the notes."""
    return ["_id", "timestamp", "feature", "source", "session_id", "query", "answer", "context",
            *metrics.score_names(), *(f"{m}_reason" for m in metrics.names()), "score_source",
            "rescored_overall", "passed", "failed_metrics", "regeneration_attempts", "issues",
            "triage_status", "assignee", "tags", "notes"]


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


def _evaluation(doc: Mapping) -> dict:
    """The scores as logged; for a record logged without them, Evalboard's own (the re-score that gave it its
    effective scores), so that a re-import carries the same scores (issue 34: never an empty evaluation)."""
    logged = doc.get("evaluation")
    if isinstance(logged, Mapping) and logged:
        return _jsonable(logged)
    rescored = _block(_block(doc.get("rescored")).get("evaluation"))
    known = {*metrics.names(), *metrics.score_names()}
    return {str(m): _jsonable(v) for m, v in rescored.items() if m in known and isinstance(v, Mapping)}


TRIAGE_FIELDS = ("status", "assignee", "tags", "notes")


def regression_item(doc: Mapping) -> dict:
    """One record in the reference-000 shape, with its versions (release, model, prompt_version, tags) and
    triage fields (status, assignee, tags, notes): a re-import gives back the same record."""
    out = {
        "_id": str(doc.get("_id")),
        "session_id": doc.get("session_id"),
        "query": doc.get("query"),
        "answer": doc.get("answer"),
        "context": list(doc.get("context") or []),
        "evaluation": _evaluation(doc),
        "regeneration_attempts": doc.get("regeneration_attempts"),
        "timestamp": _iso(doc.get("timestamp")),
        "feature": doc.get("feature"),
    }
    for key in (*versions.DIMENSIONS, "tags"):
        if doc.get(key) not in (None, "", {}):
            out[key] = _jsonable(doc[key])
    if doc.get("expected_output"):
        out["expected_output"] = doc.get("expected_output")
    triage = _block(doc.get("triage"))
    kept = {k: _jsonable(triage[k]) for k in TRIAGE_FIELDS if triage.get(k) not in (None, "", [])}
    if kept:
        out["triage"] = {**kept, "notes": [{k: n.get(k) for k in ("text", "by", "at")} for n in kept["notes"]
                                           if isinstance(n, dict)]} if "notes" in kept else kept
    return out


def to_jsonl(docs: Iterable[Mapping]) -> str:
    return "".join(json.dumps(regression_item(d), ensure_ascii=False) + "\n" for d in docs)


def _cell(value: Any) -> Any:
    if isinstance(value, str) and value[:1] in ("=", "+", "-", "@", "\t", "\r"):
        return "'" + value
    return value


def _block(value: Any) -> Mapping:
    return value if isinstance(value, Mapping) else {}


def _reason(doc: Mapping, metric: str) -> Any:
    """The reason behind the effective score: the logged one, else the re-score's."""
    for evaluation in (_block(doc.get("evaluation")), _block(_block(doc.get("rescored")).get("evaluation"))):
        reason = _block(evaluation.get(metric)).get("reason")
        if reason:
            return str(reason)
    return None


def _notes(triage: Mapping) -> str:
    notes = triage.get("notes") if isinstance(triage.get("notes"), list) else []
    return "\n".join(f"[{_iso(_block(n).get('at'))} {_block(n).get('by')}] {_block(n).get('text')}"
                     for n in notes if isinstance(n, Mapping))


def csv_row(doc: Mapping) -> dict:
    eb = doc.get("eb") if isinstance(doc.get("eb"), Mapping) else {}
    scores = eb.get("scores") if isinstance(eb.get("scores"), Mapping) else {}
    triage = doc.get("triage") if isinstance(doc.get("triage"), Mapping) else {}
    context = doc.get("context") if isinstance(doc.get("context"), list) else []
    rescored = _block(_block(_block(doc.get("rescored")).get("evaluation")).get(metrics.OVERALL)).get("score")
    row = {
        "_id": doc.get("_id"), "timestamp": _iso(doc.get("timestamp")), "feature": doc.get("feature"),
        "source": doc.get("source"), "session_id": doc.get("session_id"), "query": doc.get("query"),
        "answer": doc.get("answer"), "context": CHUNK_SEPARATOR.join(str(c) for c in context),
        **{m: scores.get(m) for m in metrics.score_names()},
        **{f"{m}_reason": _reason(doc, m) for m in metrics.names()},
        "score_source": eb.get("score_source"), "rescored_overall": rescored,
        "passed": eb.get("passed"),
        "failed_metrics": ";".join(eb.get("failed_metrics") or []),
        "regeneration_attempts": doc.get("regeneration_attempts"),
        "issues": ";".join(str(i) for i in eb.get("issues") or []),
        "triage_status": triage.get("status") or "new",
        "assignee": triage.get("assignee"),
        "tags": ";".join(str(t) for t in triage.get("tags") or []),
        "notes": _notes(triage),
    }
    return {k: _cell(v) for k, v in row.items()}


def to_csv(docs: Iterable[Mapping]) -> str:
    buffer = io.StringIO()
    writer = csv.DictWriter(buffer, fieldnames=csv_columns(), extrasaction="ignore")
    writer.writeheader()
    for doc in docs:
        writer.writerow(csv_row(doc))
    return buffer.getvalue()
