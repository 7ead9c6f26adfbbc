"""Ingest through formats/: every file sniffed once and read once (opens counted on real files, real
server), and a new format, even one that is not JSON (a Ragas-style CSV: its suffix and its content
test declared in its module), is one module plus one registry entry (added in a copy of the code and
ingested there by the real CLI, its rejects with their reasons)."""
from __future__ import annotations

import csv
import json
import os
import shutil
import subprocess
import sys
from collections import Counter
from pathlib import Path

import formats
from jobs.ingest import ingest_paths
from store.collections import RECORDS
from tests.integration.code_copy import copy_code, file_hashes, touched

PRODUCTION = ("core", "formats", "evaluators", "store", "jobs", "settings.py")


def _record(i: int) -> dict:
    return {"_id": f"f{i}", "query": f"q{i}", "answer": "a", "context": ["c"], "feature": "chat",
            "timestamp": "2026-03-01T10:00:00Z"}


def test_ingest_opens_each_file_once_more_at_most_after_sniffing(db, tmp_path, shared_dir, monkeypatch):
    (tmp_path / "log.jsonl").write_text("\n".join(json.dumps(_record(i)) for i in range(4)) + "\n")
    (tmp_path / "array.json").write_text(json.dumps([_record(i) for i in range(4, 7)], indent=2))
    (tmp_path / "results.json").write_text(json.dumps({"t1": {"query_id": "q1", "answers": ["yes"],
                                                              "top_k_chunks": [{"text": "chunk"}]}}, indent=2))
    for name in ("sample-chat-conversation-01.json", "sample_context_vectors-01.json"):
        shutil.copy(shared_dir / "data" / "beyondchats" / name, tmp_path / name)
    counts: Counter = Counter()
    real = Path.open

    def counting(self, *args, **kwargs):
        if self.parent == tmp_path:
            counts[self.name] += 1
        return real(self, *args, **kwargs)

    monkeypatch.setattr(Path, "open", counting)
    sniffed = formats.sniff_paths([str(tmp_path)])  # what the CLI does first, to say what it found
    summary = ingest_paths(db, [str(tmp_path)], sniffed=sniffed)
    assert summary.rejected == 0 and summary.ingested == db[RECORDS].count_documents({}) >= 4 + 3 + 1 + 1
    # once for the head (whole objects parsed then), once more only for the streamed ones
    assert counts == {"log.jsonl": 2, "array.json": 2, "results.json": 2, "sample-chat-conversation-01.json": 2,
                      "sample_context_vectors-01.json": 2}


RAGAS_CSV = '''"""Ragas evaluation datasets as CSV (`EvaluationDataset.to_csv()`): user_input, response,
retrieved_contexts (a list written as text), reference; one sample a row."""
from __future__ import annotations

import ast
import csv
from datetime import datetime, timezone

from core.content_id import content_hash

NAME = "ragas-csv"
KINDS = ("ragas-csv",)
NO_FEATURE = {"ragas-csv": ("Ragas CSV", "ragas")}
SUFFIXES = (".csv",)


def sniff_file(path, head):
    """A CSV whose header names the Ragas columns."""
    lines = head.decode("utf-8-sig", errors="replace").splitlines()[:1]
    columns = {c.strip() for c in next(csv.reader(lines), [])}
    return "ragas-csv" if {"user_input", "response"} <= columns else None


def read(files, *, feature=None, ground_truth=None):
    for sniffed in files:
        yield f"ragas:{sniffed.path.name}", _rows(sniffed.path, feature or "ragas")


def _contexts(text):
    try:
        value = ast.literal_eval(text) if text else []
    except (ValueError, SyntaxError):
        return [text]
    return [str(v) for v in value] if isinstance(value, (list, tuple)) else [text]


def _rows(path, feature):
    when = datetime.fromtimestamp(path.stat().st_mtime, tz=timezone.utc).isoformat()
    with path.open(encoding="utf-8-sig", newline="") as fh:
        for number, row in enumerate(csv.DictReader(fh), 2):
            where = f"row {number}"
            if not (row.get("response") or "").strip():
                yield row, f"{where}: no response", [], where
                continue
            yield {"_id": content_hash(row, "rg_"), "query": row["user_input"], "answer": row["response"],
                   "context": _contexts(row.get("retrieved_contexts")), "expected_output": row.get("reference") or None,
                   "timestamp": when, "feature": feature}, None, [], where
'''


def test_a_new_format_that_is_not_json_is_one_module_and_one_registry_entry(db, tmp_path):
    copy = copy_code(tmp_path / "repo", PRODUCTION)
    before = file_hashes(copy)

    # the whole change: the format's module (its suffix and content test included), and its entry in the registry
    (copy / "formats" / "ragas_csv.py").write_text(RAGAS_CSV, encoding="utf-8")
    registry = copy / "formats" / "__init__.py"
    text = registry.read_text(encoding="utf-8")
    text = text.replace("from formats import beyondchats, evallog, test_results",
                        "from formats import beyondchats, evallog, ragas_csv, test_results")
    text = text.replace("FORMATS = (evallog, test_results, beyondchats)",
                        "FORMATS = (evallog, test_results, beyondchats, ragas_csv)")
    registry.write_text(text, encoding="utf-8")
    assert touched(copy, before) == ["formats/__init__.py", "formats/ragas_csv.py"]

    folder = tmp_path / "data"
    folder.mkdir()
    data = folder / "dataset.csv"
    with data.open("w", encoding="utf-8", newline="") as fh:
        out = csv.writer(fh)
        out.writerow(["user_input", "retrieved_contexts", "response", "reference"])
        out.writerow(["What is Section 103 BNS?", "['Section 103: murder', 'Section 101: definition']", "Murder.",
                      "Punishment for murder."])
        out.writerow(["And 104?", "[]", "", ""])
        out.writerow(["Bail?", "[]", "Sometimes.", ""])
    env = {**os.environ, "PYTHONPATH": str(copy)}

    def ingest(*args):
        return subprocess.run([sys.executable, "-m", "jobs", "ingest", *args], cwd=copy, env=env,
                              capture_output=True, text=True, timeout=240)

    named = ingest("--format", "ragas-csv", str(data))
    assert named.returncode == 0, named.stderr[-3000:]
    assert named.stdout.splitlines()[-1] == "ingested=2 duplicates=0 rejected=1"
    assert "Ragas CSV files carry no feature: their records are stored as feature 'ragas'" in named.stderr
    assert "row 3: no response" in named.stderr  # the reject, with its reason
    doc = db[RECORDS].find_one({"query": "What is Section 103 BNS?"})
    assert doc["feature"] == "ragas" and doc["expected_output"] == "Punishment for murder."
    assert doc["context"] == ["Section 103: murder", "Section 101: definition"]

    sniffed = ingest(str(folder))  # auto, a folder: its .csv file is found (SUFFIXES) and recognised (sniff_file)
    assert sniffed.returncode == 0, sniffed.stderr[-3000:]
    assert sniffed.stdout.splitlines()[-1] == "ingested=0 duplicates=2 rejected=1"

    wrong = ingest("--format", "evallog", str(data))
    assert wrong.returncode == 2 and "looks like ragas-csv, not evallog" in wrong.stderr
