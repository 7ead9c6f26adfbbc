"""The judge's noise floor (collection judge_noise, and `noise` on the re-judged records; issue 33).

Written by jobs/judge_noise.py, read by the alert rules, Compare, Triage and the Judge agreement page:
```
{_id: "metric|<feature>|<metric>", kind: "metric", feature, metric (a score or "__verdict__"), runs, n,
 spread (the score's within-record standard deviation), flip_rate (how often two runs of a record
 disagree on pass/fail), pass_var (the mean per-record variance of pass/fail), model, computed_at}
{_id: "day|<YYYY-MM-DD>|<feature>", kind: "day", day, bucket, feature, records, pass_rate_sd, floor,
 computed_at}   the pass rate's noise from the judge alone on that day's records
```
A re-judged record carries `noise = {runs, passes, flip_probability, flaky, metrics_flipped, at}`
(Evalboard's namespace; the product's fields are never touched).
"""
from __future__ import annotations

from datetime import datetime, timezone
from typing import Mapping

from pymongo import ASCENDING, ReplaceOne, UpdateOne
from pymongo.database import Database

from store.collections import JUDGE_NOISE, RECORDS

METRIC, DAY = "metric", "day"


def ensure_indexes(db: Database) -> None:
    db[JUDGE_NOISE].create_index([("kind", ASCENDING), ("feature", ASCENDING)], name="kind_feature")
    # sparse: only re-judged records carry it (Triage's "flaky verdict" filter)
    db[RECORDS].create_index([("noise.flaky", ASCENDING)], name="noise_flaky", sparse=True)


def write_figures(db: Database, docs: list[dict]) -> int:
    if docs:
        db[JUDGE_NOISE].bulk_write([ReplaceOne({"_id": d["_id"]}, d, upsert=True) for d in docs], ordered=False)
    return len(docs)


def mark_records(db: Database, marks: Mapping[object, dict]) -> int:
    if not marks:
        return 0
    ops = [UpdateOne({"_id": rid}, {"$set": {"noise": dict(mark)}}) for rid, mark in marks.items()]
    return db[RECORDS].bulk_write(ops, ordered=False).modified_count


def metric_figures(db: Database) -> dict[str, dict[str, dict]]:
    """{feature: {metric: figure}} of the latest noise run."""
    out: dict[str, dict[str, dict]] = {}
    for doc in db[JUDGE_NOISE].find({"kind": METRIC}):
        out.setdefault(doc["feature"], {})[doc["metric"]] = doc
    return out


def last_computed(db: Database) -> datetime | None:
    """When the noise figures were last measured (None: never)."""
    doc = db[JUDGE_NOISE].find_one({"kind": METRIC}, {"computed_at": 1}, sort=[("computed_at", -1)])
    at = doc.get("computed_at") if doc else None
    if isinstance(at, datetime) and at.tzinfo is None:
        at = at.replace(tzinfo=timezone.utc)
    return at if isinstance(at, datetime) else None


def day_figures(db: Database, start: datetime, end: datetime, feature: str | None = None) -> list[dict]:
    """Per-day pass-rate noise with start <= bucket <= end, oldest first."""
    query: dict = {"kind": DAY, "bucket": {"$gte": start, "$lte": end}}
    if feature is not None:
        query["feature"] = feature
    return list(db[JUDGE_NOISE].find(query).sort([("bucket", 1), ("feature", 1)]))
