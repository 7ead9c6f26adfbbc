"""The records behind a comparison of A and B: queries whose verdict flipped.

A side is a dimension value (release, model, prompt version; "unversioned" = the field is
absent; "*" with dimension "all" = every record) within an optional day range. Only validated
values reach a query (core.versions.selector_value; dates are dates): never an operator.

`flipped_queries` groups each side's records by feature and query text in MongoDB (lower-cased,
trimmed), merges the groups whose normalised text (core.compare.normalise_query) is the same,
and returns the queries whose majority verdict differs between A and B, the largest drops
first (then the gains), each with a record of B to open. Bounded: A's last WINDOW_DAYS days
with records and B's first WINDOW_DAYS days (the days around a switch; at most SCAN_LIMIT
records a side) — the list stays within ~2 s at any volume.
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import date, timedelta
from typing import Any

from pymongo.database import Database

from core import versions
from core.compare import normalise_query
from core.timebuckets import days_range
from store.collections import RECORDS
from store.release_aggregates import ALL_DIM, ALL_VALUE, side_days, top_values

WINDOW_DAYS = 7      # pairs A's last week with B's first week (bounded work at any volume)
SCAN_LIMIT = 8_000   # and at most this many judged records a side (the first in index order)


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


def _groups(db: Database, match: dict) -> dict[tuple[str, str], dict]:
    """(feature, normalised query) -> {query, n, passed, osum, on, fail_id, pass_id} of one side.

    One $group on plain fields (no per-record expressions: the embedded server pays for every
    expression node per record); case, spacing and punctuation are merged here."""
    pipeline = [
        {"$match": match},  # only indexed fields: a clause on eb.* makes the embedded server scan (measured)
        {"$limit": SCAN_LIMIT},
        {"$group": {"_id": {"f": "$feature", "q": "$query", "ok": "$eb.passed", "rj": "$eb.rejected"},
                    "n": {"$sum": 1},
                    "osum": {"$sum": "$eb.scores.overall_quality"}, "id": {"$max": "$_id"}}},
    ]
    out: dict[tuple[str, str], dict] = {}
    for row in db[RECORDS].aggregate(pipeline, allowDiskUse=True):
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
    return out


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


def flipped_queries(db: Database, a: Side, b: Side, limit: int = 100, tz: str | None = None) -> list[dict]:
    """[{feature, query, n_a, passed_a, rate_a, n_b, passed_b, rate_b, overall_a, overall_b, drop, record}]
    for the queries asked in both A and B whose majority verdict (pass rate >= 0.5) differs:
    drops (B fails) first, largest pass-rate drop then overall-quality drop first; then gains.
    `record`: one of B's failing records of the query for a drop (the greatest id), a passing one for a gain."""
    side_match(db, a, tz), side_match(db, b, tz)  # refuse bad values before anything is read
    a, b = window(db, a, first=False), window(db, b, first=True)
    ga, gb = _groups(db, side_match(db, a, tz)), _groups(db, side_match(db, b, tz))
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
