"""The alert "judge budget reached" (issue 33): the condition is core.budget_rule.JudgeBudget; this module opens
and resolves its alerts. The cascade (jobs/cascade.py) opens one the moment a cap stops a record (one per
cap and day: the alert's id holds the day, so it notifies once); the alerts job resolves those of past days.
"""
from __future__ import annotations

from datetime import date, datetime

from pymongo.database import Database

from core import rules
from core.budget_rule import BudgetDay, JudgeBudget, JUDGE_BUDGET_ID
from core.rule_docs import Alert
from store import alerts as store_alerts


def budget_reached(db: Database, series: BudgetDay, now: datetime) -> bool:
    """Open the day's alert for this cap (False when it is open already, or the condition does not hold)."""
    finding = rules.condition({"kind": JudgeBudget.kind}).check(series)
    if finding is None:
        return False
    alert_id = f"{JUDGE_BUDGET_ID}|{series.scope}|{series.day.isoformat()}"
    return store_alerts.open_alert(db, Alert.from_finding(alert_id, finding), now=now)


def resolve_past_days(db: Database, today: date, now: datetime) -> int:
    """A new day brings a new budget: the alerts of earlier days resolve (quietly)."""
    resolved = 0
    for (rule_id, _), alert in store_alerts.active_alerts(db).items():
        if rule_id == JUDGE_BUDGET_ID and (alert.get("last_day") or "") < today.isoformat():
            store_alerts.resolve_alert(db, alert["_id"], "auto", now=now, notify=False)
            resolved += 1
    return resolved
