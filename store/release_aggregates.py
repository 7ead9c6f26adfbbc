"""Aggregates by version: per day x feature x (release | model | prompt version), bounded.

One document per (local day, dimension, value, feature) in `aggregates_release_daily`:
`{_id: "<day>|<dim>|<value>|<feature>", day, bucket, dim, value, feature, count, passed,
failing, metrics: {<m>: {n, sum, pass, hist: {"<bin>": count}}}}` — the same sums and sparse
0.001-bin histograms as store/aggregates.py, so a document stays under the same bound
(< 66 KB whatever the volume). `dim` is one of core.versions.DIMENSIONS or "all" (value
"*": every record, for comparing two periods); `feature` includes "__all__".
Bounded: per dimension only the RELEASE_CAP most recent values (by their first record,
`release_catalog`) get their own documents; older ones are summed into "other", records
without the field into "unversioned". So a day has at most
(features + 1) x (1 + 3 x (RELEASE_CAP + 2)) documents.

`refresh_release_aggregates(db, days, now=...)` recomputes whole days from the records
(two aggregation pipelines grouped by the version combination, rolled up per dimension
here) and replaces those days' documents: idempotent, no deltas; a crash leaves a day to
the next refresh. `days=None` rebuilds every day that has records.
"""
from __future__ import annotations

import time
from collections import defaultdict
from datetime import date, datetime, timedelta, timezone
from typing import Any, Iterable

from pymongo import ASCENDING
from pymongo.database import Database

from core import metrics, versions
from core.features import ALL_FEATURES as ALL
from core.features import UNKNOWN_FEATURE
from core.timebuckets import days_range, local_day
from store.collections import RECORDS, RELEASE_CATALOG, RELEASE_DAILY
from store.verdict_expr import limits_object, metric_passed_expr

HIST_STEP = 0.001
HIST_BINS = 1001
ALL_DIM, ALL_VALUE = "all", "*"
DIMS = (ALL_DIM, *versions.DIMENSIONS)
_CHUNK_DAYS = 14


def ensure_indexes(db: Database) -> None:
    db[RELEASE_DAILY].create_index([("dim", ASCENDING), ("value", ASCENDING), ("day", ASCENDING)])
    db[RELEASE_DAILY].create_index([("day", ASCENDING)])
    db[RECORDS].create_index([("release", ASCENDING), ("timestamp", ASCENDING)], name="release_timestamp")


def _tz(tz: str | None) -> str:
    if tz:
        return tz
    from core.timebuckets import zone_name
    return zone_name()


def _combo_key() -> dict:
    return {d: f"${d}" for d in versions.DIMENSIONS}


def _stats_pipeline(match: dict, thresholds: dict, tz: str) -> list[dict]:
    first = {"_id": 0, "b": {"$dateTrunc": {"date": "$timestamp", "unit": "day", "timezone": tz}},
             "f": {"$ifNull": ["$feature", UNKNOWN_FEATURE]}, "s": "$eb.scores", "t": limits_object(thresholds),
             "ps": "$eb.passed", "ts": "$timestamp", "rj": "$eb.rejected", **{d: 1 for d in versions.DIMENSIONS}}
    flags: dict[str, Any] = {"_id": 0, "b": 1, "f": 1, "ts": 1, "rj": 1, **{d: 1 for d in versions.DIMENSIONS},
                             "pass1": {"$cond": [{"$eq": ["$ps", True]}, 1, 0]},
                             "fail1": {"$cond": [{"$eq": ["$ps", False]}, 1, 0]}}
    group: dict[str, Any] = {"_id": {"b": "$b", "f": "$f", "rj": "$rj", **_combo_key()}, "count": {"$sum": 1},
                             "first": {"$min": "$ts"}, "last": {"$max": "$ts"},
                             "passed": {"$sum": "$pass1"}, "failing": {"$sum": "$fail1"}}
    for m in metrics.score_names():
        flags[f"v_{m}"] = {"$cond": [{"$isNumber": f"$s.{m}"}, f"$s.{m}", 0]}
        flags[f"n_{m}"] = {"$cond": [{"$isNumber": f"$s.{m}"}, 1, 0]}
        flags[f"p_{m}"] = metric_passed_expr(m, "$t", "$s")
        group[f"{m}__sum"] = {"$sum": f"$v_{m}"}
        group[f"{m}__n"] = {"$sum": f"$n_{m}"}
        group[f"{m}__pass"] = {"$sum": f"$p_{m}"}
    # records rejected at adoption (eb.rejected) are grouped apart and dropped by the caller: a clause on
    # eb.* in the $match makes the embedded server scan instead of using the timestamp index (measured)
    return [{"$match": match}, {"$project": first}, {"$project": flags}, {"$group": group}]


def _hist_pipeline(match: dict, tz: str) -> list[dict]:
    bins = [{"$cond": [{"$isNumber": f"$eb.scores.{m}"},
                       {"m": m, "v": {"$round": [{"$multiply": [f"$eb.scores.{m}", 1 / HIST_STEP]}, 0]}}, None]}
            for m in metrics.score_names()]
    return [
        {"$match": match},
        {"$project": {"_id": 0, "b": {"$dateTrunc": {"date": "$timestamp", "unit": "day", "timezone": tz}},
                      "f": {"$ifNull": ["$feature", UNKNOWN_FEATURE]}, "h": bins, "rj": "$eb.rejected",
                      **{d: 1 for d in versions.DIMENSIONS}}},
        {"$unwind": "$h"},
        {"$match": {"h": {"$ne": None}}},
        {"$group": {"_id": {"b": "$b", "f": "$f", "rj": "$rj", **_combo_key(), "m": "$h.m", "v": "$h.v"},
                    "c": {"$sum": 1}}},
    ]


def _empty(day: str, bucket: datetime, dim: str, value: str, feature: str) -> dict:
    return {"_id": f"{day}|{dim}|{value}|{feature}", "day": day, "bucket": bucket, "dim": dim, "value": value,
            "feature": feature, "count": 0, "passed": 0, "failing": 0,
            "metrics": {m: {"n": 0, "sum": 0.0, "pass": 0, "hist": {}} for m in metrics.score_names()}}


def _value(raw: Any, dim: str, top: dict[str, set[str]]) -> str:
    if raw is None or raw == "":
        return versions.UNVERSIONED
    text = str(raw)
    return text if text in top[dim] else versions.OTHER


def _targets(row_id: dict, top: dict[str, set[str]]) -> list[tuple[str, str, str]]:
    """(dim, value, feature) documents one pipeline row adds to."""
    feature = row_id.get("f") or UNKNOWN_FEATURE
    out = []
    for f in (feature, ALL):
        out.append((ALL_DIM, ALL_VALUE, f))
        for dim in versions.DIMENSIONS:
            out.append((dim, _value(row_id.get(dim), dim, top), f))
    return out


def _update_catalog(db: Database, rows: list[dict]) -> None:
    """first_seen / last_seen of every version value in the stats rows ($min / $max: idempotent)."""
    seen: dict[tuple[str, str], list] = {}
    for row in rows:
        for dim in versions.DIMENSIONS:
            value = row["_id"].get(dim)
            first, last = row.get("first"), row.get("last")
            if not isinstance(value, str) or not value or not isinstance(first, datetime):
                continue
            span = seen.setdefault((dim, value), [first, last])
            span[0], span[1] = min(span[0], first), max(span[1], last)
    for (dim, value), (first, last) in seen.items():
        db[RELEASE_CATALOG].update_one({"_id": f"{dim}|{value}"},
                                       {"$set": {"dim": dim, "value": value},
                                        "$min": {"first_seen": first}, "$max": {"last_seen": last}}, upsert=True)


def top_values(db: Database, dim: str, cap: int = versions.RELEASE_CAP) -> list[dict]:
    """The `cap` most recent values of a dimension (newest first by first record):
    [{value, first_seen, last_seen}]."""
    return list(db[RELEASE_CATALOG].find({"dim": dim}, {"_id": 0, "value": 1, "first_seen": 1, "last_seen": 1})
                .sort([("first_seen", -1), ("value", 1)]).limit(cap))


def _day_ranges(days: Iterable[date]) -> list[tuple[date, date]]:
    out: list[tuple[date, date]] = []
    for day in sorted(set(days)):
        if out and day - out[-1][1] == timedelta(days=1) and (day - out[-1][0]).days < _CHUNK_DAYS:
            out[-1] = (out[-1][0], day)
        else:
            out.append((day, day))
    return out


def _all_days(db: Database, tz: str) -> set[date]:
    first = db[RECORDS].find_one({"timestamp": {"$type": "date"}}, {"timestamp": 1}, sort=[("timestamp", 1)])
    last = db[RECORDS].find_one({"timestamp": {"$type": "date"}}, {"timestamp": 1}, sort=[("timestamp", -1)])
    if not first or not last:
        return set()
    lo, hi = local_day(_aware(first["timestamp"]), tz), local_day(_aware(last["timestamp"]), tz)
    return {lo + timedelta(days=i) for i in range((hi - lo).days + 1)}


def _aware(ts: datetime) -> datetime:
    return ts if ts.tzinfo else ts.replace(tzinfo=timezone.utc)


def refresh_release_aggregates(db: Database, days: set[date] | None, *, now: datetime,
                               thresholds: dict | None = None, tz: str | None = None,
                               cap: int = versions.RELEASE_CAP) -> dict:
    """Recompute the release aggregates of `days` (local days; None: every day with records) from the
    records and replace those days' documents (values beyond the `cap` newest of a dimension are
    summed into "other"). Returns {"days", "documents", "seconds", "computed_at"}."""
    from store.thresholds import get_thresholds

    started = time.monotonic()
    tz = _tz(tz)
    thresholds = thresholds if thresholds is not None else get_thresholds(db)
    ensure_indexes(db)
    wanted = _all_days(db, tz) if days is None else set(days)
    ranges = _day_ranges(wanted)
    stats: list[list[dict]] = []
    for lo, hi in ranges:  # the stats first: the catalog must know a new release before values are capped
        start, end = days_range(lo, hi, tz)
        match = {"timestamp": {"$gte": start, "$lt": end}}
        stats.append([row for row in db[RECORDS].aggregate(_stats_pipeline(match, thresholds, tz), allowDiskUse=True)
                      if row["_id"].get("rj") is None])
        _update_catalog(db, stats[-1])
    top = {dim: {v["value"] for v in top_values(db, dim, cap)} for dim in versions.DIMENSIONS}
    written = 0
    for (lo, hi), stat_rows in zip(ranges, stats):
        start, end = days_range(lo, hi, tz)
        match = {"timestamp": {"$gte": start, "$lt": end}}
        docs: dict[str, dict] = {}
        buckets: dict[str, datetime] = {}

        def doc_for(b: datetime, target: tuple[str, str, str]) -> dict:
            day = local_day(_aware(b), tz).isoformat()
            buckets[day] = b
            key = f"{day}|{target[0]}|{target[1]}|{target[2]}"
            if key not in docs:
                docs[key] = _empty(day, b, *target)
            return docs[key]

        for row in stat_rows:
            b = row["_id"].get("b")
            if not isinstance(b, datetime):
                continue
            for target in _targets(row["_id"], top):
                doc = doc_for(b, target)
                for c in ("count", "passed", "failing"):
                    doc[c] += row.get(c) or 0
                for m in metrics.score_names():
                    cell = doc["metrics"][m]
                    cell["n"] += row.get(f"{m}__n") or 0
                    cell["sum"] += row.get(f"{m}__sum") or 0
                    cell["pass"] += row.get(f"{m}__pass") or 0
        for row in db[RECORDS].aggregate(_hist_pipeline(match, tz), allowDiskUse=True):
            if row["_id"].get("rj") is not None:
                continue
            b, m, v = row["_id"].get("b"), row["_id"].get("m"), row["_id"].get("v")
            if not isinstance(b, datetime) or not isinstance(v, (int, float)) or m not in metrics.score_names():
                continue
            key = str(min(HIST_BINS - 1, max(0, int(round(float(v))))))
            for target in _targets(row["_id"], top):
                hist = doc_for(b, target)["metrics"][m]["hist"]
                hist[key] = hist.get(key, 0) + int(row["c"])
        day_names = [d.isoformat() for d in sorted(wanted) if lo <= d <= hi]
        db[RELEASE_DAILY].delete_many({"day": {"$in": day_names}})  # whole days replaced: idempotent
        if docs:
            db[RELEASE_DAILY].insert_many(list(docs.values()), ordered=False)
            written += len(docs)
    return {"days": len(wanted), "documents": written, "seconds": round(time.monotonic() - started, 3),
            "computed_at": now.isoformat()}


# --- reading ---------------------------------------------------------------------------------

def version_values(db: Database, dim: str) -> list[str]:
    """The values of a dimension that have aggregates, newest first, then "other" / "unversioned"."""
    newest = [v["value"] for v in top_values(db, dim)]
    present = set(db[RELEASE_DAILY].distinct("value", {"dim": dim}))
    return [v for v in newest if v in present] + [v for v in (versions.OTHER, versions.UNVERSIONED) if v in present]


def side_totals(db: Database, dim: str, value: str, start: date | None = None, end: date | None = None
                ) -> dict[str, dict]:
    """Per feature (and "__all__"): the sums of one side over its days —
    {feature: {count, passed, failing, metrics: {m: {n, sum, pass, hist: {bin: count}}}}}."""
    query: dict[str, Any] = {"dim": str(dim), "value": str(value)}
    if start is not None or end is not None:
        query["day"] = {}
        if start is not None:
            query["day"]["$gte"] = start.isoformat()
        if end is not None:
            query["day"]["$lte"] = end.isoformat()
    out: dict[str, dict] = {}
    for doc in db[RELEASE_DAILY].find(query, {"_id": 0, "feature": 1, "count": 1, "passed": 1, "failing": 1,
                                             "metrics": 1}):
        total = out.setdefault(doc["feature"], {"count": 0, "passed": 0, "failing": 0, "metrics": defaultdict(
            lambda: {"n": 0, "sum": 0.0, "pass": 0, "hist": defaultdict(int)})})
        for c in ("count", "passed", "failing"):
            total[c] += doc.get(c) or 0
        for m, cell in (doc.get("metrics") or {}).items():
            into = total["metrics"][m]
            into["n"] += cell.get("n") or 0
            into["sum"] += cell.get("sum") or 0
            into["pass"] += cell.get("pass") or 0
            for b, c in (cell.get("hist") or {}).items():
                into["hist"][b] += c
    return out


def side_days(db: Database, dim: str, value: str) -> tuple[date, date] | None:
    """The first and last day that have aggregates for a side."""
    first = db[RELEASE_DAILY].find_one({"dim": dim, "value": value}, {"day": 1}, sort=[("day", 1)])
    last = db[RELEASE_DAILY].find_one({"dim": dim, "value": value}, {"day": 1}, sort=[("day", -1)])
    if not first:
        return None
    return date.fromisoformat(first["day"]), date.fromisoformat(last["day"])


def largest_document_bytes(db: Database) -> int:
    from bson import BSON
    return max((len(BSON.encode(d)) for d in db[RELEASE_DAILY].find()), default=0)
