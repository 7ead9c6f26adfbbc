"""Value objects shared by every evaluator."""
from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any, Callable


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


# The inputs a metric may require (like Ragas' required columns): a metric whose inputs are absent for a
# record is not asked of the judge (its local function returns None with the reason).
INPUTS: dict[str, str] = {
    "context": "retrieved context with text",
    "expected_output": "an expected answer",
    "claims": "an answer that makes claims",
}


def has_input(p: Any, name: str) -> bool:
    """Whether the prepared record `p` (evaluators.prepared.Prepared) carries input `name` (a key of INPUTS)."""
    if name == "context":
        return bool(p.ctx.sentences)
    if name == "expected_output":
        return bool(p.expected)
    if name == "claims":
        return bool(p.claims)
    raise KeyError(name)


@dataclass(frozen=True)
class MetricEvaluator:
    """Everything that scores one catalog metric (one module in evaluators/metrics/ exports it as METRIC).

    `local(p, chunk_relevance) -> Score` is the fast-mode score (`chunk_relevance`: the per-chunk relevance
    computed once per record, `evaluators.relevance.chunk_relevance`). `requires`: names from INPUTS, as data.
    Judged metrics also give `prompt` (an `evaluators.prompts.JudgePrompt`), `prompt_values(p) -> dict` (the
    template's fields) and `read_verdict(verdict, p) -> Score` (the judge's validated reply as a Score).
    `entry_fields(score) -> dict`: extra fields of the metric's entry in the output's "evaluation".
    """

    name: str
    local: Callable[[Any, list], Score]
    requires: tuple[str, ...] = ()
    prompt: Any = None
    prompt_values: Callable[[Any], dict] | None = None
    read_verdict: Callable[[Any, Any], Score] | None = None
    entry_fields: Callable[[Score], dict] | None = None

    def __post_init__(self):
        unknown = [r for r in self.requires if r not in INPUTS]
        if unknown:
            raise ValueError(f"metric {self.name!r} requires unknown inputs {unknown}; known: {sorted(INPUTS)}")
        judge_parts = (self.prompt, self.prompt_values, self.read_verdict)
        if any(x is not None for x in judge_parts) and any(x is None for x in judge_parts):
            raise ValueError(f"metric {self.name!r}: a judged metric needs prompt, prompt_values and "
                             "read_verdict together")

    @property
    def judged(self) -> bool:
        return self.prompt is not None

    def eligible(self, p: Any) -> bool:
        """Every required input is present in the prepared record."""
        return all(has_input(p, r) for r in self.requires)
