"""`python -m jobs ingest PATH... [--format auto|evallog|beyondchats|test-results]`.

Reads evaluation logs (reference 000 shape: JSON array, JSON Lines, or one
object), BeyondChats conversation + context pairs (reference 001) and
test-results files with optional ground truth (reference 003). Streams large
files in batches (arrays item by item through formats/json_items.py, JSON Lines
line by line), so memory stays flat in the file size. The readers are the
format modules in formats/ (pure, no database); this module sniffs each file
once, reads it once through its format, and writes what it yields. Idempotent: records keep
their `_id` (or get a stable content hash), re-ingesting counts duplicates
instead of adding copies; a known `_id` with different content is a conflict,
quarantined with both versions.

Every record stands alone: whatever goes wrong with one (unparseable JSON,
invalid UTF-8, a value MongoDB cannot store, a batch the server refuses) costs
that record only, which is quarantined in `rejected` with its reason and raw
payload; nothing is dropped, so ingested + duplicates + rejected = records read.
JSON Lines is recognised by its lines, not by the first one. Only an unreadable
path, a file that is not JSON at all, or a lost database stops a run.
User text only ever becomes field *values*, never query keys or operators.
"""
from __future__ import annotations

from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

from pymongo.database import Database

import formats
from core.jobs import AGGREGATE, ALERTS
from formats import FormatError, Sniffed
from store.records import FeatureCap, quarantine, write_records
from store.schema import ParsedRecord, parse_record
from store.state import mark_records_written, request_jobs
from store.thresholds import get_thresholds

FORMATS = ("auto", *formats.NAMES)
BATCH_SIZE = 1000
IN_FLIGHT = 2  # batches being written at once (see Writer)


IngestError = FormatError  # an unreadable path or a file in the wrong format (the CLI exits 2)


@dataclass
class IngestSummary:
    ingested: int = 0
    duplicates: int = 0
    rejected: int = 0

    def line(self) -> str:
        return f"ingested={self.ingested} duplicates={self.duplicates} rejected={self.rejected}"

    def add(self, other: "IngestSummary") -> None:
        self.ingested += other.ingested
        self.duplicates += other.duplicates
        self.rejected += other.rejected


# --- reading files (the format modules in formats/) --------------------------------

def classify(path: Path) -> str:
    """evallog-array | evallog-lines | evallog-object | beyondchats-conversation |
    beyondchats-context | test-results | ground-truth (see formats.sniffing)."""
    return formats.sniff(path).kind


# --- turning payloads into records ------------------------------------------------

class Writer:
    """Parses payloads and writes them in batches; counts what happened.

    Batches are written by background threads while the next one is parsed
    (the server, not parsing, is the bottleneck; this hides the parsing). Two
    batches may be in flight on two connections, so the server receives one
    while it stores the other; memory stays flat (at most three batches held).
    """

    def __init__(self, db: Database, source: str, on_reject: Callable[[Any, str], None] | None = None,
                 features: set[str] | None = None):
        self.db = db
        self.source = source
        self.on_reject = on_reject  # told (payload, reason) of each refused record (the intake answers with them)
        self.thresholds = get_thresholds(db)
        self.cap = FeatureCap(db)  # the one cap every writer applies (store.records.write_records)
        if features is not None:  # names the caller already knows are stored (the intake keeps them)
            self.cap.known |= set(features)
        self.summary = IngestSummary()
        self.items: list[tuple[dict, Any]] = []  # (parsed document, raw payload)
        self.bad: list[tuple[Any, str, str]] = []
        self._pool = ThreadPoolExecutor(max_workers=IN_FLIGHT, thread_name_prefix="ingest-writer")
        self._pending: list[Future] = []

    def add(self, payload: Any, error: str | None = None, notes: list[str] | tuple = (), where: str = "") -> None:
        if error is None:
            parsed = parse_record(payload, self.thresholds, source=self.source, notes=notes)  # never raises
            if isinstance(parsed, ParsedRecord):
                error = self.cap.refuse(parsed.doc.get("feature"))
                if error is None:
                    self.items.append((parsed.doc, payload))
            else:
                error = parsed.reason
        if error is not None:
            if where and not error.startswith(where):
                error = f"{where}: {error}"
            self.bad.append((payload, error, self.source))
            self.summary.rejected += 1
            if self.on_reject:
                self.on_reject(payload, error)
        if len(self.items) >= BATCH_SIZE or len(self.bad) >= BATCH_SIZE:
            self.flush(final=False)

    def _write(self, items: list[tuple[dict, Any]], bad: list) -> tuple[int, int, int]:
        outcome = write_records(self.db, items, stamp=True, cap=self.cap)
        if self.on_reject:
            for raw, reason, _extra in outcome.refused:
                self.on_reject(raw, reason)
        quarantine(self.db, bad + [(raw, reason, self.source, extra) for raw, reason, extra in outcome.refused])
        return outcome.inserted, outcome.duplicates, len(outcome.refused)

    def _collect(self, keep: int = 0) -> None:
        """Wait for the oldest writes until at most `keep` are still running."""
        while len(self._pending) > keep:
            inserted, dupes, refused = self._pending.pop(0).result()
            self.summary.ingested += inserted
            self.summary.duplicates += dupes
            self.summary.rejected += refused

    def flush(self, final: bool = True) -> None:
        """Write what is buffered; `final=False` leaves the write running in the background."""
        self._collect(keep=IN_FLIGHT - 1)
        if self.items or self.bad:
            self._pending.append(self._pool.submit(self._write, self.items, self.bad))
            self.items, self.bad = [], []
        if final:
            self._collect()

    def close(self) -> IngestSummary:
        try:
            self.flush(final=True)
        finally:
            self._pool.shutdown(wait=True)
        return self.summary


def ingest_paths(db: Database, paths: list[str], fmt: str = "auto", *, ground_truth: str | None = None,
                 feature: str | None = None, sniffed: list[Sniffed] | None = None) -> IngestSummary:
    """Ingest the files named (folders: their files of a suffix a format declares). `sniffed`: the files already
    sniffed (formats.sniff_paths(paths), as the CLI does to say what it found), so that no file
    is sniffed twice."""
    if fmt not in FORMATS:
        raise IngestError(f"unknown format {fmt!r}; use one of {', '.join(FORMATS)}")
    files = formats.sniff_paths(paths) if sniffed is None else sniffed
    if fmt != "auto":
        for item in files:
            owner = formats.format_of(item.kind)
            if owner.NAME != fmt and item.kind not in getattr(owner, "ALONGSIDE", ()):
                raise IngestError(f"{item.path}: looks like {item.kind}, not {fmt}")
    plans = [fmt_module.read([f for f in files if f.kind in fmt_module.KINDS], feature=feature,
                             ground_truth=ground_truth)
             for fmt_module in formats.FORMATS]
    total = IngestSummary()
    for plan in plans:
        for source, items in plan:
            writer = Writer(db, source)
            try:
                for payload, error, notes, where in items:
                    writer.add(payload, error, notes, where)
            finally:
                total.add(writer.close())
    request_refresh(db, total, "ingest of " + ", ".join(str(p) for p in paths)[:200])
    return total


def request_refresh(db: Database, summary: IngestSummary, what: str = "ingest") -> bool:
    """Ask the worker to count a finished load now, not at its next tick (issue 34): the aggregate and
    alert jobs are queued in the request lane the scheduler polls every second, so the load is in the
    charts within seconds. Every intake calls this once its load is written (the file CLI through
    `ingest_paths`; an HTTP or OTLP intake after each request's batch). True when something was asked."""
    if summary.ingested <= 0:
        return False
    mark_records_written(db)  # the pages' cached "not counted yet" read is dropped on their next run
    request_jobs(db, [AGGREGATE, ALERTS], f"{what}: {summary.ingested:,} records to count")
    return True
