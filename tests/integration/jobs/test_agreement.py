"""The agreement job on the real server with the real local scorer: the sample, its marks, the figures."""
from __future__ import annotations

from collections import Counter
from datetime import timedelta

import pandas as pd
import pytest

from core import agreement as ag
from core.verdict import limits_for, metric_passed
from jobs.agreement import BY, run_agreement
from store.agreement import get_agreement
from store.collections import AGREEMENT_WEEKLY, RECORDS
from store.scores import save_rescore
from store.thresholds import get_thresholds
from tests.integration.jobs.conftest import T0

NOW = T0 + timedelta(days=3, hours=6)  # days 0, 1 and 2 are complete; day 3 is today
PER_FEATURE = 4


@pytest.fixture
def sampled(db, messy):
    messy(n=240, days=4)
    # a person's Re-score of a logged record of day 1 must survive the sample
    alice = db[RECORDS].find_one({"eb.score_source": "logged", "eb.passed": False,
                                  "timestamp": {"$gte": T0 + timedelta(days=1), "$lt": T0 + timedelta(days=2)}})
    mine = {"evaluation": {"faithfulness": {"score": 0.123, "passed": False}}, "mode": "fast"}
    save_rescore(db, alice["_id"], mine, "alice", evaluator_version="t")
    first = run_agreement(db, now=NOW, days=3, per_feature=PER_FEATURE, max_items=10_000)
    return alice["_id"], first


def _marked(db):
    return {d["_id"]: d for d in db[RECORDS].find({"rescored.sample": {"$exists": True}})}


def test_the_sample_is_stratified_marked_and_leaves_a_persons_rescore(db, sampled):
    alice_id, first = sampled
    marked = _marked(db)
    assert first["scored"] == len(marked) > 0 and first["failed"] == 0 and first["kind"] == ag.FAST
    per_day_feature = Counter((d["rescored"]["sample"]["day"], d["feature"]) for d in marked.values())
    assert {day for day, _ in per_day_feature} == {(T0 + timedelta(days=i)).date().isoformat() for i in range(3)}
    assert max(per_day_feature.values()) <= PER_FEATURE
    for doc in marked.values():
        assert doc["rescored"]["by"] == BY and doc["rescored"]["sample"]["kind"] == ag.FAST
        assert doc["timestamp"].date().isoformat() == doc["rescored"]["sample"]["day"]
        assert doc["eb"]["score_source"] == "logged"  # the effective (logged) scores are untouched
    alice = db[RECORDS].find_one({"_id": alice_id})
    assert alice["rescored"]["by"] == "alice" and "sample" not in alice["rescored"]
    # both strata are in the sample wherever the day's feature had both
    for (day, feature), n in per_day_feature.items():
        if n == PER_FEATURE:
            verdicts = {d["eb"]["passed"] for d in marked.values()
                        if d["feature"] == feature and d["rescored"]["sample"]["day"] == day}
            pool = {d["eb"]["passed"] for d in db[RECORDS].find({"feature": feature, "eb.score_source": "logged",
                                                                 "eb.passed": {"$in": [True, False]}})
                    if d["timestamp"].date().isoformat() == day}
            assert verdicts == pool


def test_a_second_run_scores_nothing_and_keeps_the_sample(db, sampled):
    before = {i: d["rescored"]["at"] for i, d in _marked(db).items()}
    again = run_agreement(db, now=NOW, days=3, per_feature=PER_FEATURE, max_items=10_000)
    assert again["scored"] == 0 and again["figured_days"] == 0
    assert {i: d["rescored"]["at"] for i, d in _marked(db).items()} == before


def test_the_figures_agree_with_pandas_on_the_sampled_records(db, sampled):
    thresholds = get_thresholds(db)
    rows = []
    for doc in _marked(db).values():
        limits = limits_for(thresholds, doc["feature"])
        logged = doc["eb"]["scores"].get("faithfulness")
        independent = doc["rescored"]["evaluation"]["faithfulness"]["score"]
        if logged is not None and independent is not None:
            rows.append({"day": doc["rescored"]["sample"]["day"], "logged": logged, "independent": independent,
                         "flip": metric_passed(logged, limits["faithfulness"])
                         != metric_passed(independent, limits["faithfulness"])})
    frame = pd.DataFrame(rows)
    docs = {d["day"]: d for d in get_agreement(db, "day", T0, NOW, ["__all__"])}
    assert set(docs) == set(frame.day)
    for day, group in frame.groupby("day"):
        fig = docs[day]["metrics"]["faithfulness"]
        assert fig["n"] == len(group)
        assert fig["mean_diff"] == pytest.approx((group.logged - group.independent).mean(), abs=1e-6)
        assert fig["flip_rate"] == pytest.approx(group.flip.mean(), abs=1e-6)
        if fig["spearman"] is not None:
            assert fig["spearman"] == pytest.approx(group.logged.corr(group.independent, method="spearman"),
                                                    abs=1e-6)
        assert "values" not in docs[day]  # readers leave the pairs out
        tops = [t for t in docs[day]["top"] if t["metric"] == "faithfulness"]
        assert [abs(t["diff"]) for t in tops] == sorted((abs(t["diff"]) for t in tops), reverse=True)
        assert abs(tops[0]["diff"]) == pytest.approx((group.logged - group.independent).abs().max(), abs=1e-6)
    week = db[AGREEMENT_WEEKLY].find_one({"feature": "__all__"})
    assert week["metrics"]["faithfulness"]["n"] == len(frame)
    assert week["metrics"]["faithfulness"]["flip_rate"] == pytest.approx(frame.flip.mean(), abs=1e-6)


def test_the_weekly_report_has_the_agreement_section(db, sampled):
    from jobs.aggregate import refresh
    from jobs.report import run_report
    from store.reports import get_report
    refresh(db, now=NOW)  # the tick runs the aggregate job before the report job
    run_report(db, week=T0.date().isoformat(), now=NOW)
    markdown = get_report(db, T0.date())["markdown"]
    section = markdown.split("## Judge agreement", 1)[1]
    week = db[AGREEMENT_WEEKLY].find_one({"feature": "__all__"})
    faith = week["metrics"]["faithfulness"]
    row = next(line for line in section.splitlines() if line.startswith("| all features |"))
    assert f"| all features | {faith['n']} | " in row
    assert f"{faith['flip_rate']:.1%} (—)" in row  # no sample the week before


def test_a_capped_run_leaves_the_rest_for_the_next_and_a_late_record_reopens_its_day(db, messy):
    messy(n=120, days=3)
    first = run_agreement(db, now=NOW, days=3, per_feature=PER_FEATURE, max_items=5)
    assert first["scored"] == 5 and first["waiting"] > 0
    rest = run_agreement(db, now=NOW, days=3, per_feature=PER_FEATURE, max_items=10_000)
    assert rest["scored"] == first["waiting"] and rest["waiting"] == 0
    assert run_agreement(db, now=NOW, days=3, per_feature=PER_FEATURE, max_items=10_000)["figured_days"] == 0
    # a record arriving late for day 0 makes that day (only) be read and figured again; the days after it
    # get their change against the baseline recomputed from the stored figures (refresh_baselines)
    messy(n=1, days=1, seed=99, start=5000)
    late = run_agreement(db, now=NOW, days=3, per_feature=PER_FEATURE, max_items=10_000)
    assert late["figured_days"] == 1 and late["days"] == 3 and late["scored"] <= 1
    # a late record for the newest complete day refigures that day alone
    import random

    from .conftest import raw_record, store_raw
    store_raw(db, [raw_record(random.Random(98), 6000, 2)])
    assert run_agreement(db, now=NOW, days=3, per_feature=PER_FEATURE, max_items=10_000)["figured_days"] == 1
