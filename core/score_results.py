"""Score results as typed documents (pure): what `evaluators.score_one` returns and what a record
keeps of it (`rescored`, store/scores.py `rescored_block`), as the pages read them.

Reading is lenient, like the pages always were: a score or threshold that is not a number reads as
None, `passed` that is not a bool as None, an evaluation entry that is not a mapping as absent, a
sub-document that is not a mapping as empty; nothing here raises on an odd stored result. Fields
beyond these pass through (`extra`), so `latency_ms`, `at`, `evaluator_version`, a metric entry's
`unsupported_claims` or `score_out_of_range` are kept as given.
"""
from __future__ import annotations

from typing import Annotated, Any, Mapping

from pydantic import BaseModel, BeforeValidator, ConfigDict

from core.buckets import Number, number

OVERALL = "overall_quality"


def _mapping(value: Any) -> dict:
    return dict(value) if isinstance(value, Mapping) else {}


Sub = Annotated[dict, BeforeValidator(_mapping)]  # a sub-document: a mapping, or empty


class MetricEntry(BaseModel):
    """One metric of an evaluation: its score, the threshold it was judged with, passed, and why."""
    model_config = ConfigDict(extra="allow")

    score: Number = None
    threshold: Number = None
    passed: Annotated[Any, BeforeValidator(lambda v: v if isinstance(v, bool) else None)] = None
    reason: Any = None


def _evaluation(value: Any) -> dict[str, MetricEntry]:
    return {str(m): MetricEntry.model_validate(dict(e)) for m, e in _mapping(value).items()
            if isinstance(e, Mapping)}


class ScoreResult(BaseModel):
    """A score of one record: every metric's entry, the verdict, the hallucination score, and the
    details (claims, chunk relevance), retrieval assessment, extra metrics and judge usage."""
    model_config = ConfigDict(extra="allow")

    evaluation: Annotated[dict[str, MetricEntry], BeforeValidator(_evaluation)] = {}
    verdict: Sub = {}
    hallucination_score: Number = None
    details: Sub = {}
    retrieval: Sub = {}
    extra_metrics: Sub = {}
    latency_ms: Sub = {}
    judge_usage: Sub = {}
    mode: Any = None
    by: Any = None

    @classmethod
    def read(cls, value: Any) -> ScoreResult | None:
        """A result or stored `rescored` block as a typed document; None for anything that is not one."""
        if isinstance(value, ScoreResult):
            return value
        return cls.model_validate(dict(value)) if isinstance(value, Mapping) else None

    def entry(self, metric: str) -> MetricEntry | None:
        return self.evaluation.get(metric)

    @property
    def overall(self) -> int | float | None:
        """The overall quality score (None when the result has none)."""
        entry = self.entry(OVERALL)
        return None if entry is None else number(entry.score)

    def detail(self, metric: str) -> dict:
        """A metric's details (e.g. "faithfulness": claims; "contextual_precision": chunk_relevance)."""
        return _mapping(self.details.get(metric))

    def claims(self) -> list[Mapping]:
        """The answer's claims with their support (details.faithfulness.claims), mappings only."""
        return [c for c in self.detail("faithfulness").get("claims") or [] if isinstance(c, Mapping)]

    def evaluation_doc(self) -> dict[str, dict]:
        """The evaluation as plain entries (the fields each entry was given), for tables."""
        return {m: e.model_dump(exclude_unset=True) for m, e in self.evaluation.items()}
