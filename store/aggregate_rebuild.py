"""The full rebuild of the aggregates and the derivation of their buckets: days recomputed whole
from their records (`rebuild`: everything a few weeks at a time, newest first, or the days given),
the daily and weekly bucket documents re-derived from the per-day documents (`refresh_buckets`),
documents whose records are gone deleted (`drop_unwritten`), and the shape version of the per-day
documents (DAILY_VALUES_VERSION, `convert_sorted_values`).

Its own module because recomputing from the records is a concern apart from the delta refresh
(store/aggregate_delta.py), which it shares the write rule and the fault points with.
"""
from __future__ import annotations

from collections import defaultdict
from datetime import date, datetime, timedelta, timezone
from typing import Any, Callable, Iterable

from pymongo import ASCENDING, ReplaceOne
from pymongo.database import Database

from core.timebuckets import DAY, WEEK, bucket_range, bucket_start, local_day
from store.collections import AGG_DAILY, AGG_DAILY_VALUES, AGG_WEEKLY, RECORDS
from store.aggregate_counts import HIST_STEP, _bin, day_documents, finalize, merge_ranges
from store.aggregate_delta import Fence, _no_fence, write_recounts

FULL_CHUNK_WEEKS = 2
_EPOCH = datetime(1900, 1, 1, tzinfo=timezone.utc)
_MIN, _MAX = datetime(1, 1, 1, tzinfo=timezone.utc), datetime(9999, 12, 31, tzinfo=timezone.utc)
# bump when the shape of aggregates_daily_values changes: the next refresh then rebuilds everything
DAILY_VALUES_VERSION = 3  # 2: diagnosis quadrant counts; 3: score histograms instead of sorted values
_WRITE_BATCH = 500


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


def _write(db: Database, coll: str, docs: Iterable[dict]) -> set[str]:
    """Replace (or insert) each document; each replacement is atomic on its own. Returns the keys written."""
    batch: list[ReplaceOne] = []
    keys: set[str] = set()
    for doc in docs:
        batch.append(ReplaceOne({"_id": doc["_id"]}, doc, upsert=True))
        keys.add(doc["_id"])
        if len(batch) >= _WRITE_BATCH:
            db[coll].bulk_write(batch, ordered=False)
            batch = []
    if batch:
        db[coll].bulk_write(batch, ordered=False)
    return keys


def _recompute(db: Database, rng: tuple[datetime, datetime], thresholds: dict, tz: str, cutoff: datetime,
               computed_at: datetime, fence: Fence) -> set[str]:
    """Replace the per-day documents of the days in `rng` from all their records counted up to `cutoff`.

    A stored document that already counts further than `cutoff` (another refresh got there first)
    is left alone and its day marked dirty, so the next refresh recomputes it with a later cutoff."""
    match = {"timestamp": {"$gte": rng[0], "$lt": rng[1]}, "ingested_at": {"$lt": cutoff}}
    docs = day_documents(db, match, thresholds, tz)
    fence()
    from store.state import mark_dirty_days
    return write_recounts(db, AGG_DAILY_VALUES, docs.values(), cutoff, computed_at, on_newer=mark_dirty_days)


def _buckets(db: Database, day_ranges: list[tuple[datetime, datetime]],
             week_ranges: list[tuple[datetime, datetime]], tz: str, computed_at: datetime,
             fence: Fence) -> tuple[set[str], set[str]]:
    """Daily buckets of `day_ranges` and weekly buckets of `week_ranges`, from aggregates_daily_values.

    Reads the per-day documents of the touched weeks once (they include the touched days).
    Returns the keys of the daily and weekly documents written.
    """
    if not week_ranges:
        return set(), set()
    per_day: list[dict] = []
    per_week: dict[tuple[date, str], list[dict]] = defaultdict(list)
    # one plain range per query: for an $or the embedded server's planner reads the whole collection
    found = (part for lo, hi in week_ranges
             for part in db[AGG_DAILY_VALUES].find({"bucket": {"$gte": lo, "$lt": hi}}).sort(
                 [("bucket", ASCENDING), ("feature", ASCENDING)]))
    for part in found:
        start = part["bucket"]
        day = local_day(start, tz)
        if any(lo <= start < hi for lo, hi in day_ranges):
            per_day.append(finalize([part], start, f"{day.isoformat()}|{part['feature']}", "day", computed_at))
        per_week[(day - timedelta(days=day.weekday()), part["feature"])].append(part)
    fence()
    daily = _write(db, AGG_DAILY, per_day)
    weekly = _write(db, AGG_WEEKLY, (finalize(parts, bucket_start(monday, DAY, tz),
                                              f"{monday.isoformat()}|{feature}", "week", computed_at)
                                     for (monday, feature), parts in sorted(per_week.items())))
    return daily, weekly


def drop_unwritten(db: Database, coll: str, ranges: list[tuple[datetime, datetime]], written: set[str],
                   started: datetime, fence: Fence) -> None:
    """Delete documents in `ranges` that this run did not write and that are older than its start.

    Their (day, feature) has no records any more. Never a document another run
    wrote after this one began (two runs that overlap despite the job lock
    cannot delete each other's work). One delete per range, on the
    (bucket, feature) index: an $or would make the embedded server read every
    document of the collection."""
    fence()
    for lo, hi in ranges:
        db[coll].delete_many({"bucket": {"$gte": lo, "$lt": hi}, "computed_at": {"$lt": started},
                              "_id": {"$nin": sorted(written)}})


def rebuild(db: Database, days: list[date] | None, thresholds: dict, tz: str, computed_at: datetime,
            cutoff: datetime | None = None, fence: Fence = _no_fence,
            progress: Callable[[int, int], None] | None = None) -> dict[str, int]:
    """Recompute the days `days` (None = everything) from their records, then their daily and weekly buckets.

    A full rebuild goes a few weeks at a time (week-aligned, so no bucket is
    split), newest first: on the embedded server one huge aggregation would hold
    the server for minutes, long enough for the driver to give up on it, and the
    recent weeks a page shows first are ready after the first span
    (`progress(done, of)` after each). Documents in the
    rebuilt ranges that this run did not write (their records are gone) are
    deleted after (`_drop_unwritten`). `fence()` is called before each write
    phase: it raises when the job lock was lost, and the run stops there.
    Returns the bucket documents written: {"daily": n, "weekly": n}.
    """
    cutoff = cutoff or computed_at
    daily: set[str] = set()
    weekly: set[str] = set()
    if days is None:
        chunks = full_chunks(db, tz)[::-1]
        values: set[str] = set()
        for i, chunk in enumerate(chunks):
            if progress is not None:
                progress(i, len(chunks))
            written = _recompute(db, chunk, thresholds, tz, cutoff, computed_at, fence)
            values |= written
            drop_unwritten(db, AGG_DAILY_VALUES, [chunk], written, computed_at, fence)
            d, w = _buckets(db, [chunk], [chunk], tz, computed_at, fence)
            daily |= d
            weekly |= w
        everything = [(_MIN, _MAX)]
        drop_unwritten(db, AGG_DAILY_VALUES, everything, values, computed_at, fence)
        drop_unwritten(db, AGG_DAILY, everything, daily, computed_at, fence)
        drop_unwritten(db, AGG_WEEKLY, everything, weekly, computed_at, fence)
    elif days:
        day_ranges = merge_ranges(days, DAY, tz)
        written = set()
        for day_range in day_ranges:
            written |= _recompute(db, day_range, thresholds, tz, cutoff, computed_at, fence)
        # before the weekly buckets read them: a (day, feature) whose records are gone must not count
        drop_unwritten(db, AGG_DAILY_VALUES, day_ranges, written, computed_at, fence)
        daily, weekly = refresh_buckets(db, days, tz, computed_at, fence)
    return {"daily": len(daily), "weekly": len(weekly)}


def refresh_buckets(db: Database, days: list[date], tz: str, computed_at: datetime,
                    fence: Fence = _no_fence) -> tuple[set[str], set[str]]:
    """Re-derive the daily buckets of `days` and the weekly buckets holding them from the per-day documents."""
    if not days:
        return set(), set()
    day_ranges, week_ranges = merge_ranges(days, DAY, tz), merge_ranges(days, WEEK, tz)
    daily, weekly = _buckets(db, day_ranges, week_ranges, tz, computed_at, fence)
    drop_unwritten(db, AGG_DAILY, day_ranges, daily, computed_at, fence)
    drop_unwritten(db, AGG_WEEKLY, week_ranges, weekly, computed_at, fence)
    return daily, weekly


def convert_sorted_values(db: Database) -> int:
    """Migration: per-day documents of version 2 (`metrics.<m>.values`, sorted) get their histograms.

    Keeps them readable until the next refresh rebuilds them (DAILY_VALUES_VERSION)."""
    converted = 0
    for doc in db[AGG_DAILY_VALUES].find({"metrics": {"$exists": True}}):
        update: dict[str, Any] = {}
        for m, stats in (doc.get("metrics") or {}).items():
            if isinstance(stats, dict) and isinstance(stats.get("values"), list):
                hist: dict[str, int] = {}
                for v in stats["values"]:
                    if isinstance(v, (int, float)) and not isinstance(v, bool) and v == v:
                        key = str(_bin(v / HIST_STEP))
                        hist[key] = hist.get(key, 0) + 1
                update.setdefault("$set", {})[f"metrics.{m}.hist"] = hist
                update.setdefault("$unset", {})[f"metrics.{m}.values"] = ""
        if update:
            db[AGG_DAILY_VALUES].update_one({"_id": doc["_id"]}, update)
            converted += 1
    return converted
