"""The domain catalog: thresholds, the overall formula, the verdict rule, the diagnosis."""
from __future__ import annotations

import pytest

from core import diagnosis, metrics
from core.features import is_feature_name
from core.verdict import NO_CONTEXT, limits_for, metric_passed, overall_quality, verdict
from evaluators.thresholds import thresholds_for


def test_thresholds_per_feature_default_and_overrides():
    table = metrics.default_thresholds()
    assert table["default"] == table["chat"]
    assert thresholds_for("clauses")["faithfulness"] == 0.95
    assert thresholds_for("arguments")["contextual_precision"] == 0.85
    assert thresholds_for("unknown-feature") == table["default"]
    assert thresholds_for("chat", {"faithfulness": 0.6})["faithfulness"] == 0.6
    per_feature = {"viability": {"answer_relevancy": 0.9}, "chat": {"answer_relevancy": 0.1}}
    assert thresholds_for("viability", per_feature)["answer_relevancy"] == 0.9
    with pytest.raises(ValueError):
        thresholds_for("chat", {"faithfulness": 1.5})
    with pytest.raises(ValueError):
        thresholds_for("chat", {"fluency": 0.5})
    assert set(table["chat"]) == set(metrics.score_names())
    assert limits_for(table, "nope") == table["default"]


def test_overall_quality_weights_and_renormalisation():
    # every metric's weight is a share in 0..1 (re-normalised over the metrics present, so a new one may add to it)
    assert all(0.0 <= w <= 1.0 for w in metrics.weights().values()) and sum(metrics.weights().values()) > 0
    full = overall_quality({"faithfulness": 1.0, "answer_relevancy": 0.5, "contextual_precision": 0.0,
                            "contextual_recall": 1.0})
    assert full == pytest.approx(0.35 + 0.15 + 0.0 + 0.15)
    partial = overall_quality({"faithfulness": 1.0, "answer_relevancy": 0.5})
    assert partial == pytest.approx((0.35 * 1.0 + 0.30 * 0.5) / 0.65)
    assert overall_quality({m: None for m in metrics.names()}) is None
    # relevancy alone is not an overall quality: nothing was grounded
    assert overall_quality({"answer_relevancy": 1.0}) is None


def test_verdict_rule():
    good = {"faithfulness": 0.99, "answer_relevancy": 0.99, "contextual_precision": 0.99,
            "contextual_recall": 0.99, "overall_quality": 0.99}
    assert verdict("chat", good).passed is True
    low = {**good, "faithfulness": 0.85}
    assert verdict("chat", low).passed is True            # chat needs 0.80
    v = verdict("clauses", low)                            # clauses needs 0.95
    assert v.passed is False and v.failed_metrics == ["faithfulness"]
    assert verdict("chat", {}).passed is None
    assert verdict("chat", {"faithfulness": None}).passed is None
    alone = verdict("chat", {"answer_relevancy": 1.0})
    assert alone.passed is False and alone.reason == NO_CONTEXT
    # a missing metric is neither a pass nor a fail
    assert verdict("chat", {**good, "contextual_recall": None}).passed is True
    assert metric_passed(0.8, 0.8) is True and metric_passed(0.79, 0.8) is False and metric_passed(None, 0.8) is None


def test_diagnosis_is_healthy_with_few_problems_and_names_the_largest():
    assert diagnosis.quadrant(0.9, 0.9, 0.8, 0.8) == "ok"
    assert diagnosis.quadrant(0.5, 0.9, 0.8, 0.8) == "retrieval"
    assert diagnosis.quadrant(0.9, 0.5, 0.8, 0.8) == "generation"
    assert diagnosis.quadrant(0.5, 0.5, 0.8, 0.8) == "both"
    assert diagnosis.quadrant(None, 0.5, 0.8, 0.8) is None
    assert diagnosis.diagnose({"ok": 90, "generation": 10}).verdict == "healthy"
    assert diagnosis.diagnose({"ok": 60, "generation": 30, "retrieval": 10}).verdict == "generation"
    assert diagnosis.diagnose({"ok": 60, "generation": 20, "retrieval": 18}).verdict == "both"
    assert diagnosis.diagnose({"ok": 5}).verdict is None


def test_feature_names_refuse_sentinels():
    assert is_feature_name("chat") and is_feature_name("a-b_1")
    for bad in ("__all__", "*", "default", "Chat", "", "a b", "$x", None, 3):
        assert not is_feature_name(bad)


def test_a_registered_metric_joins_every_list():
    m = metrics.Metric("tone", "Tone", "#123456", 0.1, {"default": 0.5})
    metrics.register(m)
    try:
        assert "tone" in metrics.names() and "tone" in metrics.score_names()
        assert metrics.default_thresholds()["clauses"]["tone"] == 0.5
        assert metrics.label("tone") == "Tone"
        with pytest.raises(ValueError):
            metrics.register(m)
    finally:
        metrics.unregister("tone")
    assert "tone" not in metrics.names()
