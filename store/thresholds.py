"""Per-feature metric thresholds (reference 000 "Feature-Specific Thresholds").

Defaults come from the catalog (core.metrics); edits made in the dashboard are stored in `alert_rules` as
documents `{_id: "threshold:<feature>", kind: "threshold", feature, metrics: {...}}`
and win over the defaults. They drive pass/fail everywhere.
"""
from __future__ import annotations

import uuid
from datetime import datetime, timezone
from typing import Any

from pymongo.database import Database

from core import metrics as catalog
from core.features import DEFAULT_FEATURE
from core.timebuckets import local_day, zone_name
from core.verdict import limits_for
from store.collections import ALERT_RULES, RECORDS, RULE_AUDIT, STATE
from store.errors import ValidationFailed
from core.rules import validate_feature, validate_unit
from store.verdict_expr import LIMITS_FIELD, failed_metrics_expr, passed_expr, verdict_update

PREVIEW_DAYS = 7


def get_thresholds(db: Database) -> dict[str, dict[str, float]]:
    """Defaults overlaid with the stored per-feature thresholds."""
    merged = catalog.default_thresholds()
    for doc in db[ALERT_RULES].find({"kind": "threshold"}, {"feature": 1, "metrics": 1}):
        feature = doc.get("feature")
        if isinstance(feature, str) and isinstance(doc.get("metrics"), dict):
            base = merged.get(feature, dict(merged[DEFAULT_FEATURE]))
            base.update({k: float(v) for k, v in doc["metrics"].items() if isinstance(v, (int, float))})
            merged[feature] = base
    return merged


# --- editing (the dashboard's threshold editor) -------------------------------------


def write_audit(db: Database, *, user: str, action: str, target: str, old: Any, new: Any,
                now: datetime | None = None) -> None:
    if not isinstance(user, str) or not user.strip():
        raise ValidationFailed("who made the change must be known")
    db[RULE_AUDIT].insert_one({"at": now or datetime.now(timezone.utc), "user": user.strip(), "action": action,
                               "target": target, "old": old, "new": new})


def crossing(old: dict, new: dict) -> dict | None:
    """Records whose verdict can change between two sets of limits: a changed metric's score in
    [lower limit, higher limit) (a score fails when below its limit). None: every record (a metric
    without an old limit)."""
    ranges = []
    for m, value in new.items():
        before = old.get(m)
        if before is None:
            return None
        if abs(float(before) - float(value)) > 1e-12:
            ranges.append({f"eb.scores.{m}": {"$gte": min(before, value), "$lt": max(before, value)}})
    return {"$or": ranges} if ranges else {"_id": {"$in": []}}


def _feature_match(feature: str, thresholds: dict, narrow: dict | None = None) -> dict:
    """The scored records whose pass/fail follows `feature`'s thresholds ("default": features without their own),
    narrowed by `narrow` (see `crossing`)."""
    if feature == DEFAULT_FEATURE:
        match: dict = {"feature": {"$nin": [f for f in thresholds if f != DEFAULT_FEATURE]}}
    else:
        match = {"feature": feature}
    match["eb.scores"] = {"$type": "object"}
    match["eb.rejected"] = None
    if narrow:
        match = {"$and": [match, narrow]}
    return match


def recompute_pass_fail(db: Database, feature: str, thresholds: dict | None = None, narrow: dict | None = None
                        ) -> int:
    """Re-flag pass/fail for one feature's records ("default": every feature without its own);
    `narrow` (see `crossing`) limits it to the records that can change."""
    thresholds = thresholds or get_thresholds(db)
    return db[RECORDS].update_many(_feature_match(feature, thresholds, narrow),
                                   verdict_update(thresholds, feature)).modified_count


def _changes_pipeline(feature: str, limits: dict, thresholds: dict, since: datetime | None, tz: str,
                      narrow: dict | None = None) -> list[dict]:
    """Per local day: records whose failed metrics would change, and how many would flip pass<->fail
    (`narrow`: which records can change; default: a score between the current limits and `limits`)."""
    if narrow is None:
        narrow = crossing(limits_for(thresholds, feature), limits)
    match = _feature_match(feature, thresholds, narrow)
    # the indexed fields alone first (feature_timestamp / timestamp): with the clauses on `eb.*` in the
    # same $match the embedded server reads the whole collection (the preview took 5-19 s on the demo)
    first: dict = {"feature": feature} if feature != DEFAULT_FEATURE else {}
    if since is not None:
        first["timestamp"] = {"$gte": since}
    new_failed = failed_metrics_expr(f"${LIMITS_FIELD}")
    return [
        *([{"$match": first}] if first else []),
        {"$match": match},
        {"$project": {"timestamp": 1, "eb.scores": 1, "eb.passed": 1, "eb.failed_metrics": 1,
                      LIMITS_FIELD: {"$literal": {m: float(v) for m, v in limits.items()}}}},
        {"$set": {"_new_failed": new_failed}},
        {"$set": {"_new_passed": passed_expr("$_new_failed")}},
        {"$match": {"$expr": {"$ne": ["$_new_failed", {"$ifNull": ["$eb.failed_metrics", []]}]}}},
        {"$group": {"_id": {"$dateTrunc": {"date": "$timestamp", "unit": "day", "timezone": tz}},
                    "changed": {"$sum": 1},
                    "to_fail": {"$sum": {"$cond": [{"$and": [{"$eq": ["$eb.passed", True]},
                                                              {"$eq": ["$_new_passed", False]}]}, 1, 0]}},
                    "to_pass": {"$sum": {"$cond": [{"$and": [{"$eq": ["$eb.passed", False]},
                                                              {"$eq": ["$_new_passed", True]}]}, 1, 0]}}}},
    ]


def preview_change(db: Database, feature: str, metrics: dict[str, Any], *, days: int = PREVIEW_DAYS,
                   now: datetime | None = None, tz: str | None = None) -> dict:
    """What saving these thresholds would do to the last `days` days: records that would flip.

    {"flips", "to_fail", "to_pass", "changed", "days"}; nothing is written. `tz`: the days' zone
    (default core.timebuckets.zone_name())."""
    from datetime import timedelta

    feature, new = _validated(db, feature, metrics)
    thresholds = get_thresholds(db)
    since = (now or datetime.now(timezone.utc)) - timedelta(days=days)
    rows = list(db[RECORDS].aggregate(_changes_pipeline(feature, new, thresholds, since, tz or zone_name())))
    to_fail = sum(int(r["to_fail"]) for r in rows)
    to_pass = sum(int(r["to_pass"]) for r in rows)
    return {"flips": to_fail + to_pass, "to_fail": to_fail, "to_pass": to_pass,
            "changed": sum(int(r["changed"]) for r in rows), "days": days}


def _validated(db: Database, feature: Any, metrics: Any) -> tuple[str, dict[str, float]]:
    feature = validate_feature(feature, allow=(DEFAULT_FEATURE,))
    if not isinstance(metrics, dict) or not metrics:
        raise ValidationFailed("give at least one metric threshold")
    clean: dict[str, float] = {}
    for name, value in metrics.items():
        if name not in catalog.score_names():
            raise ValidationFailed(f"unknown metric {str(name)[:40]!r}; known: {', '.join(catalog.score_names())}")
        clean[name] = validate_unit(name, value)
    current = get_thresholds(db)
    return feature, {**(current.get(feature) or current[DEFAULT_FEATURE]), **clean}


def set_thresholds(db: Database, feature: str, metrics: dict[str, Any], user: str,
                   tz: str | None = None) -> dict[str, float]:
    """Validate and store a feature's thresholds, audit the change, and queue the verdict recompute.

    Refuses (ValidationFailed) an unknown metric, a value outside 0..1, an unknown feature name or an
    anonymous user. Returns at once (issue 29: the inline recompute held the Save button 30 s at 63k
    records): the limits the records were flagged with are queued (`pending_verdicts`), and the worker
    is asked, in its recompute lane (store.state.RECOMPUTE_LANE, beside "Build report now"), to run the
    aggregate job, which first re-flags the records that can change (`apply_pending_verdicts`), marks
    their days dirty and refreshes only those days (no full rebuild). `tz` is kept for callers; the
    worker's zone decides the days."""
    from core.jobs import AGGREGATE, ALERTS
    from store.state import RECOMPUTE_LANE, request_jobs

    feature, new = _validated(db, feature, metrics)
    if not isinstance(user, str) or not user.strip():
        raise ValidationFailed("who made the change must be known")
    current = get_thresholds(db)
    old = dict(current.get(feature) or current[DEFAULT_FEATURE])
    now = datetime.now(timezone.utc)
    db[ALERT_RULES].update_one({"_id": f"threshold:{feature}"},
                               {"$set": {"kind": "threshold", "feature": feature, "metrics": new,
                                         "updated_at": now, "updated_by": user.strip()}},
                               upsert=True)
    write_audit(db, user=user, action="set_thresholds", target=feature, old=old, new=new)
    db[STATE].update_one({"_id": VERDICTS}, {"$push": {"pending": {"id": uuid.uuid4().hex, "feature": feature,
                                                                    "old": old, "at": now}}}, upsert=True)
    request_jobs(db, [AGGREGATE, ALERTS], f"thresholds of {feature} changed", lane=RECOMPUTE_LANE)
    return new


# --- the verdict recompute (run by the aggregate job, in the worker) -------------------------------
# `{_id: "verdicts", pending: [{id, feature, old, at}], started_at}` in evalboard_state: each save's
# limits before the change. The records' stored verdicts follow one of those limit sets (or the
# current ones), so re-flagging every record whose score lies between any of them and the current
# limits (`crossing`) leaves every record flagged by the current thresholds, however many saves
# came in before the worker got to them.
VERDICTS = "verdicts"


def pending_verdicts(db: Database) -> dict:
    """{"features": [...], "since": first save's time or None, "started_at": when the worker began or None}."""
    doc = db[STATE].find_one({"_id": VERDICTS}) or {}
    pending = [e for e in doc.get("pending") or [] if isinstance(e, dict)]
    return {"features": sorted({str(e.get("feature")) for e in pending}),
            "since": min((e["at"] for e in pending if isinstance(e.get("at"), datetime)), default=None),
            "started_at": doc.get("started_at") if pending else None}


def _union_narrow(olds: list[dict], news: list[dict]) -> dict | None:
    """Records whose verdict can differ between any old and any new limit set (None: every record)."""
    ranges: list[dict] = []
    for old in olds:
        for new in news:
            narrow = crossing(old, new)
            if narrow is None:
                return None
            ranges += narrow.get("$or", [])
    return {"$or": ranges} if ranges else {"_id": {"$in": []}}


def apply_pending_verdicts(db: Database, tz: str | None = None, fence=None) -> dict:
    """Re-flag pass/fail of the records the queued threshold saves can change and mark their days dirty
    (the aggregate refresh that calls this then recounts only those days). {} when nothing is queued."""
    from store.state import mark_dirty_days

    doc = db[STATE].find_one_and_update({"_id": VERDICTS, "pending.0": {"$exists": True}},
                                        {"$set": {"started_at": datetime.now(timezone.utc)}})
    pending = [e for e in (doc or {}).get("pending") or [] if isinstance(e, dict) and isinstance(e.get("old"), dict)]
    if not pending:
        return {}
    tz = tz or zone_name()
    thresholds = get_thresholds(db)
    features = sorted({str(e.get("feature")) for e in pending})
    narrow = _union_narrow([e["old"] for e in pending], [limits_for(thresholds, f) for f in features]) or {}
    days: set[str] = set()
    flipped = 0
    for feature in features:
        pipeline = _changes_pipeline(feature, limits_for(thresholds, feature), thresholds, None, tz, narrow=narrow)
        days |= {local_day(r["_id"], tz).isoformat() for r in db[RECORDS].aggregate(pipeline)
                 if isinstance(r.get("_id"), datetime)}
        if fence is not None:
            fence()
        flipped += recompute_pass_fail(db, feature, thresholds, narrow)
    mark_dirty_days(db, days)
    db[STATE].update_one({"_id": VERDICTS}, {"$pull": {"pending": {"id": {"$in": [e.get("id") for e in pending]}}}})
    return {"verdict_features": len(features), "verdict_days": len(days), "verdicts_rewritten": flipped}
