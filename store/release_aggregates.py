"""Aggregates by version: per day x feature x (release | model | prompt version), bounded.

One document per (local day, dimension, value, feature) in `aggregates_release_daily`:
`{_id: "<day>|<dim>|<value>|<feature>", day, bucket, dim, value, feature, count, passed,
failing, missing_scores, regen_*, quadrants, metrics: {<m>: {n, sum, pass, hist: {"<bin>": count}}},
computed_at, counted_upto}` — the per-day documents of store/aggregate_counts.py, built by the same
pipelines (`group_documents`, grouped by the version fields as well and rolled up here), so a
document stays under the same bound (< 66 KB whatever the volume). `dim` is one of
core.versions.DIMENSIONS or "all" (value "*": every record, for comparing two periods);
`feature` includes "__all__".
Bounded: per dimension only the RELEASE_CAP most recent values (by their first record,
`release_catalog`) get their own documents; older ones are summed into "other", records
without the field into "unversioned". So a day has at most
(features + 1) x (1 + 3 x (RELEASE_CAP + 2)) documents.

Which records a document counts: the same as the daily aggregates (not rejected, not waiting
for their first scores) with `ingested_at` below its `counted_upto`. Kept up to date like them:
- `add_release_records` adds the records ingested in [since, cutoff) as deltas, one
  compare-and-swap on `counted_upto` per document (store.aggregate_delta.add_late_records): a crash
  or two refreshes at once never count a record twice or miss one; the days are not re-read;
- `refresh_release_aggregates(days)` recounts whole days (scores changed: dirty days) up to a
  cutoff, and every day with `days=None` (after a threshold change, a new cap);
- a new value among the newest N (a new release, all its records new): `fold_leaving` adds the
  documents of the value leaving the newest into "other" (no record read) and the new records come
  in as deltas; only after a crash mid-fold are the days the two values touch recounted.
The aggregate job (jobs/aggregate.py) keeps the window's watermark (`release_watermark`) and
the newest values the documents were built with (`release_top`) in its state.
"""
from __future__ import annotations

import time
from datetime import date, datetime, timedelta, timezone
from typing import Any, Callable, Iterable

from pymongo import ASCENDING
from pymongo.database import Database

from core import metrics, versions
from core.features import ALL_FEATURES as ALL
from core.features import UNKNOWN_FEATURE
from core.timebuckets import days_range, local_day
from store import aggregate_counts as agg_counts
from store import aggregate_delta as agg_delta
from store.collections import RECORDS, RELEASE_CATALOG, RELEASE_DAILY

HIST_STEP = agg_counts.HIST_STEP
HIST_BINS = agg_counts.HIST_BINS
ALL_DIM, ALL_VALUE = "all", "*"
VALUES_VERSION = 2  # 2: per-day documents with counted_upto, kept by deltas (1: whole days recomputed)
POINT = "release "  # the prefix of this module's fault points (store.aggregate_delta.fault_point)
_CHUNK_DAYS = 14
Top = dict[str, list[str]]  # per dimension, the newest values (sorted): the ones with their own documents


def _no_fence() -> None:
    return None


def ensure_indexes(db: Database) -> None:
    db[RELEASE_DAILY].create_index([("dim", ASCENDING), ("value", ASCENDING), ("day", ASCENDING)])
    db[RELEASE_DAILY].create_index([("day", ASCENDING)])
    db[RECORDS].create_index([("release", ASCENDING), ("timestamp", ASCENDING)], name="release_timestamp")


def zone_or_default(tz: str | None) -> str:
    """`tz`, or the configured local zone (core.timebuckets) when none is given."""
    if tz:
        return tz
    from core.timebuckets import zone_name
    return zone_name()


def _groups(db: Database, match: dict, thresholds: dict, tz: str) -> dict[tuple, dict]:
    """Per (day, feature, release, model, prompt version): the per-day sums of the records `match` selects."""
    return agg_counts.group_documents(db, match, thresholds, tz, by=versions.DIMENSIONS)


def _empty(day: str, bucket: datetime, dim: str, value: str, feature: str) -> dict:
    return {"_id": f"{day}|{dim}|{value}|{feature}", "day": day, "bucket": bucket, "dim": dim, "value": value,
            "feature": feature, **{c: 0 for c in agg_counts._COUNTS},
            "metrics": {m: {"n": 0, "sum": 0, "pass": 0, "hist": {}} for m in metrics.score_names()},
            "quadrants": {}}


def _value(raw: Any, dim: str, top: Top) -> str:
    if raw is None or raw == "":
        return versions.UNVERSIONED
    text = str(raw)
    return text if text in top.get(dim, ()) else versions.OTHER


def _targets(by: dict, feature: str, top: Top) -> list[tuple[str, str, str]]:
    """(dim, value, feature) documents one group adds to."""
    out = []
    for f in (feature or UNKNOWN_FEATURE, ALL):
        out.append((ALL_DIM, ALL_VALUE, f))
        for dim in versions.DIMENSIONS:
            out.append((dim, _value(by.get(dim), dim, top), f))
    return out


def _rollup(groups: Iterable[dict], top: Top, tz: str) -> dict[str, dict]:
    """The release documents ({_id: doc}) the groups add up to, with values beyond `top` in "other"."""
    docs: dict[str, dict] = {}
    for g in groups:
        b = g["bucket"]
        day = local_day(_aware(b), tz).isoformat()
        for target in _targets(g.get("by") or {}, g["feature"], top):
            key = f"{day}|{target[0]}|{target[1]}|{target[2]}"
            doc = docs.get(key)
            if doc is None:
                doc = docs[key] = _empty(day, b, *target)
            agg_counts.add_into(doc, g)
    return docs


def _update_catalog(db: Database, groups: Iterable[dict]) -> None:
    """first_seen / last_seen of every version value in the groups ($min / $max: idempotent)."""
    seen: dict[tuple[str, str], list] = {}
    for g in groups:
        first, last = g.get("first"), g.get("last")
        if not isinstance(first, datetime):
            continue
        for dim in versions.DIMENSIONS:
            value = (g.get("by") or {}).get(dim)
            if not isinstance(value, str) or not value:
                continue
            span = seen.setdefault((dim, value), [first, last])
            span[0], span[1] = min(span[0], first), max(span[1], last)
    for (dim, value), (first, last) in seen.items():
        db[RELEASE_CATALOG].update_one({"_id": f"{dim}|{value}"},
                                       {"$set": {"dim": dim, "value": value},
                                        "$min": {"first_seen": first}, "$max": {"last_seen": last}}, upsert=True)


def _catalog_everything(db: Database) -> None:
    """The catalog from every counted record: one $group on the plain version fields (a full rebuild)."""
    pipeline = [{"$match": {"timestamp": {"$type": "date"}, **agg_counts.COUNTED}},
                {"$group": {"_id": {d: f"${d}" for d in versions.DIMENSIONS},
                            "first": {"$min": "$timestamp"}, "last": {"$max": "$timestamp"}}}]
    _update_catalog(db, ({"by": row["_id"], "first": row.get("first"), "last": row.get("last")}
                         for row in db[RECORDS].aggregate(pipeline, allowDiskUse=True)))


def top_values(db: Database, dim: str, cap: int | None = None) -> list[dict]:
    """The `cap` most recent values of a dimension (newest first by first record):
    [{value, first_seen, last_seen}]."""
    cap = versions.RELEASE_CAP if cap is None else cap
    return list(db[RELEASE_CATALOG].find({"dim": dim}, {"_id": 0, "value": 1, "first_seen": 1, "last_seen": 1})
                .sort([("first_seen", -1), ("value", 1)]).limit(cap))


def current_top(db: Database, cap: int | None = None) -> Top:
    """Per dimension, the values that get their own documents now (sorted)."""
    return {dim: sorted(v["value"] for v in top_values(db, dim, cap)) for dim in versions.DIMENSIONS}


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


def _wall() -> datetime:
    now = datetime.now(timezone.utc)
    return now.replace(microsecond=now.microsecond // 1000 * 1000)  # as BSON keeps it


def _mark_days(db: Database, days: list[str]) -> None:
    from store.state import mark_release_days
    mark_release_days(db, days)


def refresh_release_aggregates(db: Database, days: set[date] | None, *, now: datetime,
                               thresholds: dict | None = None, tz: str | None = None,
                               cap: int | None = None, cutoff: datetime | None = None,
                               fence: Callable[[], None] = _no_fence, expect_top: Top | None = None,
                               catalog: bool = True) -> dict:
    """Recount the release aggregates of `days` (local days; None: every day with records) from their
    records ingested before `cutoff` (default: now, the wall clock) and store them as counting up to
    `cutoff` (values beyond the `cap` newest of a dimension are summed into "other"); documents of
    those days that no record makes any more are deleted. With `expect_top`, nothing is written
    when the newest values differ from it (then every day must be rebuilt: `top_changed`). `catalog`
    (days=None only): read every record's versions into the catalog first (False when the catalog is
    known to be complete: the deltas and recounts keep it).
    Returns {"days", "documents", "seconds", "computed_at", "top", "top_changed"}."""
    from store.thresholds import get_thresholds

    started = time.monotonic()
    tz = zone_or_default(tz)
    cutoff = cutoff or _wall()
    thresholds = thresholds if thresholds is not None else get_thresholds(db)
    ensure_indexes(db)
    wanted = _all_days(db, tz) if days is None else set(days)
    ranges = _day_ranges(wanted)

    def groups_of(lo: date, hi: date) -> dict[tuple, dict]:
        start, end = days_range(lo, hi, tz)
        return _groups(db, {"timestamp": {"$gte": start, "$lt": end}, "ingested_at": {"$lt": cutoff}}, thresholds, tz)

    held: dict[tuple[date, date], dict] = {}
    if days is None:  # every day, a chunk at a time below
        if catalog:  # the catalog first (one pass): it must know every value before any is capped
            _catalog_everything(db)
    else:  # a few days: their groups are kept for the write below
        for rng in ranges:
            held[rng] = groups_of(*rng)
            _update_catalog(db, held[rng].values())
    top = current_top(db, cap)
    result = {"days": len(wanted), "documents": 0, "computed_at": now.isoformat(), "top": top,
              "top_changed": expect_top is not None and top != expect_top}
    if result["top_changed"]:
        return {**result, "seconds": round(time.monotonic() - started, 3)}
    for rng in ranges[::-1]:  # newest first: what the pages show first is ready first
        groups = held.pop(rng, None)
        if groups is None:
            groups = groups_of(*rng)
            _update_catalog(db, groups.values())
        docs = _rollup(groups.values(), top, tz)
        fence()
        written = agg_delta.write_recounts(db, RELEASE_DAILY, docs.values(), cutoff, now, on_newer=_mark_days, point=POINT)
        # documents of these days that no record makes any more (a value moved into "other", records
        # deleted); never one that counts further than this run (another run's newer work)
        db[RELEASE_DAILY].delete_many({"day": {"$gte": rng[0].isoformat(), "$lte": rng[1].isoformat()},
                                       "_id": {"$nin": sorted(written)},
                                       "counted_upto": {"$not": {"$gte": cutoff}}})
        result["documents"] += len(written)
    return {**result, "seconds": round(time.monotonic() - started, 3)}


def add_release_records(db: Database, since: datetime, cutoff: datetime, skip_days: set[date], *,
                        top: Top, now: datetime, thresholds: dict | None = None, tz: str | None = None,
                        cap: int | None = None, fence: Callable[[], None] = _no_fence) -> dict:
    """Add the records ingested in [since, cutoff) to their release documents, as deltas (reads the new
    records only, through the `ingested_at` index; store.aggregate_delta.add_late_records moves each document
    to `cutoff` with one compare-and-swap). `top`: the newest values the stored documents were built
    with; when the new records change them (a new release), nothing is written and `top_changed` says
    so: every day must be rebuilt. Days in `skip_days` are recounted whole by the caller.
    Returns {"days": [local days touched], "top", "top_changed"}."""
    from store.thresholds import get_thresholds

    tz = zone_or_default(tz)
    thresholds = thresholds if thresholds is not None else get_thresholds(db)
    groups = _groups(db, agg_delta.new_records_match(since, cutoff), thresholds, tz)
    _update_catalog(db, groups.values())
    now_top = current_top(db, cap)
    if now_top != top:  # the caller merges the new values in (days_a_new_top_touches) or rebuilds
        return {"days": [], "top": now_top, "top_changed": True,
                "batch_days": sorted({local_day(_aware(g["bucket"]), tz) for g in groups.values()})}

    def documents(match: dict) -> dict[str, dict]:
        return _rollup(_groups(db, match, thresholds, tz).values(), top, tz)

    days = agg_delta.add_late_records(db, since, cutoff, skip_days, thresholds, tz, now, fence, coll=RELEASE_DAILY,
                                documents=documents, first=_rollup(groups.values(), top, tz), point=POINT)
    return {"days": days, "top": top, "top_changed": False}


def days_a_new_top_touches(db: Database, old: Top, new: Top, tz: str | None = None) -> set[date]:
    """The local days whose documents change when the newest values go from `old` to `new` (a new
    release enters, the oldest of the newest leaves into "other"): the days that hold documents of a
    leaving value, and the span of each entering value's records (counted in "other" until now). The
    other days hold neither, so their documents are the same under both: recounting these days is a
    merge, not a rebuild (issue 29: a new release no longer recounts every day)."""
    tz = zone_or_default(tz)
    days: set[date] = set()
    for dim in versions.DIMENSIONS:
        before, after = set(old.get(dim, ())), set(new.get(dim, ()))
        leaving, entering = sorted(before - after), sorted(after - before)
        if leaving:
            days |= {date.fromisoformat(d) for d in
                     db[RELEASE_DAILY].distinct("day", {"dim": dim, "value": {"$in": leaving}})}
        for doc in db[RELEASE_CATALOG].find({"dim": dim, "value": {"$in": entering}}):
            first, last = doc.get("first_seen"), doc.get("last_seen")
            if isinstance(first, datetime) and isinstance(last, datetime):
                lo, hi = local_day(_aware(first), tz), local_day(_aware(last), tz)
                days |= {lo + timedelta(days=i) for i in range((hi - lo).days + 1)}
    return days


def catalog_values(db: Database) -> dict[str, set[str]]:
    """Per dimension, every value the catalog knows (a value counted anywhere is in it: the deltas and
    recounts update it before they write)."""
    out: dict[str, set[str]] = {dim: set() for dim in versions.DIMENSIONS}
    for doc in db[RELEASE_CATALOG].find({}, {"dim": 1, "value": 1}):
        if doc.get("dim") in out and isinstance(doc.get("value"), str):
            out[doc["dim"]].add(doc["value"])
    return out


def fold_leaving(db: Database, old: Top, new: Top, upto: datetime, skip_days: set[date], now: datetime,
                 fence: Callable[[], None] = _no_fence) -> dict:
    """A value leaving the newest (a new release entered): each of its documents added into the same day's
    and feature's "other" document, then deleted — document arithmetic, no record read (issue 29: a new
    release merges in without recounting the days the leaving one spans). Only for documents counting up
    to `upto` (the release watermark) or less: with no record of either key ingested between, both are
    exact up to `upto`, and so is their sum; a pair that counts further (a crashed run's leftovers) is not
    folded and its day returned in "recount". Each fold is one compare-and-swap on the "other" document,
    which keeps a marker of what it took in (`folded`), then the leaving document's delete: a crash or a
    second run at any point adds no document twice (a run that finds the marker only deletes).
    Days in `skip_days` are recounted whole by the caller. Returns {"days": [...], "folded": n, "recount": set}."""
    days: set[date] = set()
    recount: set[date] = set()
    folded = 0
    for dim in versions.DIMENSIONS:
        leaving = sorted(set(old.get(dim, ())) - set(new.get(dim, ())))
        if not leaving:
            continue
        for doc in db[RELEASE_DAILY].find({"dim": dim, "value": {"$in": leaving}}).sort("_id", ASCENDING):
            day = date.fromisoformat(doc["day"])
            if day in skip_days:
                continue
            upto_l = agg_delta._upto(doc)
            if upto_l is None or upto_l > upto:
                recount.add(day)
                continue
            fence()
            if _fold_one(db, doc, upto, now):
                folded += 1
            days.add(day)
    return {"days": sorted(days), "folded": folded, "recount": recount}


def _fold_one(db: Database, leaving: dict, upto: datetime, now: datetime) -> bool:
    """`leaving` added into its "other" document (once: the `folded` marker), then deleted. False when the
    "other" document counts further than `upto` (then the leaving one stays; the caller recounts the day)."""
    from pymongo.errors import DuplicateKeyError

    key = f"{leaving['day']}|{leaving['dim']}|{versions.OTHER}|{leaving['feature']}"
    marker = f"{leaving['_id']}@{agg_delta._upto(leaving).isoformat()}"
    for _ in range(20):
        other = db[RELEASE_DAILY].find_one({"_id": key})
        if other is not None and marker not in (other.get("folded") or []):
            upto_o = agg_delta._upto(other)
            if upto_o is None or upto_o > upto:
                return False
            agg_delta.fault_point(f"{POINT}fold")
            merged = {**agg_counts.add_day_documents(other, leaving), "_id": key, "value": versions.OTHER,
                      "computed_at": now, "counted_upto": upto, "folded": [*(other.get("folded") or []), marker]}
            if db[RELEASE_DAILY].replace_one({"_id": key, "counted_upto": other.get("counted_upto"),
                                              "folded": {"$ne": marker}}, merged).matched_count != 1:
                continue  # changed meanwhile: read again
        elif other is None:
            agg_delta.fault_point(f"{POINT}fold")
            try:
                db[RELEASE_DAILY].insert_one({**leaving, "_id": key, "value": versions.OTHER, "computed_at": now,
                                              "counted_upto": upto, "folded": [marker]})
            except DuplicateKeyError:
                continue
        agg_delta.fault_point(f"{POINT}fold delete")
        db[RELEASE_DAILY].delete_one({"_id": leaving["_id"], "counted_upto": leaving.get("counted_upto")})
        return True
    return False


def recount(db: Database, upto: datetime, *, thresholds: dict | None = None, tz: str | None = None,
            cap: int | None = None) -> dict[str, dict]:
    """Every release document as a recount of its records ingested before `upto` would make it
    (not stored; for checks: each stored document that counts up to `upto` must equal it)."""
    from store.thresholds import get_thresholds

    tz = zone_or_default(tz)
    thresholds = thresholds if thresholds is not None else get_thresholds(db)
    top = current_top(db, cap)
    return _rollup(_groups(db, {"timestamp": {"$type": "date"}, "ingested_at": {"$lt": upto}},
                           thresholds, tz).values(), top, tz)
