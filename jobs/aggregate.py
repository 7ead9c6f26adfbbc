"""Aggregate refresh: daily and weekly buckets per feature and for all features.

Incremental by default: the days touched by records ingested since the last
watermark (`ingested_at`, read through its index) plus the days that batch
scoring marked dirty are recomputed from their records; their weeks are then
re-derived from the per-day documents in `aggregates_daily_values` (the week's
other days are not re-read). A full rebuild runs with `--full`, on the first
run, when a threshold change asked for one, or when `aggregates_daily_values`
was built by another version or for another time zone (or not at all).
The pipeline itself lives in store/aggregates.py and runs inside MongoDB.
"""
from __future__ import annotations

from datetime import date, datetime, timedelta, timezone

from pymongo.database import Database

from settings import get_settings
from store import aggregates as agg
from store.state import AGGREGATE, clear_dirty_days, get_state, set_state
from store.thresholds import get_thresholds

# Records get `ingested_at` just before their batch is written (store.records);
# the next run looks back this far past the watermark so that a batch being
# written while a run starts is not missed (a batch takes well under a second).
OVERLAP = timedelta(seconds=30)


def _ms(ts: datetime) -> datetime:
    return ts.replace(microsecond=(ts.microsecond // 1000) * 1000)


def refresh(db: Database, full: bool = False, now: datetime | None = None) -> dict:
    tz = get_settings().timezone or "UTC"
    now = _ms(now or datetime.now(timezone.utc))
    state = get_state(db, AGGREGATE)
    thresholds = get_thresholds(db)
    watermark = state.get("watermark")
    dirty = [d for d in state.get("dirty_days") or [] if isinstance(d, str)]
    requested = bool(state.get("full_rebuild_requested"))
    values_ok = state.get("daily_values") == {"version": agg.DAILY_VALUES_VERSION, "tz": tz}
    if full or requested or watermark is None or not values_ok:
        built = agg.rebuild(db, None, thresholds, tz, now)
        set_state(db, AGGREGATE, watermark=now, full_rebuild_requested=False, last_full_at=now,
                  daily_values={"version": agg.DAILY_VALUES_VERSION, "tz": tz})
        clear_dirty_days(db, dirty)
        reason = ("asked" if full else "thresholds changed" if requested else "first run" if watermark is None
                  else "per-day values missing or outdated")
        return {"mode": "full", "reason": reason, "daily_buckets": built["daily"], "weekly_buckets": built["weekly"]}
    if watermark.tzinfo is None:
        watermark = watermark.replace(tzinfo=timezone.utc)
    days = set(agg.touched_days(db, watermark - OVERLAP, now + timedelta(days=3650), tz))
    for text in dirty:
        try:
            days.add(date.fromisoformat(text))
        except ValueError:
            pass
    days_sorted = sorted(days)
    built = agg.rebuild(db, days_sorted, thresholds, tz, now)
    set_state(db, AGGREGATE, watermark=now)
    clear_dirty_days(db, dirty)
    return {"mode": "incremental", "days": len(days_sorted), "daily_buckets": built["daily"],
            "weekly_buckets": built["weekly"]}
