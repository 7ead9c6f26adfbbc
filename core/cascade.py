"""Which records the LLM judge sees, and when the day's money is spent (issue 33; pure, no I/O).

Every record a judged job (the agreement sample, a set run) would send to the judge is scored
locally first; it goes on to the judge for one of these reasons, in this order:
- BAND: its local verdict is within `band` of flipping (core.verdict: a passing record's smallest
  margin over a threshold, a failing one's largest shortfall), where the judge's opinion matters;
- DISAGREE: its local verdict differs from the logged one;
- AUDIT: a small random share (a hash of its id, so a re-run picks the same records), which
  keeps the local-only records honest.
Otherwise it keeps its local score (LOCAL). With the cascade off every record is judged (EVERY).
When the daily budget would be passed the record keeps its local score too, marked BUDGET.
"""
from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from typing import Any, Mapping

from core import metrics
from core.verdict import is_number, limits_for, verdict

BAND, DISAGREE, AUDIT, EVERY = "band", "disagree", "audit", "every"
LOCAL, BUDGET = "local", "budget"
JUDGED_REASONS = (BAND, DISAGREE, AUDIT, EVERY)
OVERALL = "__overall__"  # the budget of every feature together


def verdict_margin(feature: str | None, scores: Mapping[str, Any], thresholds: Mapping | None) -> float | None:
    """How far the record's verdict is from flipping: a passing record's smallest margin over a
    threshold, a failing record's largest shortfall (every failing score must rise to pass). None
    when nothing can flip it (no score, or no context metric: it fails whatever the scores)."""
    v = verdict(feature, scores, thresholds)
    if v.passed is None or (v.passed is False and not v.failed_metrics):
        return None
    limits = limits_for(thresholds, feature)
    gaps = [float(scores[m]) - float(limits[m]) for m in metrics.score_names()
            if is_number(scores.get(m)) and m in limits]
    if not gaps:
        return None
    return min(gaps) if v.passed else max(-g for g in gaps if g < 0)


def audit_draw(key: Any) -> float:
    """A number in [0, 1) fixed by the record's id (the same record is audited on every run)."""
    return int(hashlib.sha1(f"audit|{key}".encode()).hexdigest()[:12], 16) / float(16 ** 12)


@dataclass(frozen=True)
class Policy:
    on: bool = True
    band: float = 0.10
    disagree: bool = True
    audit_share: float = 0.05

    def route(self, key: Any, feature: str | None, local_scores: Mapping[str, Any], thresholds: Mapping | None,
              logged_passed: bool | None = None) -> str:
        """The reason the record goes to the judge, or LOCAL."""
        if not self.on:
            return EVERY
        margin = verdict_margin(feature, local_scores, thresholds)
        if margin is not None and margin <= self.band + 1e-9:
            return BAND
        local = verdict(feature, local_scores, thresholds).passed
        if self.disagree and isinstance(logged_passed, bool) and isinstance(local, bool) and local != logged_passed:
            return DISAGREE
        if self.audit_share > 0 and audit_draw(key) < self.audit_share:
            return AUDIT
        return LOCAL


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
