"""Alert rules (data in `alert_rules`), their audit trail (`rule_audit`) and alerts (`alerts`).

Rules are validated on write (a threshold outside 0..1, an unknown metric, a
bad comparison... is refused with a message) and every change is audited
(who, when, old, new). Defaults from reference 000 "Alerts" are seeded once:
- daily pass rate < 90% -> QA team (warning);
- regeneration rate > 20% -> AI team (warning);
- faithfulness mean < 0.7 on 3 consecutive days -> critical.
They apply to "__all__" (all features together). A rule's `feature` may also be
one feature, or "*" = every feature separately (one alert per feature). The judge
agreement rules (statistic from core.agreement: a correlation, mean difference or
flip rate, or its change against the baseline) read agreement_daily instead.

Alert lifecycle: open -> acknowledged -> resolved. One active (open or
acknowledged) alert per (rule, feature); `_id` = "<rule_id>|<feature>|<day the
condition was first seen>", so re-running an evaluation can never duplicate it.
Resolving (by a person or automatically when the condition clears) enqueues the
"resolved" notifications; opening enqueues "opened" ones (store/outbox.py).
"""
from __future__ import annotations

import re
from datetime import datetime, timezone
from typing import Any

from bson import ObjectId
from pymongo import DESCENDING
from pymongo.database import Database
from pymongo.errors import DuplicateKeyError

from store.collections import ALERT_RULES, ALERTS, RULE_AUDIT, STATE
from store.errors import ValidationFailed
from store.outbox import enqueue
from core import agreement, metrics
from core.features import ALL_FEATURES as ALL
from core.features import EACH_FEATURE as EACH
from store.thresholds import validate_feature, validate_unit, write_audit

STATISTICS = ("mean", "rate")
COMPARISONS = ("lt", "gt")
SEVERITIES = ("warning", "critical")
CHANNELS = ("qa", "ai", "critical")
ACTIVE = ("open", "acknowledged")
_ID_RE = re.compile(r"^[A-Za-z0-9:_\-.]{1,80}$")

DEFAULT_RULES = [
    {"_id": "rule:pass_rate", "name": "Daily pass rate below 90%", "metric": "pass_rate", "statistic": "rate",
     "comparison": "lt", "threshold": 0.90, "window_days": 1, "feature": ALL, "severity": "warning",
     "channel": "qa", "enabled": True},
    {"_id": "rule:regen_rate", "name": "Regeneration rate above 20%", "metric": "regen_rate",
     "statistic": "rate", "comparison": "gt", "threshold": 0.20, "window_days": 1, "feature": ALL,
     "severity": "warning", "channel": "ai", "enabled": True},
    {"_id": "rule:faithfulness", "name": "Faithfulness below 0.7 for 3 days", "metric": "faithfulness",
     "statistic": "mean", "comparison": "lt", "threshold": 0.70, "window_days": 3, "feature": EACH,
     "severity": "critical", "channel": "critical", "enabled": True},
    # Judge agreement (agreement_daily, jobs/agreement.py): the logged judge against an independent
    # re-score of a daily sample. Judges and local scorers never agree perfectly, so the enabled
    # rules watch moves away from each feature's own baseline; the absolute ones are seeded off
    # (turn them on once the usual level of your judge and scorer is known).
    {"_id": "rule:judge_leniency", "name": "Faithfulness: logged judge more lenient than usual for 2 days",
     "metric": "faithfulness", "statistic": "mean_diff_change", "comparison": "gt", "threshold": 0.05,
     "window_days": 2, "feature": EACH, "severity": "warning", "channel": "ai", "enabled": True, "min_count": 30},
    {"_id": "rule:judge_flip_change", "name": "Faithfulness flip rate up 15 points on its baseline for 2 days",
     "metric": "faithfulness", "statistic": "flip_rate_change", "comparison": "gt", "threshold": 0.15,
     "window_days": 2, "feature": EACH, "severity": "warning", "channel": "ai", "enabled": True, "min_count": 30},
    {"_id": "rule:judge_flip", "name": "Faithfulness flip rate above 15% for 2 days", "metric": "faithfulness",
     "statistic": "flip_rate", "comparison": "gt", "threshold": 0.15, "window_days": 2, "feature": EACH,
     "severity": "warning", "channel": "ai", "enabled": False, "min_count": 30},
    {"_id": "rule:judge_correlation", "name": "Faithfulness correlation with the independent scorer below 0.5",
     "metric": "faithfulness", "statistic": "spearman", "comparison": "lt", "threshold": 0.5, "window_days": 1,
     "feature": EACH, "severity": "warning", "channel": "ai", "enabled": False, "min_count": 30},
]


def is_agreement_statistic(statistic: Any) -> bool:
    """A rule on judge agreement (agreement_daily, jobs/agreement.py) rather than on the aggregates."""
    return isinstance(statistic, str) and statistic in agreement.statistic_names()


def _now() -> datetime:
    return datetime.now(timezone.utc)


def ensure_indexes(db: Database) -> None:
    db[ALERTS].create_index([("state", 1), ("opened_at", DESCENDING)], name="state_opened")
    db[ALERTS].create_index([("rule_id", 1), ("feature", 1), ("state", 1)], name="rule_feature_state")
    db[RULE_AUDIT].create_index([("at", DESCENDING)], name="at")


# the rules seeded before the state remembered which ones (databases migrated then have these)
_FIRST_DEFAULTS = ("rule:pass_rate", "rule:regen_rate", "rule:faithfulness")


def seed_default_rules(db: Database) -> int:
    """Insert each default rule once per database (a rule deleted later is not brought back;
    a default added in a later version is seeded by the next migrate)."""
    state = db[STATE].find_one({"_id": "rules_seeded"})
    seeded = set((state or {}).get("ids") or (_FIRST_DEFAULTS if state else ()))
    now, added = _now(), 0
    for rule in DEFAULT_RULES:
        if rule["_id"] in seeded:
            continue
        try:
            db[ALERT_RULES].insert_one({**rule, "kind": "rule", "created_at": now, "updated_by": "system"})
            added += 1
        except DuplicateKeyError:
            pass
    if state is None or added or set(r["_id"] for r in DEFAULT_RULES) - seeded:
        db[STATE].update_one({"_id": "rules_seeded"},
                             {"$set": {"at": now, "ids": sorted(seeded | {r["_id"] for r in DEFAULT_RULES})}},
                             upsert=True)
    return added


# --- rules -------------------------------------------------------------------------

def validate_rule(rule: dict) -> dict:
    if not isinstance(rule, dict):
        raise ValidationFailed("a rule must be an object")
    name = rule.get("name")
    if not isinstance(name, str) or not name.strip() or len(name.strip()) > 120:
        raise ValidationFailed("the rule needs a name (at most 120 characters)")
    metric = rule.get("metric")
    if metric not in metrics.rule_metrics():
        raise ValidationFailed(f"unknown metric {str(metric)[:40]!r}; known: {', '.join(metrics.rule_metrics())}")
    statistic = rule.get("statistic", "mean")
    if statistic not in STATISTICS and not is_agreement_statistic(statistic):
        raise ValidationFailed("statistic must be 'mean', 'rate' or a judge-agreement statistic ("
                               + ", ".join(agreement.statistic_names()) + ")")
    if is_agreement_statistic(statistic) and metric not in metrics.score_names():
        raise ValidationFailed("a judge-agreement rule watches a score (a metric or overall quality)")
    if metric in ("pass_rate", "regen_rate"):
        statistic = "rate"
    comparison = rule.get("comparison")
    if comparison not in COMPARISONS:
        raise ValidationFailed("comparison must be 'lt' (below) or 'gt' (above)")
    raw = rule.get("threshold")
    if is_agreement_statistic(statistic) and isinstance(raw, (int, float)) and not isinstance(raw, bool) and raw < 0:
        threshold = -validate_unit(str(metric), -raw)  # correlations and changes may be negative: -1..1
    else:
        threshold = validate_unit(str(metric), raw)
    window = rule.get("window_days", 1)
    if isinstance(window, bool) or not isinstance(window, int) or not 1 <= window <= 30:
        raise ValidationFailed("days in a row must be a whole number from 1 to 30")
    feature = validate_feature(rule.get("feature", ALL), allow=(ALL, EACH))
    severity = rule.get("severity", "warning")
    if severity not in SEVERITIES:
        raise ValidationFailed("severity must be 'warning' or 'critical'")
    channel = rule.get("channel", "qa")
    if channel not in CHANNELS:
        raise ValidationFailed("channel must be 'qa', 'ai' or 'critical'")
    min_count = rule.get("min_count", 1)
    if isinstance(min_count, bool) or not isinstance(min_count, int) or min_count < 1:
        raise ValidationFailed("min_count must be a whole number >= 1")
    return {"kind": "rule", "name": name.strip(), "metric": metric, "statistic": statistic,
            "comparison": comparison, "threshold": threshold, "window_days": window, "feature": feature,
            "severity": severity, "channel": channel, "enabled": bool(rule.get("enabled", True)),
            "min_count": min_count}


def _public(rule: dict | None) -> dict | None:
    if rule is None:
        return None
    return {k: v for k, v in rule.items() if k not in ("updated_at", "created_at", "updated_by")}


def list_rules(db: Database) -> list[dict]:
    """Alert rules (kind "rule"); the default ones are seeded by `python -m store migrate`."""
    return list(db[ALERT_RULES].find({"kind": "rule"}).sort("_id", 1))


def upsert_rule(db: Database, rule: dict, user: str) -> dict:
    clean = validate_rule(rule)
    if not isinstance(user, str) or not user.strip():
        raise ValidationFailed("who made the change must be known")
    rule_id = rule.get("_id")
    if rule_id is None:
        rule_id = f"rule:{ObjectId()}"
    elif not isinstance(rule_id, str) or not _ID_RE.match(rule_id):
        raise ValidationFailed("invalid rule id")
    old = db[ALERT_RULES].find_one({"_id": rule_id})
    if old is not None and old.get("kind") != "rule":
        raise ValidationFailed("that id belongs to thresholds, not a rule")
    now = _now()
    db[ALERT_RULES].update_one({"_id": rule_id}, {"$set": {**clean, "updated_at": now, "updated_by": user.strip()},
                                                  "$setOnInsert": {"created_at": now}}, upsert=True)
    write_audit(db, user=user, action="create_rule" if old is None else "update_rule", target=rule_id,
                old=_public(old), new=clean, now=now)
    return {"_id": rule_id, **clean}


def delete_rule(db: Database, rule_id: str, user: str) -> None:
    if not isinstance(user, str) or not user.strip():
        raise ValidationFailed("who made the change must be known")
    old = db[ALERT_RULES].find_one({"_id": rule_id, "kind": "rule"})
    if old is None:
        raise ValidationFailed("no such rule")
    db[ALERT_RULES].delete_one({"_id": rule_id, "kind": "rule"})
    write_audit(db, user=user, action="delete_rule", target=str(rule_id), old=_public(old), new=None)


def list_audit(db: Database, limit: int = 100) -> list[dict]:
    return list(db[RULE_AUDIT].find().sort("at", DESCENDING).limit(int(limit)))


# --- alerts ------------------------------------------------------------------------

def list_alerts(db: Database, states: list[str] | None = None, limit: int = 200) -> list[dict]:
    query: dict[str, Any] = {}
    if states:
        query["state"] = {"$in": [s for s in states if s in ("open", "acknowledged", "resolved")]}
    return list(db[ALERTS].find(query).sort("opened_at", DESCENDING).limit(int(limit)))


def count_open_alerts(db: Database) -> int:
    return db[ALERTS].count_documents({"state": "open"})


def active_alerts(db: Database) -> dict[tuple[str, str], dict]:
    return {(a["rule_id"], a["feature"]): a for a in db[ALERTS].find({"state": {"$in": list(ACTIVE)}})}


def open_alert(db: Database, alert: dict, *, now: datetime | None = None, notify: bool = True) -> bool:
    """Insert a new open alert and enqueue its notifications; False when it already exists."""
    now = now or _now()
    doc = {**alert, "state": "open", "opened_at": now, "acknowledged_at": None, "acknowledged_by": None,
           "resolved_at": None, "resolved_by": None, "updated_at": now}
    try:
        db[ALERTS].insert_one(doc)
    except DuplicateKeyError:
        return False
    if notify:
        enqueue(db, doc, "opened", now=now)
    return True


def notify_opened(db: Database, alert: dict, *, now: datetime | None = None) -> int:
    """Enqueue the "opened" notifications of an alert found open by a history replay."""
    return enqueue(db, alert, "opened", now=now or _now())


def refresh_alert(db: Database, alert_id: str, fields: dict, *, now: datetime | None = None) -> None:
    """The condition still holds: keep the latest numbers on the active alert."""
    db[ALERTS].update_one({"_id": alert_id, "state": {"$in": list(ACTIVE)}},
                          {"$set": {**fields, "updated_at": now or _now()}})


def acknowledge_alert(db: Database, alert_id: str, user: str, *, now: datetime | None = None) -> dict:
    if not isinstance(user, str) or not user.strip():
        raise ValidationFailed("who acknowledged must be known")
    now = now or _now()
    result = db[ALERTS].update_one({"_id": alert_id, "state": "open"}, {"$set": {
        "state": "acknowledged", "acknowledged_at": now, "acknowledged_by": user.strip(), "updated_at": now}})
    if result.matched_count == 0:
        raise ValidationFailed("only an open alert can be acknowledged")
    return db[ALERTS].find_one({"_id": alert_id})


def resolve_alert(db: Database, alert_id: str, user: str, *, now: datetime | None = None,
                  notify: bool = True) -> dict:
    """Resolve an open or acknowledged alert (`user` "auto" = the condition cleared)."""
    if not isinstance(user, str) or not user.strip():
        raise ValidationFailed("who resolved must be known")
    now = now or _now()
    result = db[ALERTS].update_one({"_id": alert_id, "state": {"$in": list(ACTIVE)}}, {"$set": {
        "state": "resolved", "resolved_at": now, "resolved_by": user.strip(), "updated_at": now}})
    if result.matched_count == 0:
        raise ValidationFailed("only an open or acknowledged alert can be resolved")
    doc = db[ALERTS].find_one({"_id": alert_id})
    if notify and not doc.get("replayed"):  # an alert nobody was told about resolves quietly
        enqueue(db, doc, "resolved", now=now)
    return doc


def ensure_notifications(db: Database, since: datetime) -> int:
    """Re-create any outbox entries missing for alert changes since `since` (after a crash)."""
    added = 0
    for alert in db[ALERTS].find({"$or": [{"opened_at": {"$gte": since}}, {"resolved_at": {"$gte": since}}],
                                  "replayed": {"$ne": True}}):
        added += enqueue(db, alert, "opened", now=alert.get("opened_at"))
        if alert.get("state") == "resolved":
            added += enqueue(db, alert, "resolved", now=alert.get("resolved_at"))
    return added
