"""answer_relevancy: how directly the answer addresses the question (local and judged)."""
from __future__ import annotations

import numpy as np
from pydantic import BaseModel, Field

from .. import meaning as M
from .. import rules
from ..answer_kind import YES_NO, short_answer_kind
from ..text.claims import is_pleasantry, is_refusal
from ..text.numbers import numbers
from ..text.words import content_tokens
from ..prepared import answer_units, _clip, _norm, Prepared
from ..relevance import (SHORT_ANSWER_WORDS, aspect_coverage, aspect_weights, short_answer_responsiveness,
                         typos_answered)
from ..support import _surface
from ..prompts import JudgePrompt
from ..types import MetricEvaluator, Score


SHORT_ANSWER_OF_KIND = 0.85  # above every default threshold: a short answer of the kind asked takes it up


def _short(p: Prepared) -> bool:
    """Rule short_answer_kind's answers: <= 4 content words ("Yes" has none)."""
    return rules.on("short_answer_kind") and len(set(content_tokens(p.answer))) <= SHORT_ANSWER_WORDS


def _in_context(p: Prepared) -> bool:
    """Every content word of the answer that its question does not say is in the context."""
    words = set(content_tokens(p.answer))
    return bool(words) and bool(p.ctx.sentences) and (words - p.q_tokens or words) <= p.ctx.tokens


def declines(p: Prepared, units: list[str], sims: np.ndarray) -> bool:
    """The answer declines: it says it cannot answer, and none of its other sentences takes the question up. An
    answer that gives what it can, then says what the sources leave open ("... It does not say whether part-time
    staff get a pro-rated share, so I can't answer that"), answers (issue 28)."""
    if not is_refusal(p.answer):
        return False
    if not rules.on("partial_refusal"):
        return True
    aspects = set(p.aspects)
    return not any(not is_refusal(u) and not is_pleasantry(u) and (sim >= 0.3 or aspects & set(content_tokens(u)))
                   for u, sim in zip(units, sims))


def on_topic_share(p: Prepared, units: list[str], vecs: np.ndarray, sims: np.ndarray) -> float:
    """Share of the answer's units that are on the question's topic: similar to the question, or naming
    one of its aspects (1.0 each); near the topic or elaborating on the answer's most on-topic unit (0.5: "Medications
    cost Rs 1,45,000 more" after "An IVF cycle costs Rs 3,00,000"); pleasantries and the rest count 0."""
    aspects = set(p.aspects)
    anchor = vecs[int(np.argmax(sims))]
    credit = []
    for unit, v, sim in zip(units, vecs, sims):
        if is_pleasantry(unit):
            credit.append(0.0)
        elif sim >= 0.3 or aspects & set(content_tokens(unit)):
            credit.append(1.0)
        else:
            credit.append(0.5 if (float(v @ anchor) >= 0.3 or sim >= 0.25) else 0.0)
    return float(np.mean(credit))


def answer_relevancy(p: Prepared) -> Score:
    """Does the answer address the question: similarity of the answer and its sentences to the
    question, coverage of the question's aspects, share of on-topic sentences."""
    sents = answer_units(p.answer)
    if not sents or not (content_tokens(p.answer) or numbers(p.answer)):
        return Score(None, "empty answer" if not p.answer.strip() else "answer has no content words", {})
    if not (p.q_tokens or p.q_numbers):
        return Score(None, "no question" if not p.query.strip() else "question has no content words", {})
    vecs = np.stack([p.vec(s) for s in sents])
    sims = vecs @ p.q_vec
    a_vec = _norm(vecs.mean(axis=0))
    sim_all = float(a_vec @ p.q_vec)
    sim_max = float(sims.max())
    sim_c = _clip((0.5 * sim_max + 0.5 * sim_all - 0.2) / 0.4)
    weights = aspect_weights(p)
    a_tokens = set(content_tokens(p.answer))
    a_tokens = a_tokens | typos_answered(p, weights, a_tokens)
    cov = aspect_coverage(weights, a_tokens)
    missing = [a for a in weights if a not in a_tokens]
    on_topic = on_topic_share(p, sents, vecs, sims)
    # similarity says "same topic"; aspect coverage says "this question, not a neighbouring one"
    topical = 0.5 * sim_c + 0.5 * on_topic
    value = topical if cov is None else topical * (0.4 + 0.6 * cov)
    # A short direct answer ("Delhi" to "... head office in what city?") does not restate the question,
    # so similarity and aspect coverage say little. It is responsive when its words are what the
    # context sentences most related to the question say.
    responsive = short_answer_responsiveness(p)
    if responsive is not None:
        value = max(value, responsive)
    # "Russian" to "What is the nationality of ...?": the kind of thing asked, and said in the context (not only
    # in the sentences nearest the question: a multi-hop answer sits elsewhere); another question's answer of
    # the same form is rarely in this context
    kind = short_answer_kind(p.query, p.answer) if _short(p) else None
    if kind not in (None, YES_NO) and not _in_context(p):
        kind = None
    if kind is not None:
        value = max(value, SHORT_ANSWER_OF_KIND)
    meaning = M.answer_meaning(p, sents, vecs)  # everyday words vs the domain's words: judged by meaning
    by_words = value
    value = max(value, meaning["value"])
    refusal = declines(p, sents, sims)
    if refusal:
        value = min(value, 0.3)
    value = _clip(value)
    if refusal:
        reason = "The answer declines to answer the question."
    elif kind is not None and value == SHORT_ANSWER_OF_KIND:
        reason = f"A short answer of the kind the question asks for ({kind})."
    elif responsive is not None and value == responsive and value >= 0.5:
        reason = "A short, direct answer taken from the part of the context that addresses the question."
    elif value >= 0.7:
        reason = "The answer addresses the question directly."
    elif meaning["value"] < 0.5 and by_words < 0.5 and (cov is None or cov < 0.5 or not missing):
        reason = M.off_topic_reason(p, meaning, sents, [_surface(p.query, m) for m in M.real_gaps(p, missing)])
    elif meaning["value"] > by_words and not M.real_gaps(p, missing):  # judged by meaning: name the open part
        reason = M.partial_reason(p, meaning)
    elif meaning["value"] > by_words:
        reason = ("The answer does not address: " + ", ".join(_surface(p.query, m) for m in M.real_gaps(p, missing)[:5])
                  + ".")
    elif cov is not None and missing:
        reason = ("The answer does not address: " + ", ".join(_surface(p.query, m) for m in missing[:5]) +
                  ("" if value >= 0.5 else "; it is generic or off-topic") + ".")
    else:
        reason = "The answer is only loosely related to the question."
    return Score(value, reason, {"similarity_max": round(sim_max, 4), "similarity_answer": round(sim_all, 4),
                                 "aspect_coverage": cov, "missing_aspects": [_surface(p.query, m) for m in missing],
                                 "on_topic_share": round(on_topic, 4), "refusal": refusal,
                                 "short_answer_responsiveness": None if responsive is None else round(responsive, 4),
                                 "short_answer_kind": kind,
                                 "meaning": meaning, "by_words": round(by_words, 4)})


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
