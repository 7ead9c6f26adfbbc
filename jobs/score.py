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
"""
from __future__ import annotations

from datetime import datetime
from typing import Callable

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
    """The evaluator input for one stored record."""
    return {"id": doc["_id"], "query": doc.get("query") or "", "answer": doc.get("answer") or "",
            "context": [c for c in doc.get("context") or [] if isinstance(c, str)],
            "expected_output": doc.get("expected_output") if isinstance(doc.get("expected_output"), str) else None,
            "feature": doc.get("feature")}


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
        results = {r.get("id"): r for r in scorer([scoring_item(d) for d in docs])}
        counts = write_score_results(db, docs, results, by=BY, evaluator_version=version, thresholds=thresholds,
                                     now=now)
        scored += counts["scored"]
        failed += counts["failed"]
    return {"scored": scored, "failed": failed, "more_waiting": any_pending(db), "evaluator_version": version}
