"""How much evidence an alert rule has for one feature, and what it concludes (pure: no database).

A rule such as "pass rate below 80 % on 2 days in a row" was judged only on days
with at least `min_count` records, which left every small feature unwatched (a
feature with 28 records a day never had a day to judge). A rule now judges a
feature in the first of these ways that its data allows, and the alert says which:

- DAILY: each of the last `window_days` complete days has at least `min_count`
  records and breaches on its own (the rule as written).
- POOLED: some of those days are small, so consecutive days are pooled, newest
  first, until each pool holds `min_count` records (at most MAX_POOL_DAYS days
  in all); the rule holds when `window_days` such pools in a row each breach
  (their value is the count-weighted value of their days).
- TEST (rates only: pass rate, regeneration rate, a score's pass rate): the
  run of breaching days that ends on the latest complete day (at most
  `window_days` of them) holds fewer records than the rule asks for
  (`window_days` x `min_count`), and pooled, the Wilson score interval (99 %)
  of its rate lies entirely on the wrong side of the threshold (at least
  MIN_TEST_COUNT records). A small feature whose pass rate fell far enough is
  alerted on its first bad day instead of waiting for volume it will never
  have; a big feature keeps its days in a row.

A feature is BLIND to a rule when none of these can conclude anything: no pool
reaches `min_count` records within MAX_POOL_DAYS and the statistic cannot be
tested on counts (a mean), or there is no data at all. `visibility` says, for the
rule editor, how each feature is currently watched.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, datetime
from math import sqrt
from typing import Callable, Mapping, Sequence

from core import agreement, metrics
from core.timebuckets import key_day

DAILY, POOLED, TEST = "daily", "pooled", "test"
MAX_POOL_DAYS = 14
MIN_TEST_COUNT = 10
Z95 = 1.959964
Z99 = 2.575829  # the test that stands in for days in a row: a clear breach, not a likely one
CONFIDENCE = "99 %"

MODE_TEXT = {
    DAILY: "each day on its own",
    POOLED: "days pooled to reach the minimum of records",
    TEST: f"a test on the counts ({CONFIDENCE} Wilson interval)",
}


def wilson(successes: float, n: float, z: float = Z95) -> tuple[float, float] | None:
    """The Wilson score interval of a proportion; None without records."""
    if n <= 0:
        return None
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass(frozen=True)
class Day:
    """One complete day of one feature: its value, how many records it rests on, and for a
    rate the number of "successes" (the numerator); `day` is its local date."""
    day: date
    value: float | None
    n: int                          # records that day (what `min_count` counts)
    successes: float | None = None  # rates only: the numerator ...
    trials: float | None = None     # ... and the denominator (default: n)
    doc: dict = field(default_factory=dict, compare=False, repr=False)


@dataclass(frozen=True)
class Period:
    days: tuple[Day, ...]  # oldest first
    value: float | None
    n: int
    trials: float = 0.0    # rates: the pooled denominator

    @property
    def first(self) -> date:
        return self.days[0].day

    @property
    def last(self) -> date:
        return self.days[-1].day


@dataclass(frozen=True)
class Judgement:
    mode: str                    # DAILY | POOLED | TEST
    periods: tuple[Period, ...]  # oldest first; a DAILY period is one day
    value: float | None          # the latest period's value (TEST: the pooled rate)
    interval: tuple[float, float] | None = None  # TEST only

    @property
    def days(self) -> list[Day]:
        return [d for p in self.periods for d in p.days]


def _breaches(value: float | None, limit: float, comparison: str) -> bool:
    if value is None:
        return False
    return value < limit if comparison == "lt" else value > limit


def _pool(days: Sequence[Day], is_rate: bool) -> Period:
    n = sum(d.n for d in days)
    trials = sum(float(d.n if d.trials is None else d.trials) for d in days)
    if is_rate:
        value = sum(float(d.successes or 0.0) for d in days) / trials if trials > 0 else None
        return Period(tuple(days), value, n, trials)
    known = [d for d in days if d.value is not None and d.n > 0]
    weight = sum(d.n for d in known)
    value = sum(float(d.value) * d.n for d in known) / weight if weight else None
    return Period(tuple(days), value, n)


def consecutive_tail(days: Sequence[Day], limit: int) -> list[Day]:
    """The newest run of consecutive days (no gap), at most `limit` of them, oldest first."""
    out: list[Day] = []
    for d in reversed(days):
        if out and (out[-1].day - d.day).days != 1:
            break
        out.append(d)
        if len(out) >= limit:
            break
    return list(reversed(out))


def pools(days: Sequence[Day], min_count: int, wanted: int, is_rate: bool) -> list[Period]:
    """Up to `wanted` pools of consecutive days, newest first walking back, each reaching `min_count`
    records, within MAX_POOL_DAYS days in all; returned oldest first (only complete pools)."""
    run = consecutive_tail(days, MAX_POOL_DAYS)
    out: list[Period] = []
    current: list[Day] = []
    for d in reversed(run):
        current.insert(0, d)
        if sum(x.n for x in current) >= min_count:
            out.append(_pool(current, is_rate))
            current = []
            if len(out) >= wanted:
                break
    return list(reversed(out))


def judge(days: Sequence[Day], *, limit: float, comparison: str, window: int, min_count: int,
          is_rate: bool, pool: bool = True) -> Judgement | None:
    """The judgement when the condition holds on the newest days given (oldest first, complete
    days only), else None. See the module docstring for the three ways."""
    if not days:
        return None
    window = max(1, int(window))
    tail = consecutive_tail(days, window)
    big = len(tail) == window and all(d.n >= min_count for d in tail)
    if big and all(_breaches(d.value, limit, comparison) for d in tail):
        return Judgement(DAILY, tuple(Period((d,), d.value, d.n) for d in tail), tail[-1].value)
    if not pool:
        return None
    if not big:
        pooled = pools(days, min_count, window, is_rate)
        if len(pooled) == window and all(_breaches(p.value, limit, comparison) for p in pooled):
            return Judgement(POOLED, tuple(pooled), pooled[-1].value)
    if is_rate:
        run: list[Day] = []
        for d in reversed(tail):
            if not _breaches(d.value, limit, comparison) or d.n <= 0:
                break
            run.insert(0, d)
        # the test stands in only where the breaching days hold fewer records than the rule asks for
        # (window x minimum): a big feature keeps its days in a row
        if run and sum(d.n for d in run) < window * min_count:
            period = _pool(run, True)
            interval = (wilson(period.value * period.trials, period.trials, Z99) if period.value is not None
                        else None)
            if interval and period.trials >= MIN_TEST_COUNT and (
                    interval[1] < limit if comparison == "lt" else interval[0] > limit):
                return Judgement(TEST, (period,), period.value, interval)
    return None


def visibility(days: Sequence[Day], *, window: int, min_count: int, is_rate: bool,
               pool: bool = True) -> tuple[str, str]:
    """(mode, words) of how a rule currently watches a feature, from its recent complete days:
    DAILY (every day big enough), POOLED (days pooled), TEST (too small even pooled, but a rate can be
    tested on its counts) or "blind" (nothing it can conclude)."""
    if not days:
        return "blind", "no complete day with data"
    tail = consecutive_tail(days, max(1, window))
    if len(tail) == window and all(d.n >= min_count for d in tail):
        return DAILY, f"each day on its own ({min(d.n for d in tail)}+ records a day)"
    if not pool:
        return "blind", f"days under {min_count} records are not judged"
    pooled = pools(days, min_count, window, is_rate)
    if len(pooled) == window:
        longest = max(len(p.days) for p in pooled)
        return POOLED, f"pooling up to {longest} days to reach {min_count} records"
    if is_rate:
        return TEST, (f"under {min_count} records even over {MAX_POOL_DAYS} days: a test on the counts "
                      "(alerts only on a clear breach)")
    return "blind", f"under {min_count} records even over {MAX_POOL_DAYS} days"


def describe(j: Judgement, fmt: Callable[[float | None], str]) -> str:
    """Words for the alert: which way the evidence was judged, on how many records (the value itself is
    already in the message: only the other periods' values are given)."""
    if j.mode == DAILY:
        return f"judged {MODE_TEXT[DAILY]} ({', '.join(str(p.n) for p in j.periods)} records)"
    if j.mode == POOLED:
        last = j.periods[-1]
        earlier = "".join(f"; before that {_span(p.first, p.last)}: {fmt(p.value)} of {p.n} records"
                          for p in reversed(j.periods[:-1]))
        return f"judged on {MODE_TEXT[POOLED]}: {_span(last.first, last.last)}, {last.n} records{earlier}"
    lo, hi = j.interval or (None, None)
    p = j.periods[-1]
    return (f"judged by a test on the counts: {round(p.trials)} records, {CONFIDENCE} Wilson interval "
            f"{fmt(lo)} to {fmt(hi)}")


def _span(a: date | datetime, b: date | datetime) -> str:
    return a.isoformat() if a == b else f"{a.isoformat()} to {b.isoformat()}"


# --- from daily buckets (aggregates_daily documents) ----------------------------------------------

RATES = (metrics.PASS_RATE, metrics.REGEN_RATE)


def is_agreement_rule(rule: Mapping) -> bool:
    return rule.get("statistic") in agreement.statistic_names()


def is_rate_rule(rule: Mapping) -> bool:
    """A rule on a share of records (pass rate, regeneration rate, a score's pass rate): testable on counts."""
    return (rule.get("metric") in RATES or rule.get("statistic") == "rate") and not is_agreement_rule(rule)


def bucket_day(doc: Mapping) -> date:
    """The day of a daily document (its `_id` starts with the day)."""
    return key_day(doc["_id"])


def bucket_value(doc: Mapping, rule: Mapping) -> float | None:
    """The value a rule judges in one daily document (aggregates or agreement figures)."""
    metric = rule["metric"]
    if metric in RATES:
        return doc.get(metric)
    stats = (doc.get("metrics") or {}).get(metric) or {}
    if is_agreement_rule(rule):
        return stats.get(rule["statistic"])
    return stats.get("pass_rate" if rule.get("statistic") == "rate" else "mean")


def days_from_buckets(rule: Mapping, docs: Sequence[Mapping]) -> list[Day]:
    """A feature's complete daily documents (oldest first) as evidence days: the rule's value, the
    records, and for a rate its numerator and denominator."""
    out = []
    metric = rule["metric"]
    for doc in docs:
        count = int(doc.get("count") or 0)
        value = bucket_value(doc, rule)
        successes = trials = None
        if metric == metrics.PASS_RATE:
            trials = float((doc.get("passed") or 0) + (doc.get("failing") or 0))
            successes = float(doc.get("passed") or 0)
        elif metric == metrics.REGEN_RATE:
            trials = float(doc.get("regen_n") if doc.get("regen_n") is not None else count)
            successes = float(doc["regen_pos"]) if doc.get("regen_pos") is not None else (value or 0.0) * trials
        elif rule.get("statistic") == "rate":
            trials = float(((doc.get("metrics") or {}).get(metric) or {}).get("n") or 0)
            successes = (value or 0.0) * trials
        out.append(Day(bucket_day(doc), value, count, successes, trials, dict(doc)))
    return out
