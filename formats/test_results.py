"""Test-results files (reference 003), with optional ground truth: one object of test ids.

Each test item becomes a record (query, answer(s), retrieved chunks as context, the file's time
when the item has none); a ground-truth file (query id -> {answer, document}) adds the expected
output. A test item that cannot be read is yielded with its reason, the others still are.
"""
from __future__ import annotations

from datetime import datetime, timezone
from pathlib import Path
from core.content_id import content_hash
from core.versions import version_source
from formats.errors import FormatError
from formats.files import Items
from formats.sniffing import Sniffed

NAME = "test-results"
RESULTS, TRUTH = "test-results", "ground-truth"
KINDS = (RESULTS, TRUTH)
DEFAULT_FEATURE = "test-results"
NO_FEATURE = {RESULTS: ("test-results", DEFAULT_FEATURE)}
ALONGSIDE = (TRUTH,)  # kinds that may come with the files of any format (ground truth is read whatever --format)


def claims(obj: dict) -> str | None:
    values = [v for v in obj.values() if isinstance(v, dict)]
    if values and len(values) == len(obj):
        if all("top_k_chunks" in v or "answers" in v for v in values):
            return RESULTS
        if all("answer" in v and ("document" in v or "query_id" in v) for v in values):
            return TRUTH
    return None


def ground_truth_of(files: list[Sniffed], extra: str | None = None) -> dict | None:
    """query id -> truth, merged from the ground-truth files found and the one named (`extra`)."""
    truth: dict | None = None
    sources = [s for s in files if s.kind == TRUTH]
    if extra:
        sources.append(Sniffed(Path(extra), TRUTH))
    for sniffed in sources:
        loaded, _notes = sniffed.take()
        if not isinstance(loaded, dict):
            raise FormatError(f"{sniffed.path}: not a ground-truth file")
        truth = {**(truth or {}), **loaded}
    return truth


def read(files: list[Sniffed], *, feature: str | None = None, ground_truth: str | None = None
         ) -> list[tuple[str, Items]]:
    """(source name, items) for each test-results file, ground truth applied (read now: a bad
    ground-truth file stops the run before anything is written)."""
    truth = ground_truth_of(files, ground_truth)
    return [(f"test-results:{s.path.name}", payloads(s, truth, feature or DEFAULT_FEATURE))
            for s in files if s.kind == RESULTS]


def payloads(sniffed: Sniffed, ground_truth: dict | None, feature: str) -> Items:
    path = sniffed.path
    results, notes = sniffed.take()
    if not isinstance(results, dict):
        raise FormatError(f"{path}: not a test-results file (expected an object of test ids)")
    run_time = datetime.fromtimestamp(path.stat().st_mtime, tz=timezone.utc).isoformat()
    for test_id, item in results.items():
        if not isinstance(item, dict):
            yield {"test_id": test_id, "payload": item}, None, notes, ""
            continue
        try:
            yield _payload(path, test_id, item, ground_truth, feature, run_time), None, notes, ""
        except Exception as exc:  # noqa: BLE001 - this test alone
            yield {"test_id": test_id, "payload": item}, f"could not be read: {exc.__class__.__name__}: {exc}", [], ""


def _payload(path: Path, test_id: str, item: dict, ground_truth: dict | None, feature: str,
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
