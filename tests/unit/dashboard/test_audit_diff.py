"""Audit rows read as diffs, not JSON."""
from __future__ import annotations

from core.rule_docs import AuditEntry
from dashboard.components import audit_diff
from dashboard.components.audit_diff import changes


def describe(entry: dict) -> str:
    """The line of a stored audit entry, read as the page reads it (a typed entry)."""
    return audit_diff.describe(AuditEntry.model_validate(entry))


def test_threshold_change_reads_as_a_diff():
    entry = {"action": "set_thresholds", "target": "clauses", "user": "admin",
             "old": {"faithfulness": 0.95, "answer_relevancy": 0.75}, "new": {"faithfulness": 0.9,
                                                                              "answer_relevancy": 0.75}}
    assert describe(entry) == "clauses · Faithfulness 0.95 → 0.90, by admin"


def test_rule_update_lists_only_what_changed():
    old = {"name": "x", "threshold": 0.5, "min_count": 1, "window_days": 1, "enabled": True}
    new = {**old, "threshold": 0.6, "min_count": 50}
    line = describe({"action": "update_rule", "target": "rule:1", "user": "bob", "old": old, "new": new})
    assert line == "rule “x” · min count 1 → 50, threshold 0.50 → 0.60, by bob"
    assert changes(old, old) == []


def test_acknowledge_and_delete():
    ack = describe({"action": "acknowledge_alert", "target": "rule:a|chat|2026-01-01", "user": "dana",
                    "old": {"state": "open"}, "new": {"state": "acknowledged", "ack_comment": "looking",
                                                      "assignee": "erin"}})
    # an alert in words, not its internal id
    assert ack.startswith("alert “a” (chat, 2026-01-01) · alert acknowledged · ") and "assignee erin" in ack
    assert "state open → acknowledged" in ack and ack.endswith(", by dana")
    gone = describe({"action": "delete_rule", "target": "rule:1", "user": "carol", "old": {"name": "x"}, "new": None})
    assert gone == "rule “x” · deleted, by carol"
