"""eb.failing_at (the sparse index behind Triage's failing list) follows eb.passed everywhere
it changes: ingest, threshold edits, batch scoring, UI re-scores, and a one-off backfill."""
from __future__ import annotations

from datetime import date, datetime, timezone

from jobs.score import score_pending
from store.collections import RECORDS, STATE
from store.records import backfill_failing_at, ensure_indexes, insert_records
from store.schema import parse_record
from store.thresholds import apply_pending_verdicts, get_thresholds, set_thresholds
from store.scores import save_rescore
from store.triage import build_filter, count_records, list_records

TS = datetime(2026, 11, 20, 10, tzinfo=timezone.utc)


def rec(i: int, faith: float | None, feature: str = "chat") -> dict:
    raw = {"_id": f"r{i}", "query": f"q{i}", "answer": "a", "context": ["c"], "feature": feature,
           "timestamp": TS.isoformat()}
    if faith is not None:
        raw["evaluation"] = {"faithfulness": {"score": faith}}
    return raw


def store(db, raws):
    ensure_indexes(db)
    insert_records(db, [parse_record(r, get_thresholds(db)).doc for r in raws])


def marker(db, rid):
    return (db[RECORDS].find_one({"_id": rid})["eb"]).get("failing_at")


def failing_ids(db):
    f = build_filter(start=date(2026, 11, 20), end=date(2026, 11, 20), only_failing=True)
    return sorted(d["_id"] for d in list_records(db, f)), count_records(db, f)


def test_marker_follows_pass_fail(db):
    store(db, [rec(1, 0.5), rec(2, 0.95), rec(3, None)])
    assert marker(db, "r1") == TS and marker(db, "r2") is None and marker(db, "r3") is None
    assert failing_ids(db) == (["r1"], 1)
    # thresholds change inside MongoDB: r2 now fails, r1 passes
    set_thresholds(db, "chat", {"faithfulness": 0.4, "overall_quality": 0.4}, "ann")
    apply_pending_verdicts(db)  # the worker's recompute (the save itself only stores and queues)
    assert marker(db, "r1") is None
    set_thresholds(db, "chat", {"faithfulness": 0.97}, "ann")
    apply_pending_verdicts(db)
    assert marker(db, "r1") == TS and marker(db, "r2") == TS
    assert failing_ids(db) == (["r1", "r2"], 2)
    # batch scoring of the unscored record
    result = score_pending(db, scorer=lambda items: [
        {"id": i["id"], "evaluation": {"faithfulness": {"score": 0.2}}} for i in items])
    assert result["scored"] == 1 and marker(db, "r3") == TS
    # a UI re-score that passes clears it (only for records without logged scores)
    save_rescore(db, "r3", {"mode": "fast", "evaluation": {"faithfulness": {"score": 0.99}}}, "ann", evaluator_version="t")
    assert marker(db, "r3") is None
    assert failing_ids(db) == (["r1", "r2"], 2)


def test_backfill_marks_failing_records_stored_before_the_marker_once(db):
    store(db, [rec(1, 0.5), rec(2, 0.95)])
    db[RECORDS].update_many({}, {"$unset": {"eb.failing_at": ""}})  # as stored by an older version
    db[STATE].delete_one({"_id": "failing_at_backfill"})  # ... in a database migrated before the backfill
    assert failing_ids(db) == ([], 0)
    assert backfill_failing_at(db) == 1
    assert marker(db, "r1") == TS and marker(db, "r2") is None
    assert failing_ids(db) == (["r1"], 1)
    assert backfill_failing_at(db) == 0 and db[STATE].find_one({"_id": "failing_at_backfill"})["records"] == 1
