"""The one writer of score results: batch scoring and the Re-score button both write through here.

Document shape (docs/contracts.md, "rescored"): the scorer's result is kept under
`rescored` = {evaluation, verdict, hallucination_score, details, retrieval,
extra_metrics, judge_usage, evaluator_version, mode, at, by}; the product's
`evaluation` is never touched. A record logged without scores (score_source not
"logged") also takes the new numbers as its effective `eb.scores`, its verdict
(core.verdict) and failing marker. A successful result always clears
`eb.needs_scoring`, `eb.rescore_requested` and the last scoring error; the day of
a record whose effective scores changed is marked dirty for the aggregates
before the write (a crash in between costs a recompute, not a miss). Every write
adds 1 to `eb.score_writes` (how many results a record has received).

Claims (many score workers): a worker claims a batch with one update per pending
query (`eb.claim = {token, until, by}` on records whose claim is missing or
expired), reads back what it won by its token, scores it, and writes with
`claim=token`: each write matches only while the record still carries that
token and clears it, so a worker whose claim expired and was taken again
writes nothing (`lost`), and a record gets one result per claim.
"""
from __future__ import annotations

import json
import random
from contextlib import nullcontext
from datetime import datetime, timedelta, timezone
from typing import Any, Iterable, Mapping

from pymongo import ASCENDING, UpdateOne
from pymongo.database import Database
from pymongo.errors import ConnectionFailure

from core import metrics
from core.features import UNKNOWN_FEATURE
from core.score_results import ScoreResult
from core.timebuckets import local_day
from core.verdict import limits_for, metric_passed
from store.collections import RECORDS
from store.errors import ValidationFailed
from store.schema import effective_block, failing_update
from store.inflight import write_in_flight
from store.state import mark_dirty_days

MAX_FAILURES = 3
MAX_CLAIMS = 3  # a record whose scoring outlasted this many claims leaves the queue (never scored on and on)
# Two plain equality queries, each served by its sparse index: the embedded
# server's planner scans the whole collection for an $or.
PENDING_QUERIES = ({"eb.needs_scoring": True}, {"eb.rescore_requested": True})
# A sample score replaces only nothing or an earlier sample score, never a person's Re-score
# (checked in the write itself, so a Re-score saved meanwhile wins). Two plain filters tried in
# turn, not one $or: with an $or beside the _id the embedded server reads the whole collection for
# every update (measured: 25 ms per update at 3k records, 246 ms at 30k; 0.4 ms without).
SAMPLE_MAY_REPLACE = ({"rescored": {"$exists": False}}, {"rescored.sample": {"$exists": True}})
SCORING_PROJECTION = {"query": 1, "answer": 1, "context": 1, "expected_output": 1, "feature": 1, "timestamp": 1,
                      "eb.scoring_failures": 1, "eb.score_source": 1, "eb.needs_scoring": 1}


def plain(value: Any) -> Any:
    """JSON-able plain values: numpy scalars and the like become floats, tuples lists, else strings."""
    def default(obj):
        try:
            return float(obj)
        except (TypeError, ValueError):
            return str(obj)
    return json.loads(json.dumps(value, default=default))


def ensure_indexes(db: Database) -> None:
    # sparse: only records in a worker's hands carry a claim
    db[RECORDS].create_index([("eb.claim.token", ASCENDING)], name="eb_claim_token", sparse=True)


def claim_batch(db: Database, n: int, token: str, claim_s: float, *, by: str = "") -> list[dict]:
    """Claim up to `n` pending records for `token` (free or expired claims only) and return them.

    One update per pending query; a record another worker claimed first is simply not won. The
    candidates are drawn at random from the first 4n so that workers starting together rarely collide."""
    now = datetime.now(timezone.utc)
    free = {"eb.claim.until": {"$not": {"$gt": now}}}
    claim = {"$set": {"eb.claim": {"token": token, "until": now + timedelta(seconds=claim_s), "by": by}},
             "$inc": {"eb.claims": 1}}
    won = 0
    for query in PENDING_QUERIES:
        if won >= n:
            break
        give_up_outlasted(db, query, free)
        ids = [d["_id"] for d in db[RECORDS].find({**query, **free}, {"_id": 1}).sort("_id", ASCENDING)
               .limit(4 * (n - won))]
        if ids:
            picked = random.sample(ids, min(len(ids), n - won))
            won += db[RECORDS].update_many({"_id": {"$in": picked}, **query, **free}, claim).modified_count
    if not won:
        return []
    return list(db[RECORDS].find({"eb.claim.token": token}, SCORING_PROJECTION).sort("_id", ASCENDING))


def give_up_outlasted(db: Database, query: Mapping, free: Mapping, limit: int = 100) -> int:
    """Records claimed MAX_CLAIMS times whose last claim expired without a result (their scoring
    outlasts a claim: a huge answer, a scorer killed by it) give up with that reason."""
    stale = {**query, **free, "eb.claims": {"$gte": MAX_CLAIMS}}
    gave_up = 0
    for doc in db[RECORDS].find(stale, {"eb": 1}).limit(limit):
        claims = (doc.get("eb") or {}).get("claims")
        error = (f"scoring outlasted its claim {claims} times (the record may be too large or too slow to "
                 "score): given up, not scored again")
        gave_up += db[RECORDS].update_one({"_id": doc["_id"], **stale}, _give_up(error, doc)).modified_count
    return gave_up


def release_claim(db: Database, token: str) -> int:
    """Give back what is still claimed by `token` (the scorer failed as a whole)."""
    return db[RECORDS].update_many({"eb.claim.token": token}, {"$unset": {"eb.claim": ""},
                                                               "$inc": {"eb.claims": -1}}).modified_count


def any_pending(db: Database) -> bool:
    return any(db[RECORDS].find_one(q, {"_id": 1}) for q in PENDING_QUERIES)


def _failure(result: Any) -> str | None:
    """Why a scorer result cannot be written (its error, or no evaluation), else None."""
    if isinstance(result, ScoreResult):
        return getattr(result, "error", None) or None
    if not isinstance(result, Mapping):
        return "no result from the scorer"
    return result.get("error") or (None if isinstance(result.get("evaluation"), Mapping) else "no evaluation")


def rescored_block(result: ScoreResult | Mapping, *, by: str, evaluator_version: str, at: datetime) -> dict:
    """The `rescored` sub-document for one scorer result (see the module docstring), read as a typed
    ScoreResult (core/score_results.py): the same schema the pages read back."""
    r = ScoreResult.read(result) or ScoreResult()
    return {
        "evaluation": plain(r.evaluation_doc()),
        "verdict": plain(r.verdict),
        "hallucination_score": plain(r.hallucination_score),
        "details": plain(r.details),
        "retrieval": plain(r.retrieval),
        "extra_metrics": plain({k: {"score": (v or {}).get("score"), "reason": (v or {}).get("reason")}
                                for k, v in r.extra_metrics.items()}),
        "judge_usage": plain(r.judge_usage),
        "evaluator_version": str(evaluator_version),
        "mode": r.mode,
        "at": at,
        "by": by,
    }


def _judged_with(rescored: dict, feature: str, thresholds: Mapping) -> None:
    """Each metric's `threshold` and `passed` in `rescored.evaluation` as the thresholds in force
    judge them (core.verdict): the same thresholds the record's eb.passed is computed with in this
    write, whatever the scorer was given."""
    limits = limits_for(thresholds, feature)
    for m, entry in (rescored.get("evaluation") or {}).items():
        if isinstance(entry, dict) and isinstance(limits.get(m), (int, float)):
            entry["threshold"] = float(limits[m])
            entry["passed"] = metric_passed(entry.get("score"), float(limits[m]))


def _result_update(doc: Mapping, result: ScoreResult | Mapping, *, by: str, evaluator_version: str, thresholds: Mapping,
                   at: datetime, mark: Mapping | None = None) -> tuple[dict, str | None]:
    rescored = rescored_block(result, by=by, evaluator_version=evaluator_version, at=at)
    feature = doc.get("feature") if isinstance(doc.get("feature"), str) else UNKNOWN_FEATURE
    _judged_with(rescored, feature, thresholds)
    if mark:
        rescored["sample"] = plain(dict(mark))
    update: dict[str, Any] = {"$set": {"rescored": rescored}, "$inc": {"eb.score_writes": 1},
                              "$unset": {"eb.needs_scoring": "", "eb.rescore_requested": "",
                                         "eb.scoring_error": "", "eb.claim": "", "eb.claims": ""}}
    eb = doc.get("eb") if isinstance(doc.get("eb"), dict) else {}
    day = None
    if eb.get("needs_scoring") is True and not mark:
        # its first scores: the aggregates left it out until now (store.aggregate_counts.COUNTED); a new
        # stamp makes the next refresh add it like a new record, without recomputing its day
        update["$set"]["ingested_at"] = at
    if eb.get("score_source") != "logged":
        scores = {m: (rescored["evaluation"].get(m) or {}).get("score") for m in metrics.score_names()}
        block = effective_block(scores, doc.get("feature") or UNKNOWN_FEATURE, thresholds, "rescored")
        update["$set"].update({f"eb.{k}": v for k, v in block.items()})
        marker = failing_update(block["passed"], doc.get("timestamp"))
        update["$set"].update(marker.get("$set", {}))
        update["$unset"].update(marker.get("$unset", {}))
        update["$set"]["eb.changed_at"] = at
        if isinstance(doc.get("timestamp"), datetime) and eb.get("needs_scoring") is not True:
            day = local_day(doc["timestamp"]).isoformat()  # counted already: its day is recomputed
    return update, day


def _failure_update(doc: Mapping, error: Any) -> dict:
    update: dict[str, Any] = {"$inc": {"eb.scoring_failures": 1},
                              "$set": {"eb.scoring_error": str(error)[:500]}, "$unset": {"eb.claim": ""}}
    eb = doc.get("eb") if isinstance(doc.get("eb"), dict) else {}
    failures = eb.get("scoring_failures") or 0
    failures = failures if isinstance(failures, int) and not isinstance(failures, bool) else MAX_FAILURES
    if failures + 1 >= MAX_FAILURES:  # an unreadable failure count gives up rather than loop
        update["$set"]["eb.scoring_gave_up"] = True
        update["$unset"].update({"eb.needs_scoring": "", "eb.rescore_requested": ""})
        if eb.get("needs_scoring") is True:
            update["$set"]["ingested_at"] = datetime.now(timezone.utc)  # joins the numbers, unscored
    return update


def write_score_results(db: Database, docs: Iterable[Mapping], results: Mapping[Any, ScoreResult | Mapping], *, by: str,
                        evaluator_version: str, thresholds: Mapping, now: datetime | None = None,
                        mark: Mapping | None = None, claim: str | None = None) -> dict:
    """Write each doc's result (keyed by _id); a missing or failed result counts a scoring failure.

    `mark`: kept as `rescored.sample` (the judge-agreement sample: {day, kind}, jobs/agreement.py).
    With `claim`, only records still claimed by that token are written: `lost` counts the results
    (of `scored` + `failed`) not written because the claim had expired and was taken again."""
    at = now or datetime.now(timezone.utc)
    updates: list[tuple[Any, dict]] = []  # (record id, update) for the records themselves
    days: set[str] = set()
    samples: list[tuple[Any, dict]] = []
    fenced = {"eb.claim.token": claim} if claim else {}
    scored = failed = 0
    for doc in docs:
        result = results.get(doc["_id"])
        error = _failure(result)
        if error:
            if not mark:  # a failed sample scoring is only counted: the record itself waits for nothing
                updates.append((doc["_id"], _failure_update(doc, error)))
            failed += 1
            continue
        try:
            update, day = _result_update(doc, result, by=by, evaluator_version=evaluator_version,
                                         thresholds=thresholds, at=at, mark=mark)
        except Exception as exc:  # noqa: BLE001 - this record alone: it gives up rather than loop
            if not mark:
                updates.append((doc["_id"], _give_up(f"unusable result: {exc.__class__.__name__}: {exc}", doc)))
            failed += 1
            continue
        if day:
            days.add(day)
        if mark:
            samples.append((doc["_id"], update))
        else:
            updates.append((doc["_id"], update))
        scored += 1
    mark_dirty_days(db, days)
    # records that join the numbers now (their first scores, or scoring given up) get a new
    # `ingested_at`, taken after their in-flight marker is stored (store.inflight.write_in_flight): a
    # refresh never reads past a stamp whose record has not landed yet
    restamp = [u for _id, u in updates if "ingested_at" in (u.get("$set") or {})]
    with write_in_flight(db, "scores", len(restamp)) if restamp else nullcontext(at) as stamp:
        for update in restamp:
            update["$set"]["ingested_at"] = stamp
        ops = [(rid, UpdateOne({"_id": rid, **fenced}, update)) for rid, update in updates]
        matched = _write_each(db, ops)
    matched += _write_samples(db, samples)
    return {"scored": scored, "failed": failed, "lost": len(ops) - matched if claim else 0}


def _write_samples(db: Database, samples: list[tuple[Any, dict]]) -> int:
    """Sample results, each written only over nothing or an earlier sample (SAMPLE_MAY_REPLACE, in turn)."""
    matched = 0
    for record_id, update in samples:
        for may_replace in SAMPLE_MAY_REPLACE:
            try:
                if db[RECORDS].update_one({"_id": record_id, **may_replace}, update).matched_count:
                    matched += 1
                    break
            except ConnectionFailure:
                raise
            except Exception:  # noqa: BLE001 - this record alone: a sample result is only counted
                break
    return matched


def _give_up(error: str, doc: Mapping | None = None) -> dict:
    """The record leaves the scoring queue for good. One that waited for its first scores (`doc` says
    so) joins the numbers unscored: a new `ingested_at`, so the next refresh counts it."""
    update = {"$set": {"eb.scoring_gave_up": True, "eb.scoring_error": error[:500]},
              "$unset": {"eb.needs_scoring": "", "eb.rescore_requested": "", "eb.claim": ""}}
    eb = (doc or {}).get("eb") if isinstance((doc or {}).get("eb"), Mapping) else {}
    if eb.get("needs_scoring") is True:
        update["$set"]["ingested_at"] = datetime.now(timezone.utc)
    return update


def _write_each(db: Database, ops: list[tuple[Any, UpdateOne]]) -> int:
    """The batch's updates (returns how many matched their filter); when the server refuses the
    batch, one by one, and a record whose own update is refused gives up scoring with that error
    (so it leaves the queue)."""
    if not ops:
        return 0
    try:
        return db[RECORDS].bulk_write([op for _id, op in ops], ordered=False).matched_count
    except ConnectionFailure:
        raise
    except Exception:  # noqa: BLE001 - find the offenders
        pass
    matched = 0
    refused: list[Any] = []
    for record_id, op in ops:
        try:
            matched += db[RECORDS].bulk_write([op]).matched_count
        except ConnectionFailure:
            raise
        except Exception as exc:  # noqa: BLE001 - this record alone
            db[RECORDS].update_one({"_id": record_id}, _give_up(
                f"result refused by the database: {exc.__class__.__name__}: {exc}"))
            refused.append(record_id)
    if refused:  # a record that waited for its first scores is counted by recomputing its day
        mark_dirty_days(db, [local_day(d["timestamp"]).isoformat() for d in db[RECORDS].find(
            {"_id": {"$in": refused}, "timestamp": {"$type": "date"}}, {"timestamp": 1})])
    return matched


def save_rescore(db: Database, record_id: str, result: ScoreResult | Mapping, user: str, *, evaluator_version: str,
                 thresholds: Mapping | None = None, now: datetime | None = None) -> dict:
    """The Re-score button: one record's fresh result, written like batch scoring writes it."""
    if _failure(result):
        raise ValidationFailed("a re-score needs an evaluation")
    if not isinstance(user, str) or not user.strip():
        raise ValidationFailed("who made the change must be known")
    record = db[RECORDS].find_one({"_id": record_id}, {"eb": 1, "feature": 1, "timestamp": 1})
    if record is None:
        raise ValidationFailed("no such record")
    if thresholds is None:
        from store.thresholds import get_thresholds
        thresholds = get_thresholds(db)
    at = now or datetime.now(timezone.utc)
    write_score_results(db, [record], {record_id: result}, by=user.strip(), evaluator_version=evaluator_version,
                        thresholds=thresholds, now=at)
    return (db[RECORDS].find_one({"_id": record_id}, {"rescored": 1}) or {}).get("rescored") or {}
