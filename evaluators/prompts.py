"""The judge's shared prompt pieces: the system message, `JudgePrompt` (a template and the pydantic model of
the JSON it must return), chunk formatting, the statement verdict several metrics use, and the retrieval
assessment's prompts (not a metric). Each metric's own prompt lives in its module, evaluators/metrics/<name>.py;
`prompt(name)` finds either kind by name.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from pydantic import BaseModel, Field

SYSTEM = ("You are a strict evaluator of answers produced by a retrieval-augmented assistant. "
          "Judge only from the material given. Reply with one JSON object and nothing else.")


@dataclass(frozen=True)
class JudgePrompt:
    """A judge prompt as data: the user-message template and the pydantic model its JSON reply must match."""
    template: str
    schema: type[BaseModel]

    def render(self, **values) -> str:
        if "chunks" in values and isinstance(values["chunks"], list):
            values["chunks"] = format_chunks(values["chunks"])
        values.setdefault("expected", "")
        return self.template.format(**values)


class StatementVerdict(BaseModel):
    statement: str
    supported: bool
    supporting_chunk_ids: list[int] = Field(default_factory=list)
    reason: str = ""


STATEMENTS_JSON = ('Return JSON: {{"statements": [{{"statement": str, "supported": bool, '
                   '"supporting_chunk_ids": [int], "reason": str}}]}}')


class QuickCheckVerdict(BaseModel):
    answer: Literal["yes", "partial", "no"]
    reasoning: str = ""


class RetrievalVerdict(BaseModel):
    relevance_scores: list[float] = Field(default_factory=list)
    coverage: float = Field(ge=0.0, le=1.0)
    confidence: float = Field(ge=0.0, le=1.0)
    issues: list[str] = Field(default_factory=list)
    missing_aspects: list[str] = Field(default_factory=list)
    recommendation: Literal["ANSWER", "REFINE", "EXTERNAL", "CLARIFY"]
    reasoning: str = ""


# the retrieval assessment's prompts (evaluators/retrieval.py); the metrics' prompts are in their modules
RETRIEVAL_PROMPTS: dict[str, JudgePrompt] = {
    "retrieval_quick": JudgePrompt(
        schema=QuickCheckVerdict,
        template=(
            "USER QUERY: {query}\n\nRETRIEVED CONTEXTS:\n{chunks}\n\n"
            "Can these contexts adequately answer the user's query? Be strict: answer 'yes' only if the "
            "contexts directly and completely answer it.\n"
            'Return JSON: {{"answer": "yes"|"partial"|"no", "reasoning": str}}')),
    "retrieval_thorough": JudgePrompt(
        schema=RetrievalVerdict,
        template=(
            "USER QUERY:\n{query}\n\nRETRIEVED CONTEXTS:\n{chunks}\n\n"
            "Evaluate: 1. RELEVANCE of each context (0.0-1.0); 2. COVERAGE of all aspects of the query "
            "(0.0-1.0); 3. CONFIDENCE that the contexts can answer the query (0.0-1.0); 4. ISSUES; "
            "5. MISSING aspects; 6. RECOMMENDATION: ANSWER (sufficient), REFINE (reformulate the query), "
            "EXTERNAL (search external sources), CLARIFY (query is ambiguous).\n"
            'Return JSON: {{"relevance_scores": [float], "coverage": float, "confidence": float, '
            '"issues": [str], "missing_aspects": [str], '
            '"recommendation": "ANSWER"|"REFINE"|"EXTERNAL"|"CLARIFY", "reasoning": str}}')),
}


def prompt(name: str) -> JudgePrompt:
    """The prompt called `name`: a retrieval prompt, or the prompt of the judged metric of that name."""
    if name in RETRIEVAL_PROMPTS:
        return RETRIEVAL_PROMPTS[name]
    from . import metrics  # the registry imports the metric modules, which import this module

    ev = metrics.get(name)
    if ev is None or ev.prompt is None:
        raise KeyError(f"no judge prompt called {name!r}")
    return ev.prompt


def format_chunks(chunks: list[str], limit: int = 2000) -> str:
    return "\n".join(f"[{i}] {c[:limit]}" for i, c in enumerate(chunks)) or "(none)"


def render(name: str, **values) -> str:
    return prompt(name).render(**values)
