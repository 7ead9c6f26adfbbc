"""verify-aggregates: every roll-up the records are the source of, against a recount of its records.

Three kinds, each reported on its own (`kinds: {daily, weekly, release}`, each {checked, drifted,
repaired, pending}):
- daily: each per-day document (`aggregates_daily_values`) and its daily bucket;
- weekly: each weekly bucket against its days' recounts;
- release: each `aggregates_release_daily` document against a recount of its records.
What a document must count: its records ingested before the watermark (the release aggregates':
`release_watermark`), or before its own `counted_upto` where a refresh moved it further. A
difference that the next refresh will make good is *pending*, not drift: a day waiting to be
recomputed (scores changed: `dirty_days` / `release_days`), a document a refresh moved past the
watermark whose buckets it had not re-derived yet (a crash, or a refresh running), release
documents waiting for their rebuild. `repair` replaces each drifted document with the recount and
re-derives its buckets. `weeks`: only these weeks (the scheduler's cheap daily sample); None: all.
"""
from __future__ import annotations

import random
from collections import defaultdict
from datetime import date, datetime, timedelta, timezone
from typing import Any, Callable

from pymongo.database import Database

from core import metrics
from core.timebuckets import DAY, WEEK, bucket_range, key_day, local_day
from store import aggregate_counts as agg_counts
from store import aggregate_delta as agg_delta
from store import aggregate_rebuild as agg_rebuild
from store import aggregates as agg
from store.collections import AGG_DAILY, AGG_DAILY_VALUES, AGG_WEEKLY, RELEASE_DAILY
from store.collections import STATE as STATE_COLLECTION

KINDS = ("daily", "weekly", "release")
_BUCKET_FIELDS = ("count", "passed", "failing", "missing_scores")


def _aware(ts: Any) -> datetime | None:
    if not isinstance(ts, datetime):
        return None
    return ts if ts.tzinfo else ts.replace(tzinfo=timezone.utc)


def _bucket_matches(bucket: dict | None, parts: list[dict]) -> bool:
    """A bucket document holds the sums of its per-day parts (counts and each metric's n)."""
    if not parts:
        return bucket is None
    if bucket is None:
        return False
    if any(int(bucket.get(f) or 0) != sum(int(p.get(f) or 0) for p in parts) for f in _BUCKET_FIELDS):
        return False
    return all(int(((bucket.get("metrics") or {}).get(m) or {}).get("n") or 0)
               == sum(int(((p.get("metrics") or {}).get(m) or {}).get("n") or 0) for p in parts)
               for m in metrics.score_names())


class _Tally:
    def __init__(self) -> None:
        self.kinds = {k: {"checked": 0, "drifted": 0, "repaired": 0, "pending": 0} for k in KINDS}
        self.examples: list[dict] = []

    def add(self, kind: str, key: str, verdict: str, stored: int = 0, recount: int = 0) -> None:
        self.kinds[kind]["checked"] += 1
        if verdict == "ok":
            return
        self.kinds[kind][verdict] += 1
        if len(self.examples) < 10:
            self.examples.append({"kind": kind, "key": key, "what": verdict, "stored": stored, "recount": recount,
                                  "bucket": stored})


def sample_weeks(db: Database, tz: str, n: int, rng: random.Random | None = None) -> list[date]:
    """`n` weeks (their Mondays) with records, chosen at random (the newest always among them)."""
    chunks = agg_rebuild.full_chunks(db, tz, weeks=1)
    mondays = [local_day(lo, tz) for lo, _hi in chunks]
    if len(mondays) <= n:
        return mondays
    rng = rng or random.Random()
    return sorted({mondays[-1], *rng.sample(mondays[:-1], n - 1)})


def _ranges(db: Database, tz: str, weeks: list[date] | None) -> list[tuple[datetime, datetime]]:
    if weeks is None:
        return agg_rebuild.full_chunks(db, tz)
    return agg_counts.merge_ranges(list(weeks), WEEK, tz)


def verify(db: Database, thresholds: dict, tz: str, state: dict, *, repair: bool = False,
           now: datetime | None = None, fence: Callable[[], None] = agg_delta._no_fence,
           weeks: list[date] | None = None, record: bool = True) -> dict:
    """Check (and with `repair` mend) the daily, weekly and release aggregates; see the module's doc.
    Returns {checked, drifted, repaired, pending, kinds, examples, at[, note]} (totals over the kinds)."""
    now = now or datetime.now(timezone.utc)
    tally = _Tally()
    watermark = _aware(state.get("watermark"))
    out: dict[str, Any] = {"at": now, "sampled_weeks": len(weeks) if weeks is not None else None}
    if watermark is None:
        out["note"] = "no aggregates built yet"
    else:
        ranges = _ranges(db, tz, weeks)
        dirty = {d for d in state.get("dirty_days") or [] if isinstance(d, str)}
        _daily_and_weekly(db, thresholds, tz, watermark, dirty, ranges, tally, repair, now, fence)
        _releases(db, thresholds, tz, state, ranges, tally, repair, now, fence)
    for field in ("checked", "drifted", "repaired", "pending"):
        out[field] = sum(k[field] for k in tally.kinds.values())
    out["kinds"], out["examples"] = tally.kinds, tally.examples
    if record:
        db[STATE_COLLECTION].replace_one({"_id": agg._VERIFY_STATE}, {**out, "_id": agg._VERIFY_STATE}, upsert=True)
    return out


def _daily_and_weekly(db, thresholds, tz, watermark, dirty, ranges, tally, repair, now, fence) -> None:
    repaired_days: set[date] = set()
    for lo, hi in ranges:
        fresh = agg_counts.day_documents(db, {"timestamp": {"$gte": lo, "$lt": hi}, "ingested_at": {"$lt": watermark}},
                                  thresholds, tz)
        stored = {d["_id"]: d for d in db[AGG_DAILY_VALUES].find({"bucket": {"$gte": lo, "$lt": hi}})}
        buckets = {d["_id"]: d for d in db[AGG_DAILY].find({"bucket": {"$gte": lo, "$lt": hi}})}
        wants: dict[str, dict] = {}
        ahead: set[str] = set()  # days a refresh moved past the watermark: their buckets may lag
        for key in sorted(set(fresh) | set(stored)):
            doc, want = stored.get(key), fresh.get(key)
            upto = agg_delta._upto(doc) or watermark
            if doc is not None and upto > watermark:  # counts further: recount to its own point
                ahead.add(key.split("|", 1)[0])
                lo_d, hi_d = bucket_range(key_day(key), DAY, tz)
                want = agg_counts.day_documents(db, {"timestamp": {"$gte": lo_d, "$lt": hi_d},
                                              "ingested_at": {"$lt": upto}}, thresholds, tz).get(key)
            if want is not None:
                wants[key] = want
            values_ok = agg._same_counts(doc, want)
            bucket_ok = _bucket_matches(buckets.get(key), [want] if want else [])
            day = key.split("|", 1)[0]
            if values_ok and bucket_ok:
                verdict = "ok"
            elif day in dirty or (values_ok and day in ahead):
                verdict = "pending"  # the next refresh recomputes the day / re-derives its bucket
            else:
                verdict = "drifted"
            tally.add("daily", key, verdict, int((doc or {}).get("count") or 0), int((want or {}).get("count") or 0))
            if verdict == "drifted" and repair:
                fence()
                if want is None:
                    db[AGG_DAILY_VALUES].delete_one({"_id": key})
                else:
                    db[AGG_DAILY_VALUES].replace_one({"_id": key}, {**want, "computed_at": now,
                                                                   "counted_upto": max(upto, watermark)}, upsert=True)
                repaired_days.add(key_day(key))
                tally.kinds["daily"]["repaired"] += 1
        _weeks(db, tz, lo, hi, wants, dirty, ahead, tally, repair, repaired_days)
    if repair and repaired_days:
        agg_rebuild.refresh_buckets(db, sorted(repaired_days), tz, now, fence)


def _weeks(db, tz, lo, hi, wants, dirty, ahead, tally, repair, repaired_days) -> None:
    parts: dict[str, list[dict]] = defaultdict(list)
    days_of: dict[str, set[str]] = defaultdict(set)
    for key, want in wants.items():
        day = key_day(key)
        monday = day - timedelta(days=day.weekday())
        week_key = f"{monday.isoformat()}|{want['feature']}"
        parts[week_key].append(want)
        days_of[week_key].add(day.isoformat())
    stored = {d["_id"]: d for d in db[AGG_WEEKLY].find({"bucket": {"$gte": lo, "$lt": hi}})}
    for key in sorted(set(parts) | set(stored)):
        if _bucket_matches(stored.get(key), parts.get(key, [])):
            tally.add("weekly", key, "ok")
            continue
        monday = key_day(key)
        week_days = {(monday + timedelta(days=i)).isoformat() for i in range(7)}
        verdict = "pending" if week_days & (dirty | ahead) else "drifted"
        tally.add("weekly", key, verdict, int((stored.get(key) or {}).get("count") or 0),
                  sum(int(p.get("count") or 0) for p in parts.get(key, [])))
        if verdict == "drifted" and repair:
            repaired_days.add(monday)  # its week is re-derived from the (repaired) per-day documents
            tally.kinds["weekly"]["repaired"] += 1


def _releases(db, thresholds, tz, state, ranges, tally, repair, now, fence) -> None:
    from store import release_aggregates as rel

    upto = _aware(state.get("release_watermark"))
    top = state.get("release_top")
    if upto is None or not isinstance(top, dict):
        return  # not built yet (the refresh after the first full one builds them)
    rebuilding = bool(state.get("release_full_pending")) or \
        state.get("release_values") != {"version": rel.VALUES_VERSION, "tz": tz}
    waiting = {d for d in state.get("release_days") or [] if isinstance(d, str)}
    for lo, hi in ranges:
        want = rel._rollup(rel._groups(db, {"timestamp": {"$gte": lo, "$lt": hi}, "ingested_at": {"$lt": upto}},
                                       thresholds, tz).values(), top, tz)
        first, last = local_day(lo, tz), local_day(hi - timedelta(microseconds=1), tz)
        stored = {d["_id"]: d for d in db[RELEASE_DAILY].find({"day": {"$gte": first.isoformat(),
                                                                       "$lte": last.isoformat()}})}
        for key in sorted(set(want) | set(stored)):
            doc = stored.get(key)
            if agg._same_counts(doc, want.get(key)):
                tally.add("release", key, "ok")
                continue
            ahead = (agg_delta._upto(doc) or upto) > upto
            verdict = "pending" if rebuilding or ahead or key.split("|", 1)[0] in waiting else "drifted"
            tally.add("release", key, verdict, int((doc or {}).get("count") or 0),
                      int((want.get(key) or {}).get("count") or 0))
            if verdict == "drifted" and repair:
                fence()
                if key in want:
                    db[RELEASE_DAILY].replace_one({"_id": key}, {**want[key], "computed_at": now,
                                                                 "counted_upto": upto}, upsert=True)
                else:
                    db[RELEASE_DAILY].delete_one({"_id": key})
                tally.kinds["release"]["repaired"] += 1
