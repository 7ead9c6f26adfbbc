"""The LLM judge's spend ledger (collection judge_spend; issue 33).

One document per (local day of the spending, job, feature):
```
{_id: "<YYYY-MM-DD>|<job>|<feature>", day, job, feature, calls, input_tokens, output_tokens, cost_usd,
 reasons: {band|disagree|audit|every|asked|local|budget: records}, updated_at}
```
Written with `$inc` after each record the cascade decided on (jobs/cascade.py) and each judged score a
person asked for (dashboard/components/judge_turn.py), so a crash loses at most one record's figures;
read for the day's budget (`day_budget`) and on Data health.
"""
from __future__ import annotations

from datetime import datetime
from typing import Mapping

from pymongo import ASCENDING
from pymongo.database import Database

from core import cascade as C
from store.collections import JUDGE_SPEND


def ensure_indexes(db: Database) -> None:
    db[JUDGE_SPEND].create_index([("day", ASCENDING), ("job", ASCENDING)], name="day_job")


def record(db: Database, day: str, job: str, feature: str, reason: str, usage: Mapping, now: datetime) -> None:
    """Add one record's decision and what its judge calls cost (usage: calls, tokens, cost_usd)."""
    inc = {f"reasons.{reason}": 1}
    for key in ("calls", "input_tokens", "output_tokens", "cost_usd"):
        value = usage.get(key) or 0
        if value:
            inc[key] = value
    db[JUDGE_SPEND].update_one({"_id": f"{day}|{job}|{feature}"},
                               {"$inc": inc, "$set": {"day": day, "job": job, "feature": feature, "updated_at": now}},
                               upsert=True)


def day_rows(db: Database, day: str) -> list[dict]:
    """The day's documents, by job and feature."""
    return list(db[JUDGE_SPEND].find({"day": day}).sort([("job", 1), ("feature", 1)]))


def spent(db: Database, day: str) -> tuple[float, dict[str, float]]:
    """(USD spent on the day by every job, {feature: USD})."""
    by_feature: dict[str, float] = {}
    for doc in day_rows(db, day):
        by_feature[doc["feature"]] = by_feature.get(doc["feature"], 0.0) + float(doc.get("cost_usd") or 0.0)
    return sum(by_feature.values()), by_feature


def totals_by_day(db: Database, first: str, last: str) -> dict[str, dict]:
    """{day: {cost_usd, calls, reasons}} for first <= day <= last (ISO dates compare as text)."""
    out: dict[str, dict] = {}
    for doc in db[JUDGE_SPEND].find({"day": {"$gte": first, "$lte": last}}):
        t = out.setdefault(doc["day"], {"cost_usd": 0.0, "calls": 0, "reasons": {}})
        t["cost_usd"] += float(doc.get("cost_usd") or 0.0)
        t["calls"] += int(doc.get("calls") or 0)
        for reason, n in (doc.get("reasons") or {}).items():
            t["reasons"][reason] = t["reasons"].get(reason, 0) + int(n)
    return out


def day_budget(db: Database, day: str, settings) -> C.Budget:
    """The day's caps (`settings`: judge_budget_usd, judge_budget_features — passed in, store/ reads no
    settings), what is spent, and what a judged record has cost on average today (from the ledger: a later
    run of the day does not open a record it cannot pay for)."""
    total, by_feature = spent(db, day)
    budget = C.Budget(settings.judge_budget_usd, C.parse_feature_budgets(settings.judge_budget_features), total,
                      by_feature)
    for row in day_rows(db, day):
        judged = sum(int(n) for r, n in (row.get("reasons") or {}).items() if r in C.JUDGED_REASONS)
        if judged:
            budget.judged_records += judged
            budget.judged_cost += float(row.get("cost_usd") or 0.0)
    return budget
