"""Alert rules (data in `alert_rules`), their audit trail (`rule_audit`) and alerts (`alerts`).

Rules are validated on write (core.rules.validate_rule: a threshold outside 0..1, an unknown
metric, a bad comparison... is refused with a message) and every change is audited
(who, when, old, new). Defaults from reference 000 "Alerts" (core.default_rules.DEFAULT_RULES) are
seeded by `python -m store migrate` (versioned: a later version adds its new rules to an
existing database once):
- daily pass rate < 90% -> QA team (warning), all features together;
- regeneration rate > 20% -> AI team (warning), all features together;
- faithfulness mean < 0.7 on 3 consecutive days -> critical, each feature;
- per feature, 2 complete days in a row: pass rate < 80%, regeneration rate > 20%,
  and faithfulness below the feature's OWN threshold (`own_threshold`: the limit is
  core.verdict.limits_for(thresholds, feature) at judging time, so editing a
  feature's thresholds moves the rule with it).
- judge agreement (version 3, each feature, agreement_daily): the logged judge more
  lenient than usual, or its faithfulness flip rate up 15 points on its baseline, for
  2 days; the absolute ones (flip rate above 15 %, correlation below 0.5) are seeded off.
A rule's `feature` is "__all__", one feature, or "*" = every feature separately.
A day with at least `min_count` records (default DEFAULT_MIN_COUNT) is judged on its own; smaller days
are pooled, or for a rate tested on their counts (core/evidence.py; the alert's `evidence_mode` says which).

Alert lifecycle: open -> acknowledged -> resolved. One active (open or
acknowledged) alert per (rule, feature); `_id` = "<rule_id>|<feature>|<day the
condition was first seen>", so re-running an evaluation can never duplicate it.
Resolving (by a person or automatically when the condition clears) enqueues the
"resolved" notifications; opening enqueues "opened" ones (store/outbox.py).
"""
from __future__ import annotations

import re
from datetime import datetime, timedelta, timezone
from typing import Any

from bson import ObjectId
from pymongo import DESCENDING
from pymongo.database import Database
from pymongo.errors import DuplicateKeyError

from store.collections import ALERT_RULES, ALERTS, NOTIFICATIONS, RULE_AUDIT, STATE
from store.errors import ValidationFailed, plain_id
from store.outbox import enqueue
from core.default_rules import DEFAULT_RULES, RULES_VERSION
from core.rule_docs import Alert, Rule
from core.rules import DEFAULT_MIN_COUNT, validate_rule
from store.thresholds import write_audit

MAX_SNOOZE_DAYS = 90
_NAME_RE = re.compile(r"^[A-Za-z0-9@._\- ]{1,80}$")
ACTIVE = ("open", "acknowledged")
_ID_RE = re.compile(r"^[A-Za-z0-9:_\-.]{1,80}$")


def _now() -> datetime:
    return datetime.now(timezone.utc)


def ensure_indexes(db: Database) -> None:
    db[ALERTS].create_index([("state", 1), ("opened_at", DESCENDING)], name="state_opened")
    db[ALERTS].create_index([("rule_id", 1), ("feature", 1), ("state", 1)], name="rule_feature_state")
    db[RULE_AUDIT].create_index([("at", DESCENDING)], name="at")


def seed_default_rules(db: Database) -> int:
    """Insert the default rules newer than the database's seeded version (a deleted rule is not brought back).

    A database seeded at version 1 (no `version` on its flag) gets the per-feature rules of
    version 2, and its version-1 defaults that nobody edited get the minimum of records per
    day (they were seeded with 1, which let a handful of records raise an alert)."""
    flag = db[STATE].find_one({"_id": "rules_seeded"})
    seeded = 0 if flag is None else int(flag.get("version") or 1)
    if seeded >= RULES_VERSION:
        return 0
    now, added = _now(), 0
    for rule in DEFAULT_RULES:
        if rule["since"] <= seeded:
            continue
        doc = {k: v for k, v in rule.items() if k != "since"}
        try:
            db[ALERT_RULES].insert_one({**doc, "kind": "rule", "created_at": now, "updated_by": "system"})
            added += 1
        except DuplicateKeyError:
            pass
    if seeded == 1:
        db[ALERT_RULES].update_many(
            {"_id": {"$in": [r["_id"] for r in DEFAULT_RULES if r["since"] == 1]}, "updated_by": "system",
             "min_count": {"$in": [None, 1]}}, {"$set": {"min_count": DEFAULT_MIN_COUNT}})
    db[STATE].update_one({"_id": "rules_seeded"}, {"$set": {"at": now, "version": RULES_VERSION}}, upsert=True)
    return added


# --- rules -------------------------------------------------------------------------

def _public(rule: dict | None) -> dict | None:
    if rule is None:
        return None
    return {k: v for k, v in rule.items() if k not in ("updated_at", "created_at", "updated_by")}


def list_rules(db: Database) -> list[dict]:
    """Alert rules (kind "rule"); the default ones are seeded by `python -m store migrate`."""
    return list(db[ALERT_RULES].find({"kind": "rule"}).sort("_id", 1))


def get_rules(db: Database) -> list[Rule]:
    """The alert rules as typed documents (core.rule_docs.Rule), by id."""
    return [Rule.model_validate(doc) for doc in list_rules(db)]


def upsert_rule(db: Database, rule: dict | Rule, user: str) -> dict:
    """Validate (core.rules.validate_rule), store and audit a rule; a new one gets an id."""
    if isinstance(rule, Rule):
        rule = rule.doc()
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
    rule_id = plain_id(rule_id, "the rule id")
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
    return list(db[ALERTS].find(query).sort([("opened_at", DESCENDING), ("last_day", DESCENDING)]).limit(int(limit)))


def get_alerts(db: Database, limit: int = 200) -> list[Alert]:
    """The newest alerts as typed documents (core.rule_docs.Alert), newest first."""
    return [Alert.model_validate(doc) for doc in list_alerts(db, limit=limit)]


def alerts_between(db: Database, first_day: str, last_day: str) -> list[dict]:
    """Alerts whose days in the data (first_day..last_day, ISO dates) overlap first_day..last_day."""
    return list(db[ALERTS].find({"first_day": {"$lte": str(last_day)}, "last_day": {"$gte": str(first_day)}})
                .sort([("first_day", 1), ("_id", 1)]))


def active_alerts(db: Database) -> dict[tuple[str, str], dict]:
    return {(a["rule_id"], a["feature"]): a for a in db[ALERTS].find({"state": {"$in": list(ACTIVE)}})}


def open_alert(db: Database, alert: dict | Alert, *, now: datetime | None = None, notify: bool = True) -> bool:
    """Insert a new open alert and enqueue its notifications; False when it already exists."""
    if isinstance(alert, Alert):
        alert = alert.doc()
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


def _clean_ack(comment: Any, assignee: Any, snooze_until: Any, now: datetime) -> dict:
    if comment is not None and not isinstance(comment, str):
        raise ValidationFailed("the comment must be text")
    comment = (comment or "").strip()
    if len(comment) > 1000:
        raise ValidationFailed("the comment is too long (at most 1000 characters)")
    if assignee is not None and not isinstance(assignee, str):
        raise ValidationFailed("the assignee must be a name")
    assignee = (assignee or "").strip()
    if assignee and not _NAME_RE.match(assignee):
        raise ValidationFailed("the assignee must be a plain name (letters, digits, @ . _ - and spaces)")
    if snooze_until is not None:
        if not isinstance(snooze_until, datetime):
            raise ValidationFailed("snooze-until must be a date and time")
        if snooze_until.tzinfo is None:
            snooze_until = snooze_until.replace(tzinfo=timezone.utc)
        if snooze_until <= now:
            raise ValidationFailed("snooze-until must be in the future")
        if snooze_until > now + timedelta(days=MAX_SNOOZE_DAYS):
            raise ValidationFailed(f"snooze at most {MAX_SNOOZE_DAYS} days")
    return {"ack_comment": comment or None, "assignee": assignee or None, "snoozed_until": snooze_until}


def acknowledge_alert(db: Database, alert_id: str, user: str, *, comment: str | None = None,
                      assignee: str | None = None, snooze_until: datetime | None = None,
                      now: datetime | None = None) -> dict:
    """Acknowledge an open alert, optionally with a comment, an assignee and a snooze (audited).

    While snoozed, the alert stays acknowledged; when the snooze ends and the
    condition still holds, the alerts job opens it again and notifies."""
    if not isinstance(user, str) or not user.strip():
        raise ValidationFailed("who acknowledged must be known")
    now = now or _now()
    fields = _clean_ack(comment, assignee, snooze_until, now)
    result = db[ALERTS].update_one({"_id": alert_id, "state": "open"}, {"$set": {
        "state": "acknowledged", "acknowledged_at": now, "acknowledged_by": user.strip(), "updated_at": now,
        **fields}})
    if result.matched_count == 0:
        raise ValidationFailed("only an open alert can be acknowledged")
    write_audit(db, user=user, action="acknowledge_alert", target=str(alert_id), old={"state": "open"},
                new={"state": "acknowledged", **{k: v for k, v in fields.items() if v is not None}}, now=now)
    return db[ALERTS].find_one({"_id": alert_id})


def reopen_snoozed(db: Database, alert: dict, *, now: datetime | None = None, notify: bool = True) -> bool:
    """The snooze of an acknowledged alert is over and its condition still holds: open it again."""
    now = now or _now()
    result = db[ALERTS].update_one(
        {"_id": alert["_id"], "state": "acknowledged", "snoozed_until": {"$lte": now}},
        {"$set": {"state": "open", "reopened_at": now, "updated_at": now, "snoozed_until": None},
         "$inc": {"reopened": 1}})
    if result.modified_count and notify:
        doc = db[ALERTS].find_one({"_id": alert["_id"]}) or alert
        enqueue(db, doc, f"reopened{int(doc.get('reopened') or 1)}", now=now)
    return bool(result.modified_count)


def resolve_alert(db: Database, alert_id: str, user: str, *, now: datetime | None = None,
                  notify: bool = True, extra: dict | None = None) -> dict:
    """Resolve an open or acknowledged alert (`user` "auto" = the condition cleared)."""
    if not isinstance(user, str) or not user.strip():
        raise ValidationFailed("who resolved must be known")
    now = now or _now()
    result = db[ALERTS].update_one({"_id": alert_id, "state": {"$in": list(ACTIVE)}}, {"$set": {
        "state": "resolved", "resolved_at": now, "resolved_by": user.strip(), "updated_at": now, **(extra or {})}})
    if result.matched_count == 0:
        raise ValidationFailed("only an open or acknowledged alert can be resolved")
    doc = db[ALERTS].find_one({"_id": alert_id})
    if user.strip() != "auto":
        write_audit(db, user=user, action="resolve_alert", target=str(alert_id), old=None,
                    new={"state": "resolved"}, now=now)
    if notify and not doc.get("replayed"):  # an alert nobody was told about resolves quietly
        told = _told_types(db, alert_id)
        if told:  # only the channels that heard it open hear it resolved
            enqueue(db, doc, "resolved", now=now, only_types=told)
    return doc


def _told_types(db: Database, alert_id: Any) -> set[str]:
    """The channel types that were told an alert opened (or reopened)."""
    return {str(n.get("channel_type")) for n in db[NOTIFICATIONS].find(
        {"alert_id": alert_id, "transition": {"$regex": "^(opened|reopened)"}}, {"channel_type": 1})}


def ensure_notifications(db: Database, since: datetime, now: datetime | None = None) -> int:
    """Repair the outbox after a crash, and tell a channel added since what is open now.

    - An alert resolved since `since` whose "resolved" entries are missing (the process died between
      the state change and the enqueue) gets them, on the channels that were told it opened.
    - An alert that is open now (not acknowledged, not snoozed, not resolved) gets its "opened"
      entry on every configured channel that never had it: a channel added later hears of it,
      once (the entry ids are deterministic). A handled alert (acknowledged, snoozed or resolved)
      is never announced to a new channel as new."""
    added = 0
    for alert in db[ALERTS].find({"state": "resolved", "resolved_at": {"$gte": since}, "replayed": {"$ne": True}}):
        told = _told_types(db, alert["_id"])
        if told:  # the channels told it opened hear it resolved (deterministic ids: once)
            added += enqueue(db, alert, "resolved", now=alert.get("resolved_at"), only_types=told)
    for alert in db[ALERTS].find({"state": "open", "replayed": {"$ne": True}}):
        added += enqueue(db, alert, "opened", now=now or _now())
    return added
