"""`python -m jobs ingest PATH... [--format auto|evallog|beyondchats|test-results]`.

Reads evaluation logs (reference 000 shape: JSON array, JSON Lines, or one
object), BeyondChats conversation + context pairs (reference 001) and
test-results files with optional ground truth (reference 003). Streams large
files in batches (arrays item by item through jobs/json_items.py, JSON Lines
line by line), so memory stays flat in the file size. Idempotent: records keep
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

import json
import os
import re
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Iterator

from pymongo.database import Database

from jobs.json_items import decode_utf8, iter_array_items, loads_record
from core.features import UNKNOWN_FEATURE
from settings import get_settings
from store.records import known_features, quarantine, write_records
from store.schema import ParsedRecord, content_hash, parse_record, version_source
from store.thresholds import get_thresholds

FORMATS = ("auto", "evallog", "beyondchats", "test-results")
BATCH_SIZE = 1000
IN_FLIGHT = 2  # batches being written at once (see _Writer)


class IngestError(Exception):
    """An unreadable path or a file in the wrong format (the CLI exits 2)."""


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


# --- reading files ---------------------------------------------------------------

def expand_paths(paths: list[str]) -> list[Path]:
    files: list[Path] = []
    for raw in paths:
        path = Path(raw)
        if path.is_dir():
            found = sorted(p for p in path.iterdir() if p.is_file() and p.suffix.lower() in (".json", ".jsonl", ".ndjson"))
            if not found:
                raise IngestError(f"{raw}: folder has no .json/.jsonl files")
            files.extend(found)
        elif path.is_file():
            if not os.access(path, os.R_OK):
                raise IngestError(f"{raw}: not readable")
            files.append(path)
        else:
            raise IngestError(f"{raw}: no such file or folder")
    return files


def _first_char(path: Path) -> str:
    with path.open("rb") as fh:
        while True:
            chunk = fh.read(4096)
            if not chunk:
                return ""
            stripped = chunk.lstrip(b"\xef\xbb\xbf \t\r\n")
            if stripped:
                return chr(stripped[0])


SAMPLE_LINES = 64  # lines looked at to tell JSON Lines from one pretty-printed value
SAMPLE_LINE_BYTES = 1 << 20  # a longer line counts as one that does not parse on its own


def _sample_lines(path: Path) -> tuple[int, int]:
    """(lines that are a JSON object or array on their own, other non-empty lines) among the first few."""
    whole = bad = 0
    with path.open("rb") as fh:
        while whole + bad < SAMPLE_LINES:
            line = fh.readline(SAMPLE_LINE_BYTES)
            if not line:
                break
            if not line.strip(b"\xef\xbb\xbf \t\r\n"):
                continue
            if len(line) >= SAMPLE_LINE_BYTES and not line.endswith(b"\n"):
                while True:  # skip the rest of that line (too long to look at), a piece at a time
                    piece = fh.readline(SAMPLE_LINE_BYTES)
                    if not piece or piece.endswith(b"\n"):
                        break
                # a long line that starts like a record counts as one: a pretty-printed value has no such lines
                if line.lstrip(b"\xef\xbb\xbf \t")[:1] in (b"{", b"["):
                    whole += 1
                else:
                    bad += 1
                continue
            try:
                value = json.loads(decode_utf8(line.lstrip(b"\xef\xbb\xbf"))[0])
            except (ValueError, RecursionError):
                bad += 1
                continue
            if isinstance(value, (dict, list)):
                whole += 1
            else:
                bad += 1
    return whole, bad


def classify(path: Path) -> str:
    """evallog-array | evallog-lines | evallog-object | beyondchats-conversation |
    beyondchats-context | test-results | ground-truth.

    JSON Lines is decided by the lines themselves: at least two non-empty lines, and
    at least as many that are a whole JSON object or array on their own as not (a
    truncated or array first line does not decide the file). A pretty-printed value
    has mostly lines like `{` or `"key": 1,` that do not parse alone."""
    first = _first_char(path)
    whole, bad = _sample_lines(path)
    if whole + bad >= 2 and whole >= max(1, bad):
        return "evallog-lines"
    if first == "[":
        return "evallog-array"
    if first != "{":
        if whole and whole + bad >= 2:
            return "evallog-lines"
        raise IngestError(f"{path}: not JSON (starts with {first!r}); expected a JSON array, JSON Lines or an object")
    try:
        obj, _notes = _load_json(path)
    except RecursionError:
        return "evallog-object"  # read (and refused, with its reason) as one record
    except ValueError as exc:
        if whole and whole + bad >= 2:
            return "evallog-lines"  # mostly broken lines: still read line by line
        raise IngestError(f"{path}: invalid JSON: {exc}") from exc
    if not isinstance(obj, dict):
        return "evallog-object"
    if "conversation_turns" in obj:
        return "beyondchats-conversation"
    if isinstance(obj.get("data"), dict) and "vector_data" in obj["data"]:
        return "beyondchats-context"
    values = [v for v in obj.values() if isinstance(v, dict)]
    if values and len(values) == len(obj):
        if all("top_k_chunks" in v or "answers" in v for v in values):
            return "test-results"
        if all("answer" in v and ("document" in v or "query_id" in v) for v in values):
            return "ground-truth"
    return "evallog-object"


def _load_json(path: Path) -> tuple[Any, list[str]]:
    """The file's one JSON value and the notes on reading it (invalid UTF-8 replaced)."""
    text, notes = decode_utf8(path.read_bytes())
    return json.loads(text.lstrip("\ufeff")), notes


Item = tuple[Any, "str | None", list[str]]  # (payload, why it could not be read, notes for eb.issues)


def iter_evallog(path: Path, kind: str) -> Iterator[Item]:
    """Yield (payload, parse_error, notes) for every record in an evaluation-log file."""
    for payload, error, notes, _where in iter_evallog_located(path, kind):
        yield payload, error, notes


def iter_evallog_located(path: Path, kind: str) -> Iterator[tuple[Any, "str | None", list[str], str]]:
    """(payload, parse_error, notes, where) — `where` ("line 7", "item 3") names the record in
    the file, so that every reject says which one it was. JSON Lines are read one line at a time
    (memory: the longest line, never the file)."""
    if kind == "evallog-array":
        for number, (payload, error, notes) in enumerate(iter_array_items(path), 1):
            yield payload, error, notes, f"item {number}"
    elif kind == "evallog-lines":
        with path.open("rb") as fh:
            for number, line in enumerate(fh, 1):
                if number == 1:
                    line = line.lstrip(b"\xef\xbb\xbf")
                if not line.strip():
                    continue
                yield (*loads_record(line, f"line {number}"), f"line {number}")
    else:
        yield (*loads_record(path.read_bytes().lstrip(b"\xef\xbb\xbf"), "the file"), "the file")


# --- turning payloads into records ------------------------------------------------

class _Writer:
    """Parses payloads and writes them in batches; counts what happened.

    Batches are written by background threads while the next one is parsed
    (the server, not parsing, is the bottleneck; this hides the parsing). Two
    batches may be in flight on two connections, so the server receives one
    while it stores the other; memory stays flat (at most three batches held).
    """

    def __init__(self, db: Database, source: str):
        self.db = db
        self.source = source
        self.thresholds = get_thresholds(db)
        self.max_features = get_settings().max_features
        self.features = known_features(db)
        self.summary = IngestSummary()
        self.items: list[tuple[dict, Any]] = []  # (parsed document, raw payload)
        self.bad: list[tuple[Any, str, str]] = []
        self._pool = ThreadPoolExecutor(max_workers=IN_FLIGHT, thread_name_prefix="ingest-writer")
        self._pending: list[Future] = []

    def add(self, payload: Any, error: str | None = None, notes: list[str] | tuple = (), where: str = "") -> None:
        if error is None:
            parsed = parse_record(payload, self.thresholds, source=self.source, notes=notes)  # never raises
            if isinstance(parsed, ParsedRecord):
                error = self._feature_over_cap(parsed.doc.get("feature"))
                if error is None:
                    self.items.append((parsed.doc, payload))
            else:
                error = parsed.reason
        if error is not None:
            if where and not error.startswith(where):
                error = f"{where}: {error}"
            self.bad.append((payload, error, self.source))
            self.summary.rejected += 1
        if len(self.items) >= BATCH_SIZE or len(self.bad) >= BATCH_SIZE:
            self.flush(final=False)

    def _feature_over_cap(self, feature: Any) -> str | None:
        """Why a record with this feature is refused (a new name beyond EVALBOARD_MAX_FEATURES), or None."""
        if feature in self.features or feature == UNKNOWN_FEATURE:
            return None
        if len(self.features - {UNKNOWN_FEATURE}) >= self.max_features:
            return (f"feature {str(feature)[:64]!r} would be distinct feature number "
                    f"{len(self.features - {UNKNOWN_FEATURE}) + 1}, over the limit of {self.max_features} "
                    "(EVALBOARD_MAX_FEATURES); raise the limit or map it to an existing feature, then re-ingest")
        self.features.add(feature)
        return None

    def _write(self, items: list[tuple[dict, Any]], bad: list) -> tuple[int, int, int]:
        outcome = write_records(self.db, items, stamp=True)
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


def _load(path: Path) -> tuple[Any, list[str]]:
    try:
        return _load_json(path)
    except RecursionError:
        raise IngestError(f"{path}: JSON nested too deeply to read") from None
    except ValueError as exc:
        raise IngestError(f"{path}: invalid JSON: {exc}") from exc


def _suffix_number(path: Path) -> str | None:
    match = re.search(r"(\d+)\D*$", path.stem)
    return match.group(1).lstrip("0") or "0" if match else None


def pair_beyondchats(conversations: list[Path], contexts: list[Path]) -> list[tuple[Path, Path]]:
    if len(conversations) == 1 and len(contexts) == 1:
        return [(conversations[0], contexts[0])]
    by_number = {_suffix_number(p): p for p in contexts}
    pairs = []
    for conv in conversations:
        ctx = by_number.get(_suffix_number(conv))
        if ctx is None:
            raise IngestError(f"{conv}: no context file with the same number suffix")
        pairs.append((conv, ctx))
    return pairs


def beyondchats_payloads(conv_path: Path, ctx_path: Path, feature: str) -> Iterator[Item]:
    from evaluators.beyondchats import pairs_from_beyondchats

    (conversation, conv_notes), (context, ctx_notes) = _load(conv_path), _load(ctx_path)
    if not isinstance(conversation, dict) or "conversation_turns" not in conversation:
        raise IngestError(f"{conv_path}: not a BeyondChats conversation (no conversation_turns)")
    if not isinstance(context, dict) or not isinstance(context.get("data"), dict):
        raise IngestError(f"{ctx_path}: not a BeyondChats context file (no data.vector_data)")
    try:
        pairs = pairs_from_beyondchats(conversation, context)
    except Exception as exc:  # noqa: BLE001 - the file's structure, not one record, is broken
        raise IngestError(f"{conv_path}: cannot read the conversation: {exc.__class__.__name__}: {exc}") from exc
    for pair in pairs:
        try:
            chat_id = pair.get("chat_id")
            yield {
                "_id": content_hash({"chat_id": chat_id, "turn": pair.get("turn"), "answer": pair.get("answer")},
                                    "bc_"),
                "session_id": f"beyondchats_{chat_id}" if chat_id is not None else None,
                "query": pair.get("query"),
                "answer": pair.get("answer"),
                "context": pair.get("context"),
                **({"history": pair["history"]} if pair.get("history") else {}),  # earlier turns, for a follow-up
                "timestamp": pair.get("created_at"),
                "feature": feature,
                "beyondchats": {"chat_id": chat_id, "turn": pair.get("turn")},
                **version_source(conversation, context),
            }, None, conv_notes + ctx_notes
        except Exception as exc:  # noqa: BLE001 - this pair alone
            yield pair, f"could not be read: {exc.__class__.__name__}: {exc}", []


def test_result_payloads(path: Path, ground_truth: dict | None, feature: str) -> Iterator[Item]:
    results, notes = _load(path)
    if not isinstance(results, dict):
        raise IngestError(f"{path}: not a test-results file (expected an object of test ids)")
    run_time = datetime.fromtimestamp(path.stat().st_mtime, tz=timezone.utc).isoformat()
    for test_id, item in results.items():
        if not isinstance(item, dict):
            yield {"test_id": test_id, "payload": item}, None, notes
            continue
        try:
            yield _test_result_payload(path, test_id, item, ground_truth, feature, run_time), None, notes
        except Exception as exc:  # noqa: BLE001 - this test alone
            yield {"test_id": test_id, "payload": item}, f"could not be read: {exc.__class__.__name__}: {exc}", []


def _test_result_payload(path: Path, test_id: str, item: dict, ground_truth: dict | None, feature: str,
                         run_time: str) -> dict:
    chunks = item.get("top_k_chunks") or []
    chunks = chunks if isinstance(chunks, list) else []
    answer = item.get("answers", item.get("answer"))
    if isinstance(answer, list):
        answer = "\n".join(str(a) for a in answer)
    query_id = item.get("query_id")
    truth = (ground_truth or {}).get(query_id) if isinstance(query_id, str) else None
    payload = {
        "_id": content_hash({"file": path.name, "test_id": test_id, "answer": answer}, "tr_"),
        "query": item.get("query") or query_id or test_id,
        "answer": answer,
        "context": [c.get("text") for c in chunks if isinstance(c, dict)],
        "timestamp": item.get("timestamp") or run_time,
        "feature": item.get("feature") or feature,
        "test": {
            "test_id": test_id, "query_id": query_id, "file": path.name,
            "chunks": [{k: c.get(k) for k in ("chunk_id", "doc_id", "page", "score")}
                       for c in chunks if isinstance(c, dict)],
        },
        **version_source(item),
    }
    if isinstance(truth, dict) and truth.get("answer"):
        payload["expected_output"] = truth["answer"]
        payload["test"]["expected_documents"] = truth.get("document")
    return payload


def ingest_paths(db: Database, paths: list[str], fmt: str = "auto", *, ground_truth: str | None = None,
                 feature: str | None = None) -> IngestSummary:
    if fmt not in FORMATS:
        raise IngestError(f"unknown format {fmt!r}; use one of {', '.join(FORMATS)}")
    files = expand_paths(paths)
    kinds = {path: classify(path) for path in files}
    truth: dict | None = None
    truth_files = [p for p, k in kinds.items() if k == "ground-truth"]
    if ground_truth:
        truth_files.append(Path(ground_truth))
    for path in truth_files:
        loaded, _notes = _load(path)
        if not isinstance(loaded, dict):
            raise IngestError(f"{path}: not a ground-truth file")
        truth = {**(truth or {}), **loaded}

    expected = {"evallog": ("evallog-array", "evallog-lines", "evallog-object"),
                "beyondchats": ("beyondchats-conversation", "beyondchats-context"),
                "test-results": ("test-results",)}
    if fmt != "auto":
        for path, kind in kinds.items():
            if kind not in expected[fmt] and kind != "ground-truth":
                raise IngestError(f"{path}: looks like {kind}, not {fmt}")

    total = IngestSummary()
    for path, kind in kinds.items():
        if kind.startswith("evallog"):
            writer = _Writer(db, f"evallog:{path.name}")
            try:
                for payload, error, notes, where in iter_evallog_located(path, kind):
                    writer.add(payload, error, notes, where)
            finally:
                total.add(writer.close())
        elif kind == "test-results":
            writer = _Writer(db, f"test-results:{path.name}")
            try:
                for payload, error, notes in test_result_payloads(path, truth, feature or "test-results"):
                    writer.add(payload, error, notes)
            finally:
                total.add(writer.close())
    conversations = [p for p, k in kinds.items() if k == "beyondchats-conversation"]
    contexts = [p for p, k in kinds.items() if k == "beyondchats-context"]
    if conversations or contexts:
        if len(conversations) != len(contexts):
            raise IngestError(f"BeyondChats needs conversation + context pairs; got {len(conversations)} "
                              f"conversation file(s) and {len(contexts)} context file(s)")
        for conv, ctx in pair_beyondchats(conversations, contexts):
            writer = _Writer(db, f"beyondchats:{conv.name}")
            try:
                for payload, error, notes in beyondchats_payloads(conv, ctx, feature or "chat"):
                    writer.add(payload, error, notes)
            finally:
                total.add(writer.close())
    return total
