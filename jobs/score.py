"""Batch scoring with the local evaluators (fast mode).

Picks records that wait for scores (`eb.needs_scoring: true`: BeyondChats
imports, records logged without scores) and records flagged for re-scoring
(`eb.rescore_requested: true`), a batch at a time, and scores them with
`evaluators.score_many`. The result always goes to `rescored.*` (with the
evaluator version); the product's `evaluation` is never touched. Records that
had no logged scores also take the new numbers as their effective `eb.scores`
(score_source "rescored", pass/fail against the feature's thresholds). Each
batch is written before the next is read, and a scored record no longer
matches the query, so an interrupted run resumes where it stopped. A record
whose scoring fails is retried, at most MAX_FAILURES times, then marked
`eb.scoring_gave_up` with its last error (shown on Data health).
The days of changed records are marked dirty so the next aggregate refresh
recomputes them.

One record never fails the batch: records are read so that no stored value can
fail the read (store.records.records_for_reading), a record whose fields cannot
be turned into scorer input, or that makes the scorer raise, counts as a failed
scoring of that record alone (the batch is retried item by item), and a batch
of updates the server refuses is written one by one.
"""
from __future__ import annotations

from datetime import datetime, timezone
from typing import Any, Callable

from pymongo import ASCENDING, UpdateOne
from pymongo.database import Database
from pymongo.errors import ConnectionFailure

from settings import get_settings
from store.aggregates import local_day
from store.collections import RECORDS
from store.records import records_for_reading
from store.schema import ALL_SCORES, effective_block, failing_update, safe_reason
from store.state import mark_dirty_days
from store.thresholds import get_thresholds

BATCH_SIZE = 32
MAX_ITEMS_PER_RUN = 2000
MAX_FAILURES = 3
# Two plain equality queries, each served by its sparse index: the embedded
# server's planner scans the whole collection for an $or (measured: 1.5 s at
# 35k records, on every tick). A record that fails MAX_FAILURES times loses
# its flags (and gets eb.scoring_gave_up), so it no longer matches.
PENDING_QUERIES = ({"eb.needs_scoring": True}, {"eb.rescore_requested": True})
PROJECTION = {"query": 1, "answer": 1, "context": 1, "expected_output": 1, "feature": 1, "timestamp": 1,
              "eb.scoring_failures": 1,
              "eb.score_source": 1, "eb.needs_scoring": 1}


def ensure_indexes(db: Database) -> None:
    from store.records import ensure_indexes as ensure_record_indexes
    ensure_record_indexes(db)  # includes the sparse eb.needs_scoring / eb.rescore_requested indexes
    from store.records import backfill_failing_at
    backfill_failing_at(db)  # once per database (records from before eb.failing_at)


def _pending(db: Database, n: int) -> list[dict]:
    """Up to `n` records waiting for scores, unscored ones first, each set in _id order."""
    docs: list[dict] = []
    seen: set = set()
    records = records_for_reading(db)
    for query in PENDING_QUERIES:
        if len(docs) >= n:
            break
        for doc in records.find(query, PROJECTION).sort("_id", ASCENDING).limit(n - len(docs)):
            if doc["_id"] not in seen:
                seen.add(doc["_id"])
                docs.append(doc)
    return docs


def _default_scorer(items: list[dict]) -> list[dict]:
    import evaluators

    return evaluators.score_many(items, mode="fast")


def _version() -> str:
    try:
        from evaluators import EVALUATOR_VERSION
        return str(EVALUATOR_VERSION)
    except Exception:  # noqa: BLE001
        return "unknown"


def _plain(value: Any) -> Any:
    """Only BSON-safe plain values (numpy floats and tuples from the evaluators)."""
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if value is None or isinstance(value, (str, bool, int, datetime)):
        return value
    try:
        return float(value)
    except (TypeError, ValueError):
        return str(value)


def _scorer_input(d: dict) -> dict:
    context = d.get("context")
    return {"id": d["_id"], "query": _str(d.get("query")), "answer": _str(d.get("answer")),
            "context": [c for c in context if isinstance(c, str)] if isinstance(context, list) else [],
            "expected_output": d.get("expected_output") if isinstance(d.get("expected_output"), str) else None,
            "feature": d.get("feature") if isinstance(d.get("feature"), str) else None}


def _str(value: Any) -> str:
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


def _write(db: Database, ops: list[tuple[Any, UpdateOne]]) -> None:
    """The batch's updates; when the server refuses the batch, one by one, and a record whose
    own update is refused gives up scoring with that error (so it leaves the queue)."""
    try:
        db[RECORDS].bulk_write([op for _id, op in ops], ordered=False)
        return
    except ConnectionFailure:
        raise
    except Exception:  # noqa: BLE001
        pass
    for record_id, op in ops:
        try:
            db[RECORDS].bulk_write([op])
        except ConnectionFailure:
            raise
        except Exception as exc:  # noqa: BLE001 - this record alone
            db[RECORDS].update_one({"_id": record_id}, {
                "$set": {"eb.scoring_gave_up": True,
                         "eb.scoring_error": f"result refused by the database: {exc.__class__.__name__}: {exc}"[:500]},
                "$unset": {"eb.needs_scoring": "", "eb.rescore_requested": ""}})


def _update_for(doc: dict, result: dict | None, thresholds, version: str, at: datetime, tz: str):
    """(update, scored?, local day to mark dirty or None) for one record and its scorer result."""
    result = result or {"error": "no result from the scorer"}
    if result.get("error") or not isinstance(result.get("evaluation"), dict):
        update: dict[str, Any] = {"$inc": {"eb.scoring_failures": 1},
                                  "$set": {"eb.scoring_error": str(result.get("error"))[:500]}}
        if int((doc.get("eb") or {}).get("scoring_failures") or 0) + 1 >= MAX_FAILURES:
            update["$set"]["eb.scoring_gave_up"] = True
            update["$unset"] = {"eb.needs_scoring": "", "eb.rescore_requested": ""}
        return update, False, None
    rescored = {"evaluation": _plain(result["evaluation"]),
                "hallucination_score": _plain(result.get("hallucination_score")),
                "details": _plain(result.get("details") or {}), "evaluator_version": version,
                "mode": result.get("mode"), "at": at, "by": "batch-scoring"}
    update = {"$set": {"rescored": rescored}, "$unset": {"eb.rescore_requested": "", "eb.scoring_error": ""}}
    eb = doc.get("eb") or {}
    day = None
    if eb.get("score_source") != "logged":
        scores = {m: (rescored["evaluation"].get(m) or {}).get("score") for m in ALL_SCORES}
        feature = doc.get("feature") if isinstance(doc.get("feature"), str) else None
        block = effective_block(scores, feature or "unknown", thresholds, "rescored")
        update["$set"].update({f"eb.{k}": v for k, v in block.items()})
        marker = failing_update(block["passed"], doc.get("timestamp"))
        update["$set"].update(marker.get("$set", {}))
        update["$unset"].update(marker.get("$unset", {}))
        update["$set"]["eb.changed_at"] = at
        update["$unset"]["eb.needs_scoring"] = ""
        if isinstance(doc.get("timestamp"), datetime):
            day = local_day(doc["timestamp"], tz).isoformat()
    elif eb.get("needs_scoring"):
        update["$unset"]["eb.needs_scoring"] = ""
    return update, True, day


def score_pending(db: Database, now: datetime | None = None, *, batch_size: int = BATCH_SIZE,
                  max_items: int = MAX_ITEMS_PER_RUN, scorer: Callable[[list[dict]], list[dict]] | None = None
                  ) -> dict:
    ensure_indexes(db)
    scorer = scorer or _default_scorer
    tz = get_settings().timezone or "UTC"
    thresholds = get_thresholds(db)
    version = _version()
    scored = failed = 0
    while scored + failed < max_items:
        docs = _pending(db, batch_size)
        if not docs:
            break
        items, unreadable = [], {}
        for d in docs:
            try:
                items.append(_scorer_input(d))
            except Exception as exc:  # noqa: BLE001 - this record alone
                unreadable[d["_id"]] = {"id": d["_id"], "error": f"unreadable record: {exc.__class__.__name__}: {exc}"}
        results = {**_score_isolated(scorer, items), **unreadable}
        at = now or datetime.now(timezone.utc)
        ops, days = [], set()
        for doc in docs:
            try:
                update, ok, day = _update_for(doc, results.get(doc["_id"]), thresholds, version, at, tz)
            except Exception as exc:  # noqa: BLE001 - this record alone; it gives up rather than loop
                update, ok, day = {"$set": {"eb.scoring_gave_up": True, "eb.scoring_error": safe_reason(
                    f"unreadable record: {exc.__class__.__name__}: {exc}")},
                    "$unset": {"eb.needs_scoring": "", "eb.rescore_requested": ""}}, False, None
            ops.append((doc["_id"], UpdateOne({"_id": doc["_id"]}, update)))
            scored, failed = scored + ok, failed + (not ok)
            if day:
                days.add(day)
        mark_dirty_days(db, days)  # before the write: a crash in between costs a recompute, not a miss
        _write(db, ops)
    left = any(db[RECORDS].find_one(q, {"_id": 1}) for q in PENDING_QUERIES)
    return {"scored": scored, "failed": failed, "more_waiting": bool(left), "evaluator_version": version}
