"""citation_accuracy: does the chunk an answer's claim cites hold its support? (local only, not judged)"""
from __future__ import annotations

import numpy as np

from ..text.references import find_references, strip_citations
from ..text.words import content_tokens
from ..prepared import NO_CONTEXT, Prepared
from ..support import claim_support
from ..types import MetricEvaluator, Score


def citation_accuracy(p: Prepared) -> Score:
    """Where the answer cites a chunk ("(Passage 2)", "[1]", "[Doc 3]", "according to Source 2"), does that
    chunk support the claim that cites it? Share of cited claims whose cited chunk holds their support (the
    chunk best matching the claim, within a small margin, and the claim supported by the context). None
    when the answer cites no chunk by number, or there is no context. Chunks are numbered from 1, as shown."""
    if not p.ctx.sentences:
        return Score(None, NO_CONTEXT, {"citations": []})
    claims = claim_support(p)
    cited = [(i, c, find_references(c["text"])) for i, c in enumerate(claims)]
    cited = [x for x in cited if x[2]]
    if not cited:
        return Score(None, "the answer cites no retrieved chunk", {"citations": []})
    src = np.array(p.ctx.source)
    sent_toks = [set(content_tokens(s)) for s in p.ctx.sentences]
    n = len(p.context)
    rows, wrong = [], []
    for i, c, refs in cited:
        text = strip_citations(c["text"]).strip()
        ctoks = set(content_tokens(text))
        combo = p.ctx.vecs @ p.vec(text) + 0.5 * np.array([len(ctoks & st) / max(1, len(ctoks)) for st in sent_toks])
        per_chunk = {k: float(combo[src == k].max()) for k in set(p.ctx.source)}
        best_chunk = max(per_chunk, key=per_chunk.get)
        ok_refs = [r for r in refs if (r - 1) in per_chunk and per_chunk[r - 1] >= per_chunk[best_chunk] - 0.1]
        correct = bool(ok_refs) and c["supported"]
        rows.append({"claim": c["text"], "cites": refs, "support_in": best_chunk + 1, "correct": correct})
        if not correct:
            missing = [r for r in refs if r < 1 or r > n]
            what = (f"cites #{', #'.join(map(str, missing))}, which was not retrieved" if missing else
                    f"cites #{', #'.join(map(str, refs))}")
            where = (f"the support is in #{best_chunk + 1}" if c.get("supported_without_citation", c["supported"]) else
                     "the context does not support it")
            wrong.append(f"claim {i + 1} {what}; {where}")
    value = sum(r["correct"] for r in rows) / len(rows)
    reason = (f"All {len(rows)} cited claims are supported by the chunk they cite." if not wrong else
              f"{len(rows) - len(wrong)} of {len(rows)} citations correct: " + "; ".join(wrong[:3])
              + (f" and {len(wrong) - 3} more." if len(wrong) > 3 else "."))
    return Score(value, reason, {"citations": rows, "wrong": wrong})


METRIC = MetricEvaluator(
    "citation_accuracy",
    local=lambda p, chunk_relevance: citation_accuracy(p),
    requires=("context",),
)
