"""The cascade in front of the LLM judge (issue 33): local first, the judge where it matters, within the
day's budget. core/cascade.py says which records go on to the judge and why; this module runs it.

`CascadeScorer(db, job, thresholds=..., judge=...)` is a scorer (items -> results) for the judged jobs
(the agreement sample, a set run). Each batch is scored locally (fast mode); each record the policy
routes to the judge is then scored in `mode` (thorough) through a `GatedJudge` that opens no call once a
cap is spent, the judge asked only for the metrics the policy names (an item's `logged_passed` and
`logged_scores` are the logged verdict and scores it weighs). Before a record is judged its expected cost (the mean of the records judged so far) must
fit under the day's caps; otherwise it keeps its local score with the reason "budget", and the cap's
"judge budget reached" alert opens (once a day). Every result carries `details.cascade = {reason,
judged, cost_usd, metrics}`, and every decision and its cost is added to the day's ledger (store/judge_spend.py).
"""
from __future__ import annotations

from datetime import datetime, timezone
from typing import Mapping

from pymongo.database import Database

from core import cascade as C
from core import metrics
from core.budget_rule import BudgetDay
from core.features import ALL_FEATURES, UNKNOWN_FEATURE
from core.modes import FAST, THOROUGH
from core.timebuckets import today
from settings import get_settings
from store import judge_spend


def policy_from_settings(settings=None) -> C.Policy:
    s = settings or get_settings()
    return C.Policy(on=s.judge_cascade, band=s.judge_cascade_band, disagree=s.judge_cascade_disagree,
                    audit_share=s.judge_audit_share)


def _usage(judge) -> tuple[int, int, int, float]:
    u = judge.usage
    return u.calls, u.input_tokens, u.output_tokens, u.cost_usd


class CascadeScorer:
    """A scorer for a judged job: local first, the judge for the records the policy picks, within budget."""

    def __init__(self, db: Database, job: str, *, thresholds: Mapping | None, judge, now: datetime | None = None,
                 mode: str = THOROUGH, policy: C.Policy | None = None):
        from evaluators.cost import GatedJudge

        settings = get_settings()
        self.db, self.job, self.thresholds, self.mode = db, job, thresholds, mode
        self.now = now or datetime.now(timezone.utc)
        self.today = today(settings.timezone or "UTC", self.now)
        self.day = self.today.isoformat()
        self.policy = policy or policy_from_settings(settings)
        self.budget = judge_spend.day_budget(db, self.day, settings)
        self.raw_judge = judge
        self._feature: str | None = None
        self._cost = 0.0
        self.judge = GatedJudge(judge, lambda: self.budget.allows_call(self._feature), self._spent)
        self.counts: dict[str, int] = {}
        self.skipped: dict[str, int] = {}

    def _spent(self, usd: float) -> None:
        self.budget.add(self._feature, usd)
        self._cost += usd

    def __call__(self, items: list[dict]) -> list[dict]:
        import evaluators

        local = evaluators.score_many(items, mode=FAST, thresholds=self.thresholds)
        return [self._one(item, res) for item, res in zip(items, local)]

    def _one(self, item: Mapping, res: dict) -> dict:
        import evaluators

        if "error" in res:
            return res
        feature = item.get("feature") if isinstance(item.get("feature"), str) else UNKNOWN_FEATURE
        scores = {m: (res["evaluation"].get(m) or {}).get("score") for m in metrics.score_names()}
        route = self.policy.plan(item.get("id"), feature, scores, self.thresholds, item.get("logged_passed"),
                                 item.get("logged_scores"))
        reason = route.reason
        if route.judged and not self.budget.allows_record(feature):
            self._reached(self.budget.blocking(feature, self.budget.expected_record_cost()))
            reason = C.BUDGET
        before = _usage(self.raw_judge)
        self._feature, self._cost = feature, 0.0
        if reason in C.JUDGED_REASONS:
            [judged] = evaluators.score_many([dict(item)], mode=self.mode, thresholds=self.thresholds,
                                             judge=self.judge, fallback_to_fast=True, judge_metrics=route.metrics)
            self.budget.record_done(self._cost)
            if "error" not in judged:
                res = judged
            if any("budget reached" in e for e in (res.get("details") or {}).get("judge_errors") or []):
                self._reached(self.budget.blocking(feature))  # cut short mid-record: the rest of it is local
        after = _usage(self.raw_judge)
        usage = dict(zip(("calls", "input_tokens", "output_tokens", "cost_usd"), (a - b for a, b in zip(after, before))))
        judged_now = reason in C.JUDGED_REASONS
        # `metrics`: what the judge was asked for (None: every metric); the others keep their local score
        asked = ([] if not judged_now else None if route.metrics is None else list(route.metrics))
        res.setdefault("details", {})["cascade"] = {"reason": reason, "judged": judged_now,
                                                    "cost_usd": round(usage["cost_usd"], 8), "metrics": asked}
        self.counts[reason] = self.counts.get(reason, 0) + 1
        judge_spend.record(self.db, self.day, self.job, feature, reason, usage, self.now)
        return res

    def _reached(self, scopes: list[str]) -> None:
        """Open the "judge budget reached" alert of each cap that stopped a record (once per cap and day)."""
        from jobs.budget_alerts import budget_reached

        for scope in scopes:
            self.skipped[scope] = self.skipped.get(scope, 0) + 1
            if self.skipped[scope] > 1:
                continue  # told already in this run (and the alert's id holds the day: once a day)
            cap = self.budget.overall if scope == C.OVERALL else self.budget.features.get(scope)
            spent = self.budget.spent if scope == C.OVERALL else self.budget.spent_by_feature.get(scope, 0.0)
            if cap is not None:
                budget_reached(self.db, BudgetDay(self.today, ALL_FEATURES if scope == C.OVERALL else scope,
                                                        float(cap), float(spent), 1), self.now)
