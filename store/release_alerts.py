"""The release rule's settings and its alerts (issue 21; judged by jobs/release_alerts.py).

The rule lives in `alert_rules` as one document of kind "release_rule" (the regular rule
evaluator reads kind "rule" only), editable with `set_release_rule` (validated, audited in
`rule_audit` like every rule change). Its alerts are ordinary documents of `alerts` (rule_id
RELEASE_RULE_ID, one per feature and new release), opened, refreshed and resolved with store/alerts.py,
so they are listed, acknowledged and notified like every other alert.
"""
from __future__ import annotations

from datetime import datetime, timezone

from pymongo.database import Database

from core.release_rule import RELEASE_DEFAULTS, RELEASE_KIND, RELEASE_RULE_ID, validate_release_rule
from store import alerts as store_alerts
from store.collections import ALERT_RULES, ALERTS
from store.errors import ValidationFailed
from store.thresholds import write_audit


def get_release_rule(db: Database) -> dict:
    """The rule's settings: the defaults overlaid with what was saved."""
    saved = db[ALERT_RULES].find_one({"_id": RELEASE_RULE_ID, "kind": RELEASE_KIND}) or {}
    return {"_id": RELEASE_RULE_ID, **RELEASE_DEFAULTS, **{k: saved[k] for k in RELEASE_DEFAULTS if k in saved}}


def set_release_rule(db: Database, changes: dict, user: str) -> dict:
    clean = validate_release_rule(changes)
    if not isinstance(user, str) or not user.strip():
        raise ValidationFailed("who made the change must be known")
    old = get_release_rule(db)
    now = datetime.now(timezone.utc)
    db[ALERT_RULES].update_one({"_id": RELEASE_RULE_ID}, {"$set": {**clean, "kind": RELEASE_KIND, "updated_at": now,
                                                           "updated_by": user.strip()}}, upsert=True)
    write_audit(db, user=user, action="update_rule", target=RELEASE_RULE_ID, old=old, new={**old, **clean}, now=now)
    return get_release_rule(db)


def active_release_alerts(db: Database) -> dict[str, dict]:
    """alert id -> the rule's open or acknowledged alerts (a feature may have several: one per release pair)."""
    return {a["_id"]: a for a in db[ALERTS].find({"rule_id": RELEASE_RULE_ID, "state": {"$in": list(
        store_alerts.ACTIVE)}})}


def open_release_alert(db: Database, alert: dict, now: datetime) -> bool:
    return store_alerts.open_alert(db, {**alert, "rule_id": RELEASE_RULE_ID}, now=now)


def refresh_release_alert(db: Database, alert_id: str, fields: dict, now: datetime) -> None:
    store_alerts.refresh_alert(db, alert_id, fields, now=now)


def resolve_release_alert(db: Database, alert_id: str, now: datetime, why: str) -> None:
    store_alerts.resolve_alert(db, alert_id, "auto", now=now, extra={"cleared": why})


def release_alerts(db: Database, limit: int = 50) -> list[dict]:
    return list(db[ALERTS].find({"rule_id": RELEASE_RULE_ID}).sort("opened_at", -1).limit(int(limit)))
