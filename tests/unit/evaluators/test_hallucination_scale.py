"""Issue 17: the hallucination score means what the UI says, 0 = fully grounded, 1 = nothing supported, and
one unsupported claim cannot be averaged away by supported ones."""
from __future__ import annotations

import pytest

from evaluators.hallucination import hallucination_scale, _R_GROUNDED, WORST_CLAIM_MARGIN
from evaluators.support import SUPPORT_THRESHOLD


def test_a_perfectly_grounded_answer_is_0_and_nothing_supported_is_1():
    assert hallucination_scale(_R_GROUNDED, 0.0) == 0.0
    assert hallucination_scale(0.05, 0.0) == 0.0
    assert hallucination_scale(0.3, 1.0) == 1.0


@pytest.mark.parametrize("share", [0.1, 1 / 7, 0.25, 0.5])
def test_any_unsupported_claim_is_at_least_half_plus_half_its_share(share):
    low_risk = 0.2  # the supported claims pull the logistic risk down: the floor holds anyway
    assert hallucination_scale(low_risk, share) == pytest.approx(0.5 + 0.5 * share)
    assert hallucination_scale(0.99, share) > 0.5 + 0.5 * share  # a higher risk keeps its rank


def test_the_rescaling_keeps_the_ranking_when_every_claim_is_supported():
    risks = [0.1, 0.2, 0.35, 0.6, 0.9]
    scaled = [hallucination_scale(r, 0.0) for r in risks]
    assert scaled == sorted(scaled) and len(set(scaled)) == len(scaled)


def test_a_worst_claim_just_under_the_threshold_gets_a_proportional_floor():
    at = SUPPORT_THRESHOLD
    clear = hallucination_scale(0.1, 0.2, at - WORST_CLAIM_MARGIN)
    border = hallucination_scale(0.1, 0.2, at - WORST_CLAIM_MARGIN / 4)
    assert clear == pytest.approx(0.6) and border < 0.5 and border == pytest.approx(0.6 / 4)
