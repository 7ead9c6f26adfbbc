"""Score histograms (store/aggregate_counts.py): percentiles and merging, against numpy on the raw scores."""
from __future__ import annotations

import random

import numpy as np

from store.aggregate_counts import HIST_BINS, add_day_documents, histogram, percentiles


def part(scores: list[float], metric: str = "faithfulness") -> dict:
    hist: dict[str, int] = {}
    for s in scores:
        key = str(round(s * 1000))
        hist[key] = hist.get(key, 0) + 1
    return {"count": len(scores), "metrics": {metric: {"n": len(scores), "sum": sum(scores), "pass": 0,
                                                       "hist": hist}}, "quadrants": {"ok": 1}}


def test_percentiles_match_numpy_inverted_cdf_to_a_thousandth():
    rng = random.Random(4)
    for n in (1, 2, 3, 10, 101, 5000):
        # scores with more decimals than the bins keep: off by at most half a bin
        raw = [rng.betavariate(5, 2) for _ in range(n)]
        got = percentiles(histogram([part(raw)], "faithfulness"), [0.1, 0.5, 0.9])
        for p, g in zip((10, 50, 90), got):
            assert abs(g - np.percentile(raw, p, method="inverted_cdf")) <= 0.0005 + 1e-12, (n, p, g)


def test_empty_histogram_has_no_percentiles_and_bins_are_clamped():
    assert percentiles([0] * HIST_BINS, [0.1, 0.5]) == [None, None]
    dense = histogram([{"metrics": {"m": {"hist": {"-3": 1, "1000": 2, "2000": 1, "x": 5}}}}], "m")
    assert dense[0] == 1 and dense[1000] == 3 and sum(dense) == 4


def test_adding_day_documents_equals_the_histogram_of_all_their_scores():
    rng = random.Random(9)
    a = [round(rng.random(), 3) for _ in range(300)]
    b = [round(rng.random(), 3) for _ in range(200)]
    merged = add_day_documents(part(a), part(b))
    assert merged["count"] == 500 and merged["quadrants"] == {"ok": 2}
    assert merged["metrics"]["faithfulness"]["n"] == 500
    assert histogram([merged], "faithfulness") == histogram([part(a + b)], "faithfulness")
    assert percentiles(histogram([merged], "faithfulness"), [0.5]) == [
        float(np.percentile(a + b, 50, method="inverted_cdf"))]
