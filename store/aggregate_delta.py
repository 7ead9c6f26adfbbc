"""The delta refresh of the per-day documents: the records ingested since the last refresh are
added to their days' documents (`add_late_records`), each document moved from what it counts
(`counted_upto`) to the refresh's cutoff in one compare-and-swap replace, so a crash or a second
refresh at any point never counts a record twice or misses one; `write_recounts` stores whole
recounts under the same rule. The crash tests' hook (FAULT_HOOK, `fault_point`) is here: every write
point of a refresh, this module's, the rebuild's (store/aggregate_rebuild.py), the release
aggregates' and the aggregate job's, calls it.

Its own module because adding late records is the refresh's everyday path and its own concern
(the documents themselves: store/aggregate_counts.py).
"""
from __future__ import annotations

from collections import defaultdict
from datetime import date, datetime, timezone
from typing import Callable, Iterable

from pymongo.database import Database
from pymongo.errors import DuplicateKeyError

from core.timebuckets import DAY, key_day, local_day
from store.collections import AGG_DAILY_VALUES
from store.aggregate_counts import add_day_documents, day_documents, merge_ranges

Fence = Callable[[], None]  # raises when the caller no longer holds its job lock (store.state.LockLost)


def _no_fence() -> None:
    return None


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
