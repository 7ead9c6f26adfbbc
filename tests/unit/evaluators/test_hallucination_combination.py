"""The shipped hallucination combination: a few fitted numbers with the documented directions and anchor."""
from __future__ import annotations

import math

from evaluators import local as L


def test_weights_name_known_signals_and_respect_their_direction():
    assert L.HALLUCINATION_WEIGHTS, "the fitted weights are shipped"
    assert set(L.SIGNAL_DIRECTION) == set(L.SIGNALS)
    for name, w in L.HALLUCINATION_WEIGHTS.items():
        assert name in L.SIGNALS
        assert math.copysign(1, w) == L.SIGNAL_DIRECTION[name], name


def test_claims_at_the_support_threshold_with_nothing_flagged_score_one_half():
    at = {k: (L.SUPPORT_THRESHOLD if k in L._AT_THRESHOLD else 0.0) for k in L.SIGNALS}
    z = L.HALLUCINATION_BIAS + sum(w * at[k] for k, w in L.HALLUCINATION_WEIGHTS.items())
    assert abs(z) < 1e-9
