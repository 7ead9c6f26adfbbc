"""Judge agreement: the daily sample's records and the figures (collections agreement_daily/_weekly).

The sample's independent scores live on the records, in `rescored` (written by
the one score writer, store/scores.py) with `rescored.sample = {day, kind}`. The
figures (written by jobs/agreement.py, read by the alert rules and the
"Judge agreement" page), one document per (bucket, feature) plus "__all__":
```
{_id: "<YYYY-MM-DD>|<feature>", bucket (UTC instant of the local midnight; weeks start Monday), feature,
 day, count (sampled records with an independent score), records (records the day held when
 sampled: a later run with the same count skips the day), kinds: {fast|judge: n},
 metrics: {<score>|"__verdict__": {n, spearman, mean_diff, mean_abs_diff, flip_rate, n_verdicts}},
 top: [{_id, metric, logged, independent, diff}] (the pairs that disagree most),
 values: {<score>|"__verdict__": [[logged, independent, logged_pass, independent_pass], ...]},
 computed_at}
```
`values` feeds the weekly roll-up (pooled pairs); readers leave it out.
"""
from __future__ import annotations

from datetime import date, datetime, timedelta, timezone
from typing import Any, Iterable

from pymongo import ASCENDING, DESCENDING, ReplaceOne, UpdateOne
from pymongo.database import Database

from core.features import ALL_FEATURES as ALL
from core.timebuckets import DAY, WEEK, bucket_start
from store.collections import AGREEMENT_DAILY, AGREEMENT_WEEKLY, RECORDS
from store.errors import ValidationFailed

# What sampling needs to know of a candidate: its verdict, whether it waits for the
# batch scorer, and whose `rescored` it carries (a person's Re-score is never replaced).
CANDIDATE_PROJECTION = {"feature": 1, "eb.passed": 1, "eb.score_source": 1, "eb.needs_scoring": 1,
                        "eb.rescore_requested": 1, "rescored.sample": 1, "rescored.by": 1}
SAMPLED_PROJECTION = {"feature": 1, "timestamp": 1, "eb.scores": 1, "eb.passed": 1, "rescored.evaluation": 1,
                      "rescored.verdict": 1, "rescored.sample": 1, "rescored.mode": 1,
                      "rescored.details.cascade": 1}
_NO_VALUES = {"values": 0}


def ensure_indexes(db: Database) -> None:
    # sparse: only sampled records carry it (a few hundred a day); a day's figures read just those
    db[RECORDS].create_index([("rescored.sample.day", ASCENDING)], name="sample_day", sparse=True)
    for name in (AGREEMENT_DAILY, AGREEMENT_WEEKLY):
        db[name].create_index([("bucket", ASCENDING), ("feature", ASCENDING)], name="bucket_feature")
        db[name].create_index([("feature", ASCENDING), ("bucket", DESCENDING)], name="feature_bucket")


# --- the sample -----------------------------------------------------------------------------

def day_candidates(db: Database, start: datetime, end: datetime) -> list[dict]:
    """Every record logged in [start, end) with the fields sampling decides on (timestamp index)."""
    return list(db[RECORDS].find({"timestamp": {"$gte": start, "$lt": end}}, CANDIDATE_PROJECTION))


def count_day(db: Database, start: datetime, end: datetime) -> int:
    """How many records [start, end) holds (the timestamp index alone)."""
    return db[RECORDS].count_documents({"timestamp": {"$gte": start, "$lt": end}})


def records_for_scoring(db: Database, ids: Iterable[Any], projection: dict) -> list[dict]:
    return list(db[RECORDS].find({"_id": {"$in": list(ids)}}, projection))


def sampled_records(db: Database, start: datetime, end: datetime, day: str) -> list[dict]:
    """The records of [start, end) that carry this day's sample mark, with both sides' scores."""
    return list(db[RECORDS].find({"rescored.sample.day": day, "timestamp": {"$gte": start, "$lt": end}},
                                 SAMPLED_PROJECTION, hint="sample_day"))


# --- figures: write --------------------------------------------------------------------------

def write_figures(db: Database, collection: str, docs: list[dict]) -> int:
    if not docs:
        return 0
    db[collection].bulk_write([ReplaceOne({"_id": d["_id"]}, d, upsert=True) for d in docs], ordered=False)
    return len(docs)


def write_daily(db: Database, docs: list[dict]) -> int:
    return write_figures(db, AGREEMENT_DAILY, docs)


def write_weekly(db: Database, docs: list[dict]) -> int:
    return write_figures(db, AGREEMENT_WEEKLY, docs)


def update_changes(db: Database, updates: list[dict]) -> int:
    """Set the `metrics` (figures with their changes against the baseline) of daily documents."""
    if not updates:
        return 0
    db[AGREEMENT_DAILY].bulk_write([UpdateOne({"_id": u["_id"]}, {"$set": {"metrics": u["metrics"]}})
                                    for u in updates], ordered=False)
    return len(updates)


def daily_values(db: Database, start: datetime, end: datetime) -> list[dict]:
    """Daily documents (with their pairs) of [start, end): what a weekly roll-up pools."""
    return list(db[AGREEMENT_DAILY].find({"bucket": {"$gte": start, "$lt": end}}))


# --- figures: read ---------------------------------------------------------------------------

def _as_dt(value: date | datetime) -> datetime:
    """A datetime as given (naive = UTC); a date as the instant its local day starts."""
    if isinstance(value, datetime):
        return value if value.tzinfo else value.replace(tzinfo=timezone.utc)
    return bucket_start(value, DAY)


def get_agreement(db: Database, granularity: str, start: date | datetime, end: date | datetime,
                  features: list[str] | None = None) -> list[dict]:
    """Figure documents with start <= bucket <= end (dates inclusive; a week from its Monday),
    oldest first, without the pairs."""
    if granularity not in (DAY, WEEK):
        raise ValidationFailed("granularity must be 'day' or 'week'")
    coll = AGREEMENT_WEEKLY if granularity == WEEK else AGREEMENT_DAILY
    lo = _as_dt(start) - (timedelta(days=6) if granularity == WEEK else timedelta(0))
    query: dict[str, Any] = {"bucket": {"$gte": lo, "$lte": _as_dt(end)}}
    if features:
        query["feature"] = {"$in": [f for f in features if isinstance(f, str)]}
    return list(db[coll].find(query, _NO_VALUES).sort([("bucket", 1), ("feature", 1)]))


def list_features(db: Database) -> list[str]:
    """Features that have agreement figures, "__all__" first."""
    names = [f for f in db[AGREEMENT_DAILY].distinct("feature") if isinstance(f, str)]
    return ([ALL] if ALL in names else []) + sorted(f for f in names if f != ALL)


def latest_daily(db: Database, feature: str, n: int) -> list[dict]:
    """The `n` newest daily figure documents of `feature`, oldest first (alert rules read these)."""
    docs = list(db[AGREEMENT_DAILY].find({"feature": feature}, _NO_VALUES).sort("bucket", -1).limit(int(n)))
    docs.reverse()
    return docs


def daily_history(db: Database, since: datetime) -> dict[str, list[dict]]:
    """Daily figure documents from `since` on, per feature, oldest first."""
    history: dict[str, list[dict]] = {}
    for doc in db[AGREEMENT_DAILY].find({"bucket": {"$gte": since}}, _NO_VALUES).sort("bucket", 1):
        if isinstance(doc.get("feature"), str):
            history.setdefault(doc["feature"], []).append(doc)
    return history


def latest_bucket(db: Database) -> datetime | None:
    doc = db[AGREEMENT_DAILY].find_one({}, {"bucket": 1}, sort=[("bucket", -1)])
    return (doc or {}).get("bucket")
