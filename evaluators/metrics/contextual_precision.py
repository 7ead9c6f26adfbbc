"""contextual_precision: relevant chunks ranked above irrelevant ones (local and judged)."""
from __future__ import annotations

from pydantic import BaseModel

# The local function stays in evaluators/local.py for now (another branch is changing it); it is moved
# here after the quality branch merges.
from ..local import Prepared, average_precision, contextual_precision
from ..prompts import JudgePrompt
from ..types import MetricEvaluator, Score


class ChunkVerdict(BaseModel):
    index: int
    relevant: bool
    reason: str = ""


class PrecisionVerdict(BaseModel):
    chunks: list[ChunkVerdict]


PROMPT = JudgePrompt(
    schema=PrecisionVerdict,
    template=(
        "QUESTION:\n{query}\n\nEXPECTED ANSWER (may be empty):\n{expected}\n\n"
        "RETRIEVED CHUNKS in rank order (id: text):\n{chunks}\n\n"
        "For each chunk decide whether it contains information useful to answer the QUESTION "
        "(or to arrive at the EXPECTED ANSWER when one is given).\n"
        'Return JSON: {{"chunks": [{{"index": int, "relevant": bool, "reason": str}}]}}'))


def read_verdict(v: PrecisionVerdict, p: Prepared) -> Score:
    by_idx = {c.index: c for c in v.chunks}
    rel = [{"index": i, "relevant": bool(by_idx[i].relevant) if i in by_idx else False,
            "score": 1.0 if (i in by_idx and by_idx[i].relevant) else 0.0,
            "reason": by_idx[i].reason if i in by_idx else "not judged"} for i in range(len(p.context))]
    flags = [r["relevant"] for r in rel]
    ap = average_precision(flags)
    return Score(ap, f"Judge: {sum(flags)} of {len(flags)} chunks relevant.",
                 {"chunk_relevance": rel, "share_relevant": sum(flags) / len(flags), "source": "judge"})


METRIC = MetricEvaluator(
    "contextual_precision",
    local=lambda p, chunk_relevance: contextual_precision(p, chunk_relevance),
    requires=("context",),
    prompt=PROMPT,
    prompt_values=lambda p: {"query": p.query, "chunks": p.context, "expected": p.expected or ""},
    read_verdict=read_verdict,
)
