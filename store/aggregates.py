"""Daily and weekly aggregates: the pipelines that build them and the read API.

The heavy lifting runs inside MongoDB: `$match` on an indexed range (timestamp
for the buckets being rebuilt, ingested_at to find what changed), `$group` per
(bucket, feature) and per (bucket, "__all__"), `$merge` (replace) into
`aggregates_daily` / `aggregates_weekly`. Only operators both MongoDB 7 and the
embedded server support: $dateTrunc (timezone, startOfWeek monday), $switch,
$isNumber, $percentile (method "approximate"), $merge.

Definitions (per bucket and feature):
- count: records in the bucket (records rejected at adoption are left out);
- passed / failing: records whose `eb.passed` is true / false (every present
  score >= the feature's threshold / some score below it; records without any
  score are in neither; `set_thresholds` recomputes eb.passed in MongoDB and
  requests a rebuild); pass_rate = passed/(passed+failing);
- metrics.<m>: mean, p10, p50, p90 over the records where the score is a number
  (n of them), pass_rate = share of those >= the feature's threshold (thresholds
  injected with one $switch on the feature); None when n == 0;
- regen_rate: share with regeneration_attempts > 0, regen_mean: mean attempts,
  both over records whose attempts are a number;
- missing_scores: records where at least one of the four metric scores is missing.
"""
from __future__ import annotations

from datetime import date, datetime, time, timedelta, timezone
from typing import Any
from zoneinfo import ZoneInfo

from pymongo import ASCENDING
from pymongo.database import Database

from store.collections import AGG_DAILY, AGG_WEEKLY, RECORDS
from store.schema import ALL_SCORES, METRICS

ALL = "__all__"
COLLECTIONS = {"day": AGG_DAILY, "week": AGG_WEEKLY}
_P = [0.1, 0.5, 0.9]
FULL_CHUNK_WEEKS = 2
_EPOCH = datetime(1900, 1, 1, tzinfo=timezone.utc)


def tzinfo(name: str | None) -> ZoneInfo:
    try:
        return ZoneInfo(name or "UTC")
    except Exception:  # noqa: BLE001 - an unknown zone falls back to UTC
        return ZoneInfo("UTC")


def local_day(ts: datetime, tz: str = "UTC") -> date:
    if ts.tzinfo is None:
        ts = ts.replace(tzinfo=timezone.utc)
    return ts.astimezone(tzinfo(tz)).date()


def bucket_start(day: date, granularity: str, tz: str = "UTC") -> datetime:
    """UTC instant of the local midnight that starts the bucket holding `day`."""
    if granularity == "week":
        day = day - timedelta(days=day.weekday())
    return datetime.combine(day, time.min, tzinfo=tzinfo(tz)).astimezone(timezone.utc)


def bucket_range(day: date, granularity: str, tz: str = "UTC") -> tuple[datetime, datetime]:
    if granularity == "week":
        first = day - timedelta(days=day.weekday())
        return bucket_start(first, "day", tz), bucket_start(first + timedelta(days=7), "day", tz)
    return bucket_start(day, "day", tz), bucket_start(day + timedelta(days=1), "day", tz)


def _thr_expr(thresholds: dict[str, dict[str, float]], metric: str) -> Any:
    """The feature's threshold for one metric, as an expression on `$feature`."""
    default = (thresholds.get("default") or {}).get(metric, 0.0)
    branches = [{"case": {"$eq": ["$feature", feature]}, "then": float(values.get(metric, default))}
                for feature, values in sorted(thresholds.items()) if feature != "default"]
    if not branches:
        return float(default)
    return {"$switch": {"branches": branches, "default": float(default)}}


def _thr_object(thresholds: dict[str, dict[str, float]]) -> Any:
    """All of the feature's thresholds as one object: one $switch per record, not one per metric."""
    default = thresholds.get("default") or {}

    def obj(values: dict) -> dict:
        return {"$literal": {m: float(values.get(m, default.get(m, 0.0))) for m in ALL_SCORES}}

    branches = [{"case": {"$eq": ["$feature", feature]}, "then": obj(values)}
                for feature, values in sorted(thresholds.items()) if feature != "default"]
    if not branches:
        return obj(default)
    return {"$switch": {"branches": branches, "default": obj(default)}}


def build_pipeline(match: dict, granularity: str, thresholds: dict, tz: str, computed_at: datetime,
                   into: str | None) -> list[dict]:
    """The aggregation for the records selected by `match` into bucket documents.

    Shaped for the embedded server, where every stage copies documents and every
    expression node costs per record: one $project right after the $match keeps
    only the few fields needed (the record's texts are never copied) and computes
    the per-record flags; the feature's thresholds come from a single $switch.
    passed/failing use `eb.passed`, which ingest, batch scoring and
    `set_thresholds` keep in line with the thresholds in force.
    """
    unit = "week" if granularity == "week" else "day"
    trunc: dict[str, Any] = {"date": "$timestamp", "unit": unit, "timezone": tz}
    if unit == "week":
        trunc["startOfWeek"] = "monday"
    first: dict[str, Any] = {
        "_id": 0, "b": {"$dateTrunc": trunc}, "k": [{"$ifNull": ["$feature", "unknown"]}, ALL],
        "s": "$eb.scores", "t": _thr_object(thresholds), "ps": "$eb.passed", "r": "$regeneration_attempts",
        "rn": {"$cond": [{"$isNumber": "$regeneration_attempts"}, 1, 0]},
    }
    for m in ALL_SCORES:
        first[f"p_{m}"] = {"$cond": [{"$isNumber": f"$eb.scores.{m}"}, 1, 0]}
    group: dict[str, Any] = {
        "_id": {"b": "$b", "f": "$k"},
        "count": {"$sum": 1},
        "passed": {"$sum": {"$cond": [{"$eq": ["$ps", True]}, 1, 0]}},
        "failing": {"$sum": {"$cond": [{"$eq": ["$ps", False]}, 1, 0]}},
        "regen_n": {"$sum": "$rn"},
        "regen_pos": {"$sum": {"$cond": [{"$gt": ["$r", 0]}, 1, 0]}},
        "regen_mean": {"$avg": "$r"},
        "missing_scores": {"$sum": {"$cond": [{"$lt": [{"$add": [f"$p_{m}" for m in METRICS]}, len(METRICS)]},
                                              1, 0]}},
    }
    for m in ALL_SCORES:
        path = f"$s.{m}"
        group[f"{m}__mean"] = {"$avg": path}
        group[f"{m}__pct"] = {"$percentile": {"input": path, "p": _P, "method": "approximate"}}
        group[f"{m}__n"] = {"$sum": f"$p_{m}"}
        # BSON order puts null/missing below every number, so $gte alone is the pass test
        group[f"{m}__pass"] = {"$sum": {"$cond": [{"$gte": [path, f"$t.{m}"]}, 1, 0]}}

    def ratio(num: str, den: Any) -> dict:
        return {"$cond": [{"$gt": [den, 0]}, {"$divide": [num, den]}, None]}

    def pct(m: str, i: int) -> dict:
        return {"$cond": [{"$gt": [f"${m}__n", 0]}, {"$arrayElemAt": [f"${m}__pct", i]}, None]}

    project: dict[str, Any] = {
        "_id": {"$concat": [{"$dateToString": {"date": "$_id.b", "format": "%Y-%m-%d", "timezone": tz}},
                            "|", "$_id.f"]},
        "bucket": "$_id.b", "feature": "$_id.f", "granularity": {"$literal": granularity},
        "count": 1, "passed": 1, "failing": 1,
        "pass_rate": ratio("$passed", {"$add": ["$passed", "$failing"]}),
        "metrics": {m: {"mean": f"${m}__mean", "p10": pct(m, 0), "p50": pct(m, 1), "p90": pct(m, 2),
                        "pass_rate": ratio(f"${m}__pass", f"${m}__n"), "n": f"${m}__n"} for m in ALL_SCORES},
        "regen_rate": ratio("$regen_pos", "$regen_n"),
        "regen_mean": "$regen_mean",
        "missing_scores": 1,
        "computed_at": {"$literal": computed_at},
    }
    pipeline: list[dict] = [
        {"$match": {**match, "eb.rejected": None}},
        {"$project": first},
        {"$unwind": "$k"},
        {"$group": group},
        {"$project": project},
    ]
    if into:
        pipeline.append({"$merge": {"into": into, "on": "_id", "whenMatched": "replace",
                                    "whenNotMatched": "insert"}})
    return pipeline


def ensure_indexes(db: Database) -> None:
    for name in (AGG_DAILY, AGG_WEEKLY):
        db[name].create_index([("bucket", ASCENDING), ("feature", ASCENDING)], name="bucket_feature")


def _run(db: Database, match: dict, granularity: str, thresholds: dict, tz: str, computed_at: datetime) -> None:
    db[RECORDS].aggregate(build_pipeline(match, granularity, thresholds, tz, computed_at, COLLECTIONS[granularity]),
                          allowDiskUse=True)


def _match_ranges(ranges: list[tuple[datetime, datetime]]) -> dict:
    if len(ranges) == 1:
        return {"timestamp": {"$gte": ranges[0][0], "$lt": ranges[0][1]}}
    return {"$or": [{"timestamp": {"$gte": lo, "$lt": hi}} for lo, hi in ranges]}


def full_chunks(db: Database, tz: str, weeks: int = FULL_CHUNK_WEEKS) -> list[tuple[datetime, datetime]]:
    """Week-aligned [start, end) ranges covering every record (first/last via the timestamp index)."""
    dates = {"timestamp": {"$gte": _EPOCH}}  # a range on the timestamp index: dates only
    first = db[RECORDS].find_one(dates, {"timestamp": 1}, sort=[("timestamp", 1)])
    last = db[RECORDS].find_one(dates, {"timestamp": 1}, sort=[("timestamp", -1)])
    if not first or not last:
        return []
    start = bucket_range(local_day(first["timestamp"], tz), "week", tz)[0]
    end_day = local_day(last["timestamp"], tz)
    chunks = []
    day = local_day(start, tz)
    while day <= end_day:
        nxt = day + timedelta(weeks=weeks)
        chunks.append((bucket_start(day, "day", tz), bucket_start(nxt, "day", tz)))
        day = nxt
    return chunks


def rebuild_ranges(db: Database, granularity: str, ranges: list[tuple[datetime, datetime]] | None,
                   thresholds: dict, tz: str, computed_at: datetime) -> int:
    """Recompute the buckets inside `ranges` (None = everything); returns bucket documents written.

    Each bucket document is replaced atomically by $merge; buckets in the ranges
    that no longer have records (computed before this run) are deleted after.
    A full rebuild runs one pipeline per few weeks (week-aligned, so no bucket is
    split): on the embedded server one huge aggregation would hold the server
    for minutes, long enough for the driver to give up on it.
    """
    coll = COLLECTIONS[granularity]
    if ranges is None:
        for chunk in full_chunks(db, tz):
            _run(db, _match_ranges([chunk]), granularity, thresholds, tz, computed_at)
        db[coll].delete_many({"computed_at": {"$lt": computed_at}})
        return db[coll].count_documents({"computed_at": computed_at})
    if not ranges:
        return 0
    _run(db, _match_ranges(ranges), granularity, thresholds, tz, computed_at)
    stale: dict = {"computed_at": {"$lt": computed_at},
                   "$or": [{"bucket": {"$gte": lo, "$lt": hi}} for lo, hi in ranges]}
    db[coll].delete_many(stale)
    return db[coll].count_documents({"computed_at": computed_at})


def touched_days(db: Database, since: datetime | None, until: datetime, tz: str) -> list[date]:
    """Local days holding records ingested in [since, until) — via the ingested_at index."""
    rng: dict = {"$lt": until}
    if since is not None:
        rng["$gte"] = since
    rows = db[RECORDS].aggregate([
        {"$match": {"ingested_at": rng, "timestamp": {"$type": "date"}}},
        {"$group": {"_id": {"$dateToString": {"date": "$timestamp", "format": "%Y-%m-%d", "timezone": tz}}}},
    ])
    return sorted(date.fromisoformat(r["_id"]) for r in rows)


def merge_ranges(days: list[date], granularity: str, tz: str) -> list[tuple[datetime, datetime]]:
    """Contiguous [start, end) UTC ranges covering the buckets of `days`."""
    spans = sorted({bucket_range(d, granularity, tz) for d in days})
    merged: list[tuple[datetime, datetime]] = []
    for lo, hi in spans:
        if merged and lo <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(hi, merged[-1][1]))
        else:
            merged.append((lo, hi))
    return merged


# --- read API (the dashboard) -------------------------------------------------------

def _as_dt(value: date | datetime | None) -> datetime | None:
    if value is None:
        return None
    if isinstance(value, datetime):
        return value if value.tzinfo else value.replace(tzinfo=timezone.utc)
    return datetime.combine(value, time.min, tzinfo=timezone.utc)


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


def latest_daily_bucket(db: Database) -> datetime | None:
    """The newest daily bucket's start (one indexed read), None before the first refresh."""
    doc = db[AGG_DAILY].find_one({"feature": ALL}, {"bucket": 1}, sort=[("bucket", -1)])
    return (doc or {}).get("bucket")


def list_features(db: Database) -> list[str]:
    """Features that have daily aggregates, "__all__" first."""
    names = [f for f in db[AGG_DAILY].distinct("feature") if isinstance(f, str)]
    return ([ALL] if ALL in names else []) + sorted(f for f in names if f != ALL)
