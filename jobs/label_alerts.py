"""The alert "judge accuracy on human labels below X for a feature" (issue 20), off by default.

Rule (evalboard_state `label_accuracy_rule`, edited on the Judge accuracy page, audited): enabled,
min_accuracy, min_labels (>= 30), judge (the logged judge by default). Each run, per feature with at
least `min_labels` settled faithfulness labels, the judge's accuracy on them (core.labels) is compared
with `min_accuracy`: below it, one active alert per feature (`rule_id` labels:judge_accuracy, numbers
refreshed each run); at or above it again, or the rule turned off, the alert resolves ("auto").
The condition is core.label_rule.LabelAccuracy; this module loads, evaluates and stores.
Runs right after the alert rules (jobs/alerts.evaluate calls it), whose sweep of alerts without an
`alert_rules` rule leaves these alone (`is_label_alert`).
"""
from __future__ import annotations

from datetime import datetime, timezone

from pymongo.database import Database

from core import labels as L
from core import rules
from core.label_rule import LabelAccuracy
from core.features import ALL_FEATURES
from store import alerts as store_alerts
from store import labels as store_labels
from store.thresholds import get_thresholds


def is_label_alert(rule_id: str) -> bool:
    return rule_id == store_labels.ACCURACY_RULE_ID


def accuracy_below(db: Database, rule: dict) -> dict[str, dict]:
    """{feature: alert fields} where the rule's judge is below its minimum on enough labels
    (core.label_rule.LabelAccuracy)."""
    answers = store_labels.human_answers(db)
    settled = {rid: a for rid, a in answers.items() if a.get("verdict")}
    if not settled:
        return {}
    condition = rules.condition({**rule, "kind": LabelAccuracy.kind})
    rows = L.accuracy_rows(store_labels.labelled_records(db, list(settled)), settled, get_thresholds(db), rounds=0)
    found = {}
    for row in rows:
        finding = condition.check(row)
        if finding is not None:
            found[row["feature"]] = finding.fields
    return found


def evaluate_label_accuracy(db: Database, now: datetime | None = None) -> dict:
    now = now or datetime.now(timezone.utc)
    rule = store_labels.accuracy_rule(db)
    active = {f: a for (rid, f), a in store_alerts.active_alerts(db).items() if is_label_alert(rid)}
    if not rule["enabled"] and not active:
        return {}  # off (the default): nothing to say
    below = accuracy_below(db, rule) if rule["enabled"] else {}
    counts = {"opened": 0, "still_open": 0, "resolved": 0}
    for feature, found in below.items():
        fields = {**found, "first_day": now.date().isoformat(), "last_day": now.date().isoformat()}
        if feature in active:
            store_alerts.refresh_alert(db, active[feature]["_id"], {k: fields[k] for k in ("value", "message", "last_day")},
                                       now=now)
            counts["still_open"] += 1
        else:
            alert_id = f"{store_labels.ACCURACY_RULE_ID}|{feature}|{now.date().isoformat()}"
            counts["opened"] += store_alerts.open_alert(db, {"_id": alert_id, **fields}, now=now)
    for feature, alert in active.items():
        if feature not in below:
            store_alerts.resolve_alert(db, alert["_id"], "auto", now=now)
            counts["resolved"] += 1
    return counts


def report_line(db: Database) -> str | None:
    """One line for the weekly report: each judge's accuracy on the human labels (None without labels)."""
    answers = {rid: a for rid, a in store_labels.human_answers(db).items() if a.get("verdict")}
    if not answers:
        return None
    rows = L.accuracy_rows(store_labels.labelled_records(db, list(answers)), answers, get_thresholds(db), rounds=0)
    parts = [f"{r['judge']} {100 * r['accuracy']['value']:.0f}% (n = {r['n']})" for r in rows
             if r["feature"] == ALL_FEATURES and r["metric"] == "faithfulness"]
    return ("Judge accuracy on human labels (faithfulness): " + ", ".join(parts)) if parts else None
