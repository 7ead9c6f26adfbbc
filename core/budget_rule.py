"""The judge's daily budget (issue 33, kind "judge_budget"): the alert "judge budget reached" as a
condition (`JudgeBudget`) on one cap's day (`BudgetDay`).

Its own module because it is judged on the judge's spending, not on daily aggregates; it registers
its kind in core.rules.RULE_KINDS (`@rule_kind`). The budget itself is a setting
(EVALBOARD_JUDGE_BUDGET_USD); jobs/cascade.py counts the day and jobs/budget_alerts.py opens the alert.
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from typing import Any

from core.features import ALL_FEATURES as ALL
from core.rules import Condition, Finding, rule_kind

JUDGE_BUDGET_ID = "judge:budget"  # the alerts' rule_id; the budget itself is a setting (EVALBOARD_JUDGE_BUDGET_USD)
JUDGE_BUDGET_DEFAULTS: dict[str, Any] = {"name": "Judge budget reached", "enabled": True, "severity": "warning",
                                         "channel": "ai"}


@dataclass(frozen=True)
class BudgetDay:
    """One cap on one day: `scope` ALL (every feature) or a feature, the cap and the USD spent, and how
    many records kept their local score because of it so far."""
    day: date
    scope: str
    cap: float
    spent: float
    skipped: int = 0


@rule_kind
class JudgeBudget(Condition):
    """The day's judge budget is reached: no new judge call is opened, the rest of the day's records keep
    their local score (reason "budget"). One alert per cap and day (its id holds the day), so it notifies once."""
    kind = "judge_budget"
    RULE_ID = JUDGE_BUDGET_ID

    def check(self, series: BudgetDay) -> Finding | None:
        rule = {**JUDGE_BUDGET_DEFAULTS, **self.rule}
        if not rule["enabled"] or series.skipped <= 0 and series.spent < series.cap:
            return None
        where = "all features" if series.scope == ALL else f"feature {series.scope}"
        message = (f"Judge budget reached on {series.day.isoformat()} ({where}): ${series.spent:.2f} of "
                   f"${series.cap:.2f} spent; no new judge call today, the rest keep their local score "
                   "(reason \"budget\")")
        fields = {
            "rule_id": self.RULE_ID, "rule_name": rule["name"], "feature": series.scope, "severity": rule["severity"],
            "channel": rule["channel"], "metric": None, "statistic": self.kind, "comparison": "gt",
            "threshold": series.cap, "value": series.spent, "message": message, "evidence": [], "drivers": [],
            "link": {}, "first_day": series.day.isoformat(), "last_day": series.day.isoformat(),
        }
        return Finding(series.spent, series.cap, message, fields)
