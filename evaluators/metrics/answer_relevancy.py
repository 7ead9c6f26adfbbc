"""answer_relevancy: how directly the answer addresses the question (local and judged)."""
from __future__ import annotations

from pydantic import BaseModel, Field

# The local function stays in evaluators/local.py for now (another branch is changing it); it is moved
# here after the quality branch merges.
from ..local import Prepared, answer_relevancy
from ..prompts import JudgePrompt
from ..types import MetricEvaluator, Score


class RelevancyVerdict(BaseModel):
    score: float = Field(ge=0.0, le=1.0)
    reason: str = ""
    missing_aspects: list[str] = Field(default_factory=list)


PROMPT = JudgePrompt(
    schema=RelevancyVerdict,
    template=(
        "QUESTION:\n{query}\n\nANSWER:\n{answer}\n\n"
        "How directly and specifically does the ANSWER address the QUESTION (0.0 = off-topic or generic, "
        "1.0 = answers exactly what was asked)? List the aspects of the question left unanswered.\n"
        'Return JSON: {{"score": float, "reason": str, "missing_aspects": [str]}}'))


def read_verdict(v: RelevancyVerdict, p: Prepared) -> Score:
    return Score(v.score, f"Judge: {v.reason}".strip(), {"missing_aspects": v.missing_aspects, "source": "judge"})


METRIC = MetricEvaluator(
    "answer_relevancy",
    local=lambda p, chunk_relevance: answer_relevancy(p),
    requires=(),
    prompt=PROMPT,
    prompt_values=lambda p: {"query": p.query, "answer": p.answer},
    read_verdict=read_verdict,
)
