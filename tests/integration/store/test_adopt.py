"""Records the product wrote straight into MongoDB are adopted, never lost."""
from datetime import datetime, timezone

from jobs.adopt import adopt_logged_records
from store.collections import RECORDS, REJECTED
from store.records import ensure_indexes


def test_direct_writes_are_adopted_and_bad_ones_quarantined(db):
    ensure_indexes(db)
    db[RECORDS].insert_many([
        {"_id": "p1", "query": "What is Section 138?", "answer": "Cheque dishonour.", "context": ["s138"],
         "evaluation": {"faithfulness": {"score": "0.91"}, "answer_relevancy": {"score": 0.8},
                        "contextual_precision": {"score": 0.9}, "contextual_recall": {"score": 0.9},
                        "overall_quality": {"score": 0.88, "threshold": 0.75, "passed": True}},
         "regeneration_attempts": 0, "timestamp": "2026-03-01T10:00:00Z", "feature": "chat"},
        {"_id": "p2", "query": "Bad one", "timestamp": "2026-03-01T10:00:00Z",
         "evaluation": {"faithfulness": {"score": "high"}}, "feature": "chat"},
        {"_id": "p3", "query": "Already ours", "timestamp": datetime(2026, 3, 1, tzinfo=timezone.utc),
         "ingested_at": datetime(2026, 3, 1, tzinfo=timezone.utc), "eb": {"scores": {}}},
    ])
    counts = adopt_logged_records(db)
    assert counts == {"adopted": 1, "rejected": 1}
    p1 = db[RECORDS].find_one({"_id": "p1"})
    assert p1["timestamp"] == datetime(2026, 3, 1, 10, tzinfo=timezone.utc)
    assert p1["evaluation"]["faithfulness"]["score"] == 0.91
    assert p1["eb"]["original"]["evaluation__faithfulness__score"] == "0.91"
    assert p1["eb"]["passed"] is True and p1["source"] == "mongodb"
    assert db[REJECTED].find_one({"raw._id": "p2"})["reason"].startswith("faithfulness.score is not a number")
    assert db[RECORDS].find_one({"_id": "p2"})["eb"]["rejected"]
    assert db[RECORDS].find_one({"_id": "p3"})["eb"] == {"scores": {}}  # untouched
    assert adopt_logged_records(db) == {"adopted": 0, "rejected": 0}  # idempotent
