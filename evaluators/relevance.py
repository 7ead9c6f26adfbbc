"""Relevance to the question: its aspects and their weights, how much of them a set of words covers, and the
relevance (0..1) of each retrieved chunk (`chunk_relevance`, computed once per record for the context metrics)."""
from __future__ import annotations

import numpy as np

from .text.claims import split_claims
from .text.entities import entities
from .text.numbers import numbers
from .text.references import strip_citations
from .text.words import content_tokens, misspelling_of, stem
from . import meaning as M
from .placeholders import placeholder_weight
from .prepared import _clip, _norm, Prepared


RELEVANCE_THRESHOLD = 0.5


def aspect_weights(p: Prepared) -> dict[str, float]:
    caps = set(entities(p.query)) | {stem(w) for w in p.query.split()[:1] if w[:1].isupper() and w.isupper()}
    w = {}
    for a in p.aspects:
        w[a] = placeholder_weight(a) or (3.0 if a[0].isdigit() else (1.5 if a in caps else 1.0))
    return w


def typos_answered(p: Prepared, weights: dict[str, float], a_tokens: set) -> set:
    """Question words that are misspellings of a word the answer uses ("circle" for "cycle"): the
    question word is in neither the answer nor the context, and the answer has a close spelling."""
    out = set()
    for a in weights:
        if a in a_tokens or a in p.ctx.tokens:
            continue
        fix = misspelling_of(a, a_tokens)
        if fix is not None:
            out.add(a)
    return out


def aspect_coverage(weights: dict[str, float], tokens: set) -> float | None:
    total = sum(weights.values())
    if not total:
        return None
    return sum(v for a, v in weights.items() if a in tokens) / total


SHORT_ANSWER_WORDS = 4  # content words: an answer this short is read as a short answer (relevancy)


def short_answer_responsiveness(p: Prepared) -> float | None:
    """For answers of <= 4 content words: share of their (non-question) words found in the two context
    sentences most similar to the question, times how similar the best of those is. None otherwise."""
    a_content = set(content_tokens(p.answer))
    if not a_content or len(a_content) > SHORT_ANSWER_WORDS or not p.ctx.sentences:
        return None
    qs = p.ctx.vecs @ p.q_vec
    top = [i for i in np.argsort(-qs)[:2] if qs[i] >= 0.3]
    if not top:
        return 0.0
    near = set().union(*(set(content_tokens(p.ctx.sentences[i])) for i in top))
    new_words = a_content - p.q_tokens or a_content
    share = len(new_words & near) / len(new_words)
    return share * _clip((float(qs[top[0]]) - 0.2) / 0.4)


def chunk_relevance(p: Prepared) -> list[dict]:
    """Relevance (0..1) of each retrieved chunk to the question (and to the expected answer)."""
    out = []
    weights = aspect_weights(p)
    exp_vecs = None
    exp_tokens = set()
    if p.expected:
        exp_claims = [strip_citations(c).strip() for c in split_claims(p.expected)]
        if exp_claims:
            exp_vecs = np.stack([p.vec(c) for c in exp_claims])
            exp_tokens = set(content_tokens(p.expected)) - p.q_tokens
    src = np.array(p.ctx.source) if p.ctx.source else np.zeros(0, dtype=int)
    by_meaning = M.chunk_meaning(p)  # a chunk in the domain's words answers a question in everyday words
    for i, chunk in enumerate(p.context):
        idx = np.nonzero(src == i)[0]
        if len(idx) == 0:
            out.append({"index": i, "relevant": False, "score": 0.0})
            continue
        cv = p.ctx.vecs[idx]
        chunk_vec = _norm(cv.mean(axis=0))
        sim = max(float((cv @ p.q_vec).max()), float(chunk_vec @ p.q_vec))
        ctoks = p.ctx.source_tokens[i]
        cov = aspect_coverage(weights, ctoks)
        rel_q = _clip((sim - 0.15) / 0.45)
        rel = rel_q if cov is None else 0.55 * rel_q + 0.45 * cov
        rel = max(rel, by_meaning[i])
        if p.q_numbers and not (p.q_numbers & set(numbers(chunk))):
            rel *= 0.6  # the question names a number (section, year, amount) the chunk never mentions
        rel_e = None
        if exp_vecs is not None:
            esim = float((cv @ exp_vecs.T).max())
            ecov = (len(exp_tokens & ctoks) / len(exp_tokens)) if exp_tokens else 0.0
            rel_e = 0.5 * _clip((esim - 0.25) / 0.45) + 0.5 * ecov
            rel = max(rel, rel_e)
        rel = _clip(rel)
        out.append({"index": i, "relevant": rel >= RELEVANCE_THRESHOLD, "score": round(rel, 4),
                    "similarity": round(sim, 4), "aspect_coverage": cov, "meaning": round(by_meaning[i], 4),
                    **({"expected_support": round(rel_e, 4)} if rel_e is not None else {})})
    return out
