"""Typed documents at the store boundary: `Rule` (an `alert_rules` document of kind "rule") and
`Alert` (an `alerts` document), pydantic models the store returns and accepts.

Their own module because they are the currency between store/, jobs/ and pages, not a rule kind's
behaviour; a Rule still validates with core.rules.validate_rule and becomes its condition there.
"""
from __future__ import annotations

from datetime import datetime
from typing import Any, Mapping

from pydantic import BaseModel, ConfigDict, Field

from core.features import ALL_FEATURES as ALL
from core.rules import DEFAULT_MIN_COUNT, Condition, Finding, condition, validate_rule


class Rule(BaseModel):
    """An `alert_rules` document of kind "rule" (store.alerts.get_rules returns these, upsert_rule accepts
    them). Fields beyond these pass through (`extra`)."""
    model_config = ConfigDict(extra="allow", populate_by_name=True)

    id: str | None = Field(default=None, alias="_id")
    kind: str = "rule"
    name: str | None = None
    metric: str
    statistic: str = "mean"
    comparison: str
    threshold: float | None = None
    window_days: int = 1
    feature: str = ALL
    severity: str = "warning"
    channel: str = "qa"
    enabled: bool = True
    min_count: int = DEFAULT_MIN_COUNT
    own_threshold: bool = False

    @classmethod
    def validated(cls, rule: Mapping) -> Rule:
        """A rule checked by `validate_rule` (ValidationFailed with words when it is not one)."""
        clean = validate_rule(dict(rule))
        return cls(**clean, **({"_id": rule["_id"]} if rule.get("_id") is not None else {}))

    def doc(self) -> dict:
        """The document as stored (`_id` only when it has one)."""
        out = self.model_dump(by_alias=True)
        if out.get("_id") is None:
            out.pop("_id", None)
        return out

    def condition(self) -> Condition:
        return condition(self.doc())


class Alert(BaseModel):
    """An `alerts` document (open_alert accepts these): what fired,
    where, the numbers, and its lifecycle. Fields beyond these pass through (`extra`)."""
    model_config = ConfigDict(extra="allow", populate_by_name=True)

    id: str = Field(alias="_id")
    rule_id: str
    rule_name: str | None = None
    feature: str = ALL
    severity: str = "warning"
    channel: str | None = "qa"
    message: str = ""
    metric: str | None = None
    statistic: str | None = None
    comparison: str | None = None
    threshold: float | None = None
    value: float | None = None
    evidence: list[dict] = Field(default_factory=list)
    drivers: list[dict] = Field(default_factory=list)
    link: dict = Field(default_factory=dict)
    first_day: str | None = None
    last_day: str | None = None
    state: str | None = None
    opened_at: datetime | None = None
    resolved_at: datetime | None = None
    resolved_by: str | None = None
    acknowledged_by: str | None = None

    @classmethod
    def from_finding(cls, alert_id: str, finding: Finding, **more: Any) -> Alert:
        return cls(_id=alert_id, **{**finding.fields, **more})

    def doc(self) -> dict:
        """The fields to store; lifecycle fields not set yet are left to store.alerts."""
        return self.model_dump(by_alias=True, exclude_unset=True)
