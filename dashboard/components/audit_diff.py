"""Audit entries as one readable line each: what changed, old → new, and who did it.

"clauses · Faithfulness 0.95 → 0.90, by admin" instead of two JSON dicts. Pure
formatting (no Streamlit), so the unit tests read it directly.
"""
from __future__ import annotations

from datetime import datetime
from typing import Any

from core import metrics
from core.rule_docs import Alert, AuditEntry

ACTIONS = {"set_thresholds": "thresholds", "create_rule": "rule created", "update_rule": "rule changed",
           "delete_rule": "rule deleted", "acknowledge_alert": "alert acknowledged",
           "resolve_alert": "alert resolved"}
_SKIP = {"kind", "updated_at", "updated_by", "created_at", "_id"}


def _value(key: str, value: Any) -> str:
    if value is None:
        return "—"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, float):
        return f"{value:.2f}"
    if isinstance(value, datetime):
        return value.strftime("%Y-%m-%d %H:%M")
    text = str(value)
    return text if len(text) <= 60 else text[:57] + "…"


def _key(key: str) -> str:
    return metrics.label(key) if metrics.get(key) is not None else key.replace("_", " ")


def changes(old: Any, new: Any) -> list[str]:
    """["Faithfulness 0.95 → 0.90", ...] for the keys whose value differs (catalog order first)."""
    old = old if isinstance(old, dict) else {}
    new = new if isinstance(new, dict) else {}
    order = list(metrics.score_names()) + sorted(set(old) | set(new))
    out = []
    for key in dict.fromkeys(k for k in order if k in old or k in new):
        if key in _SKIP:
            continue
        a, b = old.get(key), new.get(key)  # free-form snapshots: a key may be on one side only
        if isinstance(a, float) and isinstance(b, float) and abs(a - b) < 1e-9:
            continue
        if a != b:
            out.append(f"{_key(key)} {_value(key, a)} → {_value(key, b)}" if key in old
                       else f"{_key(key)} {_value(key, b)}")
    return out


def alert_label(alert: Alert | None, alert_id: str) -> str:
    """An alert in words — its rule's name, the feature and its days — never its internal id."""
    if alert is None:  # not at hand: its id says rule, feature and first day ("rule:x|chat|2026-01-01")
        rule, _, rest = str(alert_id).partition("|")
        feature, _, day = rest.partition("|")
        alert = Alert(_id=str(alert_id), rule_id=rule, rule_name=rule.removeprefix("rule:") or "alert",
                      feature=feature or "__all__", first_day=day or None, last_day=day or None)
    feature = alert.feature
    where = "all features" if feature in (None, "__all__") else str(feature)
    first, last = alert.first_day, alert.last_day
    days = first if first == last or not last else f"{first} to {last}"
    return f"alert “{alert.name}” ({where}" + (f", {days})" if days else ")")


def describe(entry: AuditEntry, alerts: dict[str, Alert] | None = None) -> str:
    """One line for an audit entry (`alerts`: {alert id: alert}, to name an alert in words)."""
    action = str(entry.action or "change")
    old, new = entry.old, entry.new
    target = str(entry.target or "")
    snapshot = new or old
    name = snapshot.get("name") if isinstance(snapshot, dict) else None
    what = f"rule “{name}”" if name and action.endswith("_rule") else target
    if action.endswith("_alert"):
        what = alert_label((alerts or {}).get(target), target)
    if action == "delete_rule":
        body = "deleted"
    elif action == "create_rule":
        body = "created: " + ", ".join(changes({}, new)[:6])
    else:
        diff = changes(old, new)
        body = ", ".join(diff) if diff else "no change"
    if action in ("acknowledge_alert", "resolve_alert"):
        body = ACTIONS[action] + (" · " + body if body != "no change" else "")
    who = entry.user or "?"
    return f"{what} · {body}, by {who}"
