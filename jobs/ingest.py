"""`python -m jobs ingest PATH... [--format auto|evallog|beyondchats|test-results]`.

Reads evaluation logs (reference 000 shape: JSON array, JSON Lines, or one
object), BeyondChats conversation + context pairs (reference 001) and
test-results files with optional ground truth (reference 003). Streams large
files in batches (ijson for arrays, line by line for JSON Lines), so memory stays
flat in the file size. Idempotent: records keep their `_id` (or get a stable
content hash), re-ingesting counts duplicates instead of adding copies. Bad
payloads are quarantined in `rejected` with their reason; nothing is dropped.
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

import ijson
from pymongo.database import Database

from store.records import insert_records, quarantine
from store.schema import ParsedRecord, content_hash, parse_record
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


def _is_jsonl(path: Path) -> bool:
    """True when the first non-empty line is a complete JSON value and more lines follow."""
    with path.open("r", encoding="utf-8-sig", errors="replace") as fh:
        first = ""
        for line in fh:
            if line.strip():
                first = line
                break
        try:
            json.loads(first)
        except ValueError:
            return False
        return any(line.strip() for line in fh)


def classify(path: Path) -> str:
    """evallog-array | evallog-lines | evallog-object | beyondchats-conversation |
    beyondchats-context | test-results | ground-truth."""
    first = _first_char(path)
    if first == "[":
        return "evallog-array"
    if first != "{":
        raise IngestError(f"{path}: not JSON (starts with {first!r}); expected a JSON array, JSON Lines or an object")
    if _is_jsonl(path):
        return "evallog-lines"
    try:
        with path.open("r", encoding="utf-8-sig") as fh:
            obj = json.load(fh)
    except ValueError as exc:
        raise IngestError(f"{path}: invalid JSON: {exc}") from exc
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


def iter_evallog(path: Path, kind: str) -> Iterator[tuple[Any, str | None]]:
    """Yield (payload, parse_error) for every record in an evaluation-log file."""
    if kind == "evallog-array":
        with path.open("rb") as fh:
            try:
                for item in ijson.items(fh, "item", use_float=True):
                    yield item, None
            except ijson.JSONError as exc:
                yield {"file": str(path)}, f"invalid JSON array, stopped reading: {exc}"
    elif kind == "evallog-lines":
        with path.open("r", encoding="utf-8-sig", errors="replace") as fh:
            for number, line in enumerate(fh, 1):
                if not line.strip():
                    continue
                try:
                    yield json.loads(line), None
                except ValueError as exc:
                    yield line.rstrip("\n"), f"line {number}: invalid JSON ({exc.msg})"
    else:
        with path.open("r", encoding="utf-8-sig") as fh:
            yield json.load(fh), None


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
        self.summary = IngestSummary()
        self.docs: list[dict] = []
        self.bad: list[tuple[Any, str, str]] = []
        self._pool = ThreadPoolExecutor(max_workers=IN_FLIGHT, thread_name_prefix="ingest-writer")
        self._pending: list[Future] = []

    def add(self, payload: Any, error: str | None = None) -> None:
        if error is None:
            parsed = parse_record(payload, self.thresholds, source=self.source)
            if isinstance(parsed, ParsedRecord):
                self.docs.append(parsed.doc)
            else:
                error = parsed.reason
        if error is not None:
            self.bad.append((payload, error, self.source))
            self.summary.rejected += 1
        if len(self.docs) >= BATCH_SIZE or len(self.bad) >= BATCH_SIZE:
            self.flush(final=False)

    def _write(self, docs: list[dict], bad: list) -> tuple[int, int]:
        result = insert_records(self.db, docs, stamp=True)
        quarantine(self.db, bad)
        return result

    def _collect(self, keep: int = 0) -> None:
        """Wait for the oldest writes until at most `keep` are still running."""
        while len(self._pending) > keep:
            inserted, dupes = self._pending.pop(0).result()
            self.summary.ingested += inserted
            self.summary.duplicates += dupes

    def flush(self, final: bool = True) -> None:
        """Write what is buffered; `final=False` leaves the write running in the background."""
        self._collect(keep=IN_FLIGHT - 1)
        if self.docs or self.bad:
            self._pending.append(self._pool.submit(self._write, self.docs, self.bad))
            self.docs, self.bad = [], []
        if final:
            self._collect()

    def close(self) -> IngestSummary:
        try:
            self.flush(final=True)
        finally:
            self._pool.shutdown(wait=True)
        return self.summary


def _load(path: Path) -> Any:
    try:
        with path.open("r", encoding="utf-8-sig") as fh:
            return json.load(fh)
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


def beyondchats_payloads(conv_path: Path, ctx_path: Path, feature: str) -> Iterator[dict]:
    from evaluators.beyondchats import pairs_from_beyondchats

    conversation, context = _load(conv_path), _load(ctx_path)
    if not isinstance(conversation, dict) or "conversation_turns" not in conversation:
        raise IngestError(f"{conv_path}: not a BeyondChats conversation (no conversation_turns)")
    if not isinstance(context, dict) or not isinstance(context.get("data"), dict):
        raise IngestError(f"{ctx_path}: not a BeyondChats context file (no data.vector_data)")
    for pair in pairs_from_beyondchats(conversation, context):
        chat_id = pair.get("chat_id")
        yield {
            "_id": content_hash({"chat_id": chat_id, "turn": pair.get("turn"), "answer": pair.get("answer")}, "bc_"),
            "session_id": f"beyondchats_{chat_id}" if chat_id is not None else None,
            "query": pair.get("query"),
            "answer": pair.get("answer"),
            "context": pair.get("context"),
            "timestamp": pair.get("created_at"),
            "feature": feature,
            "beyondchats": {"chat_id": chat_id, "turn": pair.get("turn")},
        }


def test_result_payloads(path: Path, ground_truth: dict | None, feature: str) -> Iterator[dict]:
    results = _load(path)
    if not isinstance(results, dict):
        raise IngestError(f"{path}: not a test-results file (expected an object of test ids)")
    run_time = datetime.fromtimestamp(path.stat().st_mtime, tz=timezone.utc).isoformat()
    for test_id, item in results.items():
        if not isinstance(item, dict):
            yield {"test_id": test_id, "payload": item}
            continue
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
        }
        if isinstance(truth, dict) and truth.get("answer"):
            payload["expected_output"] = truth["answer"]
            payload["test"]["expected_documents"] = truth.get("document")
        yield payload


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
        loaded = _load(path)
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
                for payload, error in iter_evallog(path, kind):
                    writer.add(payload, error)
            finally:
                total.add(writer.close())
        elif kind == "test-results":
            writer = _Writer(db, f"test-results:{path.name}")
            try:
                for payload in test_result_payloads(path, truth, feature or "test-results"):
                    writer.add(payload)
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
                for payload in beyondchats_payloads(conv, ctx, feature or "chat"):
                    writer.add(payload)
            finally:
                total.add(writer.close())
    return total
