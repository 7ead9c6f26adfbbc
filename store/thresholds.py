"""Per-feature metric thresholds (reference 000 "Feature-Specific Thresholds").

Defaults come from the catalog (core.metrics); edits made in the dashboard are stored in `alert_rules` as
documents `{_id: "threshold:<feature>", kind: "threshold", feature, metrics: {...}}`
and win over the defaults. They drive pass/fail everywhere.
"""
from __future__ import annotations

import math
from datetime import datetime, timezone
from typing import Any

from pymongo.database import Database

from core import metrics as catalog
from core.features import DEFAULT_FEATURE, FEATURE_NAME_RE, SENTINELS
from store.collections import ALERT_RULES, RECORDS, RULE_AUDIT
from store.errors import ValidationFailed
from store.verdict_expr import verdict_update


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


def validate_unit(name: str, value: Any) -> float:
    """A number in 0..1, or ValidationFailed saying which and why."""
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise ValidationFailed(f"{name}: the threshold must be a number between 0 and 1 (got {value!r})")
    if not 0.0 <= float(value) <= 1.0:
        raise ValidationFailed(f"{name}: the threshold must be between 0 and 1 (got {value:g})")
    return float(value)


def validate_feature(feature: Any, *, allow: tuple[str, ...] = ()) -> str:
    if isinstance(feature, str) and (feature in allow or (feature not in SENTINELS and FEATURE_NAME_RE.match(feature))):
        return feature
    raise ValidationFailed(f"unknown feature name {str(feature)[:40]!r}: use lower-case letters, digits, - or _")


def write_audit(db: Database, *, user: str, action: str, target: str, old: Any, new: Any,
                now: datetime | None = None) -> None:
    if not isinstance(user, str) or not user.strip():
        raise ValidationFailed("who made the change must be known")
    db[RULE_AUDIT].insert_one({"at": now or datetime.now(timezone.utc), "user": user.strip(), "action": action,
                               "target": target, "old": old, "new": new})


def recompute_pass_fail(db: Database, feature: str, thresholds: dict | None = None) -> int:
    """Re-flag pass/fail for one feature's records ("default": every feature without its own)."""
    thresholds = thresholds or get_thresholds(db)
    if feature == DEFAULT_FEATURE:
        match: dict = {"feature": {"$nin": [f for f in thresholds if f != DEFAULT_FEATURE]}}
    else:
        match = {"feature": feature}
    match["eb.scores"] = {"$type": "object"}
    match["eb.rejected"] = None
    return db[RECORDS].update_many(match, verdict_update(thresholds, feature)).modified_count


def set_thresholds(db: Database, feature: str, metrics: dict[str, Any], user: str) -> dict[str, float]:
    """Validate and store a feature's thresholds, audit the change, re-flag pass/fail.

    Refuses (ValidationFailed) an unknown metric, a value outside 0..1, an
    unknown feature name or an anonymous user. The records' eb.passed /
    eb.failed_metrics are recomputed in MongoDB and the next aggregate run
    rebuilds every bucket (pass rates depend on the thresholds).
    """
    feature = validate_feature(feature, allow=(DEFAULT_FEATURE,))
    if not isinstance(metrics, dict) or not metrics:
        raise ValidationFailed("give at least one metric threshold")
    clean: dict[str, float] = {}
    for name, value in metrics.items():
        if name not in catalog.score_names():
            raise ValidationFailed(f"unknown metric {str(name)[:40]!r}; known: {', '.join(catalog.score_names())}")
        clean[name] = validate_unit(name, value)
    if not isinstance(user, str) or not user.strip():
        raise ValidationFailed("who made the change must be known")
    current = get_thresholds(db)
    old = dict(current.get(feature) or current[DEFAULT_FEATURE])
    new = {**old, **clean}
    db[ALERT_RULES].update_one({"_id": f"threshold:{feature}"},
                               {"$set": {"kind": "threshold", "feature": feature, "metrics": new,
                                         "updated_at": datetime.now(timezone.utc), "updated_by": user.strip()}},
                               upsert=True)
    write_audit(db, user=user, action="set_thresholds", target=feature, old=old, new=new)
    thresholds = get_thresholds(db)
    recompute_pass_fail(db, feature, thresholds)
    from store.state import request_full_rebuild
    request_full_rebuild(db, f"thresholds of {feature} changed")
    return new
