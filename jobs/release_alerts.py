"""The release rule (issue 21): alert when the newest release is worse than the one before it.

For every feature, the newest release (by its first record) is compared with the previous one
on the release aggregates (core.compare.compare_sides: the verdict pass rate and every metric's
mean and pass rate, 95 % bootstrap intervals). A feature is flagged when both releases have at
least `min_records` records of it and some cell is worse beyond noise: the interval lies below
0 and B − A is at least `min_mean_effect` lower on a mean or `min_rate_effect` on a pass rate
(defaults: 50 records, 0.03, 0.05; core.rules.RELEASE_DEFAULTS, editable in the rule editor).
The condition is core.rules.ReleaseRegression; this module loads, evaluates and stores. One alert per feature
and new release; it stays open while the condition holds (refreshed with the latest numbers)
and resolves when a newer release or more records clear it.

Hook: `evaluate_releases(db, now=now)` after the alert rules (jobs/alerts.py) in the alerts job.
"""
from __future__ import annotations

from datetime import datetime, timezone

from pymongo.database import Database

from core import metrics, rules
from core.compare import compare_sides
from core.features import ALL_FEATURES
from core.timebuckets import bucket_start
from store import release_alerts as store_rel
from store.release_aggregates import side_days, side_totals, top_values


def regressions(db: Database, rule: dict) -> tuple[str | None, str | None, dict[str, dict]]:
    """(previous release, newest release, {feature: alert fields}) for the features the rule flags
    (core.rules.ReleaseRegression)."""
    newest = top_values(db, "release", 2)
    if len(newest) < 2:
        return None, None, {}
    b, a = newest[0]["value"], newest[1]["value"]
    totals_a, totals_b = side_totals(db, "release", a), side_totals(db, "release", b)
    cells = compare_sides(totals_a, totals_b, metrics.score_names())
    condition = rules.condition({**rule, "kind": rules.RELEASE_KIND})
    flagged: dict[str, dict] = {}
    span_b = None
    for feature in sorted({c.feature for c in cells} - {ALL_FEATURES}):
        if span_b is None:
            span_b = side_days(db, "release", b) or ()
        series = rules.ReleaseSeries(
            feature=feature, previous=a, newest=b, cells=[c for c in cells if c.feature == feature],
            n_previous=totals_a[feature]["count"], n_newest=totals_b[feature]["count"],
            span=tuple(span_b) if span_b else None,
            buckets=(bucket_start(span_b[0]), bucket_start(span_b[1])) if span_b else None)
        finding = condition.check(series)
        if finding is not None:
            flagged[feature] = finding.fields
    return a, b, flagged


def evaluate_releases(db: Database, *, now: datetime | None = None) -> dict:
    """Open, refresh or resolve the release rule's alerts; returns counts."""
    now = now or datetime.now(timezone.utc)
    rule = store_rel.get_release_rule(db)
    active = store_rel.active_release_alerts(db)
    counts = {"opened": 0, "still_open": 0, "resolved": 0}
    if not rule.get("enabled", True):
        flagged, a, b = {}, None, None
    else:
        a, b, flagged = regressions(db, rule)
    for feature, fields in flagged.items():
        current = active.get(feature)
        if current is not None and current.get("release") == fields["release"]:
            store_rel.refresh_release_alert(db, current["_id"], fields, now)
            counts["still_open"] += 1
            continue
        if current is not None:  # an alert about an older release: a newer one took over
            store_rel.resolve_release_alert(db, current["_id"], now, f"release {fields['release']} is the newest")
            counts["resolved"] += 1
        alert_id = f"{store_rel.RULE_ID}|{feature}|{fields['release']}"
        counts["opened"] += store_rel.open_release_alert(db, {"_id": alert_id, **fields, "replayed": False}, now)
    for feature, current in active.items():
        if feature not in flagged:
            store_rel.resolve_release_alert(db, current["_id"], now, "no longer worse beyond noise" if rule.get(
                "enabled", True) else "rule disabled")
            counts["resolved"] += 1
    return {**counts, "previous": a, "newest": b, "flagged": sorted(flagged)}
