"""The metric registry (evaluators/metrics/) and the catalog (core/metrics.py) must agree, and say so clearly."""
from __future__ import annotations

import pytest

from core import metrics as catalog
from evaluators import metrics as registry
from evaluators.types import INPUTS, MetricEvaluator, Score


def _local(p, rel):
    return Score(1.0, "ok")


def test_every_catalog_metric_has_one_module_and_the_judged_ones_have_prompts():
    assert registry.problems() == []
    evals = registry.evaluators()
    assert tuple(evals) == catalog.names()
    for name, ev in evals.items():
        assert ev is not None and ev.name == name and ev.__class__ is MetricEvaluator
        assert set(ev.requires) <= set(INPUTS)
        assert ("context" in ev.requires) == catalog.get(name).needs_context
    for name, ev in evals.items():  # a judged metric has each judge part; a local-only one none of them
        parts = (ev.prompt, ev.prompt_values, ev.read_verdict)
        assert all(x is not None for x in parts) if ev.judged else ev.prompt is None, name
    assert {"faithfulness", "answer_relevancy", "contextual_precision", "contextual_recall"} <= {
        n for n, ev in evals.items() if ev.judged}
    assert evals["contextual_recall"].requires == ("context", "expected_output")
    assert evals["faithfulness"].requires == ("context", "claims")


def test_a_catalog_metric_without_module_is_reported():
    catalog.register(catalog.Metric("tone", "Tone", "#123456", 0.1, {"default": 0.5}, needs_context=False))
    try:
        [problem] = registry.problems()
        assert "'tone'" in problem and "evaluators/metrics/tone.py" in problem and "evaluated=False" in problem
        with pytest.raises(registry.RegistryError, match="tone.py"):
            registry.evaluators()
    finally:
        catalog.unregister("tone")
    assert registry.problems() == []


def test_a_module_without_catalog_entry_is_reported():
    registry.register(MetricEvaluator("tone", local=_local))
    try:
        [problem] = registry.problems()
        assert "evaluators/metrics/tone.py" in problem and "core/metrics.py" in problem
        with pytest.raises(registry.RegistryError, match="not in the catalog"):
            registry.check()
    finally:
        registry.unregister("tone")


def test_needs_context_must_match_the_declared_inputs():
    catalog.register(catalog.Metric("tone", "Tone", "#123456", 0.1, {"default": 0.5}))  # needs_context=True
    registry.register(MetricEvaluator("tone", local=_local, requires=()))
    try:
        [problem] = registry.problems()
        assert "needs_context=True" in problem and "tone" in problem
    finally:
        catalog.unregister("tone")
        registry.unregister("tone")


def test_a_metric_declared_not_evaluated_needs_no_module_and_must_have_none():
    catalog.register(catalog.Metric("tone", "Tone", "#123456", 0.0, {"default": 0.0}, evaluated=False))
    try:
        assert registry.problems() == []
        assert registry.evaluators()["tone"] is None
        registry.register(MetricEvaluator("tone", local=_local, requires=("context",)))
        try:
            [problem] = registry.problems()
            assert "evaluated=False" in problem
        finally:
            registry.unregister("tone")
    finally:
        catalog.unregister("tone")


def test_an_evaluator_declares_known_inputs_and_a_whole_judge_part():
    with pytest.raises(ValueError, match="unknown inputs"):
        MetricEvaluator("tone", local=_local, requires=("ground_truth",))
    with pytest.raises(ValueError, match="prompt, prompt_values and read_verdict"):
        MetricEvaluator("tone", local=_local, prompt=object())
    with pytest.raises(ValueError, match="already has an evaluator"):
        registry.register(MetricEvaluator("faithfulness", local=_local))
