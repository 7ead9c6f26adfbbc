"""Issue 28: no record loses its scores to one metric. A range reference ("(Passages 1-2)", "[2-3]", "Passage
2-3") once raised inside citation accuracy and took every score of the record with it; now a metric that raises
is that metric's error (its reason on the record), every other metric and the hallucination score are still
computed, in score_one and score_many alike, and a metric the catalog switches off is not run."""
from __future__ import annotations

import dataclasses

import evaluators
from evaluators import metrics as registry

CTX = ["Preheat the oven to 200 \u00b0C (400 \u00b0F). Roast the chicken for 20 minutes per 500 g.",
       "Rest the chicken for 10 minutes before carving.", "Serve with roast potatoes."]
Q = "How do I roast a chicken?"
RANGED = ("Preheat the oven to 200 \u00b0C (Passages 1-2). Roast it for 20 minutes per 500 g [2-3]. "
          "Passage 2-3 says to rest it for 10 minutes before carving.")


def _complete(out: dict) -> None:
    assert "error" not in out
    assert out["hallucination_score"] is not None
    for m in ("faithfulness", "answer_relevancy", "contextual_precision"):
        assert out["evaluation"][m]["score"] is not None, m


def test_a_range_reference_gets_every_score(model):
    one = evaluators.score_one(Q, RANGED, CTX, thresholds={"citation_accuracy": 0.5})
    _complete(one)
    assert one["evaluation"]["citation_accuracy"]["score"] is not None
    [many] = evaluators.score_many([{"id": "r", "query": Q, "answer": RANGED, "context": CTX}])
    _complete(many)
    assert "metric_errors" not in many["details"]


def test_a_metric_that_raises_is_its_own_error(model, monkeypatch):
    def boom(p, chunk_relevance):
        raise IndexError("list index out of range")

    ev = registry.get("contextual_precision")
    monkeypatch.setitem(registry._REGISTRY, "contextual_precision", dataclasses.replace(ev, local=boom))
    one = evaluators.score_one(Q, RANGED, CTX)
    [many] = evaluators.score_many([{"id": "r", "query": Q, "answer": RANGED, "context": CTX}])
    for out in (one, many):
        entry = out["evaluation"]["contextual_precision"]
        assert entry["score"] is None and entry["passed"] is None
        assert entry["reason"] == "metric error: IndexError: list index out of range"
        assert out["details"]["metric_errors"] == {"contextual_precision": "IndexError: list index out of range"}
        assert out["hallucination_score"] is not None
        assert out["evaluation"]["faithfulness"]["score"] is not None
        assert out["evaluation"]["answer_relevancy"]["score"] is not None


def test_a_metric_switched_off_is_not_run(model, monkeypatch):
    def boom(p, chunk_relevance):
        raise AssertionError("an off metric ran")

    ev = registry.get("citation_accuracy")
    monkeypatch.setitem(registry._REGISTRY, "citation_accuracy", dataclasses.replace(ev, local=boom))
    out = evaluators.score_one(Q, RANGED, CTX)  # the default feature: citation accuracy is off (threshold 0)
    entry = out["evaluation"]["citation_accuracy"]
    assert entry["score"] is None and "off for this feature" in entry["reason"]
    assert "metric_errors" not in out["details"]
    on = evaluators.score_one(Q, RANGED, CTX, thresholds={"citation_accuracy": 0.5})  # turned on, it runs
    assert on["details"]["metric_errors"] == {"citation_accuracy": "AssertionError: an off metric ran"}
