"""Batch scoring with the local evaluators (fast mode).

Picks records that wait for scores (`eb.needs_scoring: true`: BeyondChats
imports, records logged without scores) and records flagged for re-scoring
(`eb.rescore_requested: true`), a batch at a time, scores them with
`evaluators.score_many` and writes the results with the one score writer
(store/scores.py: `rescored.*`, and the effective `eb.scores` of records logged
without scores). Each batch is written before the next is read, and a scored
record no longer matches the query, so an interrupted run resumes where it
stopped. A record whose scoring fails is retried, at most MAX_FAILURES times,
then marked `eb.scoring_gave_up` with its last error (shown on Data health).

One record never fails the batch: records are read so that no stored value can
fail the read (store.records.records_for_reading), a record whose fields are not
text gives the scorer empty text, a record that makes the scorer raise is
charged a failure of its own (the batch is retried item by item; when every
item fails alone the scorer itself is broken and the run fails instead), and
an update the server refuses is written alone (store/scores.py).
"""
from __future__ import annotations

from datetime import datetime
from typing import Any, Callable

from pymongo.database import Database

from core.modes import FAST
from store.scores import any_pending, pending_for_scoring, write_score_results
from store.thresholds import get_thresholds

BATCH_SIZE = 32
MAX_ITEMS_PER_RUN = 2000
BY = "batch-scoring"


def _default_scorer(items: list[dict]) -> list[dict]:
    import evaluators

    return evaluators.score_many(items, mode=FAST)


def _version() -> str:
    try:
        from evaluators import EVALUATOR_VERSION
        return str(EVALUATOR_VERSION)
    except Exception:  # noqa: BLE001
        return "unknown"


def scoring_item(doc: dict) -> dict:
    """The evaluator input for one stored record (whatever a directly written record holds)."""
    context = doc.get("context")
    return {"id": doc["_id"], "query": _text(doc.get("query")), "answer": _text(doc.get("answer")),
            "context": [c for c in context if isinstance(c, str)] if isinstance(context, list) else [],
            "expected_output": doc.get("expected_output") if isinstance(doc.get("expected_output"), str) else None,
            "feature": doc.get("feature") if isinstance(doc.get("feature"), str) else None}


def _text(value: Any) -> str:
    return value if isinstance(value, str) else ""


def _score_isolated(scorer: Callable[[list[dict]], list[dict]], items: list[dict]) -> dict:
    """{id: result}. When the batch makes the scorer raise, each item is scored alone, so only
    the items that fail get an error; when every item fails alone too, the scorer itself is
    broken (no model, a power cut), not the records: that error is raised and no record is
    charged a failure."""
    if not items:
        return {}
    try:
        return {r.get("id"): r for r in scorer(items)}
    except Exception as exc:  # noqa: BLE001 - find the item(s) that fail
        if len(items) == 1:
            return {items[0]["id"]: {"id": items[0]["id"], "error": f"{exc.__class__.__name__}: {exc}"[:500]}}
        batch_error = exc
    results, errors = {}, 0
    for item in items:
        try:
            results.update({r.get("id"): r for r in scorer([item])})
        except Exception as exc:  # noqa: BLE001 - this item alone
            errors += 1
            results[item["id"]] = {"id": item["id"], "error": f"{exc.__class__.__name__}: {exc}"[:500]}
    if errors == len(items):
        raise batch_error
    return results


def score_pending(db: Database, now: datetime | None = None, *, batch_size: int = BATCH_SIZE,
                  max_items: int = MAX_ITEMS_PER_RUN, scorer: Callable[[list[dict]], list[dict]] | None = None
                  ) -> dict:
    scorer = scorer or _default_scorer
    thresholds = get_thresholds(db)
    version = _version()
    scored = failed = 0
    while scored + failed < max_items:
        docs = pending_for_scoring(db, batch_size)
        if not docs:
            break
        results = _score_isolated(scorer, [scoring_item(d) for d in docs])
        counts = write_score_results(db, docs, results, by=BY, evaluator_version=version, thresholds=thresholds,
                                     now=now)
        scored += counts["scored"]
        failed += counts["failed"]
    return {"scored": scored, "failed": failed, "more_waiting": any_pending(db), "evaluator_version": version}
