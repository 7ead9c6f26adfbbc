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
from core.record_doc import RecordDoc, TriageDoc
from core.score_details import entries
from core.score_results import MetricEntry


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


def _evaluation(doc: RecordDoc) -> dict:
    """The scores as logged; for a record logged without them, Evalboard's own (the re-score that gave it its
    effective scores), so that a re-import carries the same scores (issue 34: never an empty evaluation)."""
    if doc.evaluation:
        return _jsonable(doc.evaluation)
    rescored = doc.rescore.evaluation_doc() if doc.rescore is not None else {}
    known = {*metrics.names(), *metrics.score_names()}
    return {str(m): _jsonable(v) for m, v in rescored.items() if m in known}


def _triage(triage: TriageDoc) -> dict:
    """The triage fields that are set (status, assignee, tags, notes with their text, author and time)."""
    out = {k: _jsonable(getattr(triage, k)) for k in ("status", "assignee", "tags") if getattr(triage, k) not in (None, "", [])}
    if triage.notes:
        out["notes"] = [{k: _jsonable(getattr(n, k)) for k in ("text", "by", "at")} for n in triage.notes]
    return out


def regression_item(doc: Mapping | RecordDoc) -> dict:
    """One record in the reference-000 shape, with its versions (release, model, prompt_version, tags) and
    triage fields (status, assignee, tags, notes): a re-import gives back the same record."""
    doc = RecordDoc.read(doc)
    out = {
        "_id": str(doc.id),
        "session_id": doc.session_id,
        "query": doc.query,
        "answer": doc.answer,
        "context": list(doc.context or []),
        "evaluation": _evaluation(doc),
        "regeneration_attempts": doc.regeneration_attempts,
        "timestamp": _iso(doc.timestamp),
        "feature": doc.feature,
    }
    for key in (*versions.DIMENSIONS, "tags"):
        value = getattr(doc, key)
        if value not in (None, "", {}):
            out[key] = _jsonable(value)
    if doc.expected_output:
        out["expected_output"] = doc.expected_output
    triage = _triage(doc.triage)
    if triage:
        out["triage"] = triage
    return out


def to_jsonl(docs: Iterable[Mapping | RecordDoc]) -> str:
    return "".join(json.dumps(regression_item(d), ensure_ascii=False) + "\n" for d in docs)


def _cell(value: Any) -> Any:
    if isinstance(value, str) and value[:1] in ("=", "+", "-", "@", "\t", "\r"):
        return "'" + value
    return value


def _reason(doc: RecordDoc, logged: dict[str, MetricEntry], metric: str) -> Any:
    """The reason behind the effective score: the logged one (`logged`: its entries), else the re-score's."""
    entry = logged[metric] if metric in logged else None
    if entry is None or not entry.reason:  # the re-score is read only when the logged entry gives no reason
        entry = doc.rescore.entry(metric) if doc.rescore is not None else None
    return str(entry.reason) if entry is not None and entry.reason else None


def _notes(triage: TriageDoc) -> str:
    return "\n".join(f"[{_iso(n.at)} {n.by}] {n.text}" for n in triage.notes)


def csv_row(doc: Mapping | RecordDoc) -> dict:
    doc = RecordDoc.read(doc)
    eb, triage = doc.eb, doc.triage
    context = doc.context if isinstance(doc.context, list) else []
    overall = doc.rescore.entry(metrics.OVERALL) if doc.rescore is not None else None
    logged = entries(doc.evaluation)
    row = {
        "_id": doc.id, "timestamp": _iso(doc.timestamp), "feature": doc.feature,
        "source": doc.source, "session_id": doc.session_id, "query": doc.query,
        "answer": doc.answer, "context": CHUNK_SEPARATOR.join(str(c) for c in context),
        **{m: eb.scores[m] if m in eb.scores else None for m in metrics.score_names()},
        **{f"{m}_reason": _reason(doc, logged, m) for m in metrics.names()},
        "score_source": eb.score_source, "rescored_overall": None if overall is None else overall.score,
        "passed": eb.passed,
        "failed_metrics": ";".join(eb.failed_metrics),
        "regeneration_attempts": doc.regeneration_attempts,
        "issues": ";".join(str(i) for i in eb.issues),
        "triage_status": triage.status or "new",
        "assignee": triage.assignee,
        "tags": ";".join(str(t) for t in triage.tags),
        "notes": _notes(triage),
    }
    return {k: _cell(v) for k, v in row.items()}


def to_csv(docs: Iterable[Mapping | RecordDoc]) -> str:
    buffer = io.StringIO()
    writer = csv.DictWriter(buffer, fieldnames=csv_columns(), extrasaction="ignore")
    writer.writeheader()
    for doc in docs:
        writer.writerow(csv_row(doc))
    return buffer.getvalue()
