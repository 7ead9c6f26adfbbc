"""Healthy means something (issue 34): never "Healthy" under the pass-rate rule; a flat metric is named."""
from __future__ import annotations

from core.diagnosis import diagnose, headline_label, nearly_constant, under_pass_rule


def test_never_healthy_under_the_pass_rate_rule():
    healthy = diagnose({"ok": 90, "retrieval": 5, "generation": 5, "both": 0})
    assert healthy.label == "Healthy"
    assert headline_label(healthy, 0.95, 0.80) == "Healthy"
    assert headline_label(healthy, 0.72, None) == "Healthy"  # no rule: nothing to be under
    assert under_pass_rule(healthy, 0.72, 0.80)
    text = headline_label(healthy, 0.72, 0.80)
    assert "Healthy" not in text and "72%" in text and "80%" in text
    problem = diagnose({"ok": 10, "retrieval": 80, "generation": 5, "both": 5})
    assert headline_label(problem, 0.3, 0.8) == problem.label  # a named problem stays named


def test_a_constant_metric_is_recognised_and_a_moving_one_is_not():
    assert nearly_constant([1.0, 1.0, 0.99], [1.0, 1.0, 1.0], [1.0, 0.998, 0.995]) is not None
    assert abs(nearly_constant([0.99] * 3, [1.0] * 3, [0.995] * 3) - 0.995) < 1e-9
    assert nearly_constant([0.6, 0.7], [0.9, 0.95], [0.8, 0.82]) is None  # a spread within the days
    assert nearly_constant([0.9, 0.8], [0.9, 0.8], [0.9, 0.8]) is None  # moves from day to day
    assert nearly_constant([None], [None], [None]) is None
