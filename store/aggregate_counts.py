"""The per-day documents of the aggregates: what a (day, feature) document counts and how. The two
pipelines over `records` (counts, sums, pass counts and quadrants; a histogram of each score), the
documents they make (`group_documents`, `day_documents`), their arithmetic (`add_day_documents`,
`add_into`), the histograms' percentiles, `finalize` (a bucket from the per-day documents of its days)
and the day ranges the queries read (`merge_ranges`).

Its own module because both ways of keeping the documents up to date (the delta refresh,
store/aggregate_delta.py; the rebuild, store/aggregate_rebuild.py), the release aggregates and the
readers (store/aggregates.py, where the definitions are) build on it. No writes here.
"""
from __future__ import annotations

import math
from datetime import date, datetime
from typing import Any, Iterable

from pymongo.database import Database

from core import diagnosis, metrics
from core.features import ALL_FEATURES as ALL
from core.features import UNKNOWN_FEATURE
from core.timebuckets import bucket_range, local_day
from store.collections import RECORDS
from store.verdict_expr import limits_object, metric_passed_expr, quadrant_expr

_P = [0.1, 0.5, 0.9]
HIST_STEP = 0.001  # the resolution of a score histogram bin (the 3 decimals the dashboard shows)
HIST_BINS = 1001   # bins 0..1000: score i/1000
_COUNTS = ("count", "passed", "failing", "missing_scores", "regen_n", "regen_pos", "regen_sum")
# Which records the aggregates count: not rejected at adoption, and not waiting for their first scores.
# A record logged without scores joins the numbers once scored: the score writer then stamps its
# `ingested_at` anew (store/scores.py), so the next refresh adds it like a new record instead of
# recomputing its whole day.
COUNTED = {"eb.rejected": None, "eb.needs_scoring": {"$ne": True}}


def _stats_pipeline(match: dict, thresholds: dict, tz: str, by: tuple[str, ...] = ()) -> list[dict]:
    """Counts, sums, pass counts and quadrants per (day, feature) and (day, "__all__").

    Shaped for the embedded server, where every stage copies documents and every
    expression node costs per record: a $project right after the $match keeps only
    the few fields needed (the record's texts are never copied) with the feature's
    thresholds (one $switch); a second computes every per-record flag once — the
    per-metric pass and the diagnosis quadrant are the catalog's own rules in their
    generated form (store/verdict_expr.py, checked against core/ by
    tests/integration/core/test_verdict_agrees.py) — so the $group after the
    $unwind into (feature, "__all__") only adds numbers.
    passed/failing use `eb.passed`, which ingest, batch scoring and
    `set_thresholds` keep in line with the thresholds in force.
    `by`: record fields grouped on as well (the release aggregates: release, model, prompt
    version); then each row is one (day, feature, values of `by`) — no "__all__" rows, the
    caller rolls them up — with `first` / `last`, the earliest and latest timestamp.
    """
    trunc: dict[str, Any] = {"date": "$timestamp", "unit": "day", "timezone": tz}
    score_names, metric_names = metrics.score_names(), metrics.names()
    feature = {"$ifNull": ["$feature", UNKNOWN_FEATURE]}
    first: dict[str, Any] = {
        "_id": 0, "b": {"$dateTrunc": trunc}, "k": [feature, ALL] if not by else feature,
        "s": "$eb.scores", "t": limits_object(thresholds), "ps": "$eb.passed", "r": "$regeneration_attempts",
        **{f: 1 for f in by}, **({"ts": "$timestamp"} if by else {}),
    }
    flags: dict[str, Any] = {
        "_id": 0, "b": 1, "k": 1, **{f: 1 for f in by}, **({"ts": 1} if by else {}),
        "pass1": {"$cond": [{"$eq": ["$ps", True]}, 1, 0]},
        "fail1": {"$cond": [{"$eq": ["$ps", False]}, 1, 0]},
        "rn": {"$cond": [{"$isNumber": "$r"}, 1, 0]},
        "rpos": {"$cond": [{"$gt": ["$r", 0]}, 1, 0]},
        "rsum": {"$cond": [{"$isNumber": "$r"}, "$r", 0]},
        "miss": {"$cond": [{"$and": [{"$isNumber": f"$s.{m}"} for m in metric_names]}, 0, 1]},
        "q": quadrant_expr("$t", "$s"),
    }
    group: dict[str, Any] = {
        "_id": {"b": "$b", "f": "$k", **{f: f"${f}" for f in by}},
        "count": {"$sum": 1}, "passed": {"$sum": "$pass1"}, "failing": {"$sum": "$fail1"},
        "regen_n": {"$sum": "$rn"}, "regen_pos": {"$sum": "$rpos"}, "regen_sum": {"$sum": "$rsum"},
        "missing_scores": {"$sum": "$miss"},
    }
    if by:
        group["first"], group["last"] = {"$min": "$ts"}, {"$max": "$ts"}
    for q in diagnosis.QUADRANTS:
        group[f"q_{q}"] = {"$sum": {"$cond": [{"$eq": ["$q", q]}, 1, 0]}}
    for m in score_names:
        flags[f"v_{m}"] = {"$cond": [{"$isNumber": f"$s.{m}"}, f"$s.{m}", 0]}
        flags[f"n_{m}"] = {"$cond": [{"$isNumber": f"$s.{m}"}, 1, 0]}
        flags[f"p_{m}"] = metric_passed_expr(m, "$t", "$s")
        group[f"{m}__sum"] = {"$sum": f"$v_{m}"}
        group[f"{m}__n"] = {"$sum": f"$n_{m}"}
        group[f"{m}__pass"] = {"$sum": f"$p_{m}"}
    unwind = [] if by else [{"$unwind": "$k"}]
    return [{"$match": {**match, **COUNTED}}, {"$project": first}, {"$project": flags}, *unwind, {"$group": group}]


def _hist_pipeline(match: dict, tz: str, by: tuple[str, ...] = ()) -> list[dict]:
    """Per (day, feature) and (day, "__all__"): [{m, v, c}] = c scores of metric m in bin v.

    Grouped per record's own feature first, then rolled up into "__all__", so the
    per-score unwind is done once per record, not twice. With `by` (see _stats_pipeline):
    per (day, feature, values of `by`), no "__all__" roll-up."""
    trunc: dict[str, Any] = {"date": "$timestamp", "unit": "day", "timezone": tz}
    bins = [{"$cond": [{"$isNumber": f"$eb.scores.{m}"},
                       {"m": m, "v": {"$round": [{"$multiply": [f"$eb.scores.{m}", 1 / HIST_STEP]}, 0]}}, None]}
            for m in metrics.score_names()]
    keys = {f: f"${f}" for f in by}
    head = [
        {"$match": {**match, **COUNTED}},
        {"$project": {"_id": 0, "b": {"$dateTrunc": trunc}, "f": {"$ifNull": ["$feature", UNKNOWN_FEATURE]},
                      "h": bins, **{f: 1 for f in by}}},
        {"$unwind": "$h"},
        {"$match": {"h": {"$ne": None}}},
        {"$group": {"_id": {"b": "$b", "f": "$f", **keys, "m": "$h.m", "v": "$h.v"}, "c": {"$sum": 1}}},
    ]
    if by:
        return [*head, {"$group": {"_id": {"b": "$_id.b", "f": "$_id.f", **{f: f"$_id.{f}" for f in by}},
                                   "h": {"$push": {"m": "$_id.m", "v": "$_id.v", "c": "$c"}}}}]
    return [
        *head,
        {"$project": {"_id": 1, "c": 1, "k": ["$_id.f", ALL]}},
        {"$unwind": "$k"},
        {"$group": {"_id": {"b": "$_id.b", "f": "$k", "m": "$_id.m", "v": "$_id.v"}, "c": {"$sum": "$c"}}},
        {"$group": {"_id": {"b": "$_id.b", "f": "$_id.f"}, "h": {"$push": {"m": "$_id.m", "v": "$_id.v",
                                                                          "c": "$c"}}}},
    ]


def _bin(v: Any) -> int:
    return min(HIST_BINS - 1, max(0, int(round(float(v)))))


def group_documents(db: Database, match: dict, thresholds: dict, tz: str,
                    by: tuple[str, ...] = ()) -> dict[tuple, dict]:
    """The per-day documents of the records selected by `match`, keyed (bucket, feature, *values of `by`).

    The one stats pipeline of the daily and the release aggregates (store/release_aggregates.py
    groups `by` the version fields and rolls the rows up itself). Each document: `{bucket, feature,
    count, passed, failing, missing_scores, regen_n, regen_pos, regen_sum, metrics: {<m>: {n, sum,
    pass, hist}}, quadrants: {<q>: n}}` (hist sparse, {"<bin>": count}); with `by` also `by: {field:
    value}` and `first` / `last` (timestamps)."""
    docs: dict[tuple, dict] = {}
    for row in db[RECORDS].aggregate(_stats_pipeline(match, thresholds, tz, by), allowDiskUse=True):
        b, f = row["_id"]["b"], row["_id"]["f"]
        if not isinstance(b, datetime):
            continue
        key = (b, f, *(row["_id"].get(x) for x in by))
        doc = {
            "bucket": b, "feature": f, **{c: row.get(c) or 0 for c in _COUNTS},
            "metrics": {m: {"n": row.get(f"{m}__n") or 0, "sum": row.get(f"{m}__sum") or 0,
                            "pass": row.get(f"{m}__pass") or 0, "hist": {}} for m in metrics.score_names()},
            "quadrants": {q: row.get(f"q_{q}") or 0 for q in diagnosis.QUADRANTS},
        }
        if by:
            doc.update(by={x: row["_id"].get(x) for x in by}, first=row.get("first"), last=row.get("last"))
        docs[key] = doc
    for row in db[RECORDS].aggregate(_hist_pipeline(match, tz, by), allowDiskUse=True):
        b, f = row["_id"]["b"], row["_id"]["f"]
        doc = docs.get((b, f, *(row["_id"].get(x) for x in by))) if isinstance(b, datetime) else None
        if doc is None:
            continue
        for cell in row["h"]:
            hist = doc["metrics"].get(cell["m"], {}).get("hist")
            if hist is not None and isinstance(cell.get("v"), (int, float)):
                key = str(_bin(cell["v"]))
                hist[key] = hist.get(key, 0) + int(cell["c"])
    return docs


def day_documents(db: Database, match: dict, thresholds: dict, tz: str) -> dict[str, dict]:
    """The per-(day, feature) documents of the records selected by `match` (not yet stored).

    `{_id: "<YYYY-MM-DD>|<feature>", bucket (UTC instant of the local midnight), feature, count, passed,
    failing, missing_scores, regen_n, regen_pos, regen_sum, metrics: {<m>: {n, sum, pass, hist}},
    quadrants: {<q>: n}}` with `hist` = {"<bin>": count}, sparse.
    """
    out: dict[str, dict] = {}
    for (b, f), doc in group_documents(db, match, thresholds, tz).items():
        key = f"{local_day(b, tz).isoformat()}|{f}"
        out[key] = {"_id": key, **doc}
    return out


def histogram(parts: Iterable[dict], metric: str) -> list[int]:
    """The dense histogram (HIST_BINS counts) of `metric` summed over per-day documents."""
    dense = [0] * HIST_BINS
    for part in parts:
        for key, count in (((part.get("metrics") or {}).get(metric) or {}).get("hist") or {}).items():
            try:
                dense[_bin(key)] += int(count)
            except (TypeError, ValueError):
                continue
    return dense


def percentiles(dense: list[int], ps: Iterable[float]) -> list[float | None]:
    """sorted[max(0, ceil(p*n) - 1)] of the scores a dense histogram counts, for each p (None when empty)."""
    n = sum(dense)
    if n == 0:
        return [None for _ in ps]
    ranks = sorted((max(0, math.ceil(p * n) - 1), i) for i, p in enumerate(ps))
    out: list[float | None] = [None] * len(ranks)
    seen, r = 0, 0
    for b, count in enumerate(dense):
        seen += count
        while r < len(ranks) and ranks[r][0] < seen:
            out[ranks[r][1]] = round(b * HIST_STEP, 3)
            r += 1
        if r == len(ranks):
            break
    return out


def finalize(parts: list[dict], bucket: datetime, key: str, granularity: str, computed_at: datetime) -> dict:
    """One bucket document from the per-day documents of its days (same feature)."""

    def total(field: str) -> int:
        return sum(int(p.get(field) or 0) for p in parts)

    def ratio(num: float, den: float) -> float | None:
        return num / den if den > 0 else None

    count, passed, failing = total("count"), total("passed"), total("failing")
    regen_n, regen_pos = total("regen_n"), total("regen_pos")
    regen_sum = sum((p.get("regen_sum") or 0) for p in parts)
    out_metrics: dict[str, dict] = {}
    for m in metrics.score_names():
        stats = [(p.get("metrics") or {}).get(m) or {} for p in parts]
        n = sum(int(s.get("n") or 0) for s in stats)
        n_pass = sum(int(s.get("pass") or 0) for s in stats)
        p10, p50, p90 = percentiles(histogram(parts, m), _P)
        out_metrics[m] = {
            "mean": float(sum((s.get("sum") or 0) for s in stats)) / n if n else None,
            "p10": p10, "p50": p50, "p90": p90,
            "pass_rate": ratio(n_pass, n), "n": n,
        }
    return {
        "_id": key, "bucket": bucket, "feature": parts[0]["feature"], "granularity": granularity,
        "count": count, "passed": passed, "failing": failing, "pass_rate": ratio(passed, passed + failing),
        "metrics": out_metrics,
        "quadrants": {q: sum(int((p.get("quadrants") or {}).get(q) or 0) for p in parts)
                      for q in diagnosis.QUADRANTS},
        "regen_rate": ratio(regen_pos, regen_n),
        "regen_mean": float(regen_sum) / regen_n if regen_n else None,
        "missing_scores": total("missing_scores"),
        "computed_at": computed_at,
    }


def add_into(into: dict, delta: dict) -> dict:
    """Add `delta` to `into` in place (as add_day_documents; for roll-ups of many rows). Returns `into`."""
    for c in _COUNTS:
        into[c] = (into.get(c) or 0) + (delta.get(c) or 0)
    for m, cell in (delta.get("metrics") or {}).items():
        target = into.setdefault("metrics", {}).setdefault(m, {"n": 0, "sum": 0, "pass": 0, "hist": {}})
        for f in ("n", "sum", "pass"):
            target[f] = (target.get(f) or 0) + (cell.get(f) or 0)
        hist = target.setdefault("hist", {})
        for k, c in (cell.get("hist") or {}).items():
            hist[k] = hist.get(k, 0) + c
    quadrants = into.setdefault("quadrants", {})
    for q, n in (delta.get("quadrants") or {}).items():
        quadrants[q] = int(quadrants.get(q) or 0) + int(n or 0)
    return into


def add_day_documents(into: dict, delta: dict) -> dict:
    """`into` plus `delta` (two per-day documents of the same day and feature), field by field and bin by bin."""
    out = {**into, **{c: (into.get(c) or 0) + (delta.get(c) or 0) for c in _COUNTS}}
    out["metrics"] = {}
    for m in set(into.get("metrics") or {}) | set(delta.get("metrics") or {}):
        a, b = (into.get("metrics") or {}).get(m) or {}, (delta.get("metrics") or {}).get(m) or {}
        hist = dict(a.get("hist") or {})
        for k, c in (b.get("hist") or {}).items():
            hist[k] = hist.get(k, 0) + c
        out["metrics"][m] = {f: (a.get(f) or 0) + (b.get(f) or 0) for f in ("n", "sum", "pass")} | {"hist": hist}
    out["quadrants"] = {q: int((into.get("quadrants") or {}).get(q) or 0) + int((delta.get("quadrants") or {}).get(q) or 0)
                        for q in set(into.get("quadrants") or {}) | set(delta.get("quadrants") or {})}
    return out


def merge_ranges(days: list[date], granularity: str, tz: str) -> list[tuple[datetime, datetime]]:
    """Contiguous [start, end) UTC ranges covering the buckets of `days`."""
    spans = sorted({bucket_range(d, granularity, tz) for d in days})
    merged: list[tuple[datetime, datetime]] = []
    for lo, hi in spans:
        if merged and lo <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(hi, merged[-1][1]))
        else:
            merged.append((lo, hi))
    return merged
