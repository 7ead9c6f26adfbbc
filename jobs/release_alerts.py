"""The release rule (issue 21): alert when the newest release is worse than the one before it.

For every feature, the newest release (by its first record) is compared with the previous one
on the release aggregates (core.compare.compare_sides: the verdict pass rate and every metric's
mean and pass rate, 95 % bootstrap intervals). A feature is flagged when both releases have at
least `min_records` records of it and some cell is worse beyond noise: the interval lies below
0 and B − A is at least `min_mean_effect` lower on a mean or `min_rate_effect` on a pass rate
(defaults: 50 records, 0.03, 0.05; store/release_alerts.py, editable). One alert per feature
and new release; it stays open while the condition holds (refreshed with the latest numbers)
and resolves when a newer release or more records clear it.

Hook: `evaluate_releases(db, now=now)` after the alert rules (jobs/alerts.py) in the alerts job.
"""
from __future__ import annotations

from datetime import datetime, timezone

from pymongo.database import Database

from core import metrics
from core.compare import VERDICT, compare_sides, format_diff
from core.features import ALL_FEATURES
from core.timebuckets import bucket_start
from store import release_alerts as store_rel
from store.release_aggregates import side_days, side_totals, top_values


def _label(metric: str) -> str:
    return "pass rate" if metric == VERDICT else metrics.label(metric)


def regressions(db: Database, rule: dict) -> tuple[str | None, str | None, dict[str, dict]]:
    """(previous release, newest release, {feature: alert fields}) for the features the rule flags."""
    newest = top_values(db, "release", 2)
    if len(newest) < 2:
        return None, None, {}
    b, a = newest[0]["value"], newest[1]["value"]
    totals_a, totals_b = side_totals(db, "release", a), side_totals(db, "release", b)
    min_n = int(rule["min_records"])
    flagged: dict[str, dict] = {}
    cells = compare_sides(totals_a, totals_b, metrics.score_names())
    for feature in sorted({c.feature for c in cells} - {ALL_FEATURES}):
        n_a, n_b = totals_a[feature]["count"], totals_b[feature]["count"]
        if n_a < min_n or n_b < min_n:
            continue
        worse = []
        for c in (c for c in cells if c.feature == feature):
            for what, d, effect in (("mean", c.mean, rule["min_mean_effect"]),
                                    ("pass rate", c.rate, rule["min_rate_effect"])):
                if d is not None and d.beyond(effect, min_n) < 0:
                    name = _label(c.metric) if c.metric == VERDICT or what == "mean" else f"{_label(c.metric)} pass rate"
                    worse.append((d.diff, name, c.metric, what, d))
        if not worse:
            continue
        worse.sort(key=lambda w: w[0])
        span_b = side_days(db, "release", b)
        detail = "; ".join(f"{name} {format_diff(d)}" for _, name, _, _, d in worse[:4])
        message = (f"Release {b} is worse than {a} on {feature}: {detail} ({n_b:,} vs {n_a:,} records)")
        top = worse[0]
        first = bucket_start(span_b[0]) if span_b else None
        last = bucket_start(span_b[1]) if span_b else None
        flagged[feature] = {
            "rule_name": rule["name"], "feature": feature, "severity": rule["severity"],
            "channel": rule["channel"], "message": message, "metric": top[2] if top[2] != VERDICT else "pass_rate",
            "statistic": "mean" if top[3] == "mean" else "rate", "comparison": "lt",
            "threshold": 0.0, "value": top[0], "release": b, "previous_release": a,
            "evidence": [{"bucket": last, "value": d.diff, "metric": m, "what": w, "diff": d.diff, "low": d.low, "high": d.high, "n_a": d.n_a,
                          "n_b": d.n_b} for _, _, m, w, d in worse],
            "compare": {"by": "release", "a": a, "b": b},
            "first_day": span_b[0].isoformat() if span_b else None,
            "last_day": span_b[1].isoformat() if span_b else None,
            "link": {"feature": feature, "start": first, "end": last},
        }
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
