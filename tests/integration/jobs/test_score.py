"""Batch scoring with the real local evaluators; resume after an interruption."""
from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest

from jobs.aggregate import refresh
from jobs.score import score_pending
from store.collections import AGG_DAILY, RECORDS

from .conftest import T0, store_raw

CONTEXT = ["Section 103 of the Bharatiya Nyaya Sanhita: whoever commits murder shall be punished with death "
           "or imprisonment for life, and shall also be liable to fine."]


def unscored(i: int, day: int = 0) -> dict:
    return {"_id": f"u{i}", "query": "What is the punishment for murder?",
            "answer": "Under Section 103 of the BNS, murder is punished with death or life imprisonment and a fine.",
            "context": CONTEXT, "feature": "chat", "timestamp": (T0 + timedelta(days=day, hours=i)).isoformat()}


def test_scores_unscored_records_and_flagged_ones(db):
    now = datetime.now(timezone.utc)
    logged = {**unscored(5), "_id": "logged", "evaluation": {"faithfulness": {"score": 0.42}}}
    store_raw(db, [unscored(i) for i in range(3)] + [logged], now=now - timedelta(hours=1))
    refresh(db, full=True, now=now)
    assert db[AGG_DAILY].find_one({"_id": f"{T0.date()}|chat"})["metrics"]["answer_relevancy"]["n"] == 0
    db[RECORDS].update_one({"_id": "logged"}, {"$set": {"eb.rescore_requested": True}})

    result = score_pending(db, now=now + timedelta(minutes=1))
    assert result["scored"] == 4 and result["failed"] == 0 and not result["more_waiting"]
    for i in range(3):
        doc = db[RECORDS].find_one({"_id": f"u{i}"})
        assert "evaluation" not in doc  # the product's fields are never written
        assert doc["eb"]["score_source"] == "rescored" and "needs_scoring" not in doc["eb"]
        assert 0.0 <= doc["eb"]["scores"]["faithfulness"] <= 1.0
        assert doc["eb"]["scores"]["overall_quality"] is not None
        assert doc["eb"]["passed"] in (True, False)
        assert doc["rescored"]["evaluator_version"] and doc["rescored"]["by"] == "batch-scoring"
    flagged = db[RECORDS].find_one({"_id": "logged"})
    assert flagged["eb"]["scores"]["faithfulness"] == 0.42 and flagged["eb"]["score_source"] == "logged"
    assert flagged["evaluation"]["faithfulness"]["score"] == 0.42
    assert "rescore_requested" not in flagged["eb"] and flagged["rescored"]["evaluation"]["faithfulness"]["score"] >= 0
    # the aggregates pick the new scores up on the next incremental refresh
    refresh(db, now=now + timedelta(minutes=2))
    doc = db[AGG_DAILY].find_one({"_id": f"{T0.date()}|chat"})
    assert doc["metrics"]["answer_relevancy"]["n"] == 3 and doc["metrics"]["faithfulness"]["n"] == 4
    assert score_pending(db)["scored"] == 0  # nothing left: idempotent


def test_interrupted_run_resumes_without_redoing_work(db):
    store_raw(db, [unscored(i) for i in range(7)])
    seen: list[str] = []

    def flaky(items):
        if len(seen) >= 3:
            raise RuntimeError("power cut")
        seen.extend(i["id"] for i in items)
        return [{"id": i["id"], "mode": "fast",
                 "evaluation": {m: {"score": 0.9} for m in ("faithfulness", "answer_relevancy",
                                                          "contextual_precision", "contextual_recall",
                                                          "overall_quality")}} for i in items]

    with pytest.raises(RuntimeError):
        score_pending(db, batch_size=3, scorer=flaky)
    assert db[RECORDS].count_documents({"eb.score_source": "rescored"}) == 3
    done_first = list(seen)
    seen.clear()
    calls = []

    def steady(items):
        calls.extend(i["id"] for i in items)
        return [{"id": i["id"], "evaluation": {"faithfulness": {"score": 0.5}}} for i in items]

    result = score_pending(db, batch_size=3, scorer=steady)
    assert result["scored"] == 4 and not set(calls) & set(done_first)
    # a scorer error for one item is isolated and counted
    store_raw(db, [unscored(50)])
    res = score_pending(db, scorer=lambda items: [{"id": i["id"], "error": "bad input"} for i in items])
    assert res["failed"] == 3 and res["scored"] == 0  # retried MAX_FAILURES times, then left alone
    gave_up = db[RECORDS].find_one({"_id": "u50"})["eb"]
    assert gave_up["scoring_error"] == "bad input" and gave_up["scoring_gave_up"] is True
    assert gave_up["scoring_failures"] == 3 and "needs_scoring" not in gave_up
    assert score_pending(db, scorer=lambda items: 1 / 0)["scored"] == 0  # nothing eligible: scorer not called
