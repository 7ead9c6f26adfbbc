"""Value objects shared by every evaluator."""
from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any


@dataclass(frozen=True)
class Score:
    """The result of one metric.

    `value` is 0..1, or None when the metric is undefined for the input (the
    `reason` then says why, e.g. "no claims"). Pass/fail is decided separately
    (`core.verdict.metric_passed`), never inside a metric.
    """

    value: float | None
    reason: str
    details: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)
