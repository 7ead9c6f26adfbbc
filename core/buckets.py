"""Aggregate buckets as typed documents (pure): one daily or weekly bucket of one feature, as the
aggregate job writes it (store/aggregate_counts.py `finalize`; the release aggregates' `version_buckets`
give the same shape) and the monitor pages read it.

Reading is lenient, like the pages always were: a value that is not a number (None, a string, a
bool, NaN) reads as None, a missing or odd `metrics` / `quadrants` block as empty, a `bucket` that is
not a datetime as None; nothing here raises on an odd stored document. Fields beyond these pass
through (`extra`), so `_id`, `granularity` and `computed_at` are kept as stored.
"""
from __future__ import annotations

from datetime import date, datetime
from typing import Annotated, Any

from pydantic import BaseModel, BeforeValidator, ConfigDict

from core import timebuckets


def number(value: Any) -> int | float | None:
    """A stored number as it is, or None for anything else (bool, text, NaN)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    return value if value == value else None  # NaN -> None


def _mapping(value: Any) -> dict:
    return value if isinstance(value, dict) else {}


Number = Annotated[Any, BeforeValidator(number)]  # int | float | None, as stored (ints stay ints)


class MetricStats(BaseModel):
    """One score's figures in a bucket: mean, p10/p50/p90, pass rate, and n (records with the score)."""
    model_config = ConfigDict(extra="allow")

    mean: Number = None
    p10: Number = None
    p50: Number = None
    p90: Number = None
    pass_rate: Number = None
    n: Number = None


def _metrics(value: Any) -> dict[str, MetricStats]:
    return {str(m): MetricStats.model_validate(s) for m, s in _mapping(value).items() if isinstance(s, dict)}


class Bucket(BaseModel):
    """A daily or weekly aggregate document of one feature ("__all__": every feature together)."""
    model_config = ConfigDict(extra="allow", populate_by_name=True)

    bucket: Annotated[Any, BeforeValidator(lambda v: v if isinstance(v, datetime) else None)] = None
    feature: Annotated[Any, BeforeValidator(lambda v: v if isinstance(v, str) else None)] = None
    count: Number = None
    passed: Number = None
    failing: Number = None
    pass_rate: Number = None
    regen_rate: Number = None
    regen_mean: Number = None
    missing_scores: Number = None
    metrics: Annotated[dict[str, MetricStats], BeforeValidator(_metrics)] = {}
    quadrants: Annotated[dict[str, Any], BeforeValidator(
        lambda v: {str(q): number(c) for q, c in _mapping(v).items()})] = {}

    @property
    def day(self) -> date | None:
        """The local day the bucket stands for (a week bucket: its Monday); None without a bucket instant."""
        return timebuckets.bucket_day(self.bucket) if self.bucket is not None else None

    def stat(self, metric: str, name: str = "mean") -> int | float | None:
        """One figure of one score (`name`: mean, p10, p50, p90, pass_rate, n); None when absent."""
        stats = self.metrics.get(metric)
        return None if stats is None else number(getattr(stats, name, None))

    def rate(self, name: str) -> int | float | None:
        """A bucket-level figure by name (pass_rate, regen_rate, count, ...); None when absent or not a number."""
        return number(getattr(self, name, None))


def as_bucket(doc: Bucket | dict) -> Bucket:
    """A typed bucket (a stored document is read as one)."""
    return doc if isinstance(doc, Bucket) else Bucket.model_validate(doc)


def buckets(docs: list[dict]) -> list[Bucket]:
    """Typed buckets from stored documents, in their order."""
    return [as_bucket(d) for d in docs]
