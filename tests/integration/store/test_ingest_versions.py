"""Version fields (issue 21) through every import format: evaluation log top-level fields,
BeyondChats conversation metadata, test-result items; bad values noted, never used, never lost."""
from __future__ import annotations

import json

from jobs.ingest import ingest_paths
from store.collections import RECORDS
from tests.integration.store.test_ingest import record, write_jsonl


def test_evaluation_log_versions_stored_and_bad_ones_noted(db, tmp_path):
    good = record(1, release="2026.12", model="gpt-4.1-mini", prompt_version=8,
                  tags={"retriever": "dense-k4", "region": "in"})
    bad = record(2, release={"$gt": ""}, model="x" * 65, tags={f"t{i}": "v" for i in range(21)})
    plain = record(3)
    summary = ingest_paths(db, [str(write_jsonl(tmp_path / "v.jsonl", [good, bad, plain]))])
    assert summary.ingested == 3 and summary.rejected == 0
    doc = db[RECORDS].find_one({"_id": "eval_1"})
    assert (doc["release"], doc["model"], doc["prompt_version"]) == ("2026.12", "gpt-4.1-mini", "8")
    assert doc["tags"] == {"retriever": "dense-k4", "region": "in"}
    doc = db[RECORDS].find_one({"_id": "eval_2"})
    assert "release" not in doc and "model" not in doc and "tags" not in doc  # not used ...
    assert set(doc["eb"]["invalid_versions"]) == {"release", "model", "tags"}  # ... but kept as given
    assert doc["eb"]["invalid_versions"]["release"] == {"＄gt": ""}  # escaped: never an operator
    issues = " ".join(doc["eb"]["issues"])
    assert "release is not text" in issues and "longer than 64" in issues and "more than 20 tags" in issues
    assert "release" not in db[RECORDS].find_one({"_id": "eval_3"})  # unversioned


def test_beyondchats_and_test_results_map_their_metadata(db, shared_dir, tmp_path):
    folder = shared_dir / "data" / "beyondchats"
    conversation = json.loads((folder / "sample-chat-conversation-01.json").read_text())
    conversation["metadata"] = {"release": "bc-7", "model_name": "gpt-4o", "prompt_id": "p3",
                                "tags": {"channel": "web"}}
    (tmp_path / "sample-chat-conversation-01.json").write_text(json.dumps(conversation))
    (tmp_path / "sample_context_vectors-01.json").write_text((folder / "sample_context_vectors-01.json").read_text())
    summary = ingest_paths(db, [str(tmp_path / "sample-chat-conversation-01.json"),
                                str(tmp_path / "sample_context_vectors-01.json")], "beyondchats")
    assert summary.ingested > 0
    docs = list(db[RECORDS].find({"session_id": f"beyondchats_{conversation['chat_id']}"}))
    assert docs and all((d["release"], d["model"], d["prompt_version"], d["tags"]) ==
                        ("bc-7", "gpt-4o", "p3", {"channel": "web"}) for d in docs)
    results = {"t1": {"query_id": "Q1", "answers": "A.", "top_k_chunks": [], "release": "r-2", "model": "m-1"},
               "t2": {"query_id": "Q2", "answers": "B.", "top_k_chunks": []}}
    (tmp_path / "results.json").write_text(json.dumps(results))
    assert ingest_paths(db, [str(tmp_path / "results.json")], "test-results").ingested == 2
    t1, t2 = db[RECORDS].find_one({"test.test_id": "t1"}), db[RECORDS].find_one({"test.test_id": "t2"})
    assert (t1["release"], t1["model"]) == ("r-2", "m-1") and "release" not in t2
