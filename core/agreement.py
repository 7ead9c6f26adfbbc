"""Judge agreement: how the logged judge's scores compare with an independent re-score.

For one metric over a sample of records, each pair is (logged score, independent
score, logged verdict, independent verdict), the verdicts being the metric's
`value >= threshold` check (core.verdict.metric_passed) with the record's feature
thresholds. The figures:
- spearman: rank correlation of logged and independent scores (ties averaged);
  None below MIN_PAIRS pairs or when either side is constant;
- mean_diff: mean of logged minus independent (> 0: the logged judge is more
  lenient than the independent scorer);
- flip_rate: share of pairs whose verdicts differ;
each with its `n`. A `*_change` statistic is the day's value minus the median of
the BASELINE_DAYS days before it (needs MIN_BASELINE_DAYS of them): judges and
local scorers never agree perfectly, so what matters is a move away from the
usual level. Alert rules can watch every statistic here (store/alerts.py).
"""
from __future__ import annotations

from dataclasses import dataclass
from statistics import median
from typing import Iterable, Sequence

MIN_PAIRS = 3
BASELINE_DAYS = 14
MIN_BASELINE_DAYS = 5
VERDICT = "__verdict__"  # the record-level verdict (core.verdict.verdict), pooled like a metric
FAST, JUDGE = "fast", "judge"  # what re-scored a sampled record: the local scorer or Evalboard's own judge


@dataclass(frozen=True)
class Statistic:
    name: str
    label: str
    short: str
    percent: bool
    change_mark: float  # a move at least this large against the baseline marks a change on the page


STATISTICS: dict[str, Statistic] = {s.name: s for s in (
    Statistic("spearman", "Spearman correlation", "Correlation", False, 0.2),
    Statistic("mean_diff", "Mean difference (logged − independent)", "Logged − independent", False, 0.05),
    Statistic("flip_rate", "Pass/fail flip rate", "Flip rate", True, 0.10),
)}
CHANGE_SUFFIX = "_change"


def statistic_names() -> tuple[str, ...]:
    """What an alert rule on agreement may watch: each statistic and its change against the baseline."""
    return (*STATISTICS, *(s + CHANGE_SUFFIX for s in STATISTICS))


def base_statistic(name: str) -> Statistic | None:
    return STATISTICS.get(name[:-len(CHANGE_SUFFIX)] if name.endswith(CHANGE_SUFFIX) else name)


def label(name: str) -> str:
    stat = base_statistic(name)
    if stat is None:
        return name
    return stat.label + (" change vs baseline" if name.endswith(CHANGE_SUFFIX) else "")


def ranks(values: Sequence[float]) -> list[float]:
    """1-based ranks, ties given their average rank (as scipy.stats.rankdata)."""
    order = sorted(range(len(values)), key=lambda i: values[i])
    out = [0.0] * len(values)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and values[order[j + 1]] == values[order[i]]:
            j += 1
        for k in range(i, j + 1):
            out[order[k]] = (i + j) / 2 + 1
        i = j + 1
    return out


def pearson(xs: Sequence[float], ys: Sequence[float]) -> float | None:
    n = len(xs)
    if n < 2:
        return None
    mx, my = sum(xs) / n, sum(ys) / n
    sxx = sum((x - mx) ** 2 for x in xs)
    syy = sum((y - my) ** 2 for y in ys)
    if sxx <= 0 or syy <= 0:
        return None
    return sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / (sxx * syy) ** 0.5


def spearman(xs: Sequence[float], ys: Sequence[float]) -> float | None:
    if len(xs) < MIN_PAIRS:
        return None
    return pearson(ranks(xs), ranks(ys))


def figures(pairs: Iterable[Sequence]) -> dict:
    """{n, spearman, mean_diff, mean_abs_diff, flip_rate} of (logged, independent, logged_pass, indep_pass) pairs.

    A pair without both scores counts only for the flip rate when both verdicts are known."""
    pairs = list(pairs)
    scored = [(float(p[0]), float(p[1])) for p in pairs if p[0] is not None and p[1] is not None]
    verdicts = [(p[2], p[3]) for p in pairs if p[2] is not None and p[3] is not None]
    xs, ys = [x for x, _ in scored], [y for _, y in scored]
    diffs = [x - y for x, y in scored]
    rho = spearman(xs, ys)
    return {
        "n": len(scored),
        "spearman": None if rho is None else round(rho, 6),
        "mean_diff": round(sum(diffs) / len(diffs), 6) if diffs else None,
        "mean_abs_diff": round(sum(abs(d) for d in diffs) / len(diffs), 6) if diffs else None,
        "flip_rate": round(sum(a != b for a, b in verdicts) / len(verdicts), 6) if verdicts else None,
        "n_verdicts": len(verdicts),
    }


def change(value: float | None, history: Sequence[float | None]) -> float | None:
    """`value` minus the median of the last BASELINE_DAYS known values of `history` (oldest first)."""
    known = [v for v in history if v is not None][-BASELINE_DAYS:]
    if value is None or len(known) < MIN_BASELINE_DAYS:
        return None
    return round(value - median(known), 6)


def is_marked(row: dict) -> list[str]:
    """The statistics whose change against the baseline is large enough to mark on the page."""
    return [name for name, stat in STATISTICS.items()
            if row.get(name + CHANGE_SUFFIX) is not None and abs(row[name + CHANGE_SUFFIX]) >= stat.change_mark]


def drift_direction(alert: dict) -> str | None:
    """For a judge-agreement alert, which disagreement its drill-down opens (issue 34; store.triage.DISAGREE):
    "lenient" (the logged judge passes what the independent re-score fails: a drifting judge lets
    answers through), or "strict" when the logged scores fell below the independent ones; None for any
    other alert."""
    return drift_of(alert.get("statistic"), alert.get("value"))


def drift_of(statistic: str | None, value: object) -> str | None:
    """`drift_direction` of an alert's statistic and value (a typed core.rule_docs.Alert's fields)."""
    statistic = str(statistic or "")
    if statistic not in statistic_names():
        return None
    if statistic.startswith("mean_diff") and isinstance(value, (int, float)) and value < 0:
        return "strict"
    return "lenient"
