"""The judge cascade's routing rule (core/cascade.py, issue 33): which records go to the judge, for which
reason, and which of their metrics the judge is asked for."""
from __future__ import annotations

import pytest

from core import cascade as C

LIMITS = {"chat": {"faithfulness": 0.80, "answer_relevancy": 0.70, "contextual_precision": 0.75,
                   "overall_quality": 0.70}}
CLEAR = {"faithfulness": 0.97, "answer_relevancy": 0.95, "contextual_precision": 0.95, "overall_quality": 0.95}
QUIET = C.Policy(audit_share=0.0)  # no audit draw in the way


def plan(local, logged=None, logged_passed=None, policy=QUIET):
    return policy.plan("r1", "chat", {**CLEAR, **local}, LIMITS, logged_passed,
                       None if logged is None else {**CLEAR, **logged})


def test_a_near_metric_without_a_second_opinion_goes_to_the_judge_alone():
    route = plan({"faithfulness": 0.85})  # passes by 0.05, nothing logged (a set run)
    assert route == C.Route(C.BAND, ("faithfulness",)) and route.judged


def test_a_logged_score_on_the_same_side_settles_a_near_metric():
    assert plan({"faithfulness": 0.85}, {"faithfulness": 0.82}, True) == C.Route(C.LOCAL)
    # ... but not one on the other side: the two scorers disagree, and the metric is near
    assert plan({"faithfulness": 0.85}, {"faithfulness": 0.78}, True) == C.Route(C.BAND, ("faithfulness",))


def test_the_band_is_measured_per_metric_and_the_judge_asked_only_for_those_in_it():
    route = plan({"faithfulness": 0.85, "contextual_precision": 0.80, "answer_relevancy": 0.95})
    assert route.reason == C.BAND and set(route.metrics) == {"faithfulness", "contextual_precision"}
    assert plan({"faithfulness": 0.91}) == C.Route(C.LOCAL)  # 0.11 above: outside a band of 0.10
    assert C.Policy(band=0.12, audit_share=0.0).plan("r1", "chat", {**CLEAR, "faithfulness": 0.91}, LIMITS).reason == C.BAND


def test_a_failing_record_goes_for_the_band_only_when_every_metric_it_fails_on_is_near():
    one_near = {"faithfulness": 0.75, "contextual_precision": 0.30}  # fails on both; precision is far below
    assert plan(one_near).reason == C.LOCAL
    both_near = {"faithfulness": 0.75, "contextual_precision": 0.70}
    assert plan(both_near) == C.Route(C.BAND, ("faithfulness", "contextual_precision"))
    # overall quality is not a metric the judge scores: failing on it alone, no metric can flip the record
    assert plan({"overall_quality": 0.65}).reason == C.LOCAL


def test_a_verdict_that_differs_from_the_logged_one_is_judged_on_the_metrics_at_odds():
    route = plan({"faithfulness": 0.40}, {"faithfulness": 0.95}, logged_passed=True)
    assert route == C.Route(C.DISAGREE, ("faithfulness",))
    # the verdicts differ with no metric at odds (the logged one failed on overall quality): every metric
    route = plan({}, {"overall_quality": 0.5}, logged_passed=False)
    assert route == C.Route(C.DISAGREE, None)
    assert plan({"faithfulness": 0.40}, {"faithfulness": 0.95}, True, C.Policy(disagree=False, audit_share=0)).reason == C.LOCAL


@pytest.mark.parametrize("policy, reason", [(C.Policy(on=False), C.EVERY), (C.Policy(audit_share=1.0), C.AUDIT)])
def test_the_cascade_off_and_an_audit_judge_every_metric(policy, reason):
    route = plan({}, {}, True, policy)
    assert route == C.Route(reason, None) and route.judged
    assert policy.route("r1", "chat", CLEAR, LIMITS, True, CLEAR) == reason  # the reason alone, as before


def test_a_clear_record_stays_local_and_the_audit_picks_the_same_records_every_run():
    assert plan({}, {}, True) == C.Route(C.LOCAL) and not C.Route(C.LOCAL).judged
    policy = C.Policy(audit_share=0.3)
    picked = [k for k in range(200) if policy.plan(k, "chat", CLEAR, LIMITS).reason == C.AUDIT]
    assert picked == [k for k in range(200) if policy.plan(k, "chat", CLEAR, LIMITS).reason == C.AUDIT]
    assert 30 <= len(picked) <= 90
