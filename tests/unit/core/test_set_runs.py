"""core/set_runs.py: a run's intervals agree with scipy.stats.bootstrap within 0.01; a run against its
baseline is compared on the common items with Compare's rule; flips and the gate say what changed."""
from __future__ import annotations

import numpy as np
from scipy import stats

from core.compare import VERDICT
from core.features import ALL_FEATURES
from core.set_runs import compare, evaluate, flips, gate, lines, summary

METRICS = ("faithfulness", "overall_quality")


def _results(seed: int, n: int, loc: float, feature: str = "clauses", prefix: str = "i") -> list[dict]:
    rng = np.random.default_rng(seed)
    out = []
    for k in range(n):
        score = float(np.clip(np.round(rng.normal(loc, 0.1), 3), 0, 1))
        out.append({"key": f"{prefix}{k}", "feature": feature, "passed": score >= 0.7,
                    "scores": {m: score for m in METRICS}, "metric_passed": {m: score >= 0.7 for m in METRICS}})
    return out


def _scipy(data: np.ndarray, statistic=np.mean) -> tuple[float, float]:
    ci = stats.bootstrap((data,), statistic, method="percentile", n_resamples=4000, random_state=5).confidence_interval
    return ci.low, ci.high


def test_run_intervals_agree_with_scipy_bootstrap():
    for n in (40, 400):  # Monte Carlo draws below 100 items, the ideal bootstrap's moments above
        results = _results(n, n, 0.78)
        row = summary(results)["clauses"]
        scores = np.array([r["scores"]["faithfulness"] for r in results])
        cell = row["metrics"]["faithfulness"]
        low, high = _scipy(scores)
        assert abs(cell["low"] - low) < 0.01 and abs(cell["high"] - high) < 0.01, (n, cell, low, high)
        passed = np.array([float(r["passed"]) for r in results])
        low, high = _scipy(passed)
        assert abs(row[VERDICT]["low"] - low) < 0.01 and abs(row[VERDICT]["high"] - high) < 0.01, (n, row[VERDICT])


def test_difference_against_the_baseline_agrees_with_scipy_two_sample_bootstrap():
    base, cand = _results(1, 150, 0.80), _results(2, 150, 0.75)
    cell = next(c for c in compare(base, cand) if c.feature == "clauses" and c.metric == "faithfulness")
    a = np.array([r["scores"]["faithfulness"] for r in base])
    b = np.array([r["scores"]["faithfulness"] for r in cand])
    ci = stats.bootstrap((b, a), lambda x, y, axis=-1: x.mean(axis=axis) - y.mean(axis=axis), vectorized=True,
                         method="percentile", n_resamples=4000, random_state=3).confidence_interval
    assert abs(cell.mean.low - ci.low) < 0.01 and abs(cell.mean.high - ci.high) < 0.01
    assert cell.worse  # 0.05 lower on 150 items a side, sd 0.1: beyond noise


def test_gate_flips_and_common_items():
    base = _results(3, 60, 0.9) + _results(4, 30, 0.9, feature="chat", prefix="c")
    worse = [dict(r, passed=False, scores={m: 0.1 for m in METRICS}, metric_passed={m: False for m in METRICS})
             if r["key"] in {f"i{k}" for k in range(10)} and r["passed"] else r for r in base]
    report = evaluate(worse, base, fail_under=0.5)
    failing = [c for c in report["cells"] if c.worse]
    assert {c.feature for c in failing} <= {"clauses", ALL_FEATURES} and failing
    assert not report["gate"]["passed"] and any("clauses" in r for r in report["gate"]["reasons"])
    assert sorted(f["key"] for f in report["flips"]) == sorted(r["key"] for r in base[:10] if r["passed"])
    assert all(f["drop"] for f in report["flips"])
    assert lines(report)[-1].startswith("FAIL: worse than the baseline beyond noise")
    # the same answers: nothing moves; only the items both runs scored are compared
    same = evaluate(base[:80], base, fail_under=0.5)
    assert same["gate"]["passed"] and not same["flips"] and not any(c.worse for c in same["cells"])
    assert all(c.rate.n_b <= 80 and c.rate.n_a == c.rate.n_b for c in same["cells"])
    assert gate(base, fail_under=1.0)["reasons"][0].startswith("pass rate ")
    assert flips(base, []) == [] and gate([], fail_under=0.5)["passed"] is False
