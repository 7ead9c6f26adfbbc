"""Daily and weekly aggregates: the read API (the dashboard, the alerts and the report read them here),
and how they are built. Each part has its own module: the per-day documents and their pipelines
(store/aggregate_counts.py), the delta refresh of late records and the crash tests' FAULT_HOOK
(store/aggregate_delta.py), the full rebuild and the derivation of the buckets
(store/aggregate_rebuild.py).

Two steps. (1) The heavy one runs inside MongoDB: `$match` on an indexed range
(the timestamps of the days being rebuilt, or the `ingested_at` of records new
since the last refresh), `$group` per (local day, feature) and per (day,
"__all__"). Two pipelines: one for the counts, sums, pass counts and diagnosis
quadrants, one for a histogram of each score. Their small results are combined
into one `aggregates_daily_values` document per (day, feature): everything a
bucket of any length needs to be merged exactly. (2) The bucket documents of
`aggregates_daily` / `aggregates_weekly` are computed from those per-day
documents (one per day for a daily bucket, the <= 7 of its days for a weekly
one) by `finalize` and replaced one document at a time.

Scores live in [0, 1]: each is counted in a fixed-resolution histogram of
HIST_BINS bins of HIST_STEP (bin i holds the scores that round to i/1000),
stored sparse (`metrics.<m>.hist: {"<i>": count}`, empty bins left out). A
document has the same bounded size at 1k or 10M records a day (at most 5
metrics x 1,001 bins, ~55 KB), histograms add bin by bin (weeks; late records
are added to their day's document: `add_late_records`) and percentiles are
exact to HIST_STEP.

Which records a per-day document counts: the records of that day that were not
rejected at adoption and are not waiting for their first scores, whose
`ingested_at` is below its `counted_upto` (records not yet adopted have none
and wait for adoption; a record logged without scores is stamped anew when its
scores are written, and joins then). Each document moves from its
`counted_upto` to a refresh's cutoff in one atomic replace (`add_late_records`):
a crash or a second refresh at any point never counts a record twice or misses
one. The cutoff is the refresh's start, held back to the oldest batch still
being written (store.inflight.write_in_flight).

Definitions (per bucket and feature):
- count: records in the bucket (records rejected at adoption are left out);
- passed / failing: records whose `eb.passed` is true / false (every present
  score >= the feature's threshold / some score below it; records without any
  score are in neither; `set_thresholds` recomputes eb.passed in MongoDB and
  requests a rebuild); pass_rate = passed/(passed+failing);
- metrics.<m>: mean (exact), p10, p50, p90 over the records where the score is a
  number (n of them), pass_rate = share of those >= the feature's threshold
  (thresholds injected with one $switch on the feature; exact); None when
  n == 0. Percentiles are the discrete definition sorted[max(0, ceil(p*n) - 1)]
  (numpy's "inverted_cdf") over the scores rounded to HIST_STEP: within 0.0005
  of the exact value;
- regen_rate: share with regeneration_attempts > 0, regen_mean: mean attempts,
  both over records whose attempts are a number;
- missing_scores: records where at least one of the four metric scores is missing;
- quadrants: the diagnosis quadrant counts (core.diagnosis).
Operators used (both MongoDB 7 and the embedded server): $dateTrunc (timezone),
$switch, $isNumber, $round, $unwind, $group.
"""
from __future__ import annotations

from datetime import date, datetime, timedelta, timezone
from typing import Any

from pymongo import ASCENDING
from pymongo.database import Database

from core import diagnosis, metrics
from core.buckets import Bucket, buckets
from core.features import ALL_FEATURES as ALL
from core.timebuckets import DAY, bucket_start, days_range
from store.collections import AGG_DAILY, AGG_DAILY_VALUES, AGG_WEEKLY
from store.collections import STATE as STATE_COLLECTION
from store.aggregate_counts import _COUNTS, HIST_STEP, histogram

COLLECTIONS = {"day": AGG_DAILY, "week": AGG_WEEKLY}


def ensure_indexes(db: Database) -> None:
    for name in (AGG_DAILY, AGG_WEEKLY, AGG_DAILY_VALUES):
        db[name].create_index([("bucket", ASCENDING), ("feature", ASCENDING)], name="bucket_feature")


# --- read API (the dashboard) -------------------------------------------------------

def _as_dt(value: date | datetime | None) -> datetime | None:
    """A datetime as given (naive = UTC); a date as the instant its local day starts (core.timebuckets)."""
    if value is None:
        return None
    if isinstance(value, datetime):
        return value if value.tzinfo else value.replace(tzinfo=timezone.utc)
    return bucket_start(value, DAY)


def get_aggregates(db: Database, granularity: str, start: date | datetime | None = None,
                   end: date | datetime | None = None, features: list[str] | None = None) -> list[dict]:
    """Bucket documents with start <= bucket <= end (dates inclusive), sorted by bucket then feature."""
    if granularity not in COLLECTIONS:
        from store.errors import ValidationFailed
        raise ValidationFailed("granularity must be 'day' or 'week'")
    query: dict[str, Any] = {}
    lo, hi = _as_dt(start), _as_dt(end)
    if lo or hi:
        query["bucket"] = {}
        if lo:  # a week bucket starts up to 6 days before the first date asked for
            query["bucket"]["$gte"] = lo - timedelta(days=6) if granularity == "week" else lo
        if hi:
            query["bucket"]["$lte"] = hi
    if features:
        query["feature"] = {"$in": [str(f) for f in features]}
    return list(db[COLLECTIONS[granularity]].find(query).sort([("bucket", ASCENDING), ("feature", ASCENDING)]))


def get_buckets(db: Database, granularity: str, start: date | datetime | None = None,
                end: date | datetime | None = None, features: list[str] | None = None) -> list[Bucket]:
    """get_aggregates as typed documents (core.buckets.Bucket), for readers such as the pages."""
    return buckets(get_aggregates(db, granularity, start, end, features))


def latest_daily_bucket(db: Database) -> datetime | None:
    """The newest daily bucket's start (one indexed read), None before the first refresh."""
    doc = db[AGG_DAILY].find_one({"feature": ALL}, {"bucket": 1}, sort=[("bucket", -1)])
    return (doc or {}).get("bucket")


def list_features(db: Database) -> list[str]:
    """Features that have daily aggregates, "__all__" first."""
    names = [f for f in db[AGG_DAILY].distinct("feature") if isinstance(f, str)]
    return ([ALL] if ALL in names else []) + sorted(f for f in names if f != ALL)


def latest_daily(db: Database, feature: str, n: int) -> list[dict]:
    """The `n` newest daily buckets of `feature`, oldest first."""
    docs = list(db[AGG_DAILY].find({"feature": feature}).sort("bucket", -1).limit(int(n)))
    docs.reverse()
    return docs


def daily_history(db: Database, since: datetime) -> dict[str, list[dict]]:
    """Daily buckets from `since` on, per feature, oldest first (the fields alert rules judge)."""
    history: dict[str, list[dict]] = {}
    for doc in db[AGG_DAILY].find({"bucket": {"$gte": since}},
                                  {"bucket": 1, "feature": 1, "count": 1, "metrics": 1, "pass_rate": 1,
                                   "regen_rate": 1, "passed": 1, "failing": 1, "regen_n": 1,
                                   "regen_pos": 1}).sort("bucket", 1):
        if isinstance(doc.get("feature"), str):
            history.setdefault(doc["feature"], []).append(doc)
    return history


def newest_daily_bucket(db: Database) -> datetime | None:
    """The newest daily bucket of any feature, None before the first refresh."""
    doc = db[AGG_DAILY].find_one({}, {"bucket": 1}, sort=[("bucket", -1)])
    return (doc or {}).get("bucket")


def score_histograms(db: Database, feature: str, start: date, end: date) -> dict[str, list[tuple[float, int]]]:
    """Per score metric, the (bin value, count) pairs of `feature`'s scores over the local days
    start..end (both included), bins of HIST_STEP, ascending, empty bins left out."""
    lo, hi = days_range(start, end)
    names = metrics.score_names()
    projection = {f"metrics.{m}.hist": 1 for m in names}
    parts = list(db[AGG_DAILY_VALUES].find({"bucket": {"$gte": lo, "$lt": hi}, "feature": str(feature)},
                                           projection))
    return {m: [(round(b * HIST_STEP, 3), c) for b, c in enumerate(histogram(parts, m)) if c] for m in names}


# --- verification: every per-day document against a recount of its records --------------------

_VERIFY_STATE = "verify_aggregates"


def _same_counts(a: dict | None, b: dict | None) -> bool:
    """Two per-day documents count the same records the same way (sums to float precision)."""
    if a is None or b is None:
        return a is None and b is None
    if any(int(a.get(c) or 0) != int(b.get(c) or 0) for c in _COUNTS if c != "regen_sum"):
        return False
    if abs(float(a.get("regen_sum") or 0) - float(b.get("regen_sum") or 0)) > 1e-6:
        return False
    for m in metrics.score_names():
        x, y = (a.get("metrics") or {}).get(m) or {}, (b.get("metrics") or {}).get(m) or {}
        if int(x.get("n") or 0) != int(y.get("n") or 0) or int(x.get("pass") or 0) != int(y.get("pass") or 0):
            return False
        if abs(float(x.get("sum") or 0) - float(y.get("sum") or 0)) > 1e-6:
            return False
        hx = {k: int(v) for k, v in (x.get("hist") or {}).items() if v}
        hy = {k: int(v) for k, v in (y.get("hist") or {}).items() if v}
        if hx != hy:
            return False
    qa, qb = a.get("quadrants") or {}, b.get("quadrants") or {}
    return all(int(qa.get(q) or 0) == int(qb.get(q) or 0) for q in diagnosis.QUADRANTS)


def last_verification(db: Database) -> dict | None:
    """The last `verify` result (Data health), None when it never ran."""
    return db[STATE_COLLECTION].find_one({"_id": _VERIFY_STATE})
