"""Ingest against the real embedded server: every format, idempotency, quarantine."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from jobs.ingest import IngestError, ingest_paths
from store.collections import RECORDS, REJECTED

REPO = Path(__file__).resolve().parents[3]


def record(i: int, **over) -> dict:
    rec = {
        "_id": f"eval_{i}", "session_id": f"chat_{i % 7}", "query": f"What does section {100 + i} say?",
        "answer": "It says something.", "context": ["Section text."],
        "evaluation": {m: {"score": 0.9, "threshold": 0.7, "passed": True, "reason": "ok"}
                       for m in ("faithfulness", "answer_relevancy", "contextual_precision", "contextual_recall")},
        "regeneration_attempts": 0, "timestamp": "2026-01-12T21:00:00Z", "feature": "chat",
    }
    rec["evaluation"]["overall_quality"] = {"score": 0.9, "threshold": 0.75, "passed": True}
    rec.update(over)
    return rec


def write_jsonl(path: Path, rows: list) -> Path:
    path.write_text("\n".join(r if isinstance(r, str) else json.dumps(r) for r in rows) + "\n")
    return path


def test_jsonl_array_and_single_object(db, tmp_path):
    lines = write_jsonl(tmp_path / "a.jsonl", [record(1), record(2)])
    array = tmp_path / "b.json"
    array.write_text(json.dumps([record(3), record(4), record(5)]))
    single = tmp_path / "c.json"
    single.write_text(json.dumps(record(6)))
    summary = ingest_paths(db, [str(lines), str(array), str(single)])
    assert (summary.ingested, summary.duplicates, summary.rejected) == (6, 0, 0)
    doc = db[RECORDS].find_one({"_id": "eval_3"})
    assert doc["ingested_at"] is not None and doc["source"] == "evallog:b.json"
    assert doc["eb"]["scores"]["faithfulness"] == 0.9


def test_same_input_twice_adds_nothing(db, tmp_path):
    no_id = record(0)
    del no_id["_id"]
    path = write_jsonl(tmp_path / "a.jsonl", [record(1), no_id, "{broken", {"query": "no time"}])
    first = ingest_paths(db, [str(path)])
    second = ingest_paths(db, [str(path)])
    assert (first.ingested, first.duplicates, first.rejected) == (2, 0, 2)
    assert (second.ingested, second.duplicates, second.rejected) == (0, 2, 2)
    assert db[RECORDS].count_documents({}) == 2
    assert db[REJECTED].count_documents({}) == 2  # the same bad payload is kept once
    assert sorted(d["seen"] for d in db[REJECTED].find()) == [2, 2]


def test_quarantine_keeps_payload_reason_and_source(db, tmp_path):
    bad_score = record(9)
    bad_score["evaluation"]["faithfulness"]["score"] = "high"
    path = write_jsonl(tmp_path / "bad.jsonl", [bad_score, record(10, timestamp="not-a-date"),
                                                 record(11, evaluation="great")])
    summary = ingest_paths(db, [str(path)])
    assert summary.rejected == 3 and summary.ingested == 0
    reasons = {d["raw"].get("_id"): d["reason"] for d in db[REJECTED].find()}
    assert "faithfulness.score is not a number" in reasons["eval_9"]
    assert "unparseable timestamp" in reasons["eval_10"]
    assert "evaluation is not an object" in reasons["eval_11"]
    assert {d["source"] for d in db[REJECTED].find()} == {"evallog:bad.jsonl"}


def test_operator_text_never_becomes_an_operator(db, tmp_path):
    path = write_jsonl(tmp_path / "x.jsonl", [record(1, _id={"$ne": None}, feature={"$gt": ""}),
                                              record(2, query="{\"$where\": \"1\"}")])
    summary = ingest_paths(db, [str(path)])
    assert summary.ingested == 2
    stored = list(db[RECORDS].find({}, {"_id": 1, "feature": 1, "query": 1}))
    assert all(isinstance(d["_id"], str) for d in stored)
    assert {d["feature"] for d in stored} == {"unknown", "chat"}


def test_operator_looking_field_names_are_kept_safely(db, tmp_path):
    """A good record with "$"/"." field names is stored with escaped names; a bad one is
    quarantined verbatim (as JSON text, which any MongoDB accepts in an update)."""
    good = record(1, **{"$where": "sleep(1)", "meta": {"a.b": 1}})
    bad = record(2, timestamp="not-a-date", **{"$set": {"x": 1}})
    summary = ingest_paths(db, [str(write_jsonl(tmp_path / "k.jsonl", [good, bad]))])
    assert (summary.ingested, summary.rejected) == (1, 1)
    stored = db[RECORDS].find_one({"_id": "eval_1"})
    assert stored["＄where"] == "sleep(1)" and stored["meta"] == {"a．b": 1}
    entry = db[REJECTED].find_one()
    assert entry["raw"]["json_text"] is True and "unparseable timestamp" in entry["reason"]
    from store.record_fields import payload_from_storage
    assert payload_from_storage(entry["raw"]) == json.loads(json.dumps(bad))
    # the fixed payload re-ingests, and the fix is kept the same safe way
    from store.health import reingest
    fixed = {**bad, "timestamp": "2026-11-20T10:00:00Z"}
    assert reingest(db, entry["_id"], fixed, "ops") == "eval_2"
    assert db[REJECTED].find_one()["fixed_raw"]["json_text"] is True
    assert db[RECORDS].find_one({"_id": "eval_2"})["＄set"] == {"x": 1}


def test_beyondchats_samples_pair_answers_with_questions(db, shared_dir):
    folder = shared_dir / "data" / "beyondchats"
    summary = ingest_paths(db, [str(folder)], "beyondchats")
    assert summary.ingested > 0 and summary.rejected == 0
    conversation = json.loads((folder / "sample-chat-conversation-01.json").read_text())
    turns = conversation["conversation_turns"]
    doc = db[RECORDS].find_one({"session_id": f"beyondchats_{conversation['chat_id']}"},
                               sort=[("timestamp", 1)])
    assert doc["eb"]["needs_scoring"] is True and "evaluation" not in doc
    ai_index = next(i for i, t in enumerate(turns) if t["message"] == doc["answer"])
    previous_user = [t for t in turns[:ai_index] if t["role"] == "User"][-1]
    assert doc["query"] == previous_user["message"]
    assert len(doc["context"]) > 0
    again = ingest_paths(db, [str(folder / "sample-chat-conversation-01.json"),
                              str(folder / "sample_context_vectors-01.json")], "beyondchats")
    assert again.ingested == 0 and again.duplicates > 0


def test_test_results_with_ground_truth(db, tmp_path):
    results = {
        "t1": {"query_id": "Test_query_1", "answers": "NYS began in April 2023. [mu.pdf:3]",
               "top_k_chunks": [{"chunk_id": "mu.pdf::0033", "text": "NYS began in April 2023.",
                                 "doc_id": "mu.pdf", "page": 3, "score": 0.8}]},
        "t2": {"query_id": "Test_query_2", "answers": "No idea.", "top_k_chunks": []},
    }
    truth = {"Test_query_1": {"query_id": "Test_query_1", "answer": "April 2023.", "document": {"mu.pdf": [3]}}}
    (tmp_path / "results.json").write_text(json.dumps(results))
    (tmp_path / "gt.json").write_text(json.dumps(truth))
    summary = ingest_paths(db, [str(tmp_path / "results.json")], "test-results",
                           ground_truth=str(tmp_path / "gt.json"))
    assert summary.ingested == 2
    doc = db[RECORDS].find_one({"test.test_id": "t1"})
    assert doc["expected_output"] == "April 2023."
    assert doc["context"] == ["NYS began in April 2023."]
    assert doc["test"]["chunks"][0]["doc_id"] == "mu.pdf"
    assert doc["eb"]["needs_scoring"] is True


def test_wrong_format_and_unreadable_path_are_clear_errors(db, tmp_path):
    path = write_jsonl(tmp_path / "a.jsonl", [record(1)])
    with pytest.raises(IngestError, match="not beyondchats"):
        ingest_paths(db, [str(path)], "beyondchats")
    with pytest.raises(IngestError, match="no such file"):
        ingest_paths(db, [str(tmp_path / "missing.json")])
    (tmp_path / "notes.txt").write_text("hello")
    with pytest.raises(IngestError, match="not JSON"):
        ingest_paths(db, [str(tmp_path / "notes.txt")])


def test_cli_summary_line_and_exit_codes(db, tmp_path):
    path = write_jsonl(tmp_path / "a.jsonl", [record(1), {"query": "no time"}])
    env = {**__import__("os").environ}
    ok = subprocess.run([sys.executable, "-m", "jobs", "ingest", str(path)], cwd=REPO, env=env,
                        capture_output=True, text=True, timeout=120)
    assert ok.returncode == 0, ok.stderr
    assert ok.stdout.strip().splitlines()[-1] == "ingested=1 duplicates=0 rejected=1"
    bad = subprocess.run([sys.executable, "-m", "jobs", "ingest", str(tmp_path / "nope.jsonl")], cwd=REPO,
                         env=env, capture_output=True, text=True, timeout=120)
    assert bad.returncode == 2 and "no such file" in bad.stderr


def test_fifty_thousand_records(db, tmp_path):
    path = tmp_path / "big.jsonl"
    with path.open("w") as fh:
        for i in range(50_000):
            fh.write(json.dumps(record(i, feature=("chat", "viability", "arguments", "clauses")[i % 4])) + "\n")
    summary = ingest_paths(db, [str(path)])
    assert (summary.ingested, summary.rejected) == (50_000, 0)
    assert db[RECORDS].count_documents({"feature": "clauses"}) == 12_500
