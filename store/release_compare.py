"""The records behind a comparison of A and B: queries whose verdict flipped.

A side is a dimension value (release, model, prompt version; "unversioned" = the field is
absent; "*" with dimension "all" = every record) within an optional day range. Only validated
values reach a query (core.versions.selector_value; dates are dates): never an operator.

`flipped_queries` groups each side's records by feature and query text in MongoDB (lower-cased,
trimmed), merges the groups whose normalised text (core.compare.normalise_query) is the same,
and returns the queries whose majority verdict differs between A and B, the largest drops
first (then the gains), each with a record of B to open. Bounded: A's last WINDOW_DAYS days
with records and B's first WINDOW_DAYS days (the days around a switch), and of each window only
the first SCAN_LIMIT records its read returns (`oldest_first`).

The embedded server reads (fetches, decodes and matches) every record of a $match's index range
before a $limit applies, so the cap alone bounded nothing: the read time grew with the records a
window holds (1.7-2.7 s for ~27-31k records at 200k, issue 21). `scan_cut` therefore ends each
side's time range where its first SCAN_LIMIT records (in the read's order) end, from the per-day
record counts of the release aggregates (whole days; the last day cut in proportion, with a
margin), so a side reads ~SCAN_LIMIT records at any volume. The records counted are the same as
one capped read of the whole window: when the cut holds fewer than SCAN_LIMIT (records bunched
on the far side of the cut day, or counted but since deleted), the rest of the cut day, then of
the window, is read up to the cap.
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime, timedelta
from typing import Any

from pymongo.database import Database

from core import versions
from core.compare import normalise_query
from core.timebuckets import days_range
from store.collections import RECORDS
from store.release_aggregates import ALL_DIM, ALL_VALUE, top_values
from store.release_readers import day_counts, side_days

WINDOW_DAYS = 7      # pairs A's last week with B's first week (bounded work at any volume)
SCAN_LIMIT = 8_000   # and at most this many records a side (the first in time order)
CUT_MARGIN = 1.25    # a day cut in proportion reads this much more than its share of the records
CUT_SLACK = timedelta(hours=1)  # plus this much time (records within a day are not spread evenly)


@dataclass(frozen=True)
class Side:
    dim: str
    value: str
    start: date | None = None
    end: date | None = None

    def label(self) -> str:
        if self.dim == ALL_DIM:
            return f"{self.start}..{self.end}"
        return f"{versions.LABELS[self.dim].lower()} {self.value}"


def side_match(db: Database, side: Side, tz: str | None = None) -> dict[str, Any]:
    """The records filter of a side, from validated values only (ValueError when one is not)."""
    match: dict[str, Any] = {}
    if side.dim != ALL_DIM:
        value = versions.selector_value(side.dim, side.value)
        if value == versions.UNVERSIONED:
            match[side.dim] = None
        elif value == versions.OTHER:
            match[side.dim] = {"$type": "string", "$nin": [v["value"] for v in top_values(db, side.dim)]}
        else:
            match[side.dim] = value
    elif side.value != ALL_VALUE:
        raise ValueError("dimension 'all' takes the value '*'")
    if side.start is not None or side.end is not None:
        if not (isinstance(side.start, date) and isinstance(side.end, date)) or side.end < side.start:
            raise ValueError("a period needs a start and an end day, the start first")
        lo, hi = days_range(side.start, side.end, tz)
        match["timestamp"] = {"$gte": lo, "$lt": hi}
    return match


def _groups(db: Database, match: dict, limit: int | None = None,
            out: dict[tuple[str, str], dict] | None = None) -> tuple[dict[tuple[str, str], dict], int]:
    """(feature, normalised query) -> {query, n, passed, osum, on, fail_id, pass_id} of one side's
    first `limit` records (added into `out` when given), and how many records were read.

    One $group on plain fields (no per-record expressions: the embedded server pays for every
    expression node per record); case, spacing and punctuation are merged here."""
    pipeline = [
        {"$match": match},  # only indexed fields: a clause on eb.* makes the embedded server scan (measured)
        {"$limit": SCAN_LIMIT if limit is None else limit},
        {"$group": {"_id": {"f": "$feature", "q": "$query", "ok": "$eb.passed", "rj": "$eb.rejected"},
                    "n": {"$sum": 1},
                    "osum": {"$sum": "$eb.scores.overall_quality"}, "id": {"$max": "$_id"}}},
    ]
    out = {} if out is None else out
    read = 0
    for row in db[RECORDS].aggregate(pipeline, allowDiskUse=True):
        read += int(row.get("n") or 0)
        text, ok = row["_id"].get("q"), row["_id"].get("ok")
        if not isinstance(text, str) or not isinstance(ok, bool) or row["_id"].get("rj") is not None:
            continue  # unjudged or rejected at adoption
        key = (row["_id"].get("f") or "", normalise_query(text))
        into = out.setdefault(key, {"query": text, "n": 0, "passed": 0, "osum": 0.0, "on": 0,
                                    "fail_id": None, "pass_id": None})
        n = int(row.get("n") or 0)
        into["n"] += n
        into["passed"] += n if ok else 0
        osum = row.get("osum")
        if isinstance(osum, (int, float)):
            into["osum"] += osum
            into["on"] += n
        slot = "pass_id" if ok else "fail_id"
        if row.get("id") is not None and (into[slot] is None or str(row["id"]) > str(into[slot])):
            into[slot] = row["id"]
    return out, read


def window(db: Database, side: Side, *, first: bool) -> Side:
    """The side cut to its first (B) or last (A) WINDOW_DAYS days (days from the release aggregates)."""
    if side.dim == ALL_DIM or (side.start is not None and side.end is not None):
        start, end = side.start, side.end
    else:
        span = side_days(db, side.dim, side.value)
        if span is None:
            return side
        start, end = span
    if start is None or end is None:
        return side
    if first:
        end = min(end, start + timedelta(days=WINDOW_DAYS - 1))
    else:
        start = max(start, end - timedelta(days=WINDOW_DAYS - 1))
    return Side(side.dim, side.value, start, end)


def oldest_first(side: Side) -> bool:
    """The order a side's capped read takes its records in: the index the server picks for its
    $match — `release_timestamp` (oldest first) for a release, `timestamp` (newest first) for the
    others. The cut below follows it so that the records counted stay those of one capped read
    (tests/integration/jobs/test_release_flips_bounded.py checks both orders against that read)."""
    return side.dim == "release"


def scan_cut(db: Database, side: Side, tz: str | None = None) -> tuple[datetime, datetime] | None:
    """(cut, day edge): the instant by which a side (cut to its window) has ~SCAN_LIMIT records in
    its read order (`oldest_first`), from the release aggregates' per-day counts, and the far edge
    of the day it falls in; None when the whole range holds fewer (or nothing is counted)."""
    if side.start is None or side.end is None:
        return None
    dim, value = (ALL_DIM, ALL_VALUE) if side.dim == ALL_DIM else (side.dim, side.value)
    counts = day_counts(db, dim, value, side.start, side.end)
    forward = oldest_first(side)
    days = [side.start + timedelta(days=i) for i in range((side.end - side.start).days + 1)]
    total = 0
    for day in days if forward else reversed(days):
        count = counts.get(day, 0)
        if count and total + count >= SCAN_LIMIT:
            lo, hi = days_range(day, day, tz)
            span = min((hi - lo) * ((SCAN_LIMIT - total) / count * CUT_MARGIN) + CUT_SLACK, hi - lo)
            return (lo + span, hi) if forward else (hi - span, lo)
        total += count
    return None


def side_groups(db: Database, side: Side, tz: str | None = None) -> dict[tuple[str, str], dict]:
    """`_groups` of a side's first SCAN_LIMIT records in its read order, reading about that many:
    the part of its range up to `scan_cut`; then, only when that part held fewer (records bunched
    on the far side of the cut day), the rest of that day; then (records counted but since
    deleted) the rest of the range — each read capped at what is still missing, so the records
    counted are those of a single capped read of the whole range."""
    match = side_match(db, side, tz)
    found = scan_cut(db, side, tz)
    if found is None:
        return _groups(db, match)[0]
    cut, edge = found
    lo, hi = match["timestamp"]["$gte"], match["timestamp"]["$lt"]
    if oldest_first(side):
        edge = min(edge, hi)
        ranges = [(lo, min(cut, hi)), (min(cut, hi), edge), (edge, hi)]
    else:
        edge = max(edge, lo)
        ranges = [(max(cut, lo), hi), (edge, max(cut, lo)), (lo, edge)]
    out: dict[tuple[str, str], dict] = {}
    read = 0
    for start, end in ranges:
        if start < end and read < SCAN_LIMIT:
            read += _groups(db, {**match, "timestamp": {"$gte": start, "$lt": end}}, SCAN_LIMIT - read, out)[1]
    return out


def flipped_queries(db: Database, a: Side, b: Side, limit: int = 100, tz: str | None = None) -> list[dict]:
    """[{feature, query, n_a, passed_a, rate_a, n_b, passed_b, rate_b, overall_a, overall_b, drop, record}]
    for the queries asked in both A and B whose majority verdict (pass rate >= 0.5) differs:
    drops (B fails) first, largest pass-rate drop then overall-quality drop first; then gains.
    `record`: one of B's failing records of the query for a drop (the greatest id), a passing one for a gain."""
    side_match(db, a, tz), side_match(db, b, tz)  # refuse bad values before anything is read
    a, b = window(db, a, first=False), window(db, b, first=True)
    ga, gb = side_groups(db, a, tz), side_groups(db, b, tz)
    rows = []
    for key in ga.keys() & gb.keys():
        x, y = ga[key], gb[key]
        if not x["n"] or not y["n"] or not key[1]:
            continue
        rate_a, rate_b = x["passed"] / x["n"], y["passed"] / y["n"]
        if (rate_a >= 0.5) == (rate_b >= 0.5):
            continue
        overall_a = x["osum"] / x["on"] if x["on"] else None
        overall_b = y["osum"] / y["on"] if y["on"] else None
        drop = rate_b < 0.5
        pick = y["fail_id"] if drop else y["pass_id"]
        rows.append({"feature": key[0], "query": y["query"], "n_a": x["n"], "passed_a": x["passed"],
                     "rate_a": rate_a, "n_b": y["n"], "passed_b": y["passed"], "rate_b": rate_b,
                     "overall_a": overall_a, "overall_b": overall_b, "drop": drop,
                     "record": pick})
    def order(r: dict) -> tuple:
        overall = (r["overall_b"] or 0) - (r["overall_a"] or 0)
        return (not r["drop"], r["rate_b"] - r["rate_a"] if r["drop"] else r["rate_a"] - r["rate_b"], overall)
    rows.sort(key=order)
    return rows[:limit]
