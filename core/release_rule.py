"""The release rule (issue 21, kind "release_rule"): the newest release worse than the previous one
beyond noise (core/compare.py), its settings (RELEASE_DEFAULTS, edited in the rule editor,
`validate_release_rule`) and its condition `ReleaseRegression`.

Its own module because it is judged on releases, not on daily aggregates; it registers its kind in
core.rules.RULE_KINDS (`@rule_kind`) when imported, so `core.rules.condition()` builds it from a rule document.
jobs/release_alerts.py loads the two releases and stores what it finds; store/release_alerts.py keeps
the settings.
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime
from typing import Any, Sequence

from core import metrics
from core.compare import MIN_MEAN_EFFECT, MIN_RATE_EFFECT, VERDICT, format_finding
from core.errors import ValidationFailed
from core.rules import CHANNELS, Condition, Finding, rule_kind

RELEASE_RULE_ID = "release:regression"
RELEASE_KIND = "release_rule"
RELEASE_SEVERITIES = ("info", "warning", "critical")


RELEASE_DEFAULTS: dict[str, Any] = {
    "name": "New release worse than the previous one",
    "enabled": True,
    "min_records": 50,                   # records of the new release (and of the previous one) per feature
    "min_mean_effect": MIN_MEAN_EFFECT,  # a metric's mean at least this much lower ...
    "min_rate_effect": MIN_RATE_EFFECT,  # ... or a pass rate at least this much lower, interval below 0
    "severity": "warning",
    "channel": "qa",
}
RELEASE_SETTINGS = {  # the editor's words for the settings a person tunes
    "min_records": "Min records of each release (per feature)",
    "min_mean_effect": "Smallest drop of a mean that counts",
    "min_rate_effect": "Smallest drop of a pass rate that counts",
}


def validate_release_rule(changes: dict) -> dict:
    if not isinstance(changes, dict):
        raise ValidationFailed("the release rule's settings must be an object")
    clean: dict[str, Any] = {}
    for key, value in changes.items():
        if key not in RELEASE_DEFAULTS:
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
            if value not in RELEASE_SEVERITIES:
                raise ValidationFailed(f"severity must be one of {', '.join(RELEASE_SEVERITIES)}")
        elif key == "channel":
            if value not in CHANNELS:
                raise ValidationFailed("channel must be 'qa', 'ai' or 'critical'")
        elif not isinstance(value, str) or not value.strip() or len(value) > 120:
            raise ValidationFailed(f"{key} must be text of 1-120 characters")
        clean[key] = value
    return clean


@dataclass(frozen=True)
class ReleaseSeries:
    """One feature's numbers in the two newest releases: `cells` (core.compare.compare_sides, this
    feature's), the records of each, and the newest release's first and last day."""
    feature: str
    previous: str
    newest: str
    cells: Sequence[Any]
    n_previous: int
    n_newest: int
    span: tuple[date, date] | None = None
    buckets: tuple[datetime, datetime] | None = None


@rule_kind
class ReleaseRegression(Condition):
    """The newest release worse than the one before it on a feature, beyond noise: both have at least
    `min_records` records of it, and some cell's 95 % interval lies below 0 with B − A at least
    `min_mean_effect` lower on a mean or `min_rate_effect` on a pass rate."""
    kind = RELEASE_KIND

    def check(self, series: ReleaseSeries) -> Finding | None:
        def name_of(metric: str) -> str:
            return "pass rate" if metric == VERDICT else metrics.label(metric)

        rule = {**RELEASE_DEFAULTS, **self.rule}
        min_n = int(rule["min_records"])
        n_a, n_b, a, b, feature = series.n_previous, series.n_newest, series.previous, series.newest, series.feature
        if n_a < min_n or n_b < min_n:
            return None
        worse = []
        for c in series.cells:
            for what, d, effect in (("mean", c.mean, rule["min_mean_effect"]),
                                    ("pass rate", c.rate, rule["min_rate_effect"])):
                if d is not None and d.beyond(effect, min_n) < 0:
                    name = name_of(c.metric) if c.metric == VERDICT or what == "mean" else f"{name_of(c.metric)} pass rate"
                    worse.append((d.diff, name, c.metric, what, d))
        if not worse:
            return None
        worse.sort(key=lambda w: w[0])
        detail = "; ".join(f"{name} {format_finding(name, d)}" for _, name, _, _, d in worse[:4])
        message = f"Release {b} is worse than {a} on {feature}: {detail} ({n_b:,} vs {n_a:,} records)"
        top = worse[0]
        first, last = series.buckets or (None, None)
        span = series.span
        fields = {
            "rule_name": rule["name"], "feature": feature, "severity": rule["severity"],
            "channel": rule["channel"], "message": message, "metric": top[2] if top[2] != VERDICT else "pass_rate",
            "statistic": "mean" if top[3] == "mean" else "rate", "comparison": "lt",
            "threshold": 0.0, "value": top[0], "release": b, "previous_release": a,
            "evidence": [{"bucket": last, "value": d.diff, "metric": m, "what": w, "diff": d.diff, "low": d.low,
                          "high": d.high, "n_a": d.n_a, "n_b": d.n_b} for _, _, m, w, d in worse],
            "compare": {"by": "release", "a": a, "b": b},
            "first_day": span[0].isoformat() if span else None,
            "last_day": span[1].isoformat() if span else None,
            "link": {"feature": feature, "start": first, "end": last},
        }
        return Finding(top[0], 0.0, message, fields)
