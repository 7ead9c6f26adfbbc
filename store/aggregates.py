"""Daily and weekly aggregates: the pipelines that build them and the read API.

Two steps. (1) The heavy one runs inside MongoDB: `$match` on an indexed
timestamp range (the days being rebuilt), `$group` per (local day, feature) and
per (day, "__all__"), `$merge` (replace) into `aggregates_daily_values`: per day
and feature everything a bucket of any length needs to be merged exactly, i.e.
counts, sums and pass counts, and each score's values of that day, sorted.
(2) The bucket documents of `aggregates_daily` / `aggregates_weekly` are then
computed from those small per-day documents (one per day for a daily bucket,
the <= 7 of its days for a weekly one) by `finalize` and replaced one document
at a time. A refresh therefore reads the raw records of the touched days only;
a weekly bucket no longer re-reads its earlier days' records, just their
per-day documents. Operators used (both MongoDB 7 and the embedded server):
$dateTrunc (timezone), $switch, $isNumber, $push, $filter, $sortArray, $merge.

Definitions (per bucket and feature):
- count: records in the bucket (records rejected at adoption are left out);
- passed / failing: records whose `eb.passed` is true / false (every present
  score >= the feature's threshold / some score below it; records without any
  score are in neither; `set_thresholds` recomputes eb.passed in MongoDB and
  requests a rebuild); pass_rate = passed/(passed+failing);
- metrics.<m>: mean, p10, p50, p90 over the records where the score is a number
  (n of them), pass_rate = share of those >= the feature's threshold (thresholds
  injected with one $switch on the feature); None when n == 0. Percentiles are
  mongod's discrete definition (the one `$percentile` uses on the embedded
  server): sorted[max(0, ceil(p*n) - 1)] = numpy's "inverted_cdf", exact;
- regen_rate: share with regeneration_attempts > 0, regen_mean: mean attempts,
  both over records whose attempts are a number;
- missing_scores: records where at least one of the four metric scores is missing.

Size of a per-day document: each score value is ~15 bytes of BSON, so a
(day, feature) document holds ~75 bytes per record (5 scores). 16 MB, the
BSON document limit, is reached at ~200,000 scored records in one day for one
feature (the "__all__" document holds the whole day). Past that the `$merge`
fails with a document-too-large error: the refresh raises, its watermark does
not move and no bucket is replaced (the job run is logged as an error).
"""
from __future__ import annotations

import math
from collections import defaultdict
from datetime import date, datetime, timedelta, timezone
from typing import Any, Iterable

from pymongo import ASCENDING, ReplaceOne
from pymongo.database import Database

from core import diagnosis, metrics
from core.features import ALL_FEATURES as ALL
from core.features import UNKNOWN_FEATURE
from core.timebuckets import DAY, WEEK, bucket_range, bucket_start, local_day
from store.collections import AGG_DAILY, AGG_DAILY_VALUES, AGG_WEEKLY, RECORDS
from store.verdict_expr import limits_object
COLLECTIONS = {"day": AGG_DAILY, "week": AGG_WEEKLY}
_P = [0.1, 0.5, 0.9]
FULL_CHUNK_WEEKS = 2
_EPOCH = datetime(1900, 1, 1, tzinfo=timezone.utc)
_MIN, _MAX = datetime(1, 1, 1, tzinfo=timezone.utc), datetime(9999, 12, 31, tzinfo=timezone.utc)
# bump when the shape of aggregates_daily_values changes: the next refresh then rebuilds everything
DAILY_VALUES_VERSION = 2  # 2: diagnosis quadrant counts
_WRITE_BATCH = 500


def build_pipeline(match: dict, thresholds: dict, tz: str, computed_at: datetime,
                   into: str | None = AGG_DAILY_VALUES) -> list[dict]:
    """The aggregation of the records selected by `match` into per-(day, feature) value documents.

    Output document (`aggregates_daily_values`):
    `{_id: "<YYYY-MM-DD>|<feature>", bucket (UTC instant of the local midnight), feature, count, passed,
    failing, missing_scores, regen_n, regen_pos, regen_sum, metrics: {<m>: {n, sum, pass, values}},
    computed_at}` with `values` the day's numeric scores, sorted ascending.

    Shaped for the embedded server, where every stage copies documents and every
    expression node costs per record: one $project right after the $match keeps
    only the few fields needed (the record's texts are never copied) and computes
    the per-record flags; the feature's thresholds come from a single $switch.
    passed/failing use `eb.passed`, which ingest, batch scoring and
    `set_thresholds` keep in line with the thresholds in force. Non-numbers are
    dropped from the pushed values once per group ($filter), not per record.
    """
    trunc: dict[str, Any] = {"date": "$timestamp", "unit": "day", "timezone": tz}
    first: dict[str, Any] = {
        "_id": 0, "b": {"$dateTrunc": trunc}, "k": [{"$ifNull": ["$feature", UNKNOWN_FEATURE]}, ALL],
        "s": "$eb.scores", "t": limits_object(thresholds), "ps": "$eb.passed", "r": "$regeneration_attempts",
        "rn": {"$cond": [{"$isNumber": "$regeneration_attempts"}, 1, 0]},
    }
    score_names, metric_names = metrics.score_names(), metrics.names()
    for m in score_names:
        first[f"p_{m}"] = {"$cond": [{"$isNumber": f"$eb.scores.{m}"}, 1, 0]}
    group: dict[str, Any] = {
        "_id": {"b": "$b", "f": "$k"},
        "count": {"$sum": 1},
        "passed": {"$sum": {"$cond": [{"$eq": ["$ps", True]}, 1, 0]}},
        "failing": {"$sum": {"$cond": [{"$eq": ["$ps", False]}, 1, 0]}},
        "regen_n": {"$sum": "$rn"},
        "regen_pos": {"$sum": {"$cond": [{"$gt": ["$r", 0]}, 1, 0]}},
        "regen_sum": {"$sum": "$r"},  # $sum skips non-numbers, like $avg did
        "missing_scores": {"$sum": {"$cond": [{"$lt": [{"$add": [f"$p_{m}" for m in metric_names]},
                                                       len(metric_names)]}, 1, 0]}},
    }
    # the diagnosis quadrant of each record (core.diagnosis), counted per day
    cp, ff = "$s.contextual_precision", "$s.faithfulness"
    both_numbers = {"$and": [{"$isNumber": cp}, {"$isNumber": ff}]}
    p_ok, f_ok = {"$gte": [cp, "$t.contextual_precision"]}, {"$gte": [ff, "$t.faithfulness"]}
    conditions = {diagnosis.OK: [p_ok, f_ok], diagnosis.RETRIEVAL: [{"$not": [p_ok]}, f_ok],
                  diagnosis.GENERATION: [p_ok, {"$not": [f_ok]}],
                  diagnosis.BOTH: [{"$not": [p_ok]}, {"$not": [f_ok]}]}
    for q, conds in conditions.items():
        group[f"q_{q}"] = {"$sum": {"$cond": [{"$and": [both_numbers, *conds]}, 1, 0]}}
    for m in score_names:
        path = f"$s.{m}"
        group[f"{m}__sum"] = {"$sum": path}
        group[f"{m}__vals"] = {"$push": path}
        group[f"{m}__n"] = {"$sum": f"$p_{m}"}
        # BSON order puts null/missing below every number, so $gte alone is the pass test
        group[f"{m}__pass"] = {"$sum": {"$cond": [{"$gte": [path, f"$t.{m}"]}, 1, 0]}}

    def values(m: str) -> dict:
        numbers = {"$filter": {"input": f"${m}__vals", "cond": {"$isNumber": "$$this"}}}
        return {"$sortArray": {"input": numbers, "sortBy": 1}}

    project: dict[str, Any] = {
        "_id": {"$concat": [{"$dateToString": {"date": "$_id.b", "format": "%Y-%m-%d", "timezone": tz}},
                            "|", "$_id.f"]},
        "bucket": "$_id.b", "feature": "$_id.f",
        "count": 1, "passed": 1, "failing": 1, "missing_scores": 1,
        "regen_n": 1, "regen_pos": 1, "regen_sum": 1,
        "metrics": {m: {"n": f"${m}__n", "sum": f"${m}__sum", "pass": f"${m}__pass", "values": values(m)}
                    for m in score_names},
        "quadrants": {q: f"$q_{q}" for q in diagnosis.QUADRANTS},
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


def _percentile(values: list, p: float) -> Any:
    """mongod's discrete percentile (as `$percentile` on the embedded server): sorted[max(0, ceil(p*n) - 1)]."""
    return values[min(max(0, math.ceil(p * len(values)) - 1), len(values) - 1)]


def finalize(parts: list[dict], bucket: datetime, key: str, granularity: str, computed_at: datetime) -> dict:
    """One bucket document from the per-day value documents of its days (same feature)."""

    def total(field: str) -> int:
        return sum(int(p.get(field) or 0) for p in parts)

    def ratio(num: float, den: float) -> float | None:
        return num / den if den > 0 else None

    count, passed, failing = total("count"), total("passed"), total("failing")
    regen_n, regen_pos = total("regen_n"), total("regen_pos")
    regen_sum = sum((p.get("regen_sum") or 0) for p in parts)
    out_metrics: dict[str, dict] = {}
    for m in metrics.score_names():
        stats = [(p.get("metrics") or {}).get(m) or {} for p in parts]
        n = sum(int(s.get("n") or 0) for s in stats)
        n_pass = sum(int(s.get("pass") or 0) for s in stats)
        vals: list = []
        for s in stats:
            vals.extend(s.get("values") or [])
        if len(stats) > 1:
            vals.sort()  # each day's run is already sorted: timsort just merges the runs
        has = bool(vals)
        out_metrics[m] = {
            "mean": float(sum((s.get("sum") or 0) for s in stats)) / n if n else None,
            "p10": float(_percentile(vals, _P[0])) if has else None,
            "p50": float(_percentile(vals, _P[1])) if has else None,
            "p90": float(_percentile(vals, _P[2])) if has else None,
            "pass_rate": ratio(n_pass, n), "n": n,
        }
    return {
        "_id": key, "bucket": bucket, "feature": parts[0]["feature"], "granularity": granularity,
        "count": count, "passed": passed, "failing": failing, "pass_rate": ratio(passed, passed + failing),
        "metrics": out_metrics,
        "quadrants": {q: sum(int((p.get("quadrants") or {}).get(q) or 0) for p in parts)
                      for q in diagnosis.QUADRANTS},
        "regen_rate": ratio(regen_pos, regen_n),
        "regen_mean": float(regen_sum) / regen_n if regen_n else None,
        "missing_scores": total("missing_scores"),
        "computed_at": computed_at,
    }


def ensure_indexes(db: Database) -> None:
    for name in (AGG_DAILY, AGG_WEEKLY, AGG_DAILY_VALUES):
        db[name].create_index([("bucket", ASCENDING), ("feature", ASCENDING)], name="bucket_feature")


def full_chunks(db: Database, tz: str, weeks: int = FULL_CHUNK_WEEKS) -> list[tuple[datetime, datetime]]:
    """Week-aligned [start, end) ranges covering every record (first/last via the timestamp index)."""
    dates = {"timestamp": {"$gte": _EPOCH}}  # a range on the timestamp index: dates only
    first = db[RECORDS].find_one(dates, {"timestamp": 1}, sort=[("timestamp", 1)])
    last = db[RECORDS].find_one(dates, {"timestamp": 1}, sort=[("timestamp", -1)])
    if not first or not last:
        return []
    start = bucket_range(local_day(first["timestamp"], tz), WEEK, tz)[0]
    end_day = local_day(last["timestamp"], tz)
    chunks = []
    day = local_day(start, tz)
    while day <= end_day:
        nxt = day + timedelta(weeks=weeks)
        chunks.append((bucket_start(day, DAY, tz), bucket_start(nxt, DAY, tz)))
        day = nxt
    return chunks


def _run(db: Database, rng: tuple[datetime, datetime], thresholds: dict, tz: str, computed_at: datetime) -> None:
    """The records pipeline for one [start, end) timestamp range (a plain range: the index is used)."""
    match = {"timestamp": {"$gte": rng[0], "$lt": rng[1]}}
    db[RECORDS].aggregate(build_pipeline(match, thresholds, tz, computed_at), allowDiskUse=True)


def _write(db: Database, coll: str, docs: Iterable[dict]) -> None:
    """Replace (or insert) each bucket document; each replacement is atomic on its own."""
    batch: list[ReplaceOne] = []
    for doc in docs:
        batch.append(ReplaceOne({"_id": doc["_id"]}, doc, upsert=True))
        if len(batch) >= _WRITE_BATCH:
            db[coll].bulk_write(batch, ordered=False)
            batch = []
    if batch:
        db[coll].bulk_write(batch, ordered=False)


def _buckets(db: Database, day_ranges: list[tuple[datetime, datetime]],
             week_ranges: list[tuple[datetime, datetime]], tz: str, computed_at: datetime) -> None:
    """Daily buckets of `day_ranges` and weekly buckets of `week_ranges`, from aggregates_daily_values.

    Reads the value documents of the touched weeks once (they include the touched days).
    """
    if not week_ranges:
        return
    per_day: list[dict] = []
    per_week: dict[tuple[date, str], list[dict]] = defaultdict(list)
    # one plain range per query: for an $or the embedded server's planner reads
    # the whole collection, and these documents are the big ones
    found = (part for lo, hi in week_ranges
             for part in db[AGG_DAILY_VALUES].find({"bucket": {"$gte": lo, "$lt": hi}}).sort(
                 [("bucket", ASCENDING), ("feature", ASCENDING)]))
    for part in found:
        start = part["bucket"]
        day = local_day(start, tz)
        if any(lo <= start < hi for lo, hi in day_ranges):
            per_day.append(finalize([part], start, f"{day.isoformat()}|{part['feature']}", "day", computed_at))
        per_week[(day - timedelta(days=day.weekday()), part["feature"])].append(part)
    _write(db, AGG_DAILY, per_day)
    _write(db, AGG_WEEKLY, (finalize(parts, bucket_start(monday, DAY, tz), f"{monday.isoformat()}|{feature}",
                                     "week", computed_at)
                            for (monday, feature), parts in sorted(per_week.items())))


def _drop_stale(db: Database, coll: str, ranges: list[tuple[datetime, datetime]] | None,
                computed_at: datetime) -> None:
    """Documents in `ranges` (None = all) not rewritten by this run: their records are gone.

    One delete per range, on the (bucket, feature) index: an $or would make the
    embedded server read every document of the collection."""
    if ranges is None:
        db[coll].delete_many({"computed_at": {"$lt": computed_at}})
        return
    for lo, hi in ranges:
        db[coll].delete_many({"bucket": {"$gte": lo, "$lt": hi}, "computed_at": {"$lt": computed_at}})


def rebuild(db: Database, days: list[date] | None, thresholds: dict, tz: str,
            computed_at: datetime) -> dict[str, int]:
    """Recompute the daily buckets of `days` and the weekly buckets holding them (None = everything).

    One pipeline over the records of those days (the days themselves, never the
    rest of their weeks) refreshes their `aggregates_daily_values` documents;
    the daily and weekly bucket documents are then derived from the value
    documents and replaced one by one. Documents in the rebuilt ranges that this
    run did not write (their records are gone) are deleted after. A full rebuild
    goes a few weeks at a time (week-aligned, so no bucket is split): on the
    embedded server one huge aggregation would hold the server for minutes, long
    enough for the driver to give up on it.
    Returns the bucket documents written: {"daily": n, "weekly": n}.
    """
    if days is None:
        chunks = full_chunks(db, tz)
        for chunk in chunks:
            _run(db, chunk, thresholds, tz, computed_at)
            _drop_stale(db, AGG_DAILY_VALUES, [chunk], computed_at)
            _buckets(db, [chunk], [chunk], tz, computed_at)
        day_ranges = week_ranges = None
        _drop_stale(db, AGG_DAILY_VALUES, [(_MIN, chunks[0][0]), (chunks[-1][1], _MAX)] if chunks else None,
                    computed_at)
    elif days:
        day_ranges, week_ranges = merge_ranges(days, DAY, tz), merge_ranges(days, WEEK, tz)
        for day_range in day_ranges:
            _run(db, day_range, thresholds, tz, computed_at)
        # before the weekly buckets read them: a (day, feature) whose records are gone must not count
        _drop_stale(db, AGG_DAILY_VALUES, day_ranges, computed_at)
        _buckets(db, day_ranges, week_ranges, tz, computed_at)
    else:
        return {"daily": 0, "weekly": 0}
    _drop_stale(db, AGG_DAILY, day_ranges, computed_at)
    _drop_stale(db, AGG_WEEKLY, week_ranges, computed_at)
    return {"daily": db[AGG_DAILY].count_documents({"computed_at": computed_at}),
            "weekly": db[AGG_WEEKLY].count_documents({"computed_at": computed_at})}


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
                                   "regen_rate": 1, "passed": 1, "failing": 1}).sort("bucket", 1):
        if isinstance(doc.get("feature"), str):
            history.setdefault(doc["feature"], []).append(doc)
    return history


def newest_daily_bucket(db: Database) -> datetime | None:
    """The newest daily bucket of any feature, None before the first refresh."""
    doc = db[AGG_DAILY].find_one({}, {"bucket": 1}, sort=[("bucket", -1)])
    return (doc or {}).get("bucket")
