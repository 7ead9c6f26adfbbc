"""Day and week buckets, one definition for store and dashboard.

A day is the local calendar day in the configured timezone (EVALBOARD_TIMEZONE);
its bucket is the UTC instant of that local midnight. Weeks start on Monday.
"""
from __future__ import annotations

from datetime import date, datetime, time, timedelta, timezone
from zoneinfo import ZoneInfo

from settings import get_settings

DAY, WEEK = "day", "week"
GRANULARITIES = (DAY, WEEK)


def zone_name() -> str:
    """The configured timezone's name (EVALBOARD_TIMEZONE, default UTC)."""
    return get_settings().timezone or "UTC"


def tzinfo(name: str | None = None) -> ZoneInfo:
    """The zone `name` (default: the configured one); an unknown name falls back to UTC."""
    try:
        return ZoneInfo(name or get_settings().timezone or "UTC")
    except Exception:  # noqa: BLE001 - an unknown zone falls back to UTC
        return ZoneInfo("UTC")


def local_day(ts: datetime, tz: str | None = None) -> date:
    if ts.tzinfo is None:
        ts = ts.replace(tzinfo=timezone.utc)
    return ts.astimezone(tzinfo(tz)).date()


def today(tz: str | None = None, now: datetime | None = None) -> date:
    return local_day(now or datetime.now(timezone.utc), tz)


def week_start(day: date) -> date:
    return day - timedelta(days=day.weekday())


def bucket_start(day: date, granularity: str = DAY, tz: str | None = None) -> datetime:
    """UTC instant of the local midnight that starts the bucket holding `day`."""
    if granularity == WEEK:
        day = week_start(day)
    return datetime.combine(day, time.min, tzinfo=tzinfo(tz)).astimezone(timezone.utc)


def bucket_range(day: date, granularity: str = DAY, tz: str | None = None) -> tuple[datetime, datetime]:
    """[start, end) in UTC of the day or week holding `day`."""
    first = week_start(day) if granularity == WEEK else day
    span = timedelta(days=7 if granularity == WEEK else 1)
    return bucket_start(first, DAY, tz), bucket_start(first + span, DAY, tz)


def days_range(start: date, end: date, tz: str | None = None) -> tuple[datetime, datetime]:
    """[start 00:00, end+1 00:00) in UTC for the local days start..end (both included)."""
    return bucket_start(start, DAY, tz), bucket_start(end + timedelta(days=1), DAY, tz)


def bucket_day(bucket: datetime, tz: str | None = None) -> date:
    """The local day a stored bucket instant stands for."""
    return local_day(bucket, tz)


def is_partial(day: date, granularity: str = DAY, tz: str | None = None, now: datetime | None = None) -> bool:
    """True for the bucket that holds today: it is still filling up."""
    current = today(tz, now)
    if granularity == WEEK:
        return week_start(day) == week_start(current)
    return day == current


def key_day(key: object) -> date:
    """The day a daily aggregate's key names: its `_id` starts with the day ("2026-03-02|chat|…")."""
    return datetime.fromisoformat(str(key).split("|", 1)[0]).date()
