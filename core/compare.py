"""Comparing two sets of records (A and B): differences with 95 % bootstrap intervals.

Pure statistics over what the release aggregates hold (no I/O):
- a metric's mean: the scores are kept as a histogram (value -> count, values rounded to
  0.001). The bootstrap resamples n_a scores from A's histogram and n_b from B's
  (multinomial draws over the bins = resampling the records with replacement) and takes
  the difference of the means; the interval is the 2.5 and 97.5 percentiles of those
  differences (the percentile bootstrap). With at least EXACT_N records on each side the
  draws are not needed: the bootstrap distribution of a mean has exactly the histogram's
  mean and variance/n, and at that size it is normal to well within the Monte Carlo error
  of 2,000 draws, so its percentiles are computed from those moments (the "ideal"
  bootstrap, B -> infinity; ~1,000 times faster: the Compare view stays under a second).
- a pass rate: k of n records passed; the bootstrap draws Binomial(n, k/n) for each side
  (resampling records with replacement) and takes the difference of the rates.
The interval "excludes 0" when both ends lie on the same side of 0: a difference beyond
noise. Draws come from numpy's Generator seeded per call (the same inputs give the same
interval). The tests check both against a plain numpy bootstrap over the records and
scipy.stats.bootstrap on fixed data.

`normalise_query` pairs records of A and B that answer the same question.
"""
from __future__ import annotations

import math
import re
import unicodedata
from dataclasses import dataclass
from typing import Iterable, Mapping

import numpy as np

N_BOOT = 2000
EXACT_N = 100  # both sides at least this many scores: the ideal bootstrap's percentiles from its moments
LEVEL = 0.95
SEED = 20261124
# "Beyond noise" for a mark, the summary and the release rule: the interval excludes 0, each side has at
# least MIN_N records, and the difference is at least the smallest effect that matters (the record
# bootstrap does not see day-to-day drift: a release of one or two days differs from the one before it
# by a day's drift, ~0.01-0.03, with an interval that excludes 0).
MIN_N = 20
MIN_MEAN_EFFECT = 0.03   # a metric's mean
MIN_RATE_EFFECT = 0.05   # a pass rate


@dataclass(frozen=True)
class Diff:
    """B minus A, with its interval; None values when a side has no data."""
    a: float | None
    b: float | None
    n_a: int
    n_b: int
    diff: float | None
    low: float | None
    high: float | None

    @property
    def excludes_zero(self) -> bool:
        return self.low is not None and self.high is not None and (self.low > 0 or self.high < 0)

    @property
    def direction(self) -> int:
        """-1: the interval lies below 0, +1: above 0, 0: it holds 0 / no data."""
        if not self.excludes_zero:
            return 0
        return -1 if self.high < 0 else 1

    def beyond(self, min_effect: float, min_n: int = MIN_N) -> int:
        """`direction` where the difference also matters: both sides have `min_n` records and
        |B − A| >= `min_effect`; else 0."""
        if self.n_a < min_n or self.n_b < min_n or self.diff is None or abs(self.diff) < min_effect:
            return 0
        return self.direction


def _hist_arrays(hist: Mapping[float, int] | Iterable[tuple[float, int]]) -> tuple[np.ndarray, np.ndarray]:
    items = hist.items() if isinstance(hist, Mapping) else hist
    pairs = [(float(v), int(c)) for v, c in items if int(c) > 0]
    if not pairs:
        return np.zeros(0), np.zeros(0, dtype=np.int64)
    values, counts = zip(*sorted(pairs))
    return np.asarray(values, dtype=float), np.asarray(counts, dtype=np.int64)


def _interval(diffs: np.ndarray, level: float) -> tuple[float, float]:
    alpha = (1.0 - level) / 2.0
    low, high = np.quantile(diffs, [alpha, 1.0 - alpha])
    return float(low), float(high)


def _boot_means(rng: np.random.Generator, values: np.ndarray, counts: np.ndarray, n_boot: int) -> np.ndarray:
    n = int(counts.sum())
    if n <= 2 * values.size:  # nearly one record a bin (a golden set's run): draw the records themselves, the
        # same resampling as the bins' multinomial below at a fraction of its cost (n_boot x n small integers)
        return np.repeat(values, counts)[rng.integers(0, n, size=(n_boot, n))].mean(axis=1)
    draws = rng.multinomial(n, counts / n, size=n_boot)  # (n_boot, bins): one resample of the n records each
    return draws @ values / n


def _z(level: float) -> float:
    from statistics import NormalDist
    return NormalDist().inv_cdf(0.5 + level / 2.0)


def mean_diff(hist_a, hist_b, *, n_boot: int = N_BOOT, level: float = LEVEL, seed: int = SEED,
              exact_n: int = EXACT_N) -> Diff:
    """B's mean minus A's, each given as a histogram {value: count}, with a percentile-bootstrap interval
    (Monte Carlo draws below `exact_n` records a side, the ideal bootstrap's moments above)."""
    va, ca = _hist_arrays(hist_a)
    vb, cb = _hist_arrays(hist_b)
    n_a, n_b = int(ca.sum()), int(cb.sum())
    mean_a = float(ca @ va / n_a) if n_a else None
    mean_b = float(cb @ vb / n_b) if n_b else None
    if not n_a or not n_b:
        return Diff(mean_a, mean_b, n_a, n_b, None, None, None)
    if min(n_a, n_b) >= exact_n:
        var_a = float(ca @ (va - mean_a) ** 2 / n_a)  # the plug-in variance: what resampling sees
        var_b = float(cb @ (vb - mean_b) ** 2 / n_b)
        half = _z(level) * math.sqrt(var_a / n_a + var_b / n_b)
        diff = mean_b - mean_a
        return Diff(mean_a, mean_b, n_a, n_b, diff, diff - half, diff + half)
    rng = np.random.default_rng(seed)
    diffs = _boot_means(rng, vb, cb, n_boot) - _boot_means(rng, va, ca, n_boot)
    low, high = _interval(diffs, level)
    return Diff(mean_a, mean_b, n_a, n_b, mean_b - mean_a, low, high)


def rate_diff(k_a: int, n_a: int, k_b: int, n_b: int, *, n_boot: int = N_BOOT, level: float = LEVEL,
              seed: int = SEED) -> Diff:
    """B's rate k_b/n_b minus A's k_a/n_a with a percentile-bootstrap interval."""
    rate_a = k_a / n_a if n_a else None
    rate_b = k_b / n_b if n_b else None
    if not n_a or not n_b:
        return Diff(rate_a, rate_b, n_a, n_b, None, None, None)
    rng = np.random.default_rng(seed)
    diffs = rng.binomial(n_b, rate_b, size=n_boot) / n_b - rng.binomial(n_a, rate_a, size=n_boot) / n_a
    low, high = _interval(diffs, level)
    return Diff(rate_a, rate_b, n_a, n_b, rate_b - rate_a, low, high)


def mean_interval(hist, *, n_boot: int = N_BOOT, level: float = LEVEL, seed: int = SEED,
                  exact_n: int = EXACT_N) -> tuple[float | None, float | None, float | None]:
    """One side's mean with its percentile-bootstrap interval (mean, low, high), by the same method as
    `mean_diff` (draws below `exact_n` scores, the ideal bootstrap's moments above); Nones without data."""
    values, counts = _hist_arrays(hist)
    n = int(counts.sum())
    if not n:
        return None, None, None
    mean = float(counts @ values / n)
    if n >= exact_n:
        half = _z(level) * math.sqrt(float(counts @ (values - mean) ** 2 / n) / n)
        return mean, mean - half, mean + half
    low, high = _interval(_boot_means(np.random.default_rng(seed), values, counts, n_boot), level)
    return mean, low, high


def rate_interval(k: int, n: int, *, n_boot: int = N_BOOT, level: float = LEVEL,
                  seed: int = SEED) -> tuple[float | None, float | None, float | None]:
    """A pass rate k/n with its percentile-bootstrap interval (rate, low, high), as `rate_diff` draws it."""
    if not n:
        return None, None, None
    rate = k / n
    low, high = _interval(np.random.default_rng(seed).binomial(n, rate, size=n_boot) / n, level)
    return rate, low, high


_SPACE = re.compile(r"\s+")
_PUNCT = re.compile(r"[^\w\s]")


def normalise_query(text: str | None) -> str:
    """The query as pairing sees it: Unicode NFKC, case-folded, punctuation dropped, spaces collapsed."""
    if not text:
        return ""
    folded = unicodedata.normalize("NFKC", str(text)).casefold()
    return _SPACE.sub(" ", _PUNCT.sub(" ", folded)).strip()


def format_diff(d: Diff, digits: int = 2) -> str:
    """'−0.06 [−0.09, −0.03]' (true minus signs), or '—' without data."""
    if d.diff is None:
        return "—"

    def f(x: float) -> str:
        return f"{x:+.{digits}f}".replace("-", "−")
    return f"{f(d.diff)} [{f(d.low)}, {f(d.high)}]"


def format_pp(x: float | None, digits: int = 0) -> str:
    """A difference of two rates in percentage points: '−48 pp' (issue 34: never '−0.48')."""
    if x is None:
        return "—"
    return f"{x * 100:+.{digits}f} pp".replace("-", "−")


def format_rate_diff(d: Diff) -> str:
    """A pass-rate difference with its interval in percentage points: '−48 pp [−60, −36]'."""
    if d.diff is None:
        return "—"

    def f(x: float) -> str:
        return f"{x * 100:+.0f}".replace("-", "−")
    return f"{f(d.diff)} pp [{f(d.low)}, {f(d.high)}]"


def format_finding(metric_label: str, d: Diff) -> str:
    """A finding's difference: percentage points for a pass rate, the score scale for a mean."""
    return format_rate_diff(d) if "pass rate" in metric_label.lower() else format_diff(d)


def summary(label_a: str, label_b: str, findings: list[tuple[str, str, Diff, float]], n_a: int, n_b: int) -> str:
    """One paragraph: where B differs from A beyond noise (worst first), or that nothing does.

    `findings`: (feature, metric label, Diff, smallest effect that matters) for every cell compared."""
    beyond = [f for f in findings if f[2].beyond(f[3])]
    worse = sorted((f for f in beyond if f[2].direction < 0), key=lambda f: f[2].diff)
    better = sorted((f for f in beyond if f[2].direction > 0), key=lambda f: -f[2].diff)
    counts = f"{n_b:,} vs {n_a:,} records"
    if not beyond:
        if not n_a or not n_b:
            return f"Not enough records to compare {label_b} with {label_a} ({counts})."
        return f"{label_b} and {label_a} do not differ beyond noise on any feature or metric ({counts})."
    parts = []
    if worse:
        parts.append(f"{label_b} is worse than {label_a} on " + "; ".join(
            f"{feat} {metric}, {format_finding(metric, d)}" for feat, metric, d, _ in worse[:3])
            + (f" and {len(worse) - 3} more" if len(worse) > 3 else ""))
    if better:
        parts.append(("better on " if worse else f"{label_b} is better than {label_a} on ") + "; ".join(
            f"{feat} {metric}, {format_finding(metric, d)}" for feat, metric, d, _ in better[:3])
            + (f" and {len(better) - 3} more" if len(better) > 3 else ""))
    return ", ".join(parts) + f" ({counts}); no other difference beyond noise."


# --- a whole comparison from the per-feature sums of two sides -----------------------------------

VERDICT = "verdict"  # the row of a feature's overall verdict pass rate (eb.passed)


@dataclass(frozen=True)
class Cell:
    """One feature x metric of a comparison: the metric's mean and its pass rate (share of scores
    at or above the feature's threshold); for VERDICT only `rate` (the records' pass rate)."""
    feature: str
    metric: str
    mean: Diff | None
    rate: Diff

    def _moves(self) -> list[int]:
        return [self.rate.beyond(MIN_RATE_EFFECT)] + ([self.mean.beyond(MIN_MEAN_EFFECT)] if self.mean else [])

    @property
    def worse(self) -> bool:
        """B is worse beyond noise on the mean or the pass rate (see MIN_N, MIN_*_EFFECT)."""
        return -1 in self._moves()

    @property
    def better(self) -> bool:
        return not self.worse and 1 in self._moves()

    @property
    def slight(self) -> bool:
        """The interval excludes 0 but the difference is below the smallest that matters (or n is small)."""
        return not self.worse and not self.better and (
            self.rate.excludes_zero or (self.mean is not None and self.mean.excludes_zero))


def hist_values(hist: Mapping[str, int], step: float = 0.001) -> dict[float, int]:
    """A stored sparse histogram {"<bin>": count} as {score: count}."""
    return {int(b) * step: int(c) for b, c in hist.items() if int(c) > 0}


def with_noise(d: Diff | None, per_record_var: float | None) -> Diff | None:
    """`d` with the judge's own noise added to its interval (issue 33): each end moves out by the root of
    the sum of squares of its half-width and 1.96 x the judge's standard deviation of B − A (a per-record
    variance over each side's records), so a difference inside that noise is not "beyond noise"."""
    if d is None or not per_record_var or d.diff is None or d.low is None or d.high is None or not d.n_a or not d.n_b:
        return d
    extra = 1.959964 * math.sqrt(per_record_var * (1 / d.n_a + 1 / d.n_b))
    low = d.diff - math.hypot(d.diff - d.low, extra)
    high = d.diff + math.hypot(d.high - d.diff, extra)
    return Diff(d.a, d.b, d.n_a, d.n_b, d.diff, low, high)


def _noisy_cell(cell: Cell, figures: Mapping[str, Mapping]) -> Cell:
    fig = figures.get("__verdict__" if cell.metric == VERDICT else cell.metric) or {}
    spread = fig.get("spread")
    return Cell(cell.feature, cell.metric, with_noise(cell.mean, spread * spread if spread else None),
                with_noise(cell.rate, fig.get("pass_var")))


def compare_sides(a: Mapping[str, Mapping], b: Mapping[str, Mapping], score_names: Iterable[str], *,
                  n_boot: int = N_BOOT, seed: int = SEED, noise: Mapping[str, Mapping] | None = None) -> list[Cell]:
    """Every feature present on both sides x (VERDICT + each score): B against A.

    `a`, `b`: {feature: {count, passed, failing, metrics: {m: {n, sum, pass, hist}}}} (the release
    aggregates summed over the side's days). `noise`: the judge's noise figures {feature: {metric|
    "__verdict__": {spread, pass_var}}} (store/judge_noise.py), added to each cell's intervals."""
    cells = _compare_sides(a, b, score_names, n_boot=n_boot, seed=seed)
    return [_noisy_cell(c, noise[c.feature]) if noise and noise.get(c.feature) else c for c in cells]


def _compare_sides(a: Mapping[str, Mapping], b: Mapping[str, Mapping], score_names: Iterable[str], *,
                   n_boot: int, seed: int) -> list[Cell]:
    cells: list[Cell] = []
    names = list(score_names)
    for feature in sorted(set(a) & set(b), key=lambda f: (f != "__all__", f)):
        x, y = a[feature], b[feature]
        judged_a = (x.get("passed") or 0) + (x.get("failing") or 0)
        judged_b = (y.get("passed") or 0) + (y.get("failing") or 0)
        cells.append(Cell(feature, VERDICT, None, rate_diff(x.get("passed") or 0, judged_a, y.get("passed") or 0,
                                                            judged_b, n_boot=n_boot, seed=seed)))
        for m in names:
            ma, mb = (x.get("metrics") or {}).get(m) or {}, (y.get("metrics") or {}).get(m) or {}
            if not ma.get("n") and not mb.get("n"):
                continue
            mean = mean_diff(hist_values(ma.get("hist") or {}), hist_values(mb.get("hist") or {}),
                             n_boot=n_boot, seed=seed)
            rate = rate_diff(ma.get("pass") or 0, ma.get("n") or 0, mb.get("pass") or 0, mb.get("n") or 0,
                             n_boot=n_boot, seed=seed)
            cells.append(Cell(feature, m, mean, rate))
    return cells
