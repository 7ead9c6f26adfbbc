"""Per-feature thresholds and the overall-quality formula (reference 000)."""
from __future__ import annotations

from typing import Mapping

METRICS: tuple[str, ...] = ("faithfulness", "answer_relevancy", "contextual_precision", "contextual_recall")

OVERALL_WEIGHTS: dict[str, float] = {
    "faithfulness": 0.35,
    "answer_relevancy": 0.30,
    "contextual_precision": 0.20,
    "contextual_recall": 0.15,
}

_CHAT = {"faithfulness": 0.8, "answer_relevancy": 0.7, "contextual_precision": 0.75,
         "contextual_recall": 0.7, "overall_quality": 0.75}

DEFAULT_THRESHOLDS: dict[str, dict[str, float]] = {
    "chat": dict(_CHAT),
    "viability": {"faithfulness": 0.85, "answer_relevancy": 0.75, "contextual_precision": 0.8,
                  "contextual_recall": 0.75, "overall_quality": 0.75},
    "arguments": {"faithfulness": 0.9, "answer_relevancy": 0.8, "contextual_precision": 0.85,
                  "contextual_recall": 0.8, "overall_quality": 0.75},
    "clauses": {"faithfulness": 0.95, "answer_relevancy": 0.75, "contextual_precision": 0.8,
                "contextual_recall": 0.7, "overall_quality": 0.75},
    "default": dict(_CHAT),
}

_KNOWN = set(METRICS) | {"overall_quality"}


def thresholds_for(feature: str | None, overrides: Mapping | None = None) -> dict[str, float]:
    """Thresholds for `feature` (unknown/None -> "default"), with `overrides` applied.

    `overrides` may be flat ({metric: value}) or per feature ({feature: {metric: value}});
    unknown metric names and values outside 0..1 raise ValueError.
    """
    key = (feature or "default").strip().lower()
    out = dict(DEFAULT_THRESHOLDS.get(key, DEFAULT_THRESHOLDS["default"]))
    if overrides:
        flat = overrides
        if any(isinstance(v, Mapping) for v in overrides.values()):
            flat = {}
            flat.update(overrides.get("default", {}) or {})
            flat.update(overrides.get(key, {}) or {})
        for metric, value in flat.items():
            if metric not in _KNOWN:
                raise ValueError(f"unknown metric in thresholds: {metric!r}")
            value = float(value)
            if not 0.0 <= value <= 1.0:
                raise ValueError(f"threshold for {metric} must be within 0..1, got {value}")
            out[metric] = value
    return out


def overall_quality(scores: Mapping[str, float | None]) -> float | None:
    """0.35·F + 0.30·AR + 0.20·CP + 0.15·CR, re-normalised over the metrics that are not None.

    None when every metric is None.
    """
    total_w = 0.0
    acc = 0.0
    for metric, weight in OVERALL_WEIGHTS.items():
        v = scores.get(metric)
        if v is None:
            continue
        acc += weight * float(v)
        total_w += weight
    if total_w == 0.0:
        return None
    return acc / total_w
