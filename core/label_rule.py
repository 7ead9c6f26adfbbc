"""Judge accuracy on human labels (issue 20, kind "label_accuracy"): the rule's settings
(LABEL_RULE_DEFAULTS, `validate_label_rule`, edited on the Judge accuracy page) and its condition
`LabelAccuracy`; also the id of the aggregate job's health alert (AGGREGATE_DRIFT_ID), an alert
that is not an `alert_rules` rule either.

Its own module because it is judged on core.labels accuracy rows, not on daily aggregates; it
registers its kind in core.rules.RULE_KINDS (`@rule_kind`). jobs/label_alerts.py evaluates it;
store/labels.py keeps its settings.
"""
from __future__ import annotations

from typing import Any, Mapping

from core import labels
from core.errors import ValidationFailed
from core.features import ALL_FEATURES as ALL
from core.rules import Condition, Finding, rule_kind, validate_unit

LABEL_RULE_ID = "labels:judge_accuracy"  # the alerts' rule_id (the rule itself lives in evalboard_state)
# a health alert, not a rule: the aggregate job's daily sampled recount found drift (jobs/aggregate.py)
AGGREGATE_DRIFT_ID = "health:aggregate_drift"
LABEL_RULE_DEFAULTS: dict[str, Any] = {"enabled": False, "min_accuracy": 0.80, "min_labels": labels.MIN_LABELS_FOR_ALERT,
                                       "judge": labels.LOGGED, "severity": "warning", "channel": "qa"}


def validate_label_rule(*, enabled: Any, min_accuracy: Any, min_labels: Any = None, judge: Any = None) -> dict:
    """The settings a person edits (Judge accuracy page), checked: {enabled, min_accuracy, min_labels, judge}."""
    if not isinstance(enabled, bool):
        raise ValidationFailed("enabled must be true or false")
    min_accuracy = validate_unit("minimum accuracy", min_accuracy)
    least = labels.MIN_LABELS_FOR_ALERT
    min_labels = least if min_labels is None else min_labels
    if isinstance(min_labels, bool) or not isinstance(min_labels, int) or not least <= min_labels <= 100_000:
        raise ValidationFailed(f"the rule needs at least {least} labels per feature")
    judge = judge or labels.LOGGED
    if judge not in labels.JUDGES:
        raise ValidationFailed(f"judge must be one of {', '.join(labels.JUDGES)}")
    return {"enabled": enabled, "min_accuracy": min_accuracy, "min_labels": min_labels, "judge": judge}


@rule_kind
class LabelAccuracy(Condition):
    """The rule's judge agrees with the human labels of a feature on fewer than `min_accuracy` of at
    least `min_labels` settled faithfulness labels. `check(row)`: one core.labels accuracy row."""
    kind = "label_accuracy"
    RULE_ID = LABEL_RULE_ID

    def applies(self, row: Mapping) -> bool:
        return (row["judge"] == self.rule["judge"] and row["metric"] == "faithfulness" and row["feature"] != ALL
                and row["n"] >= self.rule["min_labels"])

    def check(self, series: Mapping) -> Finding | None:
        row, rule = series, self.rule
        if not self.applies(row) or not row["accuracy"]["value"] < rule["min_accuracy"]:
            return None
        acc, feature = row["accuracy"], row["feature"]
        message = (f"{rule['judge'].capitalize()} agrees with the human labels on {100 * acc['value']:.0f}% of "
                   f"{feature}'s labelled records (95 % {100 * acc['low']:.0f}–{100 * acc['high']:.0f}%, "
                   f"n = {row['n']}), below {100 * rule['min_accuracy']:.0f}%")
        fields = {
            "rule_id": self.RULE_ID, "rule_name": "Judge accuracy on human labels", "feature": feature,
            "severity": rule["severity"], "channel": rule["channel"], "metric": "faithfulness",
            "statistic": "label_accuracy", "comparison": "lt", "threshold": rule["min_accuracy"],
            "value": acc["value"], "message": message, "evidence": [], "drivers": [], "link": {"feature": feature},
        }
        return Finding(acc["value"], rule["min_accuracy"], message, fields)
