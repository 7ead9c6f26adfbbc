"""core/labels.py against reference computations (scikit-learn, scipy) on fixed data."""
from __future__ import annotations

import random

import pytest
from scipy.stats import mannwhitneyu
from sklearn.metrics import cohen_kappa_score, f1_score, precision_score, recall_score, roc_auc_score

from core import labels as L


def _data(n=200, seed=3):
    rng = random.Random(seed)
    bad = [rng.random() < 0.3 for _ in range(n)]
    # a judge that mostly scores bad answers lower, with ties (scores rounded to 0.05)
    scores = [round(min(1, max(0, (0.45 if b else 0.8) + rng.gauss(0, 0.18))) * 20) / 20 for b in bad]
    return scores, bad


def test_kappa_matches_sklearn():
    rng = random.Random(1)
    a = [rng.choice(["faithful", "hallucinated", "skipped"]) for _ in range(150)]
    b = [x if rng.random() < 0.7 else rng.choice(["faithful", "hallucinated"]) for x in a]
    assert L.cohen_kappa(a, b) == pytest.approx(cohen_kappa_score(a, b), abs=1e-12)
    assert L.cohen_kappa(a, a) == pytest.approx(1.0)
    assert L.cohen_kappa([], []) is None
    with pytest.raises(ValueError):
        L.cohen_kappa([1], [])


def test_auroc_matches_sklearn_and_mann_whitney():
    scores, bad = _data()
    risk = [1 - s for s in scores]
    ours = L.auroc(risk, bad)
    assert ours == pytest.approx(roc_auc_score(bad, risk), abs=1e-12)
    pos = [r for r, y in zip(risk, bad) if y]
    neg = [r for r, y in zip(risk, bad) if not y]
    u = mannwhitneyu(pos, neg).statistic
    assert ours == pytest.approx(u / (len(pos) * len(neg)), abs=1e-12)
    assert L.auroc([0.1, 0.2], [True, True]) is None


def test_wilson_matches_statsmodels_formula():
    # reference values (statsmodels proportion_confint(method="wilson")), computed once independently:
    # k=8, n=10 -> (0.4901625, 0.9433178); k=0, n=20 -> (0, 0.1611252)
    iv = L.wilson(8, 10)
    assert (iv.low, iv.high) == (pytest.approx(0.4901625, abs=1e-6), pytest.approx(0.9433178, abs=1e-6))
    iv = L.wilson(0, 20)
    assert iv.low == 0 and iv.high == pytest.approx(0.1611252, abs=1e-6)
    assert L.wilson(0, 0).value is None


def test_wilson_coverage_against_scipy_binomial():
    # the Wilson interval holds a proportion whose binomial test does not reject it at 5 % (scipy),
    # checked at its midpoint and for values far outside
    from scipy.stats import binomtest
    iv = L.wilson(37, 120)
    assert binomtest(37, 120, (iv.low + iv.high) / 2).pvalue > 0.05
    assert binomtest(37, 120, iv.high + 0.08).pvalue < 0.05
    assert binomtest(37, 120, iv.low - 0.08).pvalue < 0.05


def test_judge_accuracy_matches_sklearn():
    scores, bad = _data()
    thresholds = [0.7] * len(scores)
    res = L.judge_accuracy(list(range(len(scores))), scores, thresholds, bad)
    pred = [s < 0.7 for s in scores]
    assert res.precision.value == pytest.approx(precision_score(bad, pred))
    assert res.recall.value == pytest.approx(recall_score(bad, pred))
    assert res.accuracy.value == pytest.approx(sum(p == y for p, y in zip(pred, bad)) / len(bad))
    assert res.auroc.value == pytest.approx(roc_auc_score(bad, [1 - s for s in scores]))
    assert res.auroc.low < res.auroc.value < res.auroc.high
    assert res.accuracy.low < res.accuracy.value < res.accuracy.high
    assert res.disagreeing == [i for i, (p, y) in enumerate(zip(pred, bad)) if p != y]
    # seeded: the same data, the same interval
    again = L.judge_accuracy(list(range(len(scores))), scores, thresholds, bad)
    assert (again.auroc.low, again.auroc.high) == (res.auroc.low, res.auroc.high)


def test_suggested_threshold_is_the_max_f1_of_a_brute_force_search():
    scores, bad = _data()
    s = L.suggest_threshold(scores, bad)
    grid = sorted(set(scores))
    best = max(f1_score(bad, [x < t + 1e-6 for x in scores]) for t in grid)
    assert s.f1 == pytest.approx(best)
    assert f1_score(bad, [x < s.threshold for x in scores]) == pytest.approx(best)
    assert s.low <= s.threshold <= s.high
    p = L.suggest_threshold(scores, bad, min_precision=0.9)
    assert p.precision >= 0.9
    assert precision_score(bad, [x < p.threshold for x in scores]) >= 0.9
    # no recall lost that a qualifying threshold would keep
    qualifying = [t + 1e-6 for t in grid if precision_score(bad, [x < t + 1e-6 for x in scores], zero_division=0) >= 0.9]
    assert p.recall == pytest.approx(max(recall_score(bad, [x < t for x in scores]) for t in qualifying))
    assert L.suggest_threshold([0.5, 0.9], [False, False]).threshold is None


def test_majority():
    assert L.majority(["faithful", "faithful"]) == "faithful"
    assert L.majority(["faithful", "hallucinated"]) is None
    assert L.majority(["skipped", "hallucinated"]) == "hallucinated"
    assert L.majority([]) is None


def test_judge_readings_credit_the_llm_judge_only_with_the_metrics_the_cascade_asked_it_for():
    from core.labels import LLM, LOCAL, LOGGED, judge_readings

    thresholds = {"chat": {"faithfulness": 0.8, "answer_relevancy": 0.7}}
    rescored = {"mode": "thorough", "evaluation": {"faithfulness": {"score": 0.9}, "answer_relevancy": {"score": 0.6}},
                "details": {"cascade": {"reason": "band", "judged": True, "metrics": ["faithfulness"]}}}
    record = {"feature": "chat", "evaluation": {"faithfulness": {"score": 0.5}}, "rescored": rescored}
    assert judge_readings(record, "faithfulness", thresholds) == {LOGGED: (0.5, 0.8), LLM: (0.9, 0.8)}
    assert judge_readings(record, "answer_relevancy", thresholds) == {LOCAL: (0.6, 0.7)}  # kept its local score
    rescored["details"]["cascade"]["metrics"] = None  # judged on every metric (audit, cascade off)
    assert LLM in judge_readings(record, "answer_relevancy", thresholds)
    del rescored["details"]  # re-scored before the cascade: the mode says who scored
    assert LLM in judge_readings(record, "answer_relevancy", thresholds)
