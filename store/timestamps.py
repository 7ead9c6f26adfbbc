"""Reading a logged timestamp honestly: a UTC datetime, or a reason why not.

Rules (README "Ingest"):
- numbers are epoch seconds when their integer part has 9-11 digits and epoch
  milliseconds with 12-14 digits; any other length is refused (a year like 2024
  or a date like 20240501 is not an epoch);
- ISO 8601 in the extended (2024-05-01T10:15:00Z) and basic (20240501,
  20240501T101500Z) forms; other text only when it names year, month and day
  ("May 1 2024 10:00 PST"); relative words ("Tuesday", "yesterday") are refused;
- a timezone abbreviation (PST, IST, ...) or IANA name (Europe/Berlin) is
  resolved; one we do not know is noted and the time taken as UTC;
- the result must lie in 1970-2100; outside it (or beyond what a datetime can
  hold, e.g. 0001-01-01T00:00:00+05:00) the timestamp is refused.
Every conversion that is not plain ISO with an offset is noted in `issues`.
"""
from __future__ import annotations

import math
import re
import warnings
from datetime import datetime, timedelta, timezone
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from dateutil import parser as dateparser

EARLIEST = datetime(1970, 1, 1, tzinfo=timezone.utc)
LATEST = datetime(2101, 1, 1, tzinfo=timezone.utc)  # exclusive: 2100 is the last year taken

# Abbreviations as logs write them. Ambiguous ones take the reading named here
# (and every resolution is noted in eb.issues, so a wrong guess is visible).
_ZONE_ABBREVIATIONS: dict[str, tuple[float, str]] = {
    "UTC": (0, "UTC"), "GMT": (0, "UTC"), "UT": (0, "UTC"), "Z": (0, "UTC"),
    "PST": (-8, "Pacific Standard Time"), "PDT": (-7, "Pacific Daylight Time"),
    "MST": (-7, "Mountain Standard Time"), "MDT": (-6, "Mountain Daylight Time"),
    "CST": (-6, "US Central Standard Time"), "CDT": (-5, "US Central Daylight Time"),
    "EST": (-5, "Eastern Standard Time"), "EDT": (-4, "Eastern Daylight Time"),
    "AKST": (-9, "Alaska Standard Time"), "AKDT": (-8, "Alaska Daylight Time"),
    "HST": (-10, "Hawaii Standard Time"),
    "BST": (1, "British Summer Time"), "WET": (0, "Western European Time"), "WEST": (1, "Western European Summer Time"),
    "CET": (1, "Central European Time"), "CEST": (2, "Central European Summer Time"),
    "EET": (2, "Eastern European Time"), "EEST": (3, "Eastern European Summer Time"),
    "MSK": (3, "Moscow Time"), "IST": (5.5, "India Standard Time"), "PKT": (5, "Pakistan Time"),
    "SGT": (8, "Singapore Time"), "HKT": (8, "Hong Kong Time"), "JST": (9, "Japan Standard Time"),
    "KST": (9, "Korea Standard Time"), "AEST": (10, "Australian Eastern Standard Time"),
    "AEDT": (11, "Australian Eastern Daylight Time"), "NZST": (12, "New Zealand Standard Time"),
    "NZDT": (13, "New Zealand Daylight Time"),
}
_RELATIVE = re.compile(r"\b(now|today|tonight|yesterday|tomorrow|ago|next|last|this)\b", re.IGNORECASE)
_IANA = re.compile(r"\b([A-Z][A-Za-z_]+(?:/[A-Za-z0-9_+\-]+)+)\s*$")
_NUMERIC = re.compile(r"[+-]?\d+(?:\.\d*)?")
_ISO_DATE = re.compile(r"\d{4}-\d{2}-\d{2}|\d{8}")


class BadTimestamp(ValueError):
    """The value is not a usable timestamp; the message is the quarantine reason."""


def read_timestamp(value: Any, issues: list[str]) -> datetime:
    """An aware UTC datetime (milliseconds, as BSON keeps them), or BadTimestamp."""
    dt = _read(value, issues)
    try:
        offset = dt.utcoffset()
    except ValueError:  # a tzinfo whose offset datetime refuses (a day or more)
        offset = timedelta(hours=24)
    if offset is not None and abs(offset) >= timedelta(hours=24):
        raise BadTimestamp(f"timestamp {_show(value)} has an invalid UTC offset (offsets lie between -23:59 "
                           "and +23:59)")
    try:
        if dt.tzinfo is None:
            dt = dt.replace(tzinfo=timezone.utc)
        utc = dt.astimezone(timezone.utc)
    except (OverflowError, ValueError):
        raise BadTimestamp(f"timestamp {_show(value)} outside 1970-2100") from None
    if not EARLIEST <= utc < LATEST:
        raise BadTimestamp(f"timestamp {_show(value)} outside 1970-2100 ({utc.date().isoformat()})")
    return utc.replace(microsecond=(utc.microsecond // 1000) * 1000)


def _show(value: Any) -> str:
    return repr(str(value)[:40])


def _read(value: Any, issues: list[str]) -> datetime:
    if isinstance(value, dict):
        if "$date" in value:
            return _read(value["$date"], issues)
        if "$numberLong" in value:
            return _epoch(value["$numberLong"], issues)
        raise BadTimestamp(f"unparseable timestamp ({_show(value)})")
    if isinstance(value, datetime):
        return value  # a BSON date: UTC by definition
    as_datetime = getattr(value, "as_datetime", None)  # bson DatetimeMS (a date outside datetime's range)
    if callable(as_datetime):
        try:
            return as_datetime()
        except (OverflowError, ValueError, OSError):
            raise BadTimestamp(f"timestamp {_show(value)} outside 1970-2100") from None
    if isinstance(value, bool) or value is None:
        raise BadTimestamp(f"unparseable timestamp ({_show(value)})")
    if isinstance(value, (int, float)):
        return _epoch(value, issues)
    if isinstance(value, str):
        return _text(value.strip(), issues)
    raise BadTimestamp(f"unparseable timestamp ({_show(value)})")


def _epoch(value: Any, issues: list[str]) -> datetime:
    """Epoch seconds (9-11 digits) or milliseconds (12-14 digits)."""
    text = str(value).strip()
    if isinstance(value, float):
        if not math.isfinite(value):
            raise BadTimestamp(f"unparseable timestamp ({_show(value)})")
        text = repr(value)
    if not _NUMERIC.fullmatch(text):
        raise BadTimestamp(f"unparseable timestamp ({_show(value)})")
    digits = len(text.lstrip("+-").split(".")[0].lstrip("0") or "0")
    if 9 <= digits <= 11:
        unit, divisor = "seconds", 1.0
    elif 12 <= digits <= 14:
        unit, divisor = "milliseconds", 1000.0
    else:
        raise BadTimestamp(f"timestamp {_show(value)} is neither a date nor epoch seconds (9-11 digits) "
                           f"or milliseconds (12-14 digits)")
    number = float(text)
    issues.append(f"timestamp given as epoch {unit} ({text[:20]})")
    try:
        return datetime.fromtimestamp(number / divisor, tz=timezone.utc)
    except (OverflowError, OSError, ValueError):
        raise BadTimestamp(f"timestamp {_show(value)} outside 1970-2100") from None


def _text(text: str, issues: list[str]) -> datetime:
    if not text:
        raise BadTimestamp("missing timestamp")
    if _NUMERIC.fullmatch(text) and not re.fullmatch(r"\d{8}", text):
        return _epoch(text, issues)
    try:
        dt = dateparser.isoparse(text)
    except (ValueError, OverflowError):
        dt = None
    if dt is not None and _ISO_DATE.match(text.split("T")[0].split(" ")[0]) \
            and len(text.split("T")[0].split(" ")[0]) in (8, 10):
        if "-" not in text.split("T")[0]:
            issues.append(f"timestamp in ISO basic form ({text[:30]})")
        if dt.tzinfo is None:
            issues.append("timestamp without timezone, taken as UTC")
        return dt
    return _free_text(text, issues)


# day and month both written as numbers (1.5.2024, 01/05/2024, 1-5-24): which comes first is a guess
_NUMERIC_DATE = re.compile(r"^\s*(\d{1,2})([./-])(\d{1,2})\2(\d{2}|\d{4})\b")


def _free_text(text: str, issues: list[str]) -> datetime:
    """A date written out ("May 1 2024 10:00 PST"): year, month and day must all be there."""
    if _RELATIVE.search(text):
        raise BadTimestamp(f"relative timestamp {_show(text)}: it needs a year, month and day")
    zone = None
    match = _IANA.search(text)
    if match:
        try:
            zone = ZoneInfo(match.group(1))
        except (ZoneInfoNotFoundError, ValueError):
            zone = None
        if zone is not None:
            text = text[:match.start()].strip()
    tzinfos = {name: timezone(timedelta(hours=hours)) for name, (hours, _label) in _ZONE_ABBREVIATIONS.items()}
    parsed = []
    for default in (datetime(2000, 1, 1), datetime(2001, 2, 2)):
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            try:
                parsed.append(dateparser.parse(text, default=default, tzinfos=tzinfos))
            except (ValueError, OverflowError, TypeError):
                raise BadTimestamp(f"unparseable timestamp ({_show(text)})") from None
    first, second = parsed
    if first.date() != second.date():
        raise BadTimestamp(f"incomplete or relative timestamp {_show(text)}: it needs a year, month and day")
    ambiguous = _NUMERIC_DATE.match(text)
    if ambiguous and ambiguous.group(1) != ambiguous.group(3) and max(int(ambiguous.group(1)),
                                                                      int(ambiguous.group(3))) <= 12:
        other = first.replace(month=first.day, day=first.month)
        issues.append(f"timestamp {_show(text)} is ambiguous: read month-first as {first:%Y-%m-%d} "
                      f"({first:%-d %B}), not day-first as {other:%Y-%m-%d} ({other:%-d %B}); month-first is "
                      "the reading every earlier ingest used, so the same text always lands on the same day. "
                      "Log ISO 8601 (YYYY-MM-DD) to be exact")
    if zone is not None:
        if first.tzinfo is None:
            first = first.replace(tzinfo=zone)
        issues.append(f"timestamp timezone {match.group(1)} applied")
    elif first.tzinfo is None:
        unknown = [str(w.message) for w in caught if "tzname" in str(w.message)]
        if unknown:
            name = unknown[0].split("tzname ", 1)[1].split(" ", 1)[0]
            issues.append(f"timestamp timezone {name!r} not recognised, taken as UTC")
        else:
            issues.append("timestamp without timezone, taken as UTC")
    else:
        for name, (hours, label) in _ZONE_ABBREVIATIONS.items():
            if re.search(rf"\b{name}\b", text) and name not in ("UTC", "GMT", "UT", "Z"):
                issues.append(f"timestamp timezone {name} read as {label} (UTC{hours:+g})")
                break
    issues.append(f"timestamp read from free text ({text[:30]})")
    return first
