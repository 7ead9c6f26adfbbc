"""Choosing the daily agreement sample (jobs/agreement.py): stratified, the same on every run."""
from __future__ import annotations

import random

from jobs.agreement import allocate, eligible, select_sample


def _candidate(i: int, feature: str, passed: bool | None, **eb) -> dict:
    return {"_id": f"r{i}", "feature": feature, "eb": {"score_source": "logged", "passed": passed, **eb}}


def _day(seed: int = 5) -> list[dict]:
    rng = random.Random(seed)
    docs = [_candidate(i, rng.choice(("chat", "clauses")), rng.random() < 0.8) for i in range(900)]
    docs += [_candidate(1000 + i, "chat", None) for i in range(20)]  # unscored: no verdict
    docs += [_candidate(2000 + i, "chat", False, needs_scoring=True) for i in range(5)]
    docs += [{**_candidate(3000 + i, "chat", False), "rescored": {"by": "alice", "evaluation": {}}} for i in range(5)]
    return docs


def test_allocation_is_proportional_and_keeps_both_strata():
    assert allocate(160, 40, 50) == (40, 10)
    assert allocate(30, 10, 200) == (30, 10)  # fewer than asked: all of them
    assert allocate(999, 1, 10) == (9, 1)     # a rare stratum still gets one
    assert allocate(0, 50, 10) == (0, 10)
    assert allocate(5, 5, 0) == (0, 0)


def test_sample_is_stratified_per_feature():
    docs = _day()
    sample = select_sample(docs, "2026-03-04", 100)
    assert set(sample) == {"chat", "clauses"}
    for feature, chosen in sample.items():
        pool = [d for d in docs if d["feature"] == feature and eligible(d)]
        share_failing = sum(not d["eb"]["passed"] for d in pool) / len(pool)
        failing = sum(not d["eb"]["passed"] for d in chosen)
        assert len(chosen) == 100
        assert failing == round(100 * share_failing)  # the day's pass/fail split, not a random draw's
        assert all(eligible(d) for d in chosen)
        assert len({d["_id"] for d in chosen}) == 100


def test_sample_leaves_out_what_is_not_ours_to_score():
    chosen = {d["_id"] for docs in select_sample(_day(), "2026-03-04", 10_000).values() for d in docs}
    not_ours = {f"r{base + i}" for base in (1000, 2000, 3000) for i in range(20)}  # no verdict, waiting, Alice's
    assert chosen and not chosen & not_ours
    assert len(chosen) == 900  # every other record is a candidate
    ours = {**_candidate(1, "chat", True), "rescored": {"sample": {"day": "2026-03-03", "kind": "fast"}}}
    assert eligible(ours)  # an earlier sample score may be replaced
    assert not eligible({**_candidate(2, "chat", True), "rescored": {"by": "alice"}})
    assert not eligible(_candidate(3, "chat", True, rescore_requested=True))
    assert not eligible({**_candidate(4, "chat", True), "eb": {"score_source": "rescored", "passed": True}})


def test_sample_is_deterministic_per_day_and_differs_between_days():
    docs = _day()
    first = select_sample(docs, "2026-03-04", 50)
    shuffled = list(docs)
    random.Random(9).shuffle(shuffled)
    again = select_sample(shuffled, "2026-03-04", 50)
    ids = lambda s: {f: [d["_id"] for d in chosen] for f, chosen in s.items()}  # noqa: E731
    assert ids(first) == ids(again)  # the order the database returns them in does not matter
    other_day = select_sample(docs, "2026-03-05", 50)
    assert ids(other_day) != ids(first)
