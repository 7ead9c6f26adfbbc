"""The report's headline and key changes say what the alerts say (pure: no database)."""
from __future__ import annotations

from core.features import ALL_FEATURES as ALL
from jobs.report_render import describe_incident, headline, judge_change


def trend(feature, metric, value, previous, flagged=False, count=1000):
    change = None if previous is None else value - previous
    return {"feature": feature, "metric": metric, "value": value, "previous": previous, "change": change,
            "flagged": flagged, "limit": 0.05, "count": count}


def incident(feature, *, open_=False, critical=False, first="2026-11-02", last="2026-11-04", cleared=None,
             rules=("Faithfulness below 0.7 for 3 days",)):
    return {"feature": feature, "rules": list(rules), "first_day": first, "last_day": last, "open": open_,
            "critical": critical, "cleared_day": cleared}


def data(trends, incidents=(), agreement=(), diagnosis="Healthy"):
    return {"week_start": "2026-11-02", "trends": list(trends), "incidents": list(incidents),
            "agreement": list(agreement), "diagnosis": {ALL: {"label": diagnosis}}}


def test_incidents_come_first_and_a_healthy_verdict_does_not_contradict_them():
    text = headline(data([trend(ALL, "pass_rate", 0.86, 0.92, flagged=True)],
                         [incident("viability", critical=True, cleared="2026-11-05")]))
    assert text.startswith("Week of 2026-11-02: 1 incident — viability (critical): Faithfulness below 0.7")
    assert "2026-11-02 to 2026-11-04, resolved 2026-11-05" in text
    assert text.index("incident") < text.index("answers") and "healthy" not in text
    assert "(-6.0 pp on the week before)" in text
    quiet = headline(data([trend(ALL, "pass_rate", 0.93, 0.92)]))
    assert "no incidents" in quiet and quiet.endswith("healthy")


def test_open_incidents_are_named_as_open():
    assert describe_incident(incident("arguments", open_=True, first="2026-11-22", last="2026-11-22")) == \
        "arguments: Faithfulness below 0.7 for 3 days, 2026-11-22, open"
    text = headline(data([trend(ALL, "pass_rate", 0.9, 0.9)], [incident("arguments", open_=True)]))
    assert "1 incident (1 open)" in text


def test_a_week_after_no_data_says_so_instead_of_a_change():
    text = headline(data([trend(ALL, "pass_rate", 0.9, None)]))
    assert "(no data the week before)" in text and "pp" not in text


def test_a_logged_rise_the_independent_scores_do_not_share_is_a_possible_judge_change():
    rise = trend("chat", "faithfulness", 0.95, 0.90, flagged=True)
    lenient = [{"feature": "chat", "now": {"mean_diff": 0.08}, "previous": {"mean_diff": 0.0}}]
    honest = [{"feature": "chat", "now": {"mean_diff": 0.01}, "previous": {"mean_diff": 0.0}}]
    assert "possible judge change, not an improvement" in judge_change(rise, lenient)
    assert judge_change(rise, honest) is None  # the independent scorer saw it too: a real gain
    assert judge_change(trend("chat", "faithfulness", 0.85, 0.90, flagged=True), lenient) is None  # a drop
    assert judge_change(rise, []) is None  # nothing to compare with
    text = headline(data([trend(ALL, "pass_rate", 0.9, 0.9), rise], agreement=lenient))
    assert "chat faithfulness: possible judge change" in text


def test_never_healthy_under_the_pass_rate_rule():
    """Issue 34: a 72 % week under the 90 % rule is not "healthy", whatever the quadrants say."""
    low = headline({**data([trend(ALL, "pass_rate", 0.72, 0.74)]), "pass_rate_floor": 0.9})
    assert not low.endswith("; healthy") and "pass rate under the rule's 90.0%, so not healthy" in low
    fine = headline({**data([trend(ALL, "pass_rate", 0.93, 0.92)]), "pass_rate_floor": 0.9})
    assert fine.endswith("; healthy")


def test_a_release_gain_on_a_drifting_judges_metric_is_named_for_what_it_is():
    """Issue 34: a release "better" on the metric a judge-agreement alert is about (or on the verdict it
    decides) is flagged as a possible judge change, not counted as a gain."""
    from jobs.release_report import _judge_suspect

    drifting = {("chat", "faithfulness")}
    assert _judge_suspect(drifting, "chat", "faithfulness") and _judge_suspect(drifting, "chat", "verdict")
    assert not _judge_suspect(drifting, "chat", "answer_relevancy")
    assert not _judge_suspect(drifting, "clauses", "faithfulness")
    assert _judge_suspect(drifting, ALL, "faithfulness")  # every feature together holds chat's drift
    assert _judge_suspect({(ALL, "faithfulness")}, "clauses", "faithfulness")
