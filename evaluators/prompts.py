"""Judge prompts as data, and the pydantic models of the JSON each one must return."""
from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

SYSTEM = ("You are a strict evaluator of answers produced by a retrieval-augmented assistant. "
          "Judge only from the material given. Reply with one JSON object and nothing else.")


class StatementVerdict(BaseModel):
    statement: str
    supported: bool
    supporting_chunk_ids: list[int] = Field(default_factory=list)
    reason: str = ""


class FaithfulnessVerdict(BaseModel):
    statements: list[StatementVerdict]


class RelevancyVerdict(BaseModel):
    score: float = Field(ge=0.0, le=1.0)
    reason: str = ""
    missing_aspects: list[str] = Field(default_factory=list)


class ChunkVerdict(BaseModel):
    index: int
    relevant: bool
    reason: str = ""


class PrecisionVerdict(BaseModel):
    chunks: list[ChunkVerdict]


class RecallVerdict(BaseModel):
    statements: list[StatementVerdict]


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


PROMPTS: dict[str, dict] = {
    "faithfulness": {
        "schema": FaithfulnessVerdict,
        "template": (
            "QUESTION:\n{query}\n\nCONTEXT CHUNKS (id: text):\n{chunks}\n\nANSWER:\n{answer}\n\n"
            "Split the ANSWER into atomic factual statements. For each statement decide whether the CONTEXT "
            "supports it (numbers, dates, amounts, names and negations must match), list the ids of the "
            "supporting chunks, and give a one-sentence reason.\n"
            'Return JSON: {{"statements": [{{"statement": str, "supported": bool, '
            '"supporting_chunk_ids": [int], "reason": str}}]}}'),
    },
    "answer_relevancy": {
        "schema": RelevancyVerdict,
        "template": (
            "QUESTION:\n{query}\n\nANSWER:\n{answer}\n\n"
            "How directly and specifically does the ANSWER address the QUESTION (0.0 = off-topic or generic, "
            "1.0 = answers exactly what was asked)? List the aspects of the question left unanswered.\n"
            'Return JSON: {{"score": float, "reason": str, "missing_aspects": [str]}}'),
    },
    "contextual_precision": {
        "schema": PrecisionVerdict,
        "template": (
            "QUESTION:\n{query}\n\nEXPECTED ANSWER (may be empty):\n{expected}\n\n"
            "RETRIEVED CHUNKS in rank order (id: text):\n{chunks}\n\n"
            "For each chunk decide whether it contains information useful to answer the QUESTION "
            "(or to arrive at the EXPECTED ANSWER when one is given).\n"
            'Return JSON: {{"chunks": [{{"index": int, "relevant": bool, "reason": str}}]}}'),
    },
    "contextual_recall": {
        "schema": RecallVerdict,
        "template": (
            "EXPECTED ANSWER:\n{expected}\n\nRETRIEVED CHUNKS (id: text):\n{chunks}\n\n"
            "Split the EXPECTED ANSWER into atomic statements; for each decide whether it can be attributed "
            "to the chunks and list the ids of the chunks it comes from.\n"
            'Return JSON: {{"statements": [{{"statement": str, "supported": bool, '
            '"supporting_chunk_ids": [int], "reason": str}}]}}'),
    },
    "retrieval_quick": {
        "schema": QuickCheckVerdict,
        "template": (
            "USER QUERY: {query}\n\nRETRIEVED CONTEXTS:\n{chunks}\n\n"
            "Can these contexts adequately answer the user's query? Be strict: answer 'yes' only if the "
            "contexts directly and completely answer it.\n"
            'Return JSON: {{"answer": "yes"|"partial"|"no", "reasoning": str}}'),
    },
    "retrieval_thorough": {
        "schema": RetrievalVerdict,
        "template": (
            "USER QUERY:\n{query}\n\nRETRIEVED CONTEXTS:\n{chunks}\n\n"
            "Evaluate: 1. RELEVANCE of each context (0.0-1.0); 2. COVERAGE of all aspects of the query "
            "(0.0-1.0); 3. CONFIDENCE that the contexts can answer the query (0.0-1.0); 4. ISSUES; "
            "5. MISSING aspects; 6. RECOMMENDATION: ANSWER (sufficient), REFINE (reformulate the query), "
            "EXTERNAL (search external sources), CLARIFY (query is ambiguous).\n"
            'Return JSON: {{"relevance_scores": [float], "coverage": float, "confidence": float, '
            '"issues": [str], "missing_aspects": [str], '
            '"recommendation": "ANSWER"|"REFINE"|"EXTERNAL"|"CLARIFY", "reasoning": str}}'),
    },
}


def format_chunks(chunks: list[str], limit: int = 2000) -> str:
    return "\n".join(f"[{i}] {c[:limit]}" for i, c in enumerate(chunks)) or "(none)"


def render(name: str, **values) -> str:
    spec = PROMPTS[name]
    if "chunks" in values and isinstance(values["chunks"], list):
        values["chunks"] = format_chunks(values["chunks"])
    values.setdefault("expected", "")
    return spec["template"].format(**values)
