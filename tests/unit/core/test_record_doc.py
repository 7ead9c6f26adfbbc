"""The read models of a stored record (core/record_doc.py) and of a score's details (core/score_details.py):
odd stored documents read without raising, Evalboard's blocks come typed, fields beyond them pass through."""
from __future__ import annotations

from datetime import datetime, timezone

from core.record_doc import RecordDoc
from core.score_details import chunk_relevance, claims_of, faithfulness

T = datetime(2026, 11, 20, tzinfo=timezone.utc)


def test_a_full_record_reads_typed():
    doc = RecordDoc.read({
        "_id": "r1", "feature": "chat", "timestamp": T, "query": "q", "answer": "a", "context": ["c1", None, 3],
        "evaluation": {"faithfulness": {"score": 0.4}}, "usage": {"cost": 0.1}, "history": ["hi", 2],
        "eb": {"scores": {"overall_quality": 1, "faithfulness": True}, "passed": False, "failed_metrics": ["faithfulness"]},
        "triage": {"status": "fixed", "tags": ["x"], "notes": [{"text": "n", "by": "u", "at": T}, "junk"],
                   "history": [{"field": "status", "old": None, "new": "fixed"}]},
        "rescored": {"evaluation": {"overall_quality": {"score": 0.25}}, "mode": "fast", "sample": {"day": "d"}},
        "noise": {"flaky": True}, "custom": {"kept": 1}})
    assert doc.id == "r1" and doc.chunks() == ["c1", "3"] and doc.turns() == ["hi"]
    assert doc.eb.score("overall_quality") == 1.0 and doc.eb.score("faithfulness") is None  # a bool is no score
    assert doc.eb.passed is False and doc.eb.failed_metrics == ["faithfulness"]
    assert [n.text for n in doc.triage.notes] == ["n"] and doc.triage.history[0].new == "fixed"
    assert doc.rescore is not None and doc.rescore.overall == 0.25 and doc.rescored.sample == {"day": "d"}
    assert doc.flaky and doc.model_extra["custom"] == {"kept": 1}
    assert RecordDoc.read(doc) is doc and RecordDoc.read("not a record") is None


def test_an_odd_record_reads_without_raising():
    doc = RecordDoc.read({"_id": 7, "query": ["not text"], "answer": 3, "context": "one chunk", "eb": "junk",
                          "triage": None, "rescored": "junk", "evaluation": [1], "timestamp": "2026-11-20",
                          "noise": {"flaky": "yes"}, "history": "x"})
    assert doc.query is None and doc.answer is None and doc.timestamp is None and doc.evaluation is None
    assert doc.chunks() == ["one chunk"] and doc.turns() is None
    assert doc.eb.scores == {} and doc.eb.passed is None and doc.triage.notes == [] and doc.triage.status is None
    assert doc.rescored is None and doc.rescore is None and not doc.flaky
    assert RecordDoc.read({"rescored": {"mode": "fast"}}).rescore is None  # a re-score needs an evaluation


def test_score_details_read_claims_and_chunk_relevance_leniently():
    from core.score_results import ScoreResult
    result = ScoreResult.read({"details": {
        "faithfulness": {"claims": [{"text": "A", "supported": True, "chunk_ids": [0, "1", 2]}, "junk"],
                         "about_context": ["s", 4]},
        "contextual_precision": {"chunk_relevance": [{"index": 1, "relevant": True, "score": "x"}, None]}}})
    [claim] = claims_of(result.details)
    assert claim.text == "A" and claim.chunk_ids == [0, 2]
    assert faithfulness(result).about_context == ["s"]
    [chunk] = chunk_relevance(result)
    assert chunk.index == 1 and chunk.relevant is True and chunk.score is None
    assert claims_of(None) == [] and claims_of({"faithfulness": "junk"}) == []
