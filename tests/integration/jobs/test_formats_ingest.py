"""Ingest through formats/: every file sniffed once and read once (opens counted on real files, real
server), and a new format is one module plus one registry entry (added in a copy of the code and
ingested there by the real CLI)."""
from __future__ import annotations

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


RAGAS = '''"""Ragas evaluation datasets: {"samples": [{user_input, response, retrieved_contexts, reference}]}."""
from __future__ import annotations

from datetime import datetime, timezone

from core.content_id import content_hash

NAME = "ragas"
KINDS = ("ragas-dataset",)
NO_FEATURE = {"ragas-dataset": ("Ragas", "ragas")}


def claims(obj):
    samples = obj.get("samples")
    if isinstance(samples, list) and samples and all(isinstance(s, dict) and "user_input" in s for s in samples):
        return "ragas-dataset"
    return None


def read(files, *, feature=None, ground_truth=None):
    for sniffed in files:
        yield f"ragas:{sniffed.path.name}", _items(sniffed, feature or "ragas")


def _items(sniffed, feature):
    value, notes = sniffed.take()
    when = datetime.fromtimestamp(sniffed.path.stat().st_mtime, tz=timezone.utc).isoformat()
    for number, sample in enumerate(value["samples"], 1):
        where = f"sample {number}"
        if not isinstance(sample.get("response"), str):
            yield sample, f"{where}: no response", notes, where
            continue
        yield {"_id": content_hash(sample, "rg_"), "query": sample["user_input"], "answer": sample["response"],
               "context": sample.get("retrieved_contexts") or [], "expected_output": sample.get("reference"),
               "timestamp": sample.get("timestamp") or when, "feature": feature}, None, notes, where
'''


def test_a_new_format_is_one_module_and_one_registry_entry(db, tmp_path):
    copy = copy_code(tmp_path / "repo", PRODUCTION)
    before = file_hashes(copy)

    # the whole change: the format's module, and its entry in the registry
    (copy / "formats" / "ragas.py").write_text(RAGAS, encoding="utf-8")
    registry = copy / "formats" / "__init__.py"
    text = registry.read_text(encoding="utf-8")
    text = text.replace("from formats import beyondchats, evallog, test_results",
                        "from formats import beyondchats, evallog, ragas, test_results")
    text = text.replace("FORMATS = (evallog, test_results, beyondchats)", "FORMATS = (evallog, test_results, beyondchats, ragas)")
    registry.write_text(text, encoding="utf-8")
    assert touched(copy, before) == ["formats/__init__.py", "formats/ragas.py"]

    data = tmp_path / "dataset.json"
    data.write_text(json.dumps({"samples": [
        {"user_input": "What is Section 103 BNS?", "response": "Murder.", "retrieved_contexts": ["Section 103: murder"],
         "reference": "Punishment for murder."},
        {"user_input": "And 104?", "response": None},
        {"user_input": "Bail?", "response": "Sometimes.", "retrieved_contexts": []}]}, indent=2))
    env = {**os.environ, "PYTHONPATH": str(copy)}

    def ingest(*args):
        return subprocess.run([sys.executable, "-m", "jobs", "ingest", *args, str(data)], cwd=copy, env=env,
                              capture_output=True, text=True, timeout=240)

    named = ingest("--format", "ragas")
    assert named.returncode == 0, named.stderr[-3000:]
    assert named.stdout.splitlines()[-1] == "ingested=2 duplicates=0 rejected=1"
    assert "Ragas files carry no feature: their records are stored as feature 'ragas'" in named.stderr
    assert "sample 2: no response" in named.stderr
    doc = db[RECORDS].find_one({"query": "What is Section 103 BNS?"})
    assert doc["feature"] == "ragas" and doc["expected_output"] == "Punishment for murder."
    assert doc["context"] == ["Section 103: murder"]

    sniffed = ingest()  # auto: the new format's `claims` recognises the file
    assert sniffed.returncode == 0, sniffed.stderr[-3000:]
    assert sniffed.stdout.splitlines()[-1] == "ingested=0 duplicates=2 rejected=1"

    wrong = ingest("--format", "evallog")
    assert wrong.returncode == 2 and "looks like ragas-dataset, not evallog" in wrong.stderr
