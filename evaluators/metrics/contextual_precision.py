"""contextual_precision: relevant chunks ranked above irrelevant ones (local and judged)."""
from __future__ import annotations

from typing import Sequence

from pydantic import BaseModel

from ..prepared import NO_CONTEXT, Prepared
from ..relevance import chunk_relevance
from ..prompts import JudgePrompt
from ..types import MetricEvaluator, Score


def average_precision(flags: Sequence[bool]) -> float | None:
    """Rank-weighted average precision: mean of precision@k over the ranks k of relevant items
    (0.0 when none is relevant, None for an empty list)."""
    if not flags:
        return None
    hits, acc = 0, 0.0
    for k, rel in enumerate(flags, start=1):
        if rel:
            hits += 1
            acc += hits / k
    return acc / hits if hits else 0.0


def contextual_precision(p: Prepared, rel: list[dict] | None = None) -> Score:
    if not p.ctx.sentences:
        return Score(None, NO_CONTEXT, {"chunk_relevance": []})
    rel = rel if rel is not None else chunk_relevance(p)
    flags = [r["relevant"] for r in rel]
    ap = average_precision(flags)
    n_rel = sum(flags)
    if n_rel == 0:
        reason = f"None of the {len(flags)} retrieved chunks is relevant to the question."
    elif n_rel == len(flags):
        reason = f"All {len(flags)} retrieved chunks are relevant."
    else:
        irrelevant = [str(r["index"] + 1) for r in rel if not r["relevant"]]  # numbered from 1, as the UI shows chunks
        reason = (f"{n_rel} of {len(flags)} chunks relevant (irrelevant: #{', #'.join(irrelevant)})"
                  + ("; relevant chunks are ranked first." if ap == 1.0 else "; some relevant chunks rank low."))
    return Score(ap, reason, {"chunk_relevance": rel, "share_relevant": n_rel / len(flags)})


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
