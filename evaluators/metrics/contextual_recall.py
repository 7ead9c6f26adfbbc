"""contextual_recall: the share of the expected answer the retrieved context covers (local and judged)."""
from __future__ import annotations

from pydantic import BaseModel

from ..text.claims import split_claims
from ..prepared import NO_CONTEXT, Prepared
from ..support import _short, support
from ..prompts import STATEMENTS_JSON, JudgePrompt, StatementVerdict
from ..types import MetricEvaluator, Score


def contextual_recall(p: Prepared) -> Score:
    if not p.ctx.sentences:
        return Score(None, NO_CONTEXT, {"claims": []})
    if not p.expected:
        return Score(None, "no expected answer given", {})
    exp_claims = list(split_claims(p.expected))
    if not exp_claims:
        return Score(None, "expected answer has no claims", {})
    recs = [support(c, p.ctx, p) for c in exp_claims]
    n = sum(1 for r in recs if r["supported"])
    value = n / len(recs)
    missing = [r["text"] for r in recs if not r["supported"]]
    reason = (f"All {len(recs)} expected claims are found in the context." if not missing else
              f"{n} of {len(recs)} expected claims found in the context; missing: \"{_short(missing[0], 80)}\""
              + (f" and {len(missing) - 1} more." if len(missing) > 1 else "."))
    return Score(value, reason, {"claims": recs, "missing_claims": missing})


class RecallVerdict(BaseModel):
    statements: list[StatementVerdict]


PROMPT = JudgePrompt(
    schema=RecallVerdict,
    template=(
        "EXPECTED ANSWER:\n{expected}\n\nRETRIEVED CHUNKS (id: text):\n{chunks}\n\n"
        "Split the EXPECTED ANSWER into atomic statements; for each decide whether it can be attributed "
        "to the chunks and list the ids of the chunks it comes from.\n" + STATEMENTS_JSON))


def read_verdict(v: RecallVerdict, p: Prepared) -> Score:
    if not v.statements:
        return Score(None, "expected answer has no claims (judge)", {"source": "judge"})
    n = sum(s.supported for s in v.statements)
    return Score(n / len(v.statements), f"Judge: {n} of {len(v.statements)} expected statements found in "
                 "the context.", {"claims": [s.model_dump() for s in v.statements], "source": "judge"})


METRIC = MetricEvaluator(
    "contextual_recall",
    local=lambda p, chunk_relevance: contextual_recall(p),
    requires=("context", "expected_output"),
    prompt=PROMPT,
    prompt_values=lambda p: {"expected": p.expected or "", "chunks": p.context},
    read_verdict=read_verdict,
)
