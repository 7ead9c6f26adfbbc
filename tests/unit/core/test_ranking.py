"""Ranking every value of a dimension (issue 34): rows, intervals, order and the mark against the best."""
from __future__ import annotations

from core.compare import VERDICT
from core.ranking import mean_estimate, rank


def _cell(passed: int, failing: int, scores: dict[float, int]) -> dict:
    hist = {str(int(round(v * 1000))): c for v, c in scores.items()}
    n = sum(scores.values())
    return {"count": passed + failing, "passed": passed, "failing": failing,
            "metrics": {"faithfulness": {"n": n, "sum": sum(v * c for v, c in scores.items()), "pass": 0,
                                         "hist": hist}}}


SIX = {  # six models: m-e hallucinates most (low faithfulness), m-f has too few records to say
    "m-a": _cell(90, 10, {0.9: 80, 0.8: 20}), "m-b": _cell(88, 12, {0.9: 75, 0.8: 25}),
    "m-c": _cell(85, 15, {0.85: 60, 0.8: 40}), "m-d": _cell(70, 30, {0.7: 50, 0.8: 50}),
    "m-e": _cell(40, 60, {0.4: 60, 0.6: 40}), "m-f": _cell(5, 5, {0.5: 5, 0.6: 5}),
    "m-none": {"count": 0},
}


def test_six_models_ranked_by_a_metric_with_intervals_and_marks():
    rows = rank(SIX, ["faithfulness"], "faithfulness")
    assert [r.value for r in rows] == ["m-a", "m-b", "m-c", "m-d", "m-f", "m-e"]  # m-none: no records
    assert rows[0].best and rows[0].apart == 0
    by = {r.value: r for r in rows}
    assert by["m-b"].apart == 0  # 0.875 vs 0.88: within noise
    assert by["m-e"].apart == -1 and by["m-d"].apart == -1  # far below the best, enough records
    assert by["m-f"].apart == 0  # 10 records: never "beyond noise"
    e = by["m-e"].means["faithfulness"]
    assert e.low < e.value < e.high and abs(e.value - 0.48) < 1e-9
    p = by["m-e"].pass_rate
    assert p.value == 0.4 and p.low < 0.4 < p.high and p.n == 100


def test_ranked_by_pass_rate_by_default():
    rows = rank(SIX, ["faithfulness"])
    assert [r.value for r in rows][:3] == ["m-a", "m-b", "m-c"] and rows[-1].value == "m-e"
    assert rows[-1].apart == -1 and rows[-1].diff < -0.4


def test_a_mean_without_spread_or_records():
    assert mean_estimate({}).value is None
    one = mean_estimate({"hist": {"500": 1}})
    assert one.value == 0.5 and one.low is None
    flat = mean_estimate({"hist": {"1000": 40}})
    assert flat.value == flat.low == flat.high == 1.0
    assert rank({}, ["faithfulness"], VERDICT) == []
