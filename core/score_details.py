"""The parts of a score result the pages show, typed (pure, read side): the answer's claims with their
support, the relevance of each retrieved chunk, the retrieval assessment, the judge's usage and the
result's own verdict. Each reader takes a core.score_results `ScoreResult` (or its sub-document) and is
lenient like `ScoreResult` itself: an item that is not a mapping is left out, a number that is not a
number reads as None, a list that is not a list as empty.
"""
from __future__ import annotations

from typing import Annotated, Any, Mapping

from pydantic import BaseModel, BeforeValidator, ConfigDict

from core.buckets import Number
from core.record_doc import Items
from core.score_results import MetricEntry, ScoreResult


def _maps(value: Any) -> list[dict]:
    return [dict(v) for v in value if isinstance(v, Mapping)] if isinstance(value, (list, tuple)) else []


class Claim(BaseModel):
    """One claim of the answer: supported by the context or not, how well, by which chunk(s), and why."""
    model_config = ConfigDict(extra="allow")

    text: Any = None
    supported: Any = None
    score: Number = None
    chunk_ids: Annotated[list[int], BeforeValidator(
        lambda v: [i for i in v if isinstance(i, int)] if isinstance(v, (list, tuple)) else [])] = []
    best_sentence: Any = None
    why: Any = None


class Faithfulness(BaseModel):
    """details.faithfulness: the claims, and the sentences about the context that were not checked."""
    model_config = ConfigDict(extra="allow")

    claims: Annotated[list[Claim], BeforeValidator(_maps)] = []
    about_context: Annotated[list[str], BeforeValidator(
        lambda v: [a for a in v if isinstance(a, str)] if isinstance(v, (list, tuple)) else [])] = []


class ChunkRelevance(BaseModel):
    model_config = ConfigDict(extra="allow")

    index: Any = None
    relevant: Any = None
    score: Number = None


class Retrieval(BaseModel):
    """The retrieval assessment: a recommendation, its confidence, coverage and quality, and why."""
    model_config = ConfigDict(extra="allow")

    recommendation: Any = None
    confidence: Number = None
    coverage: Number = None
    quality: Any = None
    reasoning: Any = None
    issues: Items = []
    missing_aspects: Items = []


class JudgeUsage(BaseModel):
    model_config = ConfigDict(extra="allow")

    calls: Any = None
    input_tokens: Any = None
    output_tokens: Any = None
    cost_usd: Number = None


class GivenVerdict(BaseModel):
    """A result's own verdict (`verdict`), when it carries one."""
    model_config = ConfigDict(extra="allow")

    passed: Any = None
    failed_metrics: Items = []
    reason: Any = None


class ScoreDetails(BaseModel):
    """details: faithfulness (claims), contextual precision (chunk relevance), the mode note, judge errors."""
    model_config = ConfigDict(extra="allow")

    mode_note: Any = None
    judge_errors: Items = []


def faithfulness(result: ScoreResult) -> Faithfulness:
    return Faithfulness.model_validate(result.detail("faithfulness"))


def claims_of(details: Mapping | None) -> list[Claim]:
    """The claims in a result's `details` (faithfulness.claims)."""
    faith = details.get("faithfulness") if isinstance(details, Mapping) else None
    return Faithfulness.model_validate(faith).claims if isinstance(faith, Mapping) else []


def chunk_relevance(result: ScoreResult) -> list[ChunkRelevance]:
    return [ChunkRelevance.model_validate(item)
            for item in _maps(result.detail("contextual_precision").get("chunk_relevance"))]


def entries(evaluation: Any) -> dict[str, MetricEntry]:
    """An evaluation's metric entries (entries that are not mappings left out)."""
    return ScoreResult.model_validate({"evaluation": evaluation}).evaluation


def given(result: ScoreResult) -> GivenVerdict | None:
    return GivenVerdict.model_validate(result.verdict) if "passed" in result.verdict else None

