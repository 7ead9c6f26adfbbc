"""Aggregate refresh: daily and weekly buckets per feature and for all features.

Incremental by default: the records ingested since the last watermark (read
through the `ingested_at` index) are added (`$inc`) to their days' per-day
documents in `aggregates_daily_values` — their days' other records are not
re-read; the days that the score writer marked dirty (scores changed) are
recomputed from their records. The daily buckets of the touched days and
their weeks are then re-derived from the per-day documents. A full rebuild
runs with `--full`, on the first run, when a threshold change asked for one,
or when `aggregates_daily_values` was built by another version or for another
time zone (or not at all).

Windows: each refresh counts the records with `ingested_at` in [watermark,
cutoff), cutoff = now - EVALBOARD_AGGREGATE_SETTLE_S (records get `ingested_at`
just before their batch is written: the settle time lets a batch in flight
land before its window is read); the next refresh starts at this cutoff, so no
record is counted twice or missed. The pipelines live in store/aggregates.py
and run inside MongoDB. `fence()` (from the job lock, jobs/runner.py) is
checked before each write phase.
"""
from __future__ import annotations

from datetime import date, datetime, timedelta, timezone

from pymongo.database import Database

from settings import get_settings
from store import aggregates as agg
from store.state import AGGREGATE, clear_dirty_days, get_state, set_state
from store.thresholds import get_thresholds


def _ms(ts: datetime) -> datetime:
    return ts.replace(microsecond=(ts.microsecond // 1000) * 1000)


def _no_fence() -> None:
    return None


def refresh(db: Database, full: bool = False, now: datetime | None = None, fence=None) -> dict:
    fence = fence or _no_fence
    settings = get_settings()
    tz = settings.timezone or "UTC"
    wall = datetime.now(timezone.utc)
    now = _ms(now or wall)
    # `ingested_at` is wall-clock time: a run dated in the past (a replay) still counts what has arrived
    cutoff = _ms(max(now, wall) - timedelta(seconds=settings.aggregate_settle_s))
    state = get_state(db, AGGREGATE)
    thresholds = get_thresholds(db)
    watermark = state.get("watermark")
    dirty = [d for d in state.get("dirty_days") or [] if isinstance(d, str)]
    requested = bool(state.get("full_rebuild_requested"))
    values_ok = state.get("daily_values") == {"version": agg.DAILY_VALUES_VERSION, "tz": tz}
    if full or requested or watermark is None or not values_ok:
        built = agg.rebuild(db, None, thresholds, tz, now, cutoff=cutoff, fence=fence)
        fence()
        set_state(db, AGGREGATE, watermark=cutoff, full_rebuild_requested=False, last_full_at=now,
                  daily_values={"version": agg.DAILY_VALUES_VERSION, "tz": tz})
        clear_dirty_days(db, dirty)
        reason = ("asked" if full else "thresholds changed" if requested else "first run" if watermark is None
                  else "per-day values missing or outdated")
        return {"mode": "full", "reason": reason, "daily_buckets": built["daily"], "weekly_buckets": built["weekly"]}
    if watermark.tzinfo is None:
        watermark = watermark.replace(tzinfo=timezone.utc)
    recompute: set[date] = set()
    for text in dirty:
        try:
            recompute.add(date.fromisoformat(text))
        except ValueError:
            pass
    if cutoff <= watermark:
        # two refreshes within the settle time: nothing new can be counted yet, but days whose
        # scores or verdicts changed (a threshold edit) are recomputed up to what is counted
        if not recompute:
            return {"mode": "incremental", "days": 0, "daily_buckets": 0, "weekly_buckets": 0}
        cutoff, added = watermark, []
    else:
        added = agg.add_late_records(db, watermark, cutoff, recompute, thresholds, tz, now, fence)
    built = agg.rebuild(db, sorted(recompute), thresholds, tz, now, cutoff=cutoff, fence=fence)
    daily, weekly = agg.refresh_buckets(db, sorted(set(added) - recompute), tz, now, fence)
    fence()
    set_state(db, AGGREGATE, watermark=cutoff)
    clear_dirty_days(db, dirty)
    return {"mode": "incremental", "days": len(recompute | set(added)), "recomputed_days": len(recompute),
            "added_days": len(added), "daily_buckets": built["daily"] + len(daily),
            "weekly_buckets": built["weekly"] + len(weekly)}
