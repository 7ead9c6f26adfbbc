"""The extra local metrics reported beside the catalog's (reference 001/003): `completeness`, `citation_quality`
and `correctness` (against a ground truth). Each takes a `prepared.Prepared` and returns a `Score`."""
from __future__ import annotations

import numpy as np

from .text.claims import is_refusal, split_claims
from .text.references import find_citations
from .text.words import content_tokens
from .prepared import answer_units, _clip, Prepared
from .relevance import aspect_coverage, aspect_weights, short_answer_responsiveness, typos_answered
from .support import claim_support, support, _surface
from .types import Score


def completeness(p: Prepared) -> Score:
    """Reference 001/003: are the question's aspects covered, and is the relevant information of the
    context used? None when the question has no content words."""
    weights = aspect_weights(p)
    if not weights:
        return Score(None, "question has no aspects to cover", {})
    if not p.answer.strip():
        return Score(0.0, "empty answer", {})
    a_tokens = set(content_tokens(p.answer))
    a_tokens = a_tokens | typos_answered(p, weights, a_tokens)
    cov = aspect_coverage(weights, a_tokens) or 0.0
    missing = [_surface(p.query, a) for a in weights if a not in a_tokens]
    used = None
    if p.ctx.sentences:
        qs = p.ctx.vecs @ p.q_vec
        rel_idx = [i for i in np.argsort(-qs)[:5] if qs[i] >= 0.45]
        if rel_idx:
            units = answer_units(p.answer)
            a_vecs = np.stack([p.vec(u) for u in units]) if units else None
            hits = 0
            for i in rel_idx:
                stoks = set(content_tokens(p.ctx.sentences[i])) - p.q_tokens
                lexc = len(stoks & a_tokens) / len(stoks) if stoks else 1.0
                simc = float((a_vecs @ p.ctx.vecs[i]).max()) if a_vecs is not None else 0.0
                hits += 1 if (lexc >= 0.5 or simc >= 0.7) else 0
            used = hits / len(rel_idx)
    value = cov if used is None else 0.6 * cov + 0.4 * used
    responsive = short_answer_responsiveness(p)
    if responsive is not None and responsive > value:
        value = responsive
        missing = []
    if is_refusal(p.answer):
        value = min(value, 0.3)
    reason = ("The answer covers every aspect of the question." if not missing else
              "Not covered: " + ", ".join(missing[:5]) + ".")
    if used is not None and used < 1.0:
        reason += f" Uses {used:.0%} of the most relevant context sentences."
    if responsive is not None and value == responsive:
        reason = "A short, direct answer to the question."
    return Score(_clip(value), reason, {"aspect_coverage": cov, "missing_aspects": missing,
                                        "relevant_context_used": used, "short_answer_responsiveness": responsive})


def citation_quality(p: Prepared) -> Score:
    """Reference 003: citations like [doc.pdf:3]. None when the answer carries no citation."""
    cites = find_citations(p.answer)
    if not cites:
        return Score(None, "no citations in the answer", {"citations": []})
    claims = claim_support(p) if p.ctx.sentences else [
        {"text": c, "supported": False} for c in p.claims]
    cited = [c for c in claims if find_citations(c["text"])]
    if not cited:  # citations sit in their own sentence or after the last claim
        cited = claims[-1:] if claims else []
    sup = sum(1 for c in cited if c["supported"]) / len(cited) if cited else 0.0
    carry = (len([c for c in claims if find_citations(c["text"])]) / len(claims)) if claims else 0.0
    known = [d for d, _ in cites if any(d.lower() in ch.lower() for ch in p.context)]
    value = 0.7 * sup + 0.3 * carry
    issues = []
    if sup < 1.0:
        issues.append(f"{len(cited) - round(sup * len(cited))} cited claim(s) not supported by the context")
    if carry < 1.0:
        issues.append(f"{len(claims) - round(carry * len(claims))} claim(s) carry no citation")
    reason = "Every claim is cited and every cited claim is supported." if not issues else "; ".join(issues) + "."
    return Score(_clip(value), reason, {"citations": [f"{d}:{pg}" for d, pg in cites], "issues": issues,
                                        "cited_claims_supported": sup, "claims_with_citation": carry,
                                        "cited_documents_named_in_context": known})


def correctness(p: Prepared) -> Score:
    """Reference 003: agreement with the ground truth. Share of ground-truth claims the answer
    supports, times the share of answer claims that do not contradict the ground truth (a number,
    date or amount mismatch, or a negation flip). Extra, merely additional detail is not penalised."""
    if not p.expected:
        return Score(None, "no ground truth given", {})
    exp_claims = list(split_claims(p.expected))
    if not exp_claims:
        return Score(None, "ground truth has no claims", {})
    if not p.claims:
        return Score(0.0, "the answer makes no claims", {})
    rec = [support(c, p.answer_ev, p) for c in exp_claims]
    prec = [support(c, p.expected_ev, p) for c in p.claims]
    conflicts = [x for x in prec if not x["supported"] and x["why"] and ("mismatch" in x["why"] or "negation" in x["why"])]
    r = sum(x["supported"] for x in rec) / len(rec)
    agree = 1.0 - len(conflicts) / len(prec)
    value = r * agree
    differences = ([f"missing: {x['text']}" for x in rec if not x["supported"]] +
                   [f"contradicts the ground truth: {x['text']} ({x['why']})" for x in conflicts])
    reason = ("Matches the ground truth." if not differences else
              f"Covers {r:.0%} of the ground truth; {len(conflicts)} answer claim(s) contradict it.")
    return Score(value, reason, {"recall": r, "agreement": agree, "differences": differences})
