"""Typed documents at the store boundary: `Rule` (an `alert_rules` document of kind "rule"),
`Alert` (an `alerts` document, with its evidence, drivers, link and releases compared typed too) and
`AuditEntry` (a `rule_audit` entry), pydantic models the store returns and accepts.

Their own module because they are the currency between store/, jobs/ and pages, not a rule kind's
behaviour; a Rule still validates with core.rules.validate_rule and becomes its condition there.
"""
from __future__ import annotations

from datetime import datetime
from typing import Any, Mapping

from pydantic import BaseModel, ConfigDict, Field

from core.buckets import Number
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


class Evidence(BaseModel):
    """One day (or, for the release rule, one worse metric) behind an alert: its bucket, value and count
    (the release rule adds the records of each side, `n_a` and `n_b`)."""
    model_config = ConfigDict(extra="allow")

    bucket: Any = None
    value: Number = None
    count: Number = None
    n_a: Number = None
    n_b: Number = None


class Driver(BaseModel):
    """A feature that drove an all-features alert: its share of the cause and its own value."""
    model_config = ConfigDict(extra="allow")

    feature: Any = None
    share: Number = None
    value: Number = None


class AlertLink(BaseModel):
    """Where an alert points (the feature and its days, start and end as stored: a day or an instant)."""
    model_config = ConfigDict(extra="allow")

    feature: Any = None
    start: Any = None
    end: Any = None


class Releases(BaseModel):
    """The two releases a release-rule alert compares (`by`: the version dimension)."""
    model_config = ConfigDict(extra="allow")

    by: Any = None
    a: Any = None
    b: Any = None


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
    evidence: list[Evidence] = Field(default_factory=list)
    drivers: list[Driver] = Field(default_factory=list)
    link: AlertLink = Field(default_factory=AlertLink)
    first_day: str | None = None
    last_day: str | None = None
    cleared_day: str | None = None
    replayed: bool = False
    release: str | None = None
    previous_release: str | None = None
    compare: Releases | None = None
    state: str | None = None
    opened_at: datetime | None = None
    resolved_at: datetime | None = None
    resolved_by: str | None = None
    acknowledged_at: datetime | None = None
    acknowledged_by: str | None = None
    ack_comment: str | None = None
    assignee: str | None = None
    snoozed_until: datetime | None = None
    reopened: int | None = None
    reopened_at: datetime | None = None

    @property
    def name(self) -> str:
        """The alert's name in words: its rule's name, else its metric."""
        return self.rule_name or self.metric or "alert"

    @classmethod
    def from_finding(cls, alert_id: str, finding: Finding, **more: Any) -> Alert:
        return cls(_id=alert_id, **{**finding.fields, **more})

    def doc(self) -> dict:
        """The fields to store; lifecycle fields not set yet are left to store.alerts."""
        return self.model_dump(by_alias=True, exclude_unset=True)


class AuditEntry(BaseModel):
    """A `rule_audit` entry (store.thresholds.write_audit): who changed what, the old and new values as
    stored (free-form: a rule, thresholds, an alert's state, a user)."""
    model_config = ConfigDict(extra="allow", populate_by_name=True)

    id: Any = Field(default=None, alias="_id")
    at: datetime | None = None
    user: str | None = None
    action: str | None = None
    target: Any = None
    old: Any = None
    new: Any = None
