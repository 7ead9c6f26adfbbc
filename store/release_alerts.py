"""The release rule's settings and its alerts (issue 21; judged by jobs/release_alerts.py).

The rule lives in `alert_rules` as one document of kind "release_rule" (the regular rule
evaluator reads kind "rule" only), editable with `set_release_rule` (validated, audited in
`rule_audit` like every rule change). Its alerts are ordinary documents of `alerts` (rule_id
RULE_ID, one per feature and new release), opened, refreshed and resolved with store/alerts.py,
so they are listed, acknowledged and notified like every other alert.
"""
from __future__ import annotations

from datetime import datetime, timezone
from typing import Any

from pymongo.database import Database

from core.compare import MIN_MEAN_EFFECT, MIN_RATE_EFFECT
from store import alerts as store_alerts
from store.collections import ALERT_RULES, ALERTS
from store.errors import ValidationFailed
from store.thresholds import write_audit

RULE_ID = "release:regression"
KIND = "release_rule"
DEFAULTS: dict[str, Any] = {
    "name": "New release worse than the previous one",
    "enabled": True,
    "min_records": 50,                 # records of the new release (and of the previous one) per feature
    "min_mean_effect": MIN_MEAN_EFFECT,  # a metric's mean at least this much lower ...
    "min_rate_effect": MIN_RATE_EFFECT,  # ... or a pass rate at least this much lower, interval below 0
    "severity": "warning",
    "channel": "qa",
}
_SEVERITIES = ("info", "warning", "critical")


def get_release_rule(db: Database) -> dict:
    """The rule's settings: the defaults overlaid with what was saved."""
    saved = db[ALERT_RULES].find_one({"_id": RULE_ID, "kind": KIND}) or {}
    return {"_id": RULE_ID, **DEFAULTS, **{k: saved[k] for k in DEFAULTS if k in saved}}


def validate_release_rule(changes: dict) -> dict:
    if not isinstance(changes, dict):
        raise ValidationFailed("the release rule's settings must be an object")
    clean: dict[str, Any] = {}
    for key, value in changes.items():
        if key not in DEFAULTS:
            raise ValidationFailed(f"unknown release rule setting {str(key)[:40]!r}")
        if key == "enabled":
            if not isinstance(value, bool):
                raise ValidationFailed("enabled must be true or false")
        elif key == "min_records":
            if isinstance(value, bool) or not isinstance(value, int) or not 5 <= value <= 1_000_000:
                raise ValidationFailed("min_records must be a whole number from 5 to 1,000,000")
        elif key in ("min_mean_effect", "min_rate_effect"):
            if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 <= value <= 1:
                raise ValidationFailed(f"{key} must be a number from 0 to 1")
            value = float(value)
        elif key == "severity":
            if value not in _SEVERITIES:
                raise ValidationFailed(f"severity must be one of {', '.join(_SEVERITIES)}")
        elif not isinstance(value, str) or not value.strip() or len(value) > 120:
            raise ValidationFailed(f"{key} must be text of 1-120 characters")
        clean[key] = value
    return clean


def set_release_rule(db: Database, changes: dict, user: str) -> dict:
    clean = validate_release_rule(changes)
    if not isinstance(user, str) or not user.strip():
        raise ValidationFailed("who made the change must be known")
    old = get_release_rule(db)
    now = datetime.now(timezone.utc)
    db[ALERT_RULES].update_one({"_id": RULE_ID}, {"$set": {**clean, "kind": KIND, "updated_at": now,
                                                           "updated_by": user.strip()}}, upsert=True)
    write_audit(db, user=user, action="update_rule", target=RULE_ID, old=old, new={**old, **clean}, now=now)
    return get_release_rule(db)


def active_release_alerts(db: Database) -> dict[str, dict]:
    """feature -> the rule's open or acknowledged alert."""
    return {a["feature"]: a for a in db[ALERTS].find({"rule_id": RULE_ID, "state": {"$in": list(
        store_alerts.ACTIVE)}})}


def open_release_alert(db: Database, alert: dict, now: datetime) -> bool:
    return store_alerts.open_alert(db, {**alert, "rule_id": RULE_ID}, now=now)


def refresh_release_alert(db: Database, alert_id: str, fields: dict, now: datetime) -> None:
    store_alerts.refresh_alert(db, alert_id, fields, now=now)


def resolve_release_alert(db: Database, alert_id: str, now: datetime, why: str) -> None:
    store_alerts.resolve_alert(db, alert_id, "auto", now=now, extra={"cleared": why})


def release_alerts(db: Database, limit: int = 50) -> list[dict]:
    return list(db[ALERTS].find({"rule_id": RULE_ID}).sort("opened_at", -1).limit(int(limit)))
