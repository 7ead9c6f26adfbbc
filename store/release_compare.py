"""The records behind a comparison of A and B: queries whose verdict flipped.

A side is a dimension value (release, model, prompt version; "unversioned" = the field is
absent; "*" with dimension "all" = every record) within an optional day range. Only validated
values reach a query (core.versions.selector_value; dates are dates): never an operator.

`flipped_queries` groups each side's records by feature and query text in MongoDB (lower-cased,
trimmed), merges the groups whose normalised text (core.compare.normalise_query) is the same,
and returns the queries whose majority verdict differs between A and B, the largest drops
first (then the gains), each with a record of B to open.
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from typing import Any

from pymongo.database import Database

from core import versions
from core.compare import normalise_query
from core.timebuckets import days_range
from store.collections import RECORDS
from store.release_aggregates import ALL_DIM, ALL_VALUE, top_values


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
    pipeline = [
        {"$match": {**match, "eb.rejected": None, "eb.passed": {"$in": [True, False]}}},
        {"$project": {"_id": 1, "f": "$feature", "q": {"$toLower": {"$trim": {"input": "$query"}}}, "text": "$query",
                      "ok": {"$cond": [{"$eq": ["$eb.passed", True]}, 1, 0]},
                      "o": "$eb.scores.overall_quality", "t": "$timestamp"}},
        {"$group": {"_id": {"f": "$f", "q": "$q"}, "text": {"$first": "$text"}, "n": {"$sum": 1}, "passed": {"$sum": "$ok"},
                    "osum": {"$sum": {"$cond": [{"$isNumber": "$o"}, "$o", 0]}},
                    "on": {"$sum": {"$cond": [{"$isNumber": "$o"}, 1, 0]}},
                    "fail_id": {"$max": {"$cond": [{"$eq": ["$ok", 0]}, {"t": "$t", "id": "$_id"}, None]}},
                    "pass_id": {"$max": {"$cond": [{"$eq": ["$ok", 1]}, {"t": "$t", "id": "$_id"}, None]}}}},
    ]
    out: dict[tuple[str, str], dict] = {}
    for row in db[RECORDS].aggregate(pipeline, allowDiskUse=True):
        text = row["_id"].get("q")
        if not isinstance(text, str):
            continue
        key = (row["_id"].get("f") or "", normalise_query(text))
        into = out.setdefault(key, {"query": row.get("text") or text, "n": 0, "passed": 0, "osum": 0.0, "on": 0,
                                    "fail_id": None, "pass_id": None})
        for c in ("n", "passed", "osum", "on"):
            into[c] += row.get(c) or 0
        for c in ("fail_id", "pass_id"):
            cand = row.get(c)
            if isinstance(cand, dict) and (into[c] is None or cand.get("t") > into[c].get("t")):
                into[c] = cand
    return out


def flipped_queries(db: Database, a: Side, b: Side, limit: int = 100, tz: str | None = None) -> list[dict]:
    """[{feature, query, n_a, passed_a, rate_a, n_b, passed_b, rate_b, overall_a, overall_b, drop, record}]
    for the queries asked in both A and B whose majority verdict (pass rate >= 0.5) differs:
    drops (B fails) first, largest pass-rate drop then overall-quality drop first; then gains.
    `record`: B's latest failing record for a drop, its latest passing one for a gain."""
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
                     "record": (pick or {}).get("id")})
    def order(r: dict) -> tuple:
        overall = (r["overall_b"] or 0) - (r["overall_a"] or 0)
        return (not r["drop"], r["rate_b"] - r["rate_a"] if r["drop"] else r["rate_a"] - r["rate_b"], overall)
    rows.sort(key=order)
    return rows[:limit]
