"""Issue 29: a threshold save stores and queues; the worker's recompute re-flags the records afterwards.

Several saves before the worker gets to them (and a save for another feature) still leave every
record flagged by the thresholds in force, and only the days whose verdicts changed are marked dirty."""
from __future__ import annotations

from datetime import datetime, timedelta, timezone

from core.verdict import verdict
from store.collections import RECORDS
from store.records import ensure_indexes, insert_records
from store.schema import parse_record
from store.state import get_state
from store.thresholds import apply_pending_verdicts, get_thresholds, pending_verdicts, set_thresholds

T0 = datetime(2026, 11, 2, 10, tzinfo=timezone.utc)


def _records(db, n: int = 60) -> None:
    raws = [{"_id": f"r{i}", "query": f"q{i}", "answer": "a", "context": ["c"],
             "feature": ("chat", "clauses")[i % 2], "timestamp": (T0 + timedelta(days=i % 6)).isoformat(),
             "evaluation": {"faithfulness": {"score": round(0.40 + 0.6 * i / n, 3)}}} for i in range(n)]
    ensure_indexes(db)
    insert_records(db, [parse_record(r, get_thresholds(db)).doc for r in raws])


def _stored_verdicts_follow_thresholds(db) -> None:
    thresholds = get_thresholds(db)
    for r in db[RECORDS].find({"eb.scores": {"$type": "object"}}):
        expected = verdict(r["feature"], r["eb"]["scores"], thresholds)
        assert (r["eb"]["passed"], r["eb"]["failed_metrics"]) == (expected.passed, expected.failed_metrics), r["_id"]


def test_the_save_returns_before_the_recompute_and_the_worker_catches_up(db):
    _records(db)
    before = {r["_id"]: r["eb"]["passed"] for r in db[RECORDS].find({}, {"eb.passed": 1})}
    set_thresholds(db, "chat", {"faithfulness": 0.95}, "alice")
    # stored and audited at once; the records keep their verdicts until the worker's recompute
    assert get_thresholds(db)["chat"]["faithfulness"] == 0.95
    assert {r["_id"]: r["eb"]["passed"] for r in db[RECORDS].find({}, {"eb.passed": 1})} == before
    assert pending_verdicts(db)["features"] == ["chat"]
    # three more saves (one lowers, one raises again, one for another feature) before the worker runs
    set_thresholds(db, "chat", {"faithfulness": 0.5}, "alice")
    set_thresholds(db, "clauses", {"faithfulness": 0.9}, "alice")
    set_thresholds(db, "chat", {"faithfulness": 0.8}, "alice")
    assert pending_verdicts(db)["features"] == ["chat", "clauses"]
    counts = apply_pending_verdicts(db, tz="UTC")
    assert counts["verdict_features"] == 2 and counts["verdicts_rewritten"] > 0
    _stored_verdicts_follow_thresholds(db)
    assert pending_verdicts(db) == {"features": [], "since": None, "started_at": None}
    assert get_state(db, "aggregate").get("dirty_days")  # the changed days, for the aggregate refresh
    assert apply_pending_verdicts(db, tz="UTC") == {}  # nothing left


def test_only_the_days_whose_verdicts_changed_are_marked(db):
    _records(db)
    set_thresholds(db, "chat", {"faithfulness": 0.72}, "alice")  # from 0.8: a few records on a few days move
    thresholds = get_thresholds(db)
    changed = {r["timestamp"].date().isoformat() for r in db[RECORDS].find({"feature": "chat"})
               if verdict("chat", r["eb"]["scores"], thresholds).failed_metrics != r["eb"]["failed_metrics"]}
    assert 0 < len(changed) < 6
    counts = apply_pending_verdicts(db, tz="UTC")
    assert set(get_state(db, "aggregate").get("dirty_days") or []) == changed
    assert counts["verdict_days"] == len(changed)
    _stored_verdicts_follow_thresholds(db)


def test_the_preview_reads_through_the_indexed_fields_and_counts_what_a_recount_does(db):
    """The preview (the first of the two clicks of a save) matches on the indexed fields alone first — with
    the `eb.*` clauses in the same $match the embedded server read the whole collection (5-19 s on the
    demo, issue 29) — and still counts exactly the records in the window that would flip."""
    from store.thresholds import _changes_pipeline, preview_change

    _records(db)
    # a feature without its own thresholds follows "default"
    insert_records(db, [parse_record({"_id": f"m{i}", "query": f"m{i}", "answer": "a", "context": ["c"], "feature": "misc",
                                      "timestamp": (T0 + timedelta(days=i % 6)).isoformat(),
                                      "evaluation": {"faithfulness": {"score": round(0.80 + 0.01 * i, 3)}}},
                                     get_thresholds(db)).doc for i in range(18)])
    db[RECORDS].update_many({"_id": {"$in": ["r10", "m10"]}}, {"$set": {"eb.rejected": "bench"}})  # never counted
    thresholds = get_thresholds(db)
    assert "misc" not in thresholds
    since = T0 + timedelta(days=3)
    first = _changes_pipeline("chat", {"faithfulness": 0.95}, thresholds, since, "UTC")[0]
    assert first == {"$match": {"feature": "chat", "timestamp": {"$gte": since}}}
    assert _changes_pipeline("default", {"faithfulness": 0.95}, thresholds, since, "UTC")[0] == \
        {"$match": {"timestamp": {"$gte": since}}}
    for feature, own in (("chat", "chat"), ("default", "misc")):
        new = {**thresholds[feature], "faithfulness": 0.9}
        expected = [r for r in db[RECORDS].find({"feature": own, "timestamp": {"$gte": since}, "eb.rejected": None})
                    if verdict(feature, r["eb"]["scores"], {feature: new}).passed != r["eb"]["passed"]]
        preview = preview_change(db, feature, {"faithfulness": 0.9}, days=3, now=T0 + timedelta(days=6), tz="UTC")
        assert expected and preview["flips"] == len(expected) == preview["to_fail"], feature
