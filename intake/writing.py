"""Writing what comes through the door: through ingest's Writer, like every other record.

The Writer (jobs/ingest.py) parses each payload as a record (store/schema.py), applies the
feature cap, registers the batch in flight, stamps it, inserts it with idempotent ids and
quarantines what it refuses — the intake adds no insert of its own. Traces are assembled here
from the staged spans (store/spans.py) once they are ready.
"""
from __future__ import annotations

import logging
import os
import socket
import threading
import time
import uuid
from dataclasses import dataclass, field
from datetime import datetime, timedelta, timezone
from typing import Any

from pymongo.database import Database

from intake.mapping import trace_to_record
from jobs.ingest import Writer, request_refresh
from settings import get_settings
from store import spans as staging
from store.records import admitted_features
from store.locks import acquire_lease

log = logging.getLogger("intake")
LEASE, LEASE_S = "intake-assembler", 30.0  # one process assembles at a time; another takes over after 30 s
OWNER = f"intake-{socket.gethostname()}-{os.getpid()}-{uuid.uuid4().hex[:6]}"
MAX_REASONS = 100  # rejections listed in one answer (all are counted and quarantined)


class _FeatureNames:
    """The stored feature names, read once a minute instead of per request (the Writer's feature cap
    needs them; reading them is a distinct over every record). New names a write adds are kept at
    once; another process's new names are seen within the minute."""

    def __init__(self, ttl_s: float = 60.0):
        self.ttl_s = ttl_s
        self._names: dict[tuple, tuple[float, set[str]]] = {}
        self._lock = threading.Lock()

    def get(self, db: Database) -> set[str]:
        key = (id(db.client), db.name)
        with self._lock:
            cached = self._names.get(key)
        if cached is None or cached[0] < time.monotonic():
            cached = (time.monotonic() + self.ttl_s, admitted_features(db))
            with self._lock:
                self._names[key] = cached
        return set(cached[1])

    def seen(self, db: Database, names: set[str]) -> None:
        with self._lock:
            cached = self._names.get((id(db.client), db.name))
            if cached is not None:
                cached[1].update(names)


_FEATURES = _FeatureNames()


@dataclass
class Outcome:
    ingested: int = 0
    duplicates: int = 0
    rejected: int = 0
    rejections: list[dict] = field(default_factory=list)

    def body(self) -> dict:
        return {"ingested": self.ingested, "duplicates": self.duplicates, "rejected": self.rejected,
                "rejections": self.rejections[:MAX_REASONS]}


def write_payloads(db: Database, source: str, items: list[tuple[Any, str | None]]) -> Outcome:
    """Write (payload, error or None) items; a payload with an error is quarantined with it.
    Returns the counts and each rejection's index and reason."""
    index_of = {id(payload): i for i, (payload, _error) in enumerate(items)}
    reasons: list[dict] = []
    lock = threading.Lock()

    def rejected(payload: Any, reason: str) -> None:
        with lock:
            reasons.append({"index": index_of.get(id(payload)), "reason": reason})

    writer = Writer(db, source, on_reject=rejected, features=_FEATURES.get(db))
    try:
        for payload, error in items:
            writer.add(payload, error)
    finally:
        summary = writer.close()
        _FEATURES.seen(db, writer.cap.known)
    request_refresh(db, summary, f"intake ({source})")  # in the charts within seconds, not at the next tick
    reasons.sort(key=lambda r: (r["index"] is None, r["index"] or 0))
    return Outcome(summary.ingested, summary.duplicates, summary.rejected, reasons)


def quarantine_spans(db: Database, source: str, spans: list[tuple[Any, str]]) -> None:
    """Spans refused at the door or arriving after their trace was assembled: kept with the reason."""
    if spans:
        write_payloads(db, source, [({"otel_span": span}, reason) for span, reason in spans])


def assemble_ready(db: Database, *, now: datetime | None = None, limit: int = 500) -> dict:
    """Turn every ready trace into a record (or a quarantined trace with its reason and spans);
    one Writer per source for all of them. One intake process assembles at a time (a lease)."""
    settings = get_settings()
    now = now or datetime.now(timezone.utc)
    counts = {"records": 0, "duplicates": 0, "quarantined": 0}
    ready = staging.ready_traces(db, now=now, quiet_s=settings.intake_quiet_s, max_wait_s=settings.intake_max_wait_s,
                                 cap=settings.intake_trace_cap, limit=limit)
    if not ready or not acquire_lease(db, LEASE, OWNER, LEASE_S, now=now):
        return counts
    traces = staging.open_traces(db, ready)
    spans = staging.trace_spans(db, [t["_id"] for t in traces])
    by_source: dict[str, list[tuple[dict, Any, str | None]]] = {}
    for trace in traces:
        trace_id = trace["_id"]
        mapped = trace_to_record(spans[trace_id], trace.get("defaults") or {})
        item = (trace, mapped.payload, None) if mapped.payload is not None else (
            trace, {"trace_id": trace_id, "dialects": mapped.dialects, "spans": spans[trace_id]},
            f"trace {trace_id}: {mapped.reason}")
        by_source.setdefault(trace.get("source") or "otlp", []).append(item)
    for source, items in by_source.items():
        outcome = write_payloads(db, source, [(payload, error) for _trace, payload, error in items])
        counts["records"] += outcome.ingested
        counts["duplicates"] += outcome.duplicates
        counts["quarantined"] += outcome.rejected
        refused = {r["index"] for r in outcome.rejections}
        for name, chosen in (("record", False), ("quarantined", True)):
            staging.finish_traces(db, {t["_id"]: t["spans"] for i, (t, _p, _e) in enumerate(items)
                                       if (i in refused) == chosen}, now=now, outcome=name)
    return counts


def purge_old(db: Database, *, now: datetime | None = None, keep: timedelta = timedelta(days=1)) -> int:
    return staging.purge_done(db, before=(now or datetime.now(timezone.utc)) - keep)
