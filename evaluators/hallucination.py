"""The hallucination score of a record, from its claims' support records (`support.support`): a logistic
combination of the claims' signals (0.6 * mean + 0.4 * min support, share unsupported, least local word
coverage, any number/date or entity absent from the context), fitted with sign constraints and
cross-validated on the dev set and HaluEval (see hallucination_score), put on the scale 0 = fully grounded,
1 = nothing supported, with any clearly unsupported claim >= 0.5 (hallucination_scale). Also the monotone
maps between it and (fast-mode) faithfulness."""
from __future__ import annotations

import numpy as np

from .text.words import content_tokens
from .prepared import Prepared
from .support import SUPPORT_THRESHOLD
from .types import Score


# The record-level signals of the claim checks that hallucination_score combines (claim records: `support`).
SIGNALS = ("claim_support", "mean_support", "min_support", "unsupported_share", "min_similarity", "mean_similarity",
           "min_lexical_local", "max_unsupported_words", "missing_number", "displaced_number", "missing_entity",
           "negation_flip", "novel_word_share")


# The direction each signal may push the score (the fit's sign constraints): a signal saying "better
# supported" may only lower it, one saying "something is missing" may only raise it.
SIGNAL_DIRECTION = {"claim_support": -1, "mean_support": -1, "min_support": -1, "unsupported_share": 1,
                    "min_similarity": -1, "mean_similarity": -1, "min_lexical_local": -1,
                    "max_unsupported_words": 1, "missing_number": 1, "displaced_number": 1, "missing_entity": 1,
                    "negation_flip": 1, "novel_word_share": 1}


def hallucination_signals(p: Prepared, claims: list[dict]) -> dict[str, float]:
    """Signals of one answer's claims against its context, each 0..1: support (0.6 x mean + 0.4 x min, the
    min keeping one fabricated claim from being diluted by supported ones; mean; min; share below
    SUPPORT_THRESHOLD), best-sentence similarity (min, mean), the least local word coverage, the largest
    share of a claim's added specific words the context lacks, whether any claim has a number/date absent
    from the context, a number taken from another fact, an unknown entity, a negation flip, and the share
    of the answer's content words (the question's aside) found nowhere in the context."""
    feats = [c.get("features") or {} for c in claims]
    sup = [float(c["score"]) for c in claims]
    sims = [f.get("similarity", 0.0) for f in feats]
    novel = [t for t in dict.fromkeys(content_tokens(p.answer)) if t not in p.q_tokens]
    n_novel = sum(1 for t in novel if p.ctx.find(t) is None)
    return {
        "claim_support": 0.6 * float(np.mean(sup)) + 0.4 * float(min(sup)),
        "mean_support": float(np.mean(sup)),
        "min_support": float(min(sup)),
        "unsupported_share": sum(x < SUPPORT_THRESHOLD for x in sup) / len(sup),
        "min_similarity": float(min(sims)),
        "mean_similarity": float(np.mean(sims)),
        "min_lexical_local": float(min(f.get("lexical_local", 0.0) for f in feats)),
        "max_unsupported_words": float(max((f["unsupported_word_weight"] / f["new_word_weight"])
                                           if f.get("new_word_weight") else 0.0 for f in feats)),
        "missing_number": float(any(f.get("missing_numbers") for f in feats)),
        "displaced_number": float(any(f.get("displaced_numbers") for f in feats)),
        "missing_entity": float(any(f.get("missing_entities") for f in feats)),
        "negation_flip": float(any(f.get("negation_flip") for f in feats)),
        "novel_word_share": n_novel / len(novel) if novel else 0.0,
    }


# Logistic-regression weights over SIGNALS, fitted by bench/fit_hallucination.py on the dev set
# (tests/data/rag_cases.jsonl) and HaluEval together, each set weighted equally, with sign constraints
# (a "better supported" signal may only lower the score) and cross-validated within and across the sets
# (figures in BENCHMARKS.md). The signals fitted to 0 are left out. The fitted intercept is replaced by
# an anchor (a monotone recalibration, ranking unchanged): a record whose claims sit exactly at the
# support threshold (support signals at SUPPORT_THRESHOLD) with nothing flagged scores 0.5, the midpoint
# faithfulness uses.
HALLUCINATION_WEIGHTS: dict[str, float] = {
    "claim_support": -3.9643,
    "unsupported_share": 0.4634,
    "min_lexical_local": -0.4839,
    "missing_number": 2.3487,
    "missing_entity": 2.0963,
}
_AT_THRESHOLD = {"claim_support", "mean_support", "min_support", "min_similarity", "mean_similarity", "min_lexical_local"}
HALLUCINATION_BIAS = -sum(w * SUPPORT_THRESHOLD for k, w in HALLUCINATION_WEIGHTS.items() if k in _AT_THRESHOLD)


def hallucination_score(p: Prepared, faith: Score) -> float | None:
    """0..1, 0 = fully grounded, 1 = nothing supported: the logistic combination (HALLUCINATION_WEIGHTS,
    anchored at 0.5 for claims at the support threshold) of the answer's claim signals
    (`hallucination_signals`), on that scale with the worst claim's floor (`hallucination_scale`).
    Without weights: 1 - (0.6 * mean + 0.4 * min) of the claims' support. None when faithfulness is None."""
    if faith.value is None:
        return None
    claims = faith.details["claims"]
    if not HALLUCINATION_WEIGHTS:
        sup = [c["score"] for c in claims]
        return round(1.0 - (0.6 * float(np.mean(sup)) + 0.4 * float(min(sup))), 4)
    sig = hallucination_signals(p, claims)
    z = HALLUCINATION_BIAS + sum(w * sig[k] for k, w in HALLUCINATION_WEIGHTS.items())
    return round(hallucination_scale(float(1.0 / (1.0 + np.exp(-z))), sig["unsupported_share"], sig["min_support"]), 4)


# The logistic at a perfectly grounded answer (every support signal 1, nothing flagged): the scale's 0.
_Z_GROUNDED = HALLUCINATION_BIAS + sum(w for k, w in HALLUCINATION_WEIGHTS.items() if k in _AT_THRESHOLD)
_R_GROUNDED = float(1.0 / (1.0 + np.exp(-_Z_GROUNDED)))


WORST_CLAIM_MARGIN = 0.1  # how far below the support threshold the worst claim must be for the full floor


def hallucination_scale(risk: float, unsupported_share: float, min_support: float = 0.0) -> float:
    """The score on the scale the UI states, 0 = fully grounded, 1 = nothing supported: the logistic risk
    rescaled so that a perfectly grounded answer is 0 (ranking unchanged), and, when the worst claim is
    unsupported (WORST_CLAIM_MARGIN or more below the support threshold), at least 0.5 + 0.5 x the share of
    unsupported claims: one false claim among ten scores >= 0.55 (it cannot be averaged away), one of two
    >= 0.75, all of them 1. A worst claim just under the threshold gets a proportionally lower floor."""
    cal = max(0.0, (risk - _R_GROUNDED) / (1.0 - _R_GROUNDED))
    if unsupported_share > 0:
        depth = min(1.0, max(0.0, (SUPPORT_THRESHOLD - min_support) / WORST_CLAIM_MARGIN))
        cal = max(cal, (0.5 + 0.5 * unsupported_share) * depth)
    return min(1.0, cal)


# Faithfulness in fast mode is computed from the hallucination score (issue 28: the product judges, ranks and
# aggregates by the signal that separates best). A monotone map, so faithfulness ranks records exactly as the
# hallucination score does: 0 -> 1.0, the score's midpoint 0.5 (the worst claim unsupported, or the combination
# at the support threshold) -> the catalog's default faithfulness threshold (0.8), 1 -> 0. A feature with a
# stricter threshold asks for a lower hallucination score (0.85 -> <= 0.375, 0.95 -> <= 0.125).
def _faithfulness_knee() -> float:
    from core import metrics as catalog
    from core.features import DEFAULT_FEATURE

    return float(catalog.get("faithfulness").thresholds[DEFAULT_FEATURE])


def faithfulness_from_hallucination(h: float) -> float:
    knee = _faithfulness_knee()
    h = min(1.0, max(0.0, float(h)))
    f = 1.0 - (1.0 - knee) * 2 * h if h <= 0.5 else knee * (1.0 - (h - 0.5) * 2)
    return round(f, 4)


def hallucination_from_faithfulness(f: float) -> float:
    """The inverse map (a judged faithfulness, the share of the judge's supported statements, read as a
    hallucination score on the same scale)."""
    knee = _faithfulness_knee()
    f = min(1.0, max(0.0, float(f)))
    h = (1.0 - f) / (2 * (1.0 - knee)) if f >= knee else 0.5 + (knee - f) / (2 * knee)
    return round(h, 4)
