"""core.compare: bootstrap intervals checked against plain numpy and scipy bootstraps on fixed data."""
from __future__ import annotations

from collections import Counter

import numpy as np
import pytest
from scipy import stats

from core.compare import (VERDICT, Diff, compare_sides, format_diff, hist_values, mean_diff, normalise_query,
                          rate_diff, summary)


def _fixed(seed: int, n: int, loc: float) -> np.ndarray:
    rng = np.random.default_rng(seed)
    return np.clip(np.round(rng.normal(loc, 0.08, n), 3), 0, 1)


def _hist(values: np.ndarray) -> dict[float, int]:
    return dict(Counter(float(v) for v in values))


def _numpy_reference(a: np.ndarray, b: np.ndarray, n_boot: int = 4000) -> tuple[float, float]:
    rng = np.random.default_rng(1)
    diffs = [rng.choice(b, b.size).mean() - rng.choice(a, a.size).mean() for _ in range(n_boot)]
    return tuple(np.quantile(diffs, [0.025, 0.975]))


def test_mean_interval_matches_numpy_and_scipy_bootstraps():
    a, b = _fixed(1, 400, 0.80), _fixed(2, 380, 0.77)
    got = mean_diff(_hist(a), _hist(b))
    assert got.n_a == 400 and got.n_b == 380
    assert got.diff == pytest.approx(b.mean() - a.mean(), abs=1e-12)
    ref_low, ref_high = _numpy_reference(a, b)
    sp = stats.bootstrap((b, a), lambda x, y, axis=-1: x.mean(axis=axis) - y.mean(axis=axis), vectorized=True,
                         method="percentile", n_resamples=4000, random_state=3).confidence_interval
    half = (ref_high - ref_low) / 2
    for low, high in ((ref_low, ref_high), (sp.low, sp.high)):
        assert got.low == pytest.approx(low, abs=0.06 * half + 1e-3)  # Monte Carlo: within a few % of the width
        assert got.high == pytest.approx(high, abs=0.06 * half + 1e-3)
    assert got.excludes_zero and got.direction == -1  # 0.03 lower at n ~ 400, sd 0.08: beyond noise


def test_small_samples_use_monte_carlo_draws_that_match_the_references():
    a, b = _fixed(7, 40, 0.80), _fixed(8, 35, 0.72)
    got = mean_diff(_hist(a), _hist(b))
    ref_low, ref_high = _numpy_reference(a, b)
    half = (ref_high - ref_low) / 2
    assert got.low == pytest.approx(ref_low, abs=0.08 * half) and got.high == pytest.approx(ref_high, abs=0.08 * half)
    # the same data through the draws and through the moments: the two agree at this size too
    moments = mean_diff(_hist(a), _hist(b), exact_n=1)
    assert moments.low == pytest.approx(got.low, abs=0.1 * half) and moments.high == pytest.approx(got.high, abs=0.1 * half)


def test_mean_interval_covers_zero_for_the_same_distribution():
    a, b = _fixed(4, 300, 0.8), _fixed(5, 300, 0.8)
    got = mean_diff(_hist(a), _hist(b))
    assert got.low < 0 < got.high and not got.excludes_zero and got.direction == 0


def test_rate_interval_matches_the_record_bootstrap_and_the_normal_interval():
    k_a, n_a, k_b, n_b = 360, 400, 300, 390
    got = rate_diff(k_a, n_a, k_b, n_b)
    a = np.r_[np.ones(k_a), np.zeros(n_a - k_a)]
    b = np.r_[np.ones(k_b), np.zeros(n_b - k_b)]
    ref_low, ref_high = _numpy_reference(a, b)
    p_a, p_b = k_a / n_a, k_b / n_b
    se = np.sqrt(p_a * (1 - p_a) / n_a + p_b * (1 - p_b) / n_b)
    assert got.diff == pytest.approx(p_b - p_a)
    half = (ref_high - ref_low) / 2
    assert got.low == pytest.approx(ref_low, abs=0.06 * half) and got.high == pytest.approx(ref_high, abs=0.06 * half)
    assert got.low == pytest.approx(p_b - p_a - 1.96 * se, abs=0.06 * half)
    assert got.excludes_zero and got.direction == -1


def test_empty_side_and_determinism():
    assert mean_diff({}, {0.5: 3}) == Diff(None, 0.5, 0, 3, None, None, None)
    assert rate_diff(0, 0, 1, 2).diff is None and not rate_diff(0, 0, 1, 2).excludes_zero
    assert mean_diff({0.4: 5, 0.6: 5}, {0.5: 9, 0.7: 1}) == mean_diff({0.4: 5, 0.6: 5}, {0.5: 9, 0.7: 1})
    assert format_diff(Diff(0.8, 0.74, 10, 10, -0.06, -0.09, -0.03)) == "−0.06 [−0.09, −0.03]"


def test_normalise_query_pairs_spelling_variants():
    assert normalise_query("  What is  Section 138? ") == normalise_query("what is section 138")
    assert normalise_query("Ｆｕｌｌwidth") == "fullwidth"
    assert normalise_query(None) == "" and normalise_query("a b") != normalise_query("ab")


def test_compare_sides_marks_the_regressed_metric_and_the_summary_names_it():
    def side(loc_recall: float, seed: int) -> dict:
        recall, faith = _fixed(seed, 300, loc_recall), _fixed(seed + 10, 300, 0.85)
        def cell(values, limit):
            return {"n": values.size, "sum": float(values.sum()), "pass": int((values >= limit).sum()),
                    "hist": {str(int(round(v * 1000))): c for v, c in Counter(values.tolist()).items()}}
        passed = int(((recall >= 0.75) & (faith >= 0.75)).sum())
        return {"clauses": {"count": 300, "passed": passed, "failing": 300 - passed,
                            "metrics": {"contextual_recall": cell(recall, 0.75), "faithfulness": cell(faith, 0.75)}}}
    a, b = side(0.85, 1), side(0.78, 2)
    assert hist_values(a["clauses"]["metrics"]["faithfulness"]["hist"])
    cells = {(c.feature, c.metric): c for c in compare_sides(a, b, ["contextual_recall", "faithfulness"])}
    assert set(cells) == {("clauses", VERDICT), ("clauses", "contextual_recall"), ("clauses", "faithfulness")}
    assert cells[("clauses", "contextual_recall")].worse and cells[("clauses", VERDICT)].worse
    assert not cells[("clauses", "faithfulness")].worse  # the same distribution on both sides
    findings = [(c.feature, c.metric, c.mean, 0.03) for c in cells.values() if c.mean is not None]
    text = summary("2026.11", "2026.12", findings, 300, 300)
    assert text.startswith("2026.12 is worse than 2026.11 on clauses contextual_recall, −0.07")
    assert "no other difference beyond noise" in text
    assert "do not differ" in summary("A", "B", [findings[1]], 300, 300)


def test_pass_rate_differences_read_in_percentage_points():
    from core.compare import Diff, format_finding, format_pp, format_rate_diff

    d = Diff(0.9, 0.42, 100, 100, -0.48, -0.6, -0.36)
    assert format_pp(-0.48) == "−48 pp" and format_pp(0.051, 1) == "+5.1 pp"
    assert format_rate_diff(d) == "−48 pp [−60, −36]"
    assert format_finding("pass rate", d) == "−48 pp [−60, −36]"
    assert format_finding("Faithfulness pass rate", d).endswith("pp [−60, −36]")
    assert format_finding("Faithfulness", d) == "−0.48 [−0.60, −0.36]"  # a mean stays on the score scale
