"""The validated pieces of a Triage filter (store/triage.py `build_filter` assembles them): the date range of
whole local days, bounds on the overall score, a plain equality on a string field, a version field's clause,
the sort order, and the `$match` stages a filter with a search runs as. Pure: values in (ValidationFailed on
bad ones), dicts out."""
from __future__ import annotations

import math
from datetime import date, datetime, timedelta, timezone
from typing import Any

from pymongo import ASCENDING, DESCENDING

from core import versions
from core.timebuckets import DAY, bucket_start, local_day, today
from store.errors import ValidationFailed


SORT_FIELDS = {
    "timestamp": "timestamp",
    "overall_quality": "eb.scores.overall_quality",
    "faithfulness": "eb.scores.faithfulness",
}
DEFAULT_DAYS = 7
MAX_KEY_CHARS = 200


def _day_start(value: date | datetime) -> datetime:
    """A datetime as given (naive = UTC); a date as the instant its local day starts (core.timebuckets)."""
    if isinstance(value, datetime):
        return value if value.tzinfo else value.replace(tzinfo=timezone.utc)
    return bucket_start(value, DAY)


def date_bounds(start: date | datetime | None, end: date | datetime | None,
                *, now: datetime | None = None) -> tuple[datetime, datetime]:
    """[from, to) in UTC. Dates are whole local days of EVALBOARD_TIMEZONE (end inclusive; the
    same days the aggregates, alerts and reports cut, core.timebuckets); default: the last 7 days."""
    now = now or datetime.now(timezone.utc)
    for name, value in (("start", start), ("end", end)):
        if value is not None and not isinstance(value, (date, datetime)):
            raise ValidationFailed(f"{name} must be a date")
    if end is None:
        upper = bucket_start(today(None, now) + timedelta(days=1), DAY)
    elif isinstance(end, datetime):
        upper = _day_start(end)
    else:
        upper = bucket_start(end + timedelta(days=1), DAY)
    if start is None:
        lower = bucket_start(local_day(upper - timedelta(seconds=1)) - timedelta(days=DEFAULT_DAYS - 1), DAY)
    else:
        lower = _day_start(start)
    if lower >= upper:
        raise ValidationFailed("the start date must be before the end date")
    return lower, upper


def _score(name: str, value: Any) -> float | None:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise ValidationFailed(f"{name} must be a number between 0 and 1")
    if not 0.0 <= float(value) <= 1.0:
        raise ValidationFailed(f"{name} must be between 0 and 1")
    return float(value)


def score_bounds(score_min: Any, score_max: Any) -> dict:
    """`{$gte, $lte}` on the overall score (a bound at 0 or 1 bounds nothing: left out), both checked."""
    low, high = _score("score_min", score_min), _score("score_max", score_max)
    if low is not None and high is not None and low > high:
        raise ValidationFailed("the lowest score must not be above the highest")
    bounds = {}
    if low is not None and low > 0.0:
        bounds["$gte"] = low
    if high is not None and high < 1.0:
        bounds["$lte"] = high
    return bounds


def equals_clause(field: str, value: Any, what: str) -> dict | None:
    """`{field: value}` for a plain, length-capped string (a value, never an operator or key)."""
    if value in (None, ""):
        return None
    if not isinstance(value, str) or not value.strip():
        raise ValidationFailed(f"{what} must be text")
    text = value.strip()
    if len(text) > MAX_KEY_CHARS:
        raise ValidationFailed(f"{what} is too long (at most {MAX_KEY_CHARS} characters)")
    return {field: text}


def version_clause(dimension: str, value: Any) -> dict | None:
    """`{release: "2026.12"}` (or model / prompt_version) for a checked value; "unversioned" matches
    records without the field. ValidationFailed for anything else (never an operator)."""
    if value in (None, ""):
        return None
    if not isinstance(value, str):
        raise ValidationFailed(f"{dimension} must be text")
    try:
        text = versions.selector_value(dimension, value.strip())
    except versions.BadVersion as exc:
        raise ValidationFailed(str(exc)) from None
    if text == versions.OTHER:
        raise ValidationFailed(f"pick one {dimension}, not the 'other' group")
    return {dimension: None if text == versions.UNVERSIONED else text}


def sort_spec(sort: str = "overall_quality", descending: bool = False) -> list[tuple[str, int]]:
    if sort not in SORT_FIELDS:
        raise ValidationFailed(f"sort must be one of {', '.join(SORT_FIELDS)}")
    direction = DESCENDING if descending else ASCENDING
    return [(SORT_FIELDS[sort], direction), ("_id", direction)]


def match_stages(filter: dict) -> list[dict]:
    """The filter as `$match` stages: the indexed fields first, a search `$or` after.

    The embedded server reads the whole collection for a find whose filter has a
    top-level `$or` (measured at 200k records: 30 s against 1.3 s for the same filter
    with one regex), but a first `$match` on the date range uses the index and the
    second one only sees that period's records (20k records: 0.20 s against 1.07 s)."""
    rest = {k: v for k, v in filter.items() if k != "$or"}
    return [{"$match": rest}] + ([{"$match": {"$or": filter["$or"]}}] if "$or" in filter else [])
