"""The agreement figures (core/agreement.py) against scipy and pandas on a fixture."""
from __future__ import annotations

import random

import pandas as pd
import pytest
from scipy import stats

from core import agreement as ag


def _pairs(seed: int, n: int, threshold: float = 0.8) -> list[list]:
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        logged = round(min(1.0, max(0.0, rng.gauss(0.85, 0.1))), 2)  # rounded: many ties
        independent = round(min(1.0, max(0.0, logged - 0.1 + rng.gauss(0.0, 0.12))), 2)
        out.append([logged, independent, logged >= threshold, independent >= threshold])
    return out


@pytest.mark.parametrize("seed,n", [(1, 200), (2, 37), (3, 5)])
def test_figures_match_scipy_and_pandas(seed, n):
    pairs = _pairs(seed, n)
    frame = pd.DataFrame(pairs, columns=["logged", "independent", "lp", "ip"])
    got = ag.figures(pairs)
    assert got["n"] == n
    assert got["spearman"] == pytest.approx(stats.spearmanr(frame.logged, frame.independent).statistic, abs=1e-6)
    assert got["spearman"] == pytest.approx(frame.logged.corr(frame.independent, method="spearman"), abs=1e-6)
    assert got["mean_diff"] == pytest.approx((frame.logged - frame.independent).mean(), abs=1e-6)
    assert got["mean_abs_diff"] == pytest.approx((frame.logged - frame.independent).abs().mean(), abs=1e-6)
    assert got["flip_rate"] == pytest.approx((frame.lp != frame.ip).mean(), abs=1e-6)


def test_ranks_average_ties_like_scipy():
    values = [0.5, 0.2, 0.5, 0.9, 0.2, 0.2]
    assert ag.ranks(values) == list(stats.rankdata(values))


def test_degenerate_samples_have_defined_results():
    assert ag.figures([]) == {"n": 0, "spearman": None, "mean_diff": None, "mean_abs_diff": None,
                              "flip_rate": None, "n_verdicts": 0}
    two = ag.figures([[0.9, 0.8, True, True], [0.7, 0.2, False, False]])
    assert two["spearman"] is None and two["n"] == 2  # too few pairs for a correlation
    constant = ag.figures([[1.0, v, True, v >= 0.8] for v in (0.1, 0.5, 0.9)])
    assert constant["spearman"] is None  # one side constant: no correlation, not a 0
    assert constant["flip_rate"] == pytest.approx(2 / 3)
    verdict_only = ag.figures([[None, None, True, False], [None, None, True, True]])
    assert verdict_only["n"] == 0 and verdict_only["flip_rate"] == 0.5


def test_change_against_the_baseline_median():
    assert ag.change(0.4, [0.1, 0.2, 0.3, 0.2]) is None  # fewer than MIN_BASELINE_DAYS days
    assert ag.change(0.4, [0.1, None, 0.3, 0.2, 0.25, 0.2]) == pytest.approx(0.2)
    history = [0.9] * 10 + [0.1] * ag.BASELINE_DAYS  # only the last BASELINE_DAYS count
    assert ag.change(0.1, history) == pytest.approx(0.0)
    # a short incident inside the baseline does not move the median
    assert ag.change(0.9, [0.9] * 10 + [0.1] * 4) == pytest.approx(0.0)
    assert ag.is_marked({"flip_rate": 0.3, "flip_rate_change": 0.12, "spearman_change": -0.05}) == ["flip_rate"]
    assert set(ag.statistic_names()) == {"spearman", "mean_diff", "flip_rate", "spearman_change",
                                         "mean_diff_change", "flip_rate_change"}
