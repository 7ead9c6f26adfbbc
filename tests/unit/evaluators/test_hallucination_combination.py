"""The shipped hallucination combination: a few fitted numbers with the documented directions and anchor."""
from __future__ import annotations

import math

from evaluators.hallucination import _AT_THRESHOLD, HALLUCINATION_BIAS, HALLUCINATION_WEIGHTS, SIGNAL_DIRECTION, SIGNALS
from evaluators.support import SUPPORT_THRESHOLD


def test_weights_name_known_signals_and_respect_their_direction():
    assert HALLUCINATION_WEIGHTS, "the fitted weights are shipped"
    assert set(SIGNAL_DIRECTION) == set(SIGNALS)
    for name, w in HALLUCINATION_WEIGHTS.items():
        assert name in SIGNALS
        assert math.copysign(1, w) == SIGNAL_DIRECTION[name], name


def test_claims_at_the_support_threshold_with_nothing_flagged_score_one_half():
    at = {k: (SUPPORT_THRESHOLD if k in _AT_THRESHOLD else 0.0) for k in SIGNALS}
    z = HALLUCINATION_BIAS + sum(w * at[k] for k, w in HALLUCINATION_WEIGHTS.items())
    assert abs(z) < 1e-9
