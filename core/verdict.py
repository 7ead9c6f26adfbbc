"""What "passing" means, and the overall-quality formula: the one rule everybody applies.

The rule (store/verdict_expr.py generates its in-database form from this module):
- a record with no score at all is *unscored*: `passed` is None;
- a record needs at least one context metric (faithfulness, contextual precision,
  contextual recall): an answer given without retrieved context is unscorable on
  those and cannot pass on answer relevancy alone, so it *fails* with no metric
  below threshold (reason NO_CONTEXT);
- otherwise it passes when every score it has (overall quality included) meets
  its feature's threshold; a missing score is neither a pass nor a fail.
Overall quality is the weighted mean of the metrics present, weights re-normalised;
None when no context metric is present (it would be relevancy alone).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Mapping

from core import metrics
from core.features import DEFAULT_FEATURE

NOT_SCORED = "not scored"
NO_CONTEXT = "no context metric: an answer without retrieved context cannot pass on relevancy alone"
Thresholds = Mapping[str, Mapping[str, float]]


@dataclass(frozen=True)
class Verdict:
    passed: bool | None
    failed_metrics: list[str] = field(default_factory=list)
    reason: str = ""

    @property
    def label(self) -> str:
        return {True: "pass", False: "fail", None: "not scored"}[self.passed]


def is_number(value: object) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and value == value


def limits_for(thresholds: Thresholds | None, feature: str | None) -> dict[str, float]:
    """The feature's thresholds: its own entry, else the default entry, else the catalog's."""
    table = thresholds or metrics.default_thresholds()
    own = table.get(feature or DEFAULT_FEATURE) or table.get(DEFAULT_FEATURE)
    if own is None:
        defaults = metrics.default_thresholds()
        own = defaults.get(feature or DEFAULT_FEATURE) or defaults[DEFAULT_FEATURE]
    return dict(own)


def overall_quality(scores: Mapping[str, object]) -> float | None:
    present = {m: float(scores[m]) for m in metrics.names() if is_number(scores.get(m))}
    if not any(m in present for m in metrics.context_metrics()):
        return None
    w = metrics.weights()
    total = sum(w[m] for m in present)
    if total <= 0:
        return None
    return sum(w[m] * v for m, v in present.items()) / total


def verdict(feature: str | None, scores: Mapping[str, object], thresholds: Thresholds | None = None) -> Verdict:
    limits = limits_for(thresholds, feature)
    present = [m for m in metrics.score_names() if is_number(scores.get(m))]
    if not present:
        return Verdict(None, [], NOT_SCORED)
    failed = [m for m in present if m in limits and float(scores[m]) < float(limits[m])]  # type: ignore[arg-type]
    if not any(m in present for m in metrics.context_metrics()):
        return Verdict(False, failed, NO_CONTEXT)
    if failed:
        return Verdict(False, failed, "below threshold: " + ", ".join(metrics.label(m) for m in failed))
    return Verdict(True, [], "every score meets its threshold")


def metric_passed(value: object, threshold: float) -> bool | None:
    """One metric against one threshold: `value >= threshold`; None without a value."""
    return None if not is_number(value) else bool(float(value) >= threshold)  # type: ignore[arg-type]
