"""Rank every value of a version dimension (issue 34): one row per release, model or prompt version.

From the release aggregates' sums (store.release_readers.side_totals of each value, one
feature's cell): records, the verdict pass rate (95 % Wilson interval) and each metric's mean
(95 % interval from the histogram: mean ± 1.96 · sd/√n). Rows are sorted by the chosen measure,
best first; every row is compared with the best one (core.compare's bootstrap difference, the
same noise rule as the two-sided Compare: the interval excludes 0 and the difference is at least
the effect that matters, with MIN_N records a side), so "apart beyond noise" means what it
means everywhere else. No I/O.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Iterable, Mapping

from core.compare import MIN_MEAN_EFFECT, MIN_N, MIN_RATE_EFFECT, VERDICT, hist_values, mean_diff, rate_diff
from core.evidence import wilson
from core.labels import Z95, Interval

Estimate = Interval  # a value with its 95 % interval and n: the one value object (core/labels.py)


@dataclass
class RankRow:
    value: str
    records: int
    pass_rate: Estimate
    means: dict[str, Estimate] = field(default_factory=dict)
    apart: int = 0          # -1: below the best beyond noise (0: within noise, or the best itself)
    best: bool = False
    diff: float | None = None  # this row minus the best on the sort measure


def mean_estimate(cell: Mapping) -> Estimate:
    """A metric's mean with its 95 % interval, from the stored {n, sum, hist}."""
    hist = hist_values(cell.get("hist") or {})
    n = int(sum(hist.values()))
    if not n:
        return Estimate(None, None, None, 0)
    mean = sum(v * c for v, c in hist.items()) / n
    if n < 2:
        return Estimate(mean, None, None, n)
    var = sum(c * (v - mean) ** 2 for v, c in hist.items()) / (n - 1)
    half = Z95 * math.sqrt(var / n)
    return Estimate(mean, max(0.0, mean - half), min(1.0, mean + half), n)


def rate_estimate(passed: int, judged: int) -> Estimate:
    interval = wilson(passed, judged)
    if interval is None:
        return Estimate(None, None, None, 0)
    return Estimate(passed / judged, interval[0], interval[1], judged)


def _sort_value(row: RankRow, by: str) -> float | None:
    return row.pass_rate.value if by == VERDICT else (row.means.get(by) or Estimate(None, None, None, 0)).value


def rank(totals: Mapping[str, Mapping], metric_names: Iterable[str], by: str = VERDICT) -> list[RankRow]:
    """`totals`: {value: one feature's sums {count, passed, failing, metrics: {m: {n, sum, pass, hist}}}}
    (values without records left out). Rows sorted by `by` (VERDICT: the pass rate; else a metric's
    mean), highest first, values without that measure last; each compared with the best row."""
    names = list(metric_names)
    rows: list[RankRow] = []
    for value, cell in totals.items():
        if not cell or not cell.get("count"):
            continue
        judged = int(cell.get("passed") or 0) + int(cell.get("failing") or 0)
        metrics_of = cell.get("metrics") or {}
        rows.append(RankRow(value, int(cell["count"]), rate_estimate(int(cell.get("passed") or 0), judged),
                            {m: mean_estimate(metrics_of.get(m) or {}) for m in names}))
    rows.sort(key=lambda r: (_sort_value(r, by) is None, -(_sort_value(r, by) or 0.0), r.value))
    if not rows or _sort_value(rows[0], by) is None:
        return rows
    leader, lead_cell = rows[0], totals[rows[0].value]
    leader.best = True
    for row in rows[1:]:
        cell = totals[row.value]
        if by == VERDICT:
            d = rate_diff(int(lead_cell.get("passed") or 0), leader.pass_rate.n, int(cell.get("passed") or 0),
                          row.pass_rate.n)
            effect = MIN_RATE_EFFECT
        else:
            d = mean_diff(hist_values(((lead_cell.get("metrics") or {}).get(by) or {}).get("hist") or {}),
                          hist_values(((cell.get("metrics") or {}).get(by) or {}).get("hist") or {}))
            effect = MIN_MEAN_EFFECT
        row.diff = d.diff
        row.apart = d.beyond(effect, MIN_N)
    return rows
