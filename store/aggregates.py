"""Daily and weekly aggregates: the pipelines that build them and the read API.

Two steps. (1) The heavy one runs inside MongoDB: `$match` on an indexed range
(the timestamps of the days being rebuilt, or the `ingested_at` of records new
since the last refresh), `$group` per (local day, feature) and per (day,
"__all__"). Two pipelines: one for the counts, sums, pass counts and diagnosis
quadrants, one for a histogram of each score. Their small results are combined
into one `aggregates_daily_values` document per (day, feature): everything a
bucket of any length needs to be merged exactly. (2) The bucket documents of
`aggregates_daily` / `aggregates_weekly` are computed from those per-day
documents (one per day for a daily bucket, the <= 7 of its days for a weekly
one) by `finalize` and replaced one document at a time.

Scores live in [0, 1]: each is counted in a fixed-resolution histogram of
HIST_BINS bins of HIST_STEP (bin i holds the scores that round to i/1000),
stored sparse (`metrics.<m>.hist: {"<i>": count}`, empty bins left out). A
document has the same bounded size at 1k or 10M records a day (at most 5
metrics x 1,001 bins, ~55 KB), histograms add bin by bin (weeks; late records
are added to their day's document: `add_late_records`) and percentiles are
exact to HIST_STEP.

Which records a per-day document counts: the records of that day that were not
rejected at adoption and are not waiting for their first scores, whose
`ingested_at` is below its `counted_upto` (records not yet adopted have none
and wait for adoption; a record logged without scores is stamped anew when its
scores are written, and joins then). Each document moves from its
`counted_upto` to a refresh's cutoff in one atomic replace (`add_late_records`):
a crash or a second refresh at any point never counts a record twice or misses
one. The cutoff is the refresh's start, held back to the oldest batch still
being written (store.state.write_in_flight).

Definitions (per bucket and feature):
- count: records in the bucket (records rejected at adoption are left out);
- passed / failing: records whose `eb.passed` is true / false (every present
  score >= the feature's threshold / some score below it; records without any
  score are in neither; `set_thresholds` recomputes eb.passed in MongoDB and
  requests a rebuild); pass_rate = passed/(passed+failing);
- metrics.<m>: mean (exact), p10, p50, p90 over the records where the score is a
  number (n of them), pass_rate = share of those >= the feature's threshold
  (thresholds injected with one $switch on the feature; exact); None when
  n == 0. Percentiles are the discrete definition sorted[max(0, ceil(p*n) - 1)]
  (numpy's "inverted_cdf") over the scores rounded to HIST_STEP: within 0.0005
  of the exact value;
- regen_rate: share with regeneration_attempts > 0, regen_mean: mean attempts,
  both over records whose attempts are a number;
- missing_scores: records where at least one of the four metric scores is missing;
- quadrants: the diagnosis quadrant counts (core.diagnosis).
Operators used (both MongoDB 7 and the embedded server): $dateTrunc (timezone),
$switch, $isNumber, $round, $unwind, $group.
"""
from __future__ import annotations

import math
from collections import defaultdict
from datetime import date, datetime, timedelta, timezone
from typing import Any, Callable, Iterable

from pymongo import ASCENDING, ReplaceOne
from pymongo.database import Database
from pymongo.errors import DuplicateKeyError

from core import diagnosis, metrics
from core.buckets import Bucket, buckets
from core.features import ALL_FEATURES as ALL
from core.features import UNKNOWN_FEATURE
from core.timebuckets import DAY, WEEK, bucket_range, bucket_start, days_range, key_day, local_day
from store.collections import AGG_DAILY, AGG_DAILY_VALUES, AGG_WEEKLY, RECORDS
from store.collections import STATE as STATE_COLLECTION
from store.verdict_expr import limits_object, metric_passed_expr, quadrant_expr
COLLECTIONS = {"day": AGG_DAILY, "week": AGG_WEEKLY}
_P = [0.1, 0.5, 0.9]
FULL_CHUNK_WEEKS = 2
HIST_STEP = 0.001  # the resolution of a score histogram bin (the 3 decimals the dashboard shows)
HIST_BINS = 1001   # bins 0..1000: score i/1000
_EPOCH = datetime(1900, 1, 1, tzinfo=timezone.utc)
_MIN, _MAX = datetime(1, 1, 1, tzinfo=timezone.utc), datetime(9999, 12, 31, tzinfo=timezone.utc)
# bump when the shape of aggregates_daily_values changes: the next refresh then rebuilds everything
DAILY_VALUES_VERSION = 3  # 2: diagnosis quadrant counts; 3: score histograms instead of sorted values
_WRITE_BATCH = 500
_COUNTS = ("count", "passed", "failing", "missing_scores", "regen_n", "regen_pos", "regen_sum")
Fence = Callable[[], None]  # raises when the caller no longer holds its job lock (store.state.LockLost)
# Which records the aggregates count: not rejected at adoption, and not waiting for their first scores.
# A record logged without scores joins the numbers once scored: the score writer then stamps its
# `ingested_at` anew (store/scores.py), so the next refresh adds it like a new record instead of
# recomputing its whole day.
COUNTED = {"eb.rejected": None, "eb.needs_scoring": {"$ne": True}}


def _no_fence() -> None:
    return None


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


def ensure_indexes(db: Database) -> None:
    for name in (AGG_DAILY, AGG_WEEKLY, AGG_DAILY_VALUES):
        db[name].create_index([("bucket", ASCENDING), ("feature", ASCENDING)], name="bucket_feature")


def full_chunks(db: Database, tz: str, weeks: int = FULL_CHUNK_WEEKS) -> list[tuple[datetime, datetime]]:
    """Week-aligned [start, end) ranges covering every record (first/last via the timestamp index)."""
    dates = {"timestamp": {"$gte": _EPOCH}}  # a range on the timestamp index: dates only
    first = db[RECORDS].find_one(dates, {"timestamp": 1}, sort=[("timestamp", 1)])
    last = db[RECORDS].find_one(dates, {"timestamp": 1}, sort=[("timestamp", -1)])
    if not first or not last:
        return []
    start = bucket_range(local_day(first["timestamp"], tz), WEEK, tz)[0]
    end_day = local_day(last["timestamp"], tz)
    chunks = []
    day = local_day(start, tz)
    while day <= end_day:
        nxt = day + timedelta(weeks=weeks)
        chunks.append((bucket_start(day, DAY, tz), bucket_start(nxt, DAY, tz)))
        day = nxt
    return chunks


def _write(db: Database, coll: str, docs: Iterable[dict]) -> set[str]:
    """Replace (or insert) each document; each replacement is atomic on its own. Returns the keys written."""
    batch: list[ReplaceOne] = []
    keys: set[str] = set()
    for doc in docs:
        batch.append(ReplaceOne({"_id": doc["_id"]}, doc, upsert=True))
        keys.add(doc["_id"])
        if len(batch) >= _WRITE_BATCH:
            db[coll].bulk_write(batch, ordered=False)
            batch = []
    if batch:
        db[coll].bulk_write(batch, ordered=False)
    return keys


# A crash test's hook: called at every write point of a refresh with the point's name (tests make it
# raise to stop a run exactly there, as a kill would). None in production.
FAULT_HOOK: Callable[[str], None] | None = None


def fault_point(name: str) -> None:
    if FAULT_HOOK is not None:
        FAULT_HOOK(name)


def _upto(doc: dict | None) -> datetime | None:
    value = (doc or {}).get("counted_upto")
    if not isinstance(value, datetime):
        return None
    return value if value.tzinfo else value.replace(tzinfo=timezone.utc)


Documents = Callable[[dict], dict]  # a records filter -> {key: per-day document} (key "<YYYY-MM-DD>|...")


def _recompute(db: Database, rng: tuple[datetime, datetime], thresholds: dict, tz: str, cutoff: datetime,
               computed_at: datetime, fence: Fence) -> set[str]:
    """Replace the per-day documents of the days in `rng` from all their records counted up to `cutoff`.

    A stored document that already counts further than `cutoff` (another refresh got there first)
    is left alone and its day marked dirty, so the next refresh recomputes it with a later cutoff."""
    match = {"timestamp": {"$gte": rng[0], "$lt": rng[1]}, "ingested_at": {"$lt": cutoff}}
    docs = day_documents(db, match, thresholds, tz)
    fence()
    from store.state import mark_dirty_days
    return write_recounts(db, AGG_DAILY_VALUES, docs.values(), cutoff, computed_at, on_newer=mark_dirty_days)


def write_recounts(db: Database, coll: str, docs: Iterable[dict], cutoff: datetime, computed_at: datetime,
                   on_newer: Callable[[Database, list[str]], None], point: str = "") -> set[str]:
    """Store recounts (each of all its records ingested before `cutoff`) as counting up to `cutoff`.

    One conditional replace per document: one that already counts further than `cutoff` (another
    refresh got there first) is left alone and its day given to `on_newer` (to be recounted later
    with a later cutoff). Returns the keys written. `point`: a prefix of the fault points' names."""
    written: set[str] = set()
    newer: list[str] = []
    for doc in docs:
        fault_point(f"{point}recompute")
        full = {**doc, "computed_at": computed_at, "counted_upto": cutoff}
        try:
            db[coll].replace_one({"_id": doc["_id"], "counted_upto": {"$not": {"$gt": cutoff}}}, full, upsert=True)
            written.add(doc["_id"])
        except DuplicateKeyError:  # stored, and counting further than this run
            newer.append(doc["_id"].split("|", 1)[0])
    if newer:
        on_newer(db, newer)
    return written


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


def _apply_delta(db: Database, coll: str, delta: dict, current: dict | None, cutoff: datetime,
                 computed_at: datetime) -> bool:
    """Add `delta` (the records of its document's key ingested in [its `counted_upto`, cutoff)) to its
    stored document, atomically, only if that document is still `current` (or does not exist). False
    when the document changed meanwhile (the caller reads it again).

    One compare-and-swap replace on `counted_upto`: the stored document and its `counted_upto` move
    together, so a crash or a second refresh at any point can neither add a delta twice nor lose
    one. (The same as an `$inc` of every counter and histogram bin, but one replace: on the
    embedded server an `$inc` of ~1,000 dotted bin paths takes ~0.5 s per document, a replace of
    the whole (bounded, < 60 KB) document ~5 ms.)"""
    if current is None:
        try:
            db[coll].insert_one({**delta, "computed_at": computed_at, "counted_upto": cutoff})
            return True
        except DuplicateKeyError:
            return False
    merged = {**add_day_documents(current, delta), "computed_at": computed_at, "counted_upto": cutoff}
    return db[coll].replace_one({"_id": delta["_id"], "counted_upto": current.get("counted_upto")},
                                merged).matched_count == 1


def _deltas_since(keys: list[str], since: datetime, cutoff: datetime, tz: str,
                  documents: Documents) -> dict[str, dict]:
    """The deltas [since, cutoff) of the per-day documents `keys` (their days read by timestamp range)."""
    days = sorted({key_day(k) for k in keys})
    wanted = set(keys)
    out: dict[str, dict] = {}
    for lo, hi in merge_ranges(days, DAY, tz):  # one plain range per query (no $or on the embedded server)
        match = {"timestamp": {"$gte": lo, "$lt": hi}, "ingested_at": {"$gte": since, "$lt": cutoff}}
        out.update({k: d for k, d in documents(match).items() if k in wanted})
    return out


def new_records_match(since: datetime, cutoff: datetime) -> dict:
    """The records a refresh window [since, cutoff) adds (read through the `ingested_at` index)."""
    return {"ingested_at": {"$gte": since, "$lt": cutoff}, "timestamp": {"$type": "date"}}


def add_late_records(db: Database, since: datetime, cutoff: datetime, skip_days: set[date], thresholds: dict,
                     tz: str, computed_at: datetime, fence: Fence = _no_fence, *, coll: str = AGG_DAILY_VALUES,
                     documents: Documents | None = None, first: dict[str, dict] | None = None,
                     point: str = "") -> list[date]:
    """Bring every per-day document with records ingested in [since, cutoff) up to `cutoff`; returns their days.

    Reads only the new records (the `ingested_at` index), whatever the size of their days. Each
    document is moved from what it counts (`counted_upto`) to `cutoff`: one that counts up to
    `since` gets the delta read here; one that counts up to another point (a crashed or concurrent
    run moved it, or it has not been touched for a while) gets the delta from its own point, read
    for its day; one that counts up to `cutoff` or beyond is left alone. So a crash at any point,
    or two refreshes at once, leave every document equal to a recount. Days in `skip_days` are
    being recomputed whole by the caller.
    `coll` / `documents` / `first`: the per-day documents kept in another collection (the release
    aggregates: `documents(match)` builds its documents of the records `match` selects; `first`, the
    documents of the window [since, cutoff) when the caller has them already; `point`, a prefix of the
    fault points' names). Default: the daily ones."""
    documents = documents or (lambda match: day_documents(db, match, thresholds, tz))
    if first is None:
        first = documents(new_records_match(since, cutoff))
    pending = {k: d for k, d in first.items() if local_day(d["bucket"], tz) not in skip_days}
    days = sorted({local_day(d["bucket"], tz) for d in pending.values()})
    base = {k: since for k in pending}
    for _ in range(20):
        if not pending:
            return days
        fence()
        stored = {d["_id"]: d for d in db[coll].find({"_id": {"$in": sorted(pending)}})}
        behind: dict[datetime, list[str]] = defaultdict(list)
        for key in sorted(pending):
            current = stored.get(key)
            upto = _upto(current)
            if current is not None and (upto is None or upto >= cutoff):
                del pending[key]  # counts this window already (or is not ours to judge: rebuilt)
                continue
            if current is None or upto == base[key]:
                fault_point(f"{point}delta")
                if _apply_delta(db, coll, pending[key], current, cutoff, computed_at):
                    del pending[key]
                continue  # changed meanwhile: read again next round
            behind[upto].append(key)
        for upto, keys in behind.items():
            fresh = _deltas_since(keys, upto, cutoff, tz, documents)
            for key in keys:
                if key in fresh:
                    pending[key], base[key] = fresh[key], upto
                else:  # nothing of it in [upto, cutoff): it already counts everything up to cutoff
                    del pending[key]
    raise RuntimeError("per-day documents kept changing while late records were added")


def _buckets(db: Database, day_ranges: list[tuple[datetime, datetime]],
             week_ranges: list[tuple[datetime, datetime]], tz: str, computed_at: datetime,
             fence: Fence) -> tuple[set[str], set[str]]:
    """Daily buckets of `day_ranges` and weekly buckets of `week_ranges`, from aggregates_daily_values.

    Reads the per-day documents of the touched weeks once (they include the touched days).
    Returns the keys of the daily and weekly documents written.
    """
    if not week_ranges:
        return set(), set()
    per_day: list[dict] = []
    per_week: dict[tuple[date, str], list[dict]] = defaultdict(list)
    # one plain range per query: for an $or the embedded server's planner reads the whole collection
    found = (part for lo, hi in week_ranges
             for part in db[AGG_DAILY_VALUES].find({"bucket": {"$gte": lo, "$lt": hi}}).sort(
                 [("bucket", ASCENDING), ("feature", ASCENDING)]))
    for part in found:
        start = part["bucket"]
        day = local_day(start, tz)
        if any(lo <= start < hi for lo, hi in day_ranges):
            per_day.append(finalize([part], start, f"{day.isoformat()}|{part['feature']}", "day", computed_at))
        per_week[(day - timedelta(days=day.weekday()), part["feature"])].append(part)
    fence()
    daily = _write(db, AGG_DAILY, per_day)
    weekly = _write(db, AGG_WEEKLY, (finalize(parts, bucket_start(monday, DAY, tz),
                                              f"{monday.isoformat()}|{feature}", "week", computed_at)
                                     for (monday, feature), parts in sorted(per_week.items())))
    return daily, weekly


def drop_unwritten(db: Database, coll: str, ranges: list[tuple[datetime, datetime]], written: set[str],
                   started: datetime, fence: Fence) -> None:
    """Delete documents in `ranges` that this run did not write and that are older than its start.

    Their (day, feature) has no records any more. Never a document another run
    wrote after this one began (two runs that overlap despite the job lock
    cannot delete each other's work). One delete per range, on the
    (bucket, feature) index: an $or would make the embedded server read every
    document of the collection."""
    fence()
    for lo, hi in ranges:
        db[coll].delete_many({"bucket": {"$gte": lo, "$lt": hi}, "computed_at": {"$lt": started},
                              "_id": {"$nin": sorted(written)}})


def rebuild(db: Database, days: list[date] | None, thresholds: dict, tz: str, computed_at: datetime,
            cutoff: datetime | None = None, fence: Fence = _no_fence,
            progress: Callable[[int, int], None] | None = None) -> dict[str, int]:
    """Recompute the days `days` (None = everything) from their records, then their daily and weekly buckets.

    A full rebuild goes a few weeks at a time (week-aligned, so no bucket is
    split), newest first: on the embedded server one huge aggregation would hold
    the server for minutes, long enough for the driver to give up on it, and the
    recent weeks a page shows first are ready after the first span
    (`progress(done, of)` after each). Documents in the
    rebuilt ranges that this run did not write (their records are gone) are
    deleted after (`_drop_unwritten`). `fence()` is called before each write
    phase: it raises when the job lock was lost, and the run stops there.
    Returns the bucket documents written: {"daily": n, "weekly": n}.
    """
    cutoff = cutoff or computed_at
    daily: set[str] = set()
    weekly: set[str] = set()
    if days is None:
        chunks = full_chunks(db, tz)[::-1]
        values: set[str] = set()
        for i, chunk in enumerate(chunks):
            if progress is not None:
                progress(i, len(chunks))
            written = _recompute(db, chunk, thresholds, tz, cutoff, computed_at, fence)
            values |= written
            drop_unwritten(db, AGG_DAILY_VALUES, [chunk], written, computed_at, fence)
            d, w = _buckets(db, [chunk], [chunk], tz, computed_at, fence)
            daily |= d
            weekly |= w
        everything = [(_MIN, _MAX)]
        drop_unwritten(db, AGG_DAILY_VALUES, everything, values, computed_at, fence)
        drop_unwritten(db, AGG_DAILY, everything, daily, computed_at, fence)
        drop_unwritten(db, AGG_WEEKLY, everything, weekly, computed_at, fence)
    elif days:
        day_ranges = merge_ranges(days, DAY, tz)
        written = set()
        for day_range in day_ranges:
            written |= _recompute(db, day_range, thresholds, tz, cutoff, computed_at, fence)
        # before the weekly buckets read them: a (day, feature) whose records are gone must not count
        drop_unwritten(db, AGG_DAILY_VALUES, day_ranges, written, computed_at, fence)
        daily, weekly = refresh_buckets(db, days, tz, computed_at, fence)
    return {"daily": len(daily), "weekly": len(weekly)}


def refresh_buckets(db: Database, days: list[date], tz: str, computed_at: datetime,
                    fence: Fence = _no_fence) -> tuple[set[str], set[str]]:
    """Re-derive the daily buckets of `days` and the weekly buckets holding them from the per-day documents."""
    if not days:
        return set(), set()
    day_ranges, week_ranges = merge_ranges(days, DAY, tz), merge_ranges(days, WEEK, tz)
    daily, weekly = _buckets(db, day_ranges, week_ranges, tz, computed_at, fence)
    drop_unwritten(db, AGG_DAILY, day_ranges, daily, computed_at, fence)
    drop_unwritten(db, AGG_WEEKLY, week_ranges, weekly, computed_at, fence)
    return daily, weekly


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


def convert_sorted_values(db: Database) -> int:
    """Migration: per-day documents of version 2 (`metrics.<m>.values`, sorted) get their histograms.

    Keeps them readable until the next refresh rebuilds them (DAILY_VALUES_VERSION)."""
    converted = 0
    for doc in db[AGG_DAILY_VALUES].find({"metrics": {"$exists": True}}):
        update: dict[str, Any] = {}
        for m, stats in (doc.get("metrics") or {}).items():
            if isinstance(stats, dict) and isinstance(stats.get("values"), list):
                hist: dict[str, int] = {}
                for v in stats["values"]:
                    if isinstance(v, (int, float)) and not isinstance(v, bool) and v == v:
                        key = str(_bin(v / HIST_STEP))
                        hist[key] = hist.get(key, 0) + 1
                update.setdefault("$set", {})[f"metrics.{m}.hist"] = hist
                update.setdefault("$unset", {})[f"metrics.{m}.values"] = ""
        if update:
            db[AGG_DAILY_VALUES].update_one({"_id": doc["_id"]}, update)
            converted += 1
    return converted


# --- read API (the dashboard) -------------------------------------------------------

def _as_dt(value: date | datetime | None) -> datetime | None:
    """A datetime as given (naive = UTC); a date as the instant its local day starts (core.timebuckets)."""
    if value is None:
        return None
    if isinstance(value, datetime):
        return value if value.tzinfo else value.replace(tzinfo=timezone.utc)
    return bucket_start(value, DAY)


def get_aggregates(db: Database, granularity: str, start: date | datetime | None = None,
                   end: date | datetime | None = None, features: list[str] | None = None) -> list[dict]:
    """Bucket documents with start <= bucket <= end (dates inclusive), sorted by bucket then feature."""
    if granularity not in COLLECTIONS:
        from store.errors import ValidationFailed
        raise ValidationFailed("granularity must be 'day' or 'week'")
    query: dict[str, Any] = {}
    lo, hi = _as_dt(start), _as_dt(end)
    if lo or hi:
        query["bucket"] = {}
        if lo:  # a week bucket starts up to 6 days before the first date asked for
            query["bucket"]["$gte"] = lo - timedelta(days=6) if granularity == "week" else lo
        if hi:
            query["bucket"]["$lte"] = hi
    if features:
        query["feature"] = {"$in": [str(f) for f in features]}
    return list(db[COLLECTIONS[granularity]].find(query).sort([("bucket", ASCENDING), ("feature", ASCENDING)]))


def get_buckets(db: Database, granularity: str, start: date | datetime | None = None,
                end: date | datetime | None = None, features: list[str] | None = None) -> list[Bucket]:
    """get_aggregates as typed documents (core.buckets.Bucket), for readers such as the pages."""
    return buckets(get_aggregates(db, granularity, start, end, features))


def latest_daily_bucket(db: Database) -> datetime | None:
    """The newest daily bucket's start (one indexed read), None before the first refresh."""
    doc = db[AGG_DAILY].find_one({"feature": ALL}, {"bucket": 1}, sort=[("bucket", -1)])
    return (doc or {}).get("bucket")


def list_features(db: Database) -> list[str]:
    """Features that have daily aggregates, "__all__" first."""
    names = [f for f in db[AGG_DAILY].distinct("feature") if isinstance(f, str)]
    return ([ALL] if ALL in names else []) + sorted(f for f in names if f != ALL)


def latest_daily(db: Database, feature: str, n: int) -> list[dict]:
    """The `n` newest daily buckets of `feature`, oldest first."""
    docs = list(db[AGG_DAILY].find({"feature": feature}).sort("bucket", -1).limit(int(n)))
    docs.reverse()
    return docs


def daily_history(db: Database, since: datetime) -> dict[str, list[dict]]:
    """Daily buckets from `since` on, per feature, oldest first (the fields alert rules judge)."""
    history: dict[str, list[dict]] = {}
    for doc in db[AGG_DAILY].find({"bucket": {"$gte": since}},
                                  {"bucket": 1, "feature": 1, "count": 1, "metrics": 1, "pass_rate": 1,
                                   "regen_rate": 1, "passed": 1, "failing": 1, "regen_n": 1,
                                   "regen_pos": 1}).sort("bucket", 1):
        if isinstance(doc.get("feature"), str):
            history.setdefault(doc["feature"], []).append(doc)
    return history


def newest_daily_bucket(db: Database) -> datetime | None:
    """The newest daily bucket of any feature, None before the first refresh."""
    doc = db[AGG_DAILY].find_one({}, {"bucket": 1}, sort=[("bucket", -1)])
    return (doc or {}).get("bucket")


def score_histograms(db: Database, feature: str, start: date, end: date) -> dict[str, list[tuple[float, int]]]:
    """Per score metric, the (bin value, count) pairs of `feature`'s scores over the local days
    start..end (both included), bins of HIST_STEP, ascending, empty bins left out."""
    lo, hi = days_range(start, end)
    names = metrics.score_names()
    projection = {f"metrics.{m}.hist": 1 for m in names}
    parts = list(db[AGG_DAILY_VALUES].find({"bucket": {"$gte": lo, "$lt": hi}, "feature": str(feature)},
                                           projection))
    return {m: [(round(b * HIST_STEP, 3), c) for b, c in enumerate(histogram(parts, m)) if c] for m in names}


# --- verification: every per-day document against a recount of its records --------------------

_VERIFY_STATE = "verify_aggregates"


def _same_counts(a: dict | None, b: dict | None) -> bool:
    """Two per-day documents count the same records the same way (sums to float precision)."""
    if a is None or b is None:
        return a is None and b is None
    if any(int(a.get(c) or 0) != int(b.get(c) or 0) for c in _COUNTS if c != "regen_sum"):
        return False
    if abs(float(a.get("regen_sum") or 0) - float(b.get("regen_sum") or 0)) > 1e-6:
        return False
    for m in metrics.score_names():
        x, y = (a.get("metrics") or {}).get(m) or {}, (b.get("metrics") or {}).get(m) or {}
        if int(x.get("n") or 0) != int(y.get("n") or 0) or int(x.get("pass") or 0) != int(y.get("pass") or 0):
            return False
        if abs(float(x.get("sum") or 0) - float(y.get("sum") or 0)) > 1e-6:
            return False
        hx = {k: int(v) for k, v in (x.get("hist") or {}).items() if v}
        hy = {k: int(v) for k, v in (y.get("hist") or {}).items() if v}
        if hx != hy:
            return False
    qa, qb = a.get("quadrants") or {}, b.get("quadrants") or {}
    return all(int(qa.get(q) or 0) == int(qb.get(q) or 0) for q in diagnosis.QUADRANTS)


def last_verification(db: Database) -> dict | None:
    """The last `verify` result (Data health), None when it never ran."""
    return db[STATE_COLLECTION].find_one({"_id": _VERIFY_STATE})
