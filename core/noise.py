"""The judge's noise floor (issue 33; pure): how much a score and a verdict move when the same judge
scores the same record again, and how much of a day's pass rate that noise alone can move.

From k runs of the judge on each sampled record (jobs/judge_noise.py):
- a score's *spread*: the within-record standard deviation, pooled over the records (the root of
  the mean of each record's unbiased variance);
- a record's *flip probability*: the share of pairs of runs whose pass/fail differ (k = 3 runs with
  2 passes: 2 of 3 pairs differ). Its mean over records is the *flip rate*; half of it is the mean
  per-record variance of pass/fail (2·q·(1 − q) = the chance two runs differ, q = P(pass));
- a day's pass-rate noise from the judge alone: sd = sqrt(pass_var / n) over the day's n records,
  and the floor a rule or Compare allows for it: Z95 · sd.
The local scorer is deterministic (the same inputs give the same scores): its noise is 0.
"""
from __future__ import annotations

import math
from dataclasses import replace
from typing import Mapping, Sequence

from core.evidence import Day

Z95 = 1.959964
VERDICT = "__verdict__"


def flip_probability(passes: Sequence[bool | None]) -> float | None:
    """The share of pairs of runs that disagree on pass/fail (None with fewer than 2 verdicts)."""
    known = [p for p in passes if isinstance(p, bool)]
    k = len(known)
    if k < 2:
        return None
    yes = sum(known)
    return yes * (k - yes) / (k * (k - 1) / 2)


def variance(values: Sequence[float | None]) -> float | None:
    """The unbiased variance of one record's scores over the runs (None with fewer than 2)."""
    xs = [float(v) for v in values if isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v)]
    if len(xs) < 2:
        return None
    if max(xs) == min(xs):
        return 0.0  # exactly: the same score every run (no rounding residue)
    mean = sum(xs) / len(xs)
    return sum((x - mean) ** 2 for x in xs) / (len(xs) - 1)


def figures(records: Sequence[Mapping[str, Sequence]]) -> dict[str, dict]:
    """{metric|VERDICT: {n, spread, flip_rate, pass_var}} from records given as
    {metric: [value per run], metric + ":pass": [passed per run], VERDICT: [passed per run]}."""
    out: dict[str, dict] = {}
    names = sorted({k.split(":")[0] for r in records for k in r})
    for name in names:
        variances, flips = [], []
        for r in records:
            if name != VERDICT:
                var = variance(r.get(name) or [])
                if var is not None:
                    variances.append(var)
            flip = flip_probability(r.get(name if name == VERDICT else f"{name}:pass") or [])
            if flip is not None:
                flips.append(flip)
        if not variances and not flips:
            continue
        flip_rate = sum(flips) / len(flips) if flips else None
        out[name] = {"n": max(len(variances), len(flips)),
                     "spread": math.sqrt(sum(variances) / len(variances)) if variances else None,
                     "flip_rate": flip_rate, "pass_var": None if flip_rate is None else flip_rate / 2}
    return out


def rate_sd(pass_var: float | None, n: int) -> float:
    """The standard deviation a pass rate over `n` records gets from the judge alone."""
    return math.sqrt(pass_var / n) if pass_var and n > 0 else 0.0


def floor(figure: Mapping | None, n: int, *, rate: bool) -> float:
    """The 95 % noise floor of a day's pass rate (rate) or mean score over `n` records."""
    if not figure or n <= 0:
        return 0.0
    if rate:
        return Z95 * rate_sd(figure.get("pass_var"), n)
    spread = figure.get("spread")
    return Z95 * spread / math.sqrt(n) if spread else 0.0


def within_noise(days: Sequence[Day], floors: Sequence[float], comparison: str) -> list[Day]:
    """Each day's value moved by its floor towards the safe side of a rule ("lt": up, "gt": down), so a
    rule fires only on a breach the judge's noise alone cannot explain (a rate's successes move too)."""
    out = []
    for day, fl in zip(days, floors):
        if not fl or day.value is None:
            out.append(day)
            continue
        sign = 1.0 if comparison == "lt" else -1.0
        trials = float(day.n if day.trials is None else day.trials)
        successes = None if day.successes is None else float(day.successes) + sign * fl * trials
        out.append(replace(day, value=float(day.value) + sign * fl, successes=successes))
    return out
