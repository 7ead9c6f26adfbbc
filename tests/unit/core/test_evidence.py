"""core.evidence: daily, pooled and tested judgements of a rule, and what a rule can see."""
from __future__ import annotations

from datetime import date, timedelta

import pytest

from core import evidence as ev

D0 = date(2026, 11, 1)


def rate_days(rows):
    """[(passed, n), ...] oldest first -> evidence days of a pass rate."""
    return [ev.Day(D0 + timedelta(days=i), k / n if n else None, n, k, n) for i, (k, n) in enumerate(rows)]


def judge(days, **kw):
    args = {"limit": 0.8, "comparison": "lt", "window": 2, "min_count": 50, "is_rate": True}
    return ev.judge(days, **{**args, **kw})


def test_wilson_matches_the_textbook_values():
    lo, hi = ev.wilson(14, 27)
    assert lo == pytest.approx(0.340, abs=2e-3) and hi == pytest.approx(0.693, abs=2e-3)
    assert ev.wilson(0, 0) is None


def test_big_days_are_judged_each_on_its_own_as_before():
    assert judge(rate_days([(90, 100), (70, 100), (70, 100)])).mode == ev.DAILY
    assert judge(rate_days([(70, 100), (90, 100)])) is None  # the newest day is fine
    # a big feature is never alerted on one bad day by the test (the rule as written decides)
    assert judge(rate_days([(95, 100), (10, 100)])) is None


def test_a_small_feature_is_pooled_then_tested():
    # the demo's arguments: a normal weekend day, then 14 of 27 passing
    j = judge(rate_days([(69, 75), (35, 36), (14, 27)]))
    assert j.mode == ev.TEST and j.value == pytest.approx(14 / 27) and j.interval[1] < 0.8
    assert [d.n for d in j.days] == [27]
    # two pooled periods of 50+ records both below: pooled, not tested
    j = judge(rate_days([(20, 30), (20, 30), (20, 30), (20, 30)]))
    assert j.mode == ev.POOLED and [p.n for p in j.periods] == [60, 60]
    # a small dip that a test cannot tell from noise: nothing
    assert judge(rate_days([(35, 36), (20, 27)])) is None


def test_means_pool_but_are_never_tested():
    days = [ev.Day(D0 + timedelta(days=i), 0.5, 30) for i in range(3)]
    assert judge(days, is_rate=False) is None  # 90 records: one pool of 60, the second incomplete
    days.append(ev.Day(D0 + timedelta(days=3), 0.5, 30))
    j = judge(days, is_rate=False)
    assert j.mode == ev.POOLED and j.value == pytest.approx(0.5)
    assert judge(days, is_rate=False, pool=False) is None  # agreement rules: days as they are


def test_a_gap_ends_a_pool():
    days = rate_days([(0, 30), (0, 30)])
    days[0] = ev.Day(D0 - timedelta(days=5), 0.0, 30, 0, 30)
    assert judge(days, window=2, is_rate=False) is None


def test_visibility_says_how_each_feature_is_watched():
    assert ev.visibility(rate_days([(90, 100)] * 3), window=2, min_count=50, is_rate=True)[0] == ev.DAILY
    assert ev.visibility(rate_days([(30, 30)] * 5), window=2, min_count=50, is_rate=True)[0] == ev.POOLED
    assert ev.visibility(rate_days([(3, 3)] * 5), window=2, min_count=50, is_rate=True)[0] == ev.TEST
    assert ev.visibility([ev.Day(D0, 0.9, 3)] * 1, window=2, min_count=50, is_rate=False)[0] == "blind"
    assert ev.visibility([], window=2, min_count=50, is_rate=True)[0] == "blind"


def test_the_words_say_how_it_was_judged_without_repeating_the_value():
    def fmt(v):
        return "—" if v is None else f"{v:.1%}"

    tested = judge(rate_days([(69, 75), (35, 36), (14, 27)]))
    words = ev.describe(tested, fmt)
    assert words.startswith("judged by a test on the counts: 27 records, 99 % Wilson interval 29.3% to 73.7%")
    assert fmt(tested.value) not in words  # the value is the message's own, not repeated here
    pooled = judge(rate_days([(20, 30), (20, 30), (18, 30), (18, 30)]))
    words = ev.describe(pooled, fmt)
    assert fmt(pooled.value) not in words and "60 records; before that" in words
    assert fmt(pooled.periods[0].value) in words  # the earlier pool's value is news


def test_a_mid_sized_feature_is_tested_when_its_bad_days_hold_fewer_records_than_the_rule_asks():
    # a day at the limit's edge is no clear breach (the demo's noisy 30 % regeneration days)
    assert judge(rate_days([(15, 92), (28, 92)]), limit=0.2, comparison="gt") is None  # 30.4 % of 92

    # 65 records a day: enough for one day on its own, but one bad day holds fewer than 2 x 50
    j = judge(rate_days([(60, 65), (60, 65), (34, 65)]))
    assert j.mode == ev.TEST and [d.n for d in j.days] == [65]
    # a feature with 200 a day waits for its second day, as the rule says
    assert judge(rate_days([(190, 200), (120, 200)])) is None
