"""First start (the `setup` document of `evalboard_state`): what the worker has not built yet, so the pages
can say so (`build_status`), and whether the demo data is still loading (`demo_loading`)."""
from __future__ import annotations

from datetime import datetime, timedelta, timezone
from typing import Any

from pymongo.database import Database

from store.collections import STATE
from store.state import AGGREGATE, _now, set_state


# --- first start: what the worker has not built yet (the pages say so) ----------------------

SETUP = "setup"
ALERTS = "alerts"  # the alert job's state document (its `at`: when the rules were last judged)
DEMO_STALE = timedelta(minutes=20)


def set_setup(db: Database, **fields: Any) -> None:
    """Record a first-start step (`demo_loading`, ...) for the pages' "still being built" notice."""
    set_state(db, SETUP, **fields, updated_at=_now())


def _demo_loading(setup: dict) -> bool:
    loading = bool(setup.get("demo_loading"))
    stamp = setup.get("updated_at")
    if loading and isinstance(stamp, datetime):  # a load killed mid-way never cleared its flag
        loading = _now() - (stamp if stamp.tzinfo else stamp.replace(tzinfo=timezone.utc)) < DEMO_STALE
    return loading


def demo_loading(db: Database) -> bool:
    """The demo data is being written (`make run`'s worker starts once it is in)."""
    return _demo_loading(db[STATE].find_one({"_id": SETUP}) or {})


def build_status(db: Database, records_known: bool = False) -> dict:
    """What a fresh database still lacks: {"pending": [steps], "demo_loading": bool, "records": bool}.

    `records_known`: the caller saw records in this database before, so the check is skipped. It
    matters: the embedded server answers "any record?" by scanning the collection (1-2 s at 36k
    records on a quiet machine, measured in issue 29), and every page run asks.

    Steps, in the order the worker's first tick does them: "aggregates" (no aggregate run has
    finished), "alerts" (the rules were never judged), "weekly report" (none built yet, though
    there are weekly aggregates). Empty `pending` = nothing left to build."""
    from store.collections import AGG_WEEKLY, RECORDS, REPORTS

    # every page run asks: the three state documents in one round trip, and the weekly aggregates only
    # while no report exists (issue 29: a new tab's server time)
    state = {doc["_id"]: doc for doc in db[STATE].find({"_id": {"$in": [SETUP, AGGREGATE, ALERTS]}})}
    setup = state.get(SETUP) or {}
    has_records = records_known or db[RECORDS].find_one({}, {"_id": 1}) is not None
    pending: list[str] = []
    progress: dict = {}
    generation: list = []
    written = watermark = None
    if has_records:
        aggregate = state.get(AGGREGATE) or {}
        alerts_at = (state.get(ALERTS) or {}).get("at")
        written, watermark = aggregate.get("records_written_at"), aggregate.get("watermark")
        generation = [aggregate.get("watermark"), aggregate.get("release_watermark"), alerts_at]
        if not aggregate.get("watermark"):
            pending.append("aggregates")
            building = aggregate.get("building")
            if isinstance(building, dict) and isinstance(building.get("of"), int):
                progress["aggregates"] = {"done": int(building.get("done") or 0), "of": building["of"]}
        if not alerts_at:
            pending.append("alerts")
        if db[REPORTS].find_one({}, {"_id": 1}) is None and (
                pending or db[AGG_WEEKLY].find_one({}, {"_id": 1}) is not None):
            pending.append("weekly report")
    return {"pending": pending, "demo_loading": _demo_loading(setup), "records": has_records, "progress": progress,
            # moves whenever the worker has written new numbers (aggregates, release aggregates, alerts)
            "generation": "|".join(str(stamp) for stamp in generation),
            # moves whenever a load of records has been written (store.state.mark_records_written)
            "records_written": written,
            "watermark": watermark}  # what the aggregates count up to (store.pending reads the same)
