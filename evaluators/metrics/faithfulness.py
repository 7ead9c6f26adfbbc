"""faithfulness: the share of the answer's claims the retrieved context supports (local and judged)."""
from __future__ import annotations

import numpy as np
from pydantic import BaseModel

from ..text.claims import about_context_sentences, assessment_sentences
from ..hallucination import faithfulness_from_hallucination, hallucination_score, hallucination_signals
from ..prepared import NO_CONTEXT, Prepared
from ..support import claim_support, _short
from ..prompts import STATEMENTS_JSON, JudgePrompt, StatementVerdict
from ..types import MetricEvaluator, Score


def faithfulness(p: Prepared) -> Score:
    """Computed from the hallucination score (`faithfulness_from_hallucination`; 1.0 = fully grounded, 0.8 = the
    score's midpoint): the claims' support combined, one clearly unsupported claim taking it below 0.8. The
    share of supported claims is kept in the details (`supported_share`) and the reason. None when there is no
    retrieved context (NO_CONTEXT) or no claim."""
    if not p.ctx.sentences:
        return Score(None, NO_CONTEXT, {"claims": [], "unsupported_claims": []})
    about = list(about_context_sentences(p.answer))
    assessed = list(assessment_sentences(p.answer))
    note = (f" {len(about)} sentence(s) about the context, not checked: \"{_short(about[0], 60)}\"."
            if about else "") + (f" The answer's own assessment, not checked: \"{_short(assessed[0], 60)}\"."
                                 if assessed else "")
    if not p.claims:
        return Score(None, ("only statements about the context, not checked" if about else "no claims"),
                     {"claims": [], "unsupported_claims": [], "about_context": about})
    claims = claim_support(p)
    n_sup = sum(1 for c in claims if c["supported"])
    share = n_sup / len(claims)
    halluc = hallucination_score(p, Score(share, "", {"claims": claims}))
    value = faithfulness_from_hallucination(halluc)
    unsupported = [{"claim": c["text"], "why": c["why"], "score": c["score"]} for c in claims if not c["supported"]]
    if not unsupported:
        reason = f"All {len(claims)} claims are supported by the context."
    else:
        first = unsupported[0]
        reason = (f"{n_sup} of {len(claims)} claims supported; unsupported: \"{_short(first['claim'], 80)}\" "
                  f"({first['why']})" + (f" and {len(unsupported) - 1} more." if len(unsupported) > 1 else "."))
    reason += note + f" Hallucination score {halluc:.2f}."
    return Score(value, reason, {"claims": claims, "unsupported_claims": unsupported, "about_context": about,
                                 "supported_share": share, "hallucination_score": halluc,
                                 "assessments": assessed, "mean_support": float(np.mean([c["score"] for c in claims])),
                                 "signals": hallucination_signals(p, claims)})


class FaithfulnessVerdict(BaseModel):
    statements: list[StatementVerdict]


PROMPT = JudgePrompt(
    schema=FaithfulnessVerdict,
    template=(
        "QUESTION:\n{query}\n\nCONTEXT CHUNKS (id: text):\n{chunks}\n\nANSWER:\n{answer}\n\n"
        "Split the ANSWER into atomic factual statements. For each statement decide whether the CONTEXT "
        "supports it (numbers, dates, amounts, names and negations must match), list the ids of the "
        "supporting chunks, and give a one-sentence reason.\n" + STATEMENTS_JSON))


def read_verdict(v: FaithfulnessVerdict, p: Prepared) -> Score:
    sts = v.statements
    if not sts:
        return Score(None, "no claims (judge)", {"claims": [], "unsupported_claims": []})
    claims = [{"text": s.statement, "supported": s.supported, "score": 1.0 if s.supported else 0.0,
               "chunk_ids": [i for i in s.supporting_chunk_ids if 0 <= i < len(p.context)],
               "best_sentence": "", "why": None if s.supported else (s.reason or "not supported")} for s in sts]
    uns = [{"claim": c["text"], "why": c["why"], "score": 0.0} for c in claims if not c["supported"]]
    value = sum(c["supported"] for c in claims) / len(claims)
    reason = (f"Judge: all {len(claims)} statements supported." if not uns else
              f"Judge: {len(claims) - len(uns)} of {len(claims)} statements supported; "
              f"unsupported: \"{uns[0]['claim'][:80]}\" ({uns[0]['why']}).")
    return Score(value, reason, {"claims": claims, "unsupported_claims": uns, "mean_support": value,
                                 "source": "judge"})


METRIC = MetricEvaluator(
    "faithfulness",
    local=lambda p, chunk_relevance: faithfulness(p),
    requires=("context", "claims"),
    prompt=PROMPT,
    prompt_values=lambda p: {"query": p.query, "answer": p.answer, "chunks": p.context},
    read_verdict=read_verdict,
    entry_fields=lambda s: {"unsupported_claims": s.details.get("unsupported_claims", [])},
)
