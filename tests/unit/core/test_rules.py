"""core/rules.py: the rule vocabulary, validation and the condition classes, on small daily series (and the
kinds and typed documents in their own modules: core/release_rule.py, core/label_rule.py, core/rule_docs.py)."""
from __future__ import annotations

from datetime import date, datetime, timedelta, timezone

import pytest

from core import label_rule, release_rule, rules
from core.errors import ValidationFailed
from core.features import ALL_FEATURES as ALL
from core.features import EACH_FEATURE as EACH
from core.rule_docs import Alert, Rule

DAY0 = date(2026, 3, 2)


def bucket(feature: str, i: int, *, mean: float = 0.9, count: int = 60, passed: int | None = None,
           p10: float | None = None, **agreement) -> dict:
    day = DAY0 + timedelta(days=i)
    passed = count if passed is None else passed
    stats = {"mean": mean, "n": count, "pass_rate": 1.0, **({"p10": p10} if p10 is not None else {}), **agreement}
    return {"_id": f"{day.isoformat()}|{feature}", "bucket": datetime(day.year, day.month, day.day, tzinfo=timezone.utc),
            "feature": feature, "count": count, "passed": passed, "failing": count - passed,
            "pass_rate": passed / count, "regen_rate": 0.0, "metrics": {"faithfulness": stats}}


def rule(**over) -> dict:
    base = {"_id": "rule:t", "name": "t", "metric": "faithfulness", "statistic": "mean", "comparison": "lt",
            "threshold": 0.7, "window_days": 2, "feature": EACH, "severity": "warning", "channel": "qa",
            "min_count": 50, "enabled": True}
    return {**base, **over}


def test_a_mean_below_its_limit_two_days_in_a_row_is_a_finding_with_its_words():
    history = {"chat": [bucket("chat", 0, mean=0.9), bucket("chat", 1, mean=0.6), bucket("chat", 2, mean=0.5)]}
    finding = rules.condition(rule()).check(rules.DailySeries("chat", history))
    assert isinstance(finding, rules.Finding)
    assert finding.limit == 0.7 and finding.fields["first_day"] == "2026-03-03" and finding.fields["last_day"] == "2026-03-04"
    assert finding.message.startswith("Faithfulness 0.500 below 0.700 (feature chat, 2026-03-03 to 2026-03-04, "
                                      "2 days in a row)")
    # one good day among the two: nothing
    history["chat"][1] = bucket("chat", 1, mean=0.8)
    assert rules.condition(rule()).check(rules.DailySeries("chat", history)) is None


def test_own_threshold_follows_the_features_thresholds():
    history = {"chat": [bucket("chat", 0, mean=0.75), bucket("chat", 1, mean=0.75)]}
    own = rule(threshold=None, own_threshold=True)
    assert rules.condition(own).check(rules.DailySeries("chat", history, {"chat": {"faithfulness": 0.7}})) is None
    finding = rules.condition(own).check(rules.DailySeries("chat", history, {"chat": {"faithfulness": 0.8},
                                                                              "default": {"faithfulness": 0.5}}))
    assert finding is not None and finding.limit == 0.8 and "chat's threshold" in finding.message


def test_agreement_changes_are_thresholds_relative_to_a_baseline_and_signed():
    cond = rules.condition(rule(statistic="flip_rate_change", comparison="gt", threshold=0.15))
    assert isinstance(cond, rules.Agreement) and cond.relative() and cond.source == "agreement"
    history = {"chat": [bucket("chat", i, flip_rate_change=0.3) for i in range(2)]}
    finding = cond.check(rules.DailySeries("chat", history))
    assert finding is not None and "+30.0%" in finding.message and "above +15.0%" in finding.message
    assert rules.validate_rule(rule(statistic="spearman", threshold=-0.2))["threshold"] == -0.2
    with pytest.raises(ValidationFailed, match="between 0 and 1"):
        rules.validate_rule(rule(statistic="mean", threshold=-0.2))


@pytest.mark.parametrize("bad, words", [
    ({"statistic": "median"}, "statistic must be"),
    ({"comparison": "eq"}, "comparison must be"),
    ({"severity": "loud"}, "severity must be"),
    ({"channel": "pager"}, "channel must be"),
    ({"metric": "pass_rate", "own_threshold": True}, "applies to a score's mean"),
    ({"window_days": 31}, "days in a row"),
])
def test_validation_refuses_with_words(bad, words):
    with pytest.raises(ValidationFailed, match=words):
        rules.validate_rule(rule(**bad))


def test_the_editor_choices_come_from_the_vocabulary():
    assert rules.statistics()[:2] == ("mean", "rate")
    assert set(rules.statistics()[2:]) == set(rules.Agreement.statistics)
    assert rules.CHANNELS == ("qa", "ai", "critical") and rules.SEVERITIES == ("warning", "critical")
    assert rules.statistic_label("flip_rate") == "agreement: flip_rate" and rules.statistic_label("mean") == "mean"


def test_the_overview_line_is_the_features_rule_else_the_global_one():
    table = [rule(_id="a", metric="pass_rate", statistic="rate", threshold=0.9, feature=ALL),
             rule(_id="b", metric="pass_rate", statistic="rate", threshold=0.8, feature=EACH),
             rule(_id="c", metric="pass_rate", statistic="rate", threshold=0.5, feature="chat", enabled=False)]
    table = [Rule.model_validate(r) for r in table]  # the typed rules store.alerts.get_rules hands out
    assert rules.chart_threshold(table, "pass_rate", ALL) == 0.9
    assert rules.chart_threshold(table, "pass_rate", "chat") == 0.8
    assert rules.chart_threshold(table, "regen_rate", "chat") is None


def test_label_accuracy_is_a_rule_kind():
    cond = rules.condition({"kind": "label_accuracy", "judge": "logged", "min_labels": 30, "min_accuracy": 0.8,
                            "severity": "warning", "channel": "qa"})
    row = {"judge": "logged", "metric": "faithfulness", "feature": "chat", "n": 40,
           "accuracy": {"value": 0.7, "low": 0.55, "high": 0.82}}
    assert isinstance(cond, label_rule.LabelAccuracy)  # the kind registered itself (@rule_kind) on import
    finding = cond.check(row)
    assert finding is not None and finding.fields["rule_id"] == "labels:judge_accuracy"
    assert "70% of chat's labelled records" in finding.message and "below 80%" in finding.message
    assert cond.check({**row, "n": 10}) is None and cond.check({**row, "accuracy": {**row["accuracy"], "value": 0.9}}) is None


def test_release_rule_settings_are_validated_in_core():
    assert release_rule.validate_release_rule({"min_records": 80, "channel": "ai"}) == {"min_records": 80, "channel": "ai"}
    with pytest.raises(ValidationFailed):
        release_rule.validate_release_rule({"min_records": 2})
    with pytest.raises(ValidationFailed):
        release_rule.validate_release_rule({"noise": 1})


def test_an_unknown_rule_kind_is_refused():
    with pytest.raises(ValidationFailed, match="unknown rule kind"):
        rules.condition({"kind": "telepathy"})


def test_typed_documents_round_trip_and_validate():
    typed = Rule.validated({**rule(), "_id": "rule:t"})
    assert typed.id == "rule:t" and typed.threshold == 0.7 and typed.doc()["_id"] == "rule:t"
    assert isinstance(typed.condition(), rules.Threshold)
    assert "_id" not in Rule.validated(rule(_id=None)).doc()
    with pytest.raises(ValidationFailed):
        Rule.validated(rule(threshold=2))
    stored = Rule.model_validate({**rule(), "created_at": datetime(2026, 3, 2), "updated_by": "system"})
    assert stored.doc()["updated_by"] == "system"  # fields beyond the model pass through
    history = {"chat": [bucket("chat", i, mean=0.5) for i in range(2)]}
    finding = rules.condition(rule()).check(rules.DailySeries("chat", history))
    alert = Alert.from_finding("rule:t|chat|2026-03-03", finding, replayed=False)
    doc = alert.doc()
    assert doc["_id"] == "rule:t|chat|2026-03-03" and doc["value"] == 0.5 and doc["replayed"] is False
    assert "state" not in doc and "opened_at" not in doc  # the lifecycle is store.alerts' business


def test_the_editors_coverage_is_the_conditions():
    from core import evidence

    history = {"chat": [bucket("chat", i, count=60) for i in range(3)],
               "tiny": [bucket("tiny", i, count=5) for i in range(3)]}
    modes = {}
    for r in (rule(), rule(metric="pass_rate", statistic="rate", threshold=0.9),
              rule(statistic="flip_rate", comparison="gt", threshold=0.1)):
        seen = rules.condition(r).coverage(history)
        assert set(seen) == {"chat", "tiny"} and seen["chat"][0] == evidence.DAILY
        modes[r["statistic"]] = seen["tiny"][0]
    # 15 records in 3 days: a mean is blind, a rate is tested on its counts, an agreement figure is never pooled
    assert modes == {"mean": "blind", "rate": evidence.TEST, "flip_rate": "blind"}
