"""The release rule (issue 21): alert when the newest release is worse than the one before it.

For every feature, its newest release is compared with the previous one in that feature's own line
(issue 34: declared order or first-seen order within the feature, core.versions.line_order; another
product's releases never come between them)
on the release aggregates (core.compare.compare_sides: the verdict pass rate and every metric's
mean and pass rate, 95 % bootstrap intervals). A feature is flagged when both releases have at
least `min_records` records of it and some cell is worse beyond noise: the interval lies below
0 and B − A is at least `min_mean_effect` lower on a mean or `min_rate_effect` on a pass rate
(defaults: 50 records, 0.03, 0.05; core.release_rule.RELEASE_DEFAULTS, editable in the rule editor).
The condition is core.release_rule.ReleaseRegression; this module loads, evaluates and stores. One alert per feature
and new release; it stays open while ITS two releases are worse beyond noise (refreshed with the
latest numbers) and resolves only when they no longer are, by a person, or when the rule is disabled.

Hook: `evaluate_releases(db, now=now)` after the alert rules (jobs/alerts.py) in the alerts job.
"""
from __future__ import annotations

from datetime import datetime, timezone

from pymongo.database import Database

from core import metrics, rules, versions
from core.release_rule import RELEASE_RULE_ID, ReleaseRegression, ReleaseSeries
from core.compare import compare_sides
from core.features import ALL_FEATURES
from core.timebuckets import bucket_start
from store import release_alerts as store_rel
from store.release_readers import line_orders, side_days, side_totals


class _Totals:
    """side_totals per release, read once per evaluation."""

    def __init__(self, db: Database):
        self.db, self.cache = db, {}

    def __call__(self, release: str) -> dict[str, dict]:
        if release not in self.cache:
            self.cache[release] = side_totals(self.db, "release", release)
        return self.cache[release]


def check_pair(db: Database, rule: dict, feature: str, a: str, b: str, totals: _Totals | None = None
               ) -> tuple[dict | None, bool]:
    """(alert fields or None, measurable): release `b` against `a` on one feature's records
    (core.release_rule.ReleaseRegression). Not measurable when either release has no aggregates of the
    feature any more (e.g. summed into "other"): nothing can be said about the pair then."""
    totals = totals or _Totals(db)
    totals_a, totals_b = totals(a), totals(b)
    if not totals_a.get(feature, {}).get("count") or not totals_b.get(feature, {}).get("count"):
        return None, False
    cells = [c for c in compare_sides({feature: totals_a[feature]}, {feature: totals_b[feature]},
                                      metrics.score_names()) if c.feature == feature]
    span_b = side_days(db, "release", b, feature)
    series = ReleaseSeries(
        feature=feature, previous=a, newest=b, cells=cells,
        n_previous=totals_a[feature]["count"], n_newest=totals_b[feature]["count"],
        span=tuple(span_b) if span_b else None,
        buckets=(bucket_start(span_b[0]), bucket_start(span_b[1])) if span_b else None)
    finding = rules.condition({**rule, "kind": ReleaseRegression.kind}).check(series)
    return (finding.fields if finding is not None else None), True


def regressions(db: Database, rule: dict) -> tuple[dict[str, tuple[str, str]], dict[str, dict]]:
    """({feature: (previous, newest)}, {feature: alert fields}): each feature's newest release against the
    one before it in that feature's own line (store.release_readers.line_orders), the flagged ones."""
    totals = _Totals(db)
    pairs: dict[str, tuple[str, str]] = {}
    flagged: dict[str, dict] = {}
    for feature, order in line_orders(db, "release").items():
        pair = versions.newest_pair(order)
        if pair is None or feature == ALL_FEATURES:
            continue
        pairs[feature] = pair
        fields, _ = check_pair(db, rule, feature, *pair, totals)
        if fields is not None:
            flagged[feature] = fields
    return pairs, flagged


def alert_id(feature: str, release: str) -> str:
    return f"{RELEASE_RULE_ID}|{feature}|{release}"


def evaluate_releases(db: Database, *, now: datetime | None = None) -> dict:
    """Open, refresh or resolve the release rule's alerts; returns counts.

    A new alert for each feature whose newest release is worse than its previous one. An open alert is
    about ITS two releases (`previous_release`, `release`): it is refreshed while they are still apart
    beyond noise and resolved only when they no longer are (or by a person, or the rule disabled) —
    never because a newer release, or another product's release, changed which pair is newest."""
    now = now or datetime.now(timezone.utc)
    rule = store_rel.get_release_rule(db)
    active = store_rel.active_release_alerts(db)
    counts = {"opened": 0, "still_open": 0, "resolved": 0}
    enabled = rule.get("enabled", True)
    pairs, flagged = regressions(db, rule) if enabled else ({}, {})
    for feature, fields in flagged.items():
        key = alert_id(feature, fields["release"])
        if key in active:
            continue  # re-checked with the others below
        counts["opened"] += store_rel.open_release_alert(db, {"_id": key, **fields, "replayed": False}, now)
    totals = _Totals(db)
    for key, current in active.items():
        if not enabled:
            store_rel.resolve_release_alert(db, key, now, "rule disabled")
            counts["resolved"] += 1
            continue
        a, b = current.get("previous_release"), current.get("release")
        fields, measurable = check_pair(db, rule, current["feature"], a, b, totals) if a and b else (None, False)
        if fields is not None:
            store_rel.refresh_release_alert(db, key, fields, now)
            counts["still_open"] += 1
        elif measurable:
            store_rel.resolve_release_alert(db, key, now, f"{b} no longer worse than {a} beyond noise")
            counts["resolved"] += 1
    newest = {f: p[1] for f, p in pairs.items()}
    previous = {f: p[0] for f, p in pairs.items()}
    return {**counts, "pairs": pairs, "newest": newest, "previous": previous, "flagged": sorted(flagged)}
