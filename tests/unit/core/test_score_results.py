"""Score results as typed documents: a score_one result or a stored `rescored` block reads the same,
odd values read as None or empty (never an error), and the entries given are kept for tables."""
from __future__ import annotations

from core.score_results import ScoreResult


def _result():
    return {"evaluation": {"faithfulness": {"score": 0.4, "threshold": 0.7, "passed": False, "reason": "one claim",
                                            "unsupported_claims": [{"claim": "B."}]},
                           "overall_quality": {"score": 0.61, "threshold": 0.6, "passed": True}},
            "verdict": {"passed": False, "failed_metrics": ["faithfulness"], "reason": ""},
            "hallucination_score": 0.55,
            "details": {"faithfulness": {"claims": [{"text": "A.", "supported": True, "chunk_ids": [0]}, "odd",
                                                    {"text": "B.", "supported": False}]},
                        "contextual_precision": {"chunk_relevance": [{"index": 0, "relevant": True}]}},
            "retrieval": {"recommendation": "ANSWER"}, "extra_metrics": {}, "latency_ms": {"total": 12.5},
            "judge_usage": {"calls": 0}, "mode": "fast", "by": "ana", "at": "2026-03-02"}


def test_a_result_reads_as_given():
    r = ScoreResult.read(_result())
    assert r.overall == 0.61 and r.hallucination_score == 0.55 and (r.mode, r.by) == ("fast", "ana")
    assert r.entry("faithfulness").passed is False and r.entry("faithfulness").reason == "one claim"
    assert r.entry("faithfulness").unsupported_claims == [{"claim": "B."}]  # extra fields pass through
    assert [c["text"] for c in r.claims()] == ["A.", "B."]  # mappings only
    assert r.detail("contextual_precision")["chunk_relevance"][0]["relevant"] is True
    assert r.verdict["failed_metrics"] == ["faithfulness"] and r.latency_ms == {"total": 12.5}
    assert r.at == "2026-03-02" and ScoreResult.read(r) is r
    # the entries as given (nothing added) for the metric tables
    assert r.evaluation_doc()["overall_quality"] == {"score": 0.61, "threshold": 0.6, "passed": True}
    assert r.evaluation_doc()["faithfulness"]["unsupported_claims"] == [{"claim": "B."}]


def test_odd_values_read_as_none_or_empty():
    assert ScoreResult.read(None) is None and ScoreResult.read("x") is None
    r = ScoreResult.read({"evaluation": {"faithfulness": "0.5", "overall_quality": {"score": "high", "passed": "yes"}},
                          "details": [1], "hallucination_score": True, "verdict": None})
    assert r.entry("faithfulness") is None and r.overall is None and r.entry("overall_quality").passed is None
    assert r.details == {} and r.claims() == [] and r.hallucination_score is None and r.verdict == {}
