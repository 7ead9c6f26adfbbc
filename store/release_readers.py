"""Reading the aggregates by version (store/release_aggregates.py writes them): the values with documents,
one side's totals and days, release lines, per-day counts, buckets and histograms of one version."""
from __future__ import annotations

from collections import defaultdict
from datetime import date, datetime, timezone
from typing import Any, Iterable

from pymongo.database import Database

from core import metrics
from core import versions
from core.features import ALL_FEATURES as ALL
from store import aggregate_counts as agg_counts
from store.collections import RELEASE_CATALOG, RELEASE_DAILY
from store.release_aggregates import top_values, zone_or_default


def version_values(db: Database, dim: str) -> list[str]:
    """The values of a dimension that have aggregates, newest first, then "other" / "unversioned"."""
    newest = [v["value"] for v in top_values(db, dim)]
    present = set(db[RELEASE_DAILY].distinct("value", {"dim": dim}))
    return [v for v in newest if v in present] + [v for v in (versions.OTHER, versions.UNVERSIONED) if v in present]


def catalog_stamp(db: Database) -> tuple[int, str]:
    """What changes when a version value is first seen: (values in the catalog, the newest first record).
    One small read (the catalog holds a document per value), a cache key for `version_values`."""
    newest = db[RELEASE_CATALOG].find_one({}, {"first_seen": 1}, sort=[("first_seen", -1)])
    return db[RELEASE_CATALOG].estimated_document_count(), str((newest or {}).get("first_seen"))


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


def side_days(db: Database, dim: str, value: str, feature: str | None = None) -> tuple[date, date] | None:
    """The first and last day that have aggregates for a side (of one feature's records when given)."""
    query = {"dim": dim, "value": value, **({"feature": str(feature), "count": {"$gt": 0}} if feature else {})}
    first = db[RELEASE_DAILY].find_one(query, {"day": 1}, sort=[("day", 1)])
    last = db[RELEASE_DAILY].find_one(query, {"day": 1}, sort=[("day", -1)])
    if not first:
        return None
    return date.fromisoformat(first["day"]), date.fromisoformat(last["day"])


def line_orders(db: Database, dim: str = "release") -> dict[str, list[str]]:
    """Per feature (a product line), the values of a dimension its records carry, newest first
    (core.versions.line_order: declared order, else first-seen order in that feature). Only values with
    their own aggregates; a value that never appears in a feature's records is never in its order.
    One $group over the release aggregates (bounded: days x features x values)."""
    pipeline = [{"$match": {"dim": str(dim), "feature": {"$ne": ALL}, "count": {"$gt": 0},
                            "value": {"$nin": [versions.OTHER, versions.UNVERSIONED]}}},
                {"$group": {"_id": {"f": "$feature", "v": "$value"}, "first": {"$min": "$day"}}}]
    firsts: dict[str, dict[str, str]] = defaultdict(dict)
    for row in db[RELEASE_DAILY].aggregate(pipeline):
        firsts[row["_id"]["f"]][row["_id"]["v"]] = row["first"]
    anywhere = {v["value"]: v.get("first_seen") for v in top_values(db, dim)}
    epoch = datetime(1970, 1, 1)

    def seen_key(value: str, day: str) -> tuple:
        first = anywhere.get(value) or epoch
        return day, first.replace(tzinfo=None) if isinstance(first, datetime) else epoch

    return {feature: versions.line_order({v: seen_key(v, d) for v, d in seen.items()})
            for feature, seen in sorted(firsts.items())}


def day_counts(db: Database, dim: str, value: str, first: date, end: date) -> dict[date, int]:
    """{day: records} of one version value (every feature) from `first` to `end`, days with aggregates only."""
    query = {"dim": str(dim), "value": str(value), "feature": ALL,
             "day": {"$gte": first.isoformat(), "$lte": end.isoformat()}}
    return {date.fromisoformat(d["day"]): int(d.get("count") or 0)
            for d in db[RELEASE_DAILY].find(query, {"_id": 0, "day": 1, "count": 1})}


def largest_document_bytes(db: Database) -> int:
    from bson import BSON
    return max((len(BSON.encode(d)) for d in db[RELEASE_DAILY].find()), default=0)


def _version_docs(db: Database, dim: str, value: str, first: date, end: date, features: Iterable[str] | None,
                  projection: dict | None = None) -> list[dict]:
    query: dict[str, Any] = {"dim": str(dim), "value": str(value),
                             "day": {"$gte": first.isoformat(), "$lte": end.isoformat()}}
    if features:
        query["feature"] = {"$in": [str(f) for f in features]}
    return list(db[RELEASE_DAILY].find(query, projection))


def version_buckets(db: Database, dim: str, value: str, granularity: str, start: date, end: date,
                    features: Iterable[str] | None = None, tz: str | None = None) -> list[dict]:
    """The daily or weekly bucket documents of one version value (dimension `dim`), as
    store.aggregates.get_aggregates returns them for every record — same fields, same finalize —
    over the local days start..end (a week bucket from the Monday of `start`'s week), sorted by
    bucket then feature. From the release aggregates only: the pages stay on precomputed numbers
    when a release, model or prompt version filter is set."""
    from core.timebuckets import DAY, bucket_start, week_start

    if granularity not in ("day", "week"):
        from store.errors import ValidationFailed
        raise ValidationFailed("granularity must be 'day' or 'week'")
    tz = zone_or_default(tz)
    first = start if granularity == "day" else week_start(start)
    parts: dict[tuple[date, str], list[dict]] = defaultdict(list)
    for doc in _version_docs(db, dim, value, first, end, features):
        day = date.fromisoformat(doc["day"])
        bucket_day = day if granularity == "day" else week_start(day)
        parts[(bucket_day, doc["feature"])].append(doc)
    now = datetime.now(timezone.utc)
    return [agg_counts.finalize(group, bucket_start(day, DAY, tz), f"{day.isoformat()}|{feature}", granularity, now)
            for (day, feature), group in sorted(parts.items())]


def version_histograms(db: Database, dim: str, value: str, feature: str, start: date, end: date
                       ) -> dict[str, list[tuple[float, int]]]:
    """store.aggregates.score_histograms for the records of one version value only."""
    names = metrics.score_names()
    parts = _version_docs(db, dim, value, start, end, [feature], {f"metrics.{m}.hist": 1 for m in names})
    return {m: [(round(b * agg_counts.HIST_STEP, 3), c) for b, c in enumerate(agg_counts.histogram(parts, m)) if c] for m in names}
