"""The thresholds a score is judged against: the catalog's defaults with overrides applied."""
from __future__ import annotations

from typing import Mapping

from core import metrics
from core.features import DEFAULT_FEATURE


def thresholds_for(feature: str | None, overrides: Mapping | None = None) -> dict[str, float]:
    """Thresholds for `feature` (unknown/None -> the default entry), with `overrides` applied.

    `overrides` may be flat ({metric: value}) or per feature ({feature: {metric: value}});
    unknown metric names and values outside 0..1 raise ValueError.
    """
    defaults = metrics.default_thresholds()
    key = (feature or DEFAULT_FEATURE).strip().lower()
    out = dict(defaults.get(key, defaults[DEFAULT_FEATURE]))
    if overrides:
        flat = overrides
        if any(isinstance(v, Mapping) for v in overrides.values()):
            flat = {}
            flat.update(overrides.get(DEFAULT_FEATURE, {}) or {})
            flat.update(overrides.get(key, {}) or {})
        known = metrics.score_names()
        for metric, value in flat.items():
            if metric not in known:
                raise ValueError(f"unknown metric in thresholds: {metric!r}")
            value = float(value)
            if not 0.0 <= value <= 1.0:
                raise ValueError(f"threshold for {metric} must be within 0..1, got {value}")
            out[metric] = value
    return out
