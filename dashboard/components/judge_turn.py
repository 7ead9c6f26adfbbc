"""The LLM judge for a score a person asks for (Re-score, Playground), within the day's budget (issue 33).

A person who picks balanced or thorough mode gets the judge without the cascade (they asked for it),
but under the same daily caps as the judged jobs: once the day's budget (overall or the feature's) is
spent no new judge call is opened and the score is local, said so on the page; every judged score is
added to the spend ledger (store/judge_spend.py) with reason "asked" and its job ("rescore",
"playground"), so Data health's spend and the next job's budget count it.
"""
from __future__ import annotations

import logging
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Any, Iterator

from core import cascade as C
from core.features import UNKNOWN_FEATURE
from core.timebuckets import today
from settings import get_settings
from store import judge_spend

log = logging.getLogger(__name__)


@dataclass
class JudgeTurn:
    judge: Any | None  # the judge, gated by the budget; None: score locally
    blocked: str | None = None  # why the judge is not asked (the day's budget is spent)


def _usage(judge) -> dict[str, float]:
    u = judge.usage
    return {"calls": u.calls, "input_tokens": u.input_tokens, "output_tokens": u.output_tokens,
            "cost_usd": u.cost_usd}


@contextmanager
def judge_turn(db, judge, feature: str | None, job: str) -> Iterator[JudgeTurn]:
    """Yields the turn's judge (None without one, or when the budget is spent); on leaving, the ledger gets
    what the turn cost. `judge`: None for fast mode."""
    if judge is None:
        yield JudgeTurn(None)
        return
    from evaluators.cost import GatedJudge

    settings = get_settings()
    now = datetime.now(timezone.utc)
    day = today(settings.timezone or "UTC", now).isoformat()
    try:
        budget = judge_spend.day_budget(db, day, settings)
    except Exception as exc:  # noqa: BLE001 - no spend check, no judge: a cap must not be passed blind
        yield JudgeTurn(None, f"the judge's budget cannot be checked ({type(exc).__name__}), so this score is "
                              "local (fast mode)")
        return
    key = feature or UNKNOWN_FEATURE
    if not budget.allows_record(feature):
        caps = budget.blocking(feature, budget.expected_record_cost())
        which = "the day's judge budget" if C.OVERALL in caps else f"{feature}'s daily judge budget"
        yield JudgeTurn(None, f"{which} is spent (${budget.spent:.2f} today), so this score is local (fast mode); "
                              "the judge opens no new call until tomorrow")
        judge_spend.record(db, day, job, key, C.BUDGET, {}, now)
        return
    # the judge is shared by every session of the app: the cost and calls are this turn's own (each call's
    # cost reaches `spent`), the token counts the judge's change over the turn (another session's call
    # made at the same moment would be counted here too)
    before, turn = _usage(judge), {"calls": 0, "cost_usd": 0.0}

    def spent(usd: float) -> None:
        budget.add(feature, usd)
        turn["calls"] += 1
        turn["cost_usd"] += usd
    gated = GatedJudge(judge, lambda: budget.allows_call(feature), spent)
    try:
        yield JudgeTurn(gated)
    finally:
        after = _usage(judge)
        tokens = {k: after[k] - before[k] for k in ("input_tokens", "output_tokens")}
        try:
            judge_spend.record(db, day, job, key, C.ASKED, {**turn, **tokens}, now)
        except Exception:  # noqa: BLE001 - the score stands; the ledger misses this turn (logged)
            log.warning("judge spend of a %s turn not recorded", job, exc_info=True)
