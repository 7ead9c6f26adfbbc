"""Which records the LLM judge sees, which of their metrics it is asked for, and when the day's money is
spent (issue 33; pure, no I/O).

Every record a judged job (the agreement sample, a set run) would send to the judge is scored locally
first. The rule works metric by metric, because the judge is asked per metric (one call each): a metric
is *unsettled* when its local score is within `band` of the feature's threshold and no second opinion
settles it, i.e. the record has no logged score for it or the logged score sits on the other side of the
threshold (two independent scorers that agree on a metric's pass/fail are trusted; the audit share
checks that trust). Overall quality is left out: the judge never scores it, it moves with its components.
The record goes on to the judge for one of these reasons, in this order:
- BAND: an unsettled metric can flip its local verdict (a passing record: any unsettled metric; a failing
  one: every metric it fails on is unsettled); the judge is asked for the unsettled metrics only;
- DISAGREE: its local verdict differs from the logged one; the judge is asked for the metrics whose local
  and logged pass/fail differ (every metric when none does, e.g. a verdict decided by overall quality);
- AUDIT: a small random share (a hash of its id, so a re-run picks the same records), judged on every
  metric, which keeps the local-only records (and the trust in an agreeing logged score) honest.
Otherwise it keeps its local score (LOCAL). With the cascade off every record is judged in full (EVERY).
When the daily budget would be passed the record keeps its local score too, marked BUDGET.
"""
from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from typing import Any, Mapping

from core import metrics
from core.verdict import is_number, limits_for, verdict

BAND, DISAGREE, AUDIT, EVERY = "band", "disagree", "audit", "every"
ASKED = "asked"  # a person chose a judged mode (Re-score, Playground): no cascade, but the same budget
LOCAL, BUDGET = "local", "budget"
JUDGED_REASONS = (BAND, DISAGREE, AUDIT, EVERY, ASKED)
OVERALL = "__overall__"  # the budget of every feature together


def _gaps(scores: Mapping[str, Any] | None, limits: Mapping[str, float]) -> dict[str, float]:
    """{metric: score - threshold} of the metrics the judge can score (overall quality is derived)."""
    return {m: float(scores[m]) - float(limits[m]) for m in metrics.names()
            if scores and is_number(scores.get(m)) and m in limits}


def at_odds(local: Mapping[str, Any], logged: Mapping[str, Any] | None, limits: Mapping[str, float]) -> list[str]:
    """The metrics whose local and logged scores fall on different sides of the threshold."""
    mine, theirs = _gaps(local, limits), _gaps(logged, limits)
    return [m for m, g in mine.items() if m in theirs and (g >= 0) != (theirs[m] >= 0)]


def unsettled(local: Mapping[str, Any], logged: Mapping[str, Any] | None, limits: Mapping[str, float],
              band: float) -> list[str]:
    """The metrics whose local score is within `band` of the threshold with no logged score on the same side."""
    mine, theirs = _gaps(local, limits), _gaps(logged, limits)
    return [m for m, g in mine.items() if abs(g) <= band + 1e-9
            and (m not in theirs or (theirs[m] >= 0) != (g >= 0))]


def can_flip(passed: bool | None, failed: list[str], candidates: list[str]) -> bool:
    """Whether a new opinion on `candidates` can flip the verdict: a passing record fails on any of them,
    a failing record passes only when every component metric it fails on is among them (a record failing
    on overall quality alone, or without a context metric, cannot be flipped by one metric)."""
    if passed is True:
        return bool(candidates)
    components = [m for m in failed if m != metrics.OVERALL]
    return passed is False and bool(components) and all(m in candidates for m in components)


def audit_draw(key: Any) -> float:
    """A number in [0, 1) fixed by the record's id (the same record is audited on every run)."""
    return int(hashlib.sha1(f"audit|{key}".encode()).hexdigest()[:12], 16) / float(16 ** 12)


@dataclass(frozen=True)
class Route:
    """Where a record goes: the reason, and the metrics to ask the judge for (None: every metric)."""
    reason: str
    metrics: tuple[str, ...] | None = None

    @property
    def judged(self) -> bool:
        return self.reason in JUDGED_REASONS


@dataclass(frozen=True)
class Policy:
    on: bool = True
    band: float = 0.10
    disagree: bool = True
    audit_share: float = 0.05

    def plan(self, key: Any, feature: str | None, local_scores: Mapping[str, Any], thresholds: Mapping | None,
             logged_passed: bool | None = None, logged_scores: Mapping[str, Any] | None = None) -> Route:
        """The reason the record goes to the judge (or LOCAL) and the metrics it is asked for."""
        if not self.on:
            return Route(EVERY)
        limits = limits_for(thresholds, feature)
        local = verdict(feature, local_scores, thresholds)
        open_ = unsettled(local_scores, logged_scores, limits, self.band)
        odds = at_odds(local_scores, logged_scores, limits)
        if can_flip(local.passed, local.failed_metrics, open_):
            return Route(BAND, tuple(dict.fromkeys(open_ + odds)))
        if self.disagree and isinstance(logged_passed, bool) and isinstance(local.passed, bool) \
                and local.passed != logged_passed:
            return Route(DISAGREE, tuple(dict.fromkeys(odds + open_)) or None)
        if self.audit_share > 0 and audit_draw(key) < self.audit_share:
            return Route(AUDIT)
        return Route(LOCAL)

    def route(self, key: Any, feature: str | None, local_scores: Mapping[str, Any], thresholds: Mapping | None,
              logged_passed: bool | None = None, logged_scores: Mapping[str, Any] | None = None) -> str:
        """The reason alone (see `plan`)."""
        return self.plan(key, feature, local_scores, thresholds, logged_passed, logged_scores).reason


def parse_feature_budgets(text: str | None) -> dict[str, float]:
    """"chat=0.20,clauses=0.10" -> {"chat": 0.2, "clauses": 0.1}; ValueError naming a bad entry."""
    out: dict[str, float] = {}
    for part in (text or "").split(","):
        if not part.strip():
            continue
        name, sep, value = part.partition("=")
        try:
            amount = float(value)
        except ValueError:
            amount = -1.0
        if not sep or not name.strip() or amount < 0:
            raise ValueError(f"judge budget per feature: {part.strip()!r} is not feature=USD")
        out[name.strip()] = amount
    return out


@dataclass
class Budget:
    """One day's caps (USD; None = no cap) and what is spent so far, overall and per feature.

    A record is judged only while its expected cost fits under every cap that applies; a call is
    opened only while nothing is spent up to a cap: so a day's spend passes a cap by one call at most."""
    overall: float | None = None
    features: dict[str, float] = field(default_factory=dict)
    spent: float = 0.0
    spent_by_feature: dict[str, float] = field(default_factory=dict)
    judged_records: int = 0
    judged_cost: float = 0.0

    def blocking(self, feature: str | None, need: float = 0.0) -> list[str]:
        """The caps (OVERALL, a feature's name) that a cost of `need` on `feature` would pass, or that are spent."""
        caps = [] if self.overall is None else [(OVERALL, self.overall, self.spent)]
        if feature in self.features:
            caps.append((feature, self.features[feature], self.spent_by_feature.get(feature, 0.0)))
        return [name for name, cap, spent in caps if spent >= cap or spent + need > cap]

    def expected_record_cost(self) -> float:
        return self.judged_cost / self.judged_records if self.judged_records else 0.0

    def allows_record(self, feature: str | None) -> bool:
        return not self.blocking(feature, self.expected_record_cost())

    def allows_call(self, feature: str | None) -> bool:
        return not self.blocking(feature)

    def add(self, feature: str | None, cost: float) -> None:
        self.spent += cost
        if feature is not None:
            self.spent_by_feature[feature] = self.spent_by_feature.get(feature, 0.0) + cost

    def record_done(self, cost: float) -> None:
        self.judged_records += 1
        self.judged_cost += cost
