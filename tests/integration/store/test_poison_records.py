"""One poison record costs only itself: ingest (every format), adopt, re-ingest and the
score job quarantine it with its reason and a storable raw payload, and go on."""
from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
from datetime import datetime, timezone
from pathlib import Path

import pytest

from jobs.adopt import adopt_logged_records
from jobs.ingest import ingest_paths
from store.collections import RECORDS, REJECTED
from store.errors import ValidationFailed
from store.records import ensure_indexes
from store.record_fields import payload_from_storage

REPO = Path(__file__).resolve().parents[3]
TS = "2026-01-12T21:00:00Z"


def record(i: int, **over) -> dict:
    rec = {"_id": f"eval_{i}", "session_id": f"chat_{i}", "query": f"What does section {i} say?",
           "answer": "It says something.", "context": ["Section text."], "timestamp": TS, "feature": "chat",
           "evaluation": {"faithfulness": {"score": 0.9}, "answer_relevancy": {"score": 0.8}}}
    rec.update(over)
    return rec


def nested(depth: int) -> str:
    return "[" * depth + "]" * depth


# (name, JSON text of the poison record, words of its reason)
POISON = [
    ("timestamp overflowing astimezone", json.dumps(record(100, timestamp="0001-01-01T00:00:00+05:00")),
     "outside 1970-2100"),
    ("integer score above 1e308", json.dumps(record(101, evaluation={"faithfulness": {"score": 10 ** 400}})),
     "faithfulness.score is not a number"),
    ("integer above int64 in an extra field", json.dumps(record(102, tokens=2 ** 64)), "does not fit in 64 bits"),
    ("integer above int64 inside evaluation",
     json.dumps(record(103, evaluation={"faithfulness": {"score": 0.5, "tokens": -(2 ** 70)}})),
     "does not fit in 64 bits"),
    ("integer above int64 as regeneration attempts", json.dumps(record(104, regeneration_attempts=2 ** 66)),
     "does not fit in 64 bits"),
    ("NUL byte in a field name", json.dumps(record(105, **{"met\u0000a": 1})), "NUL byte"),
    ("lone surrogate", json.dumps(record(106, answer="broken \ud800 text")), "lone surrogate"),
    ("record over 16 MB", json.dumps(record(107, answer="x" * (17 * 1024 * 1024))), "16 MB"),
    ("JSON nested deeper than the parser goes", json.dumps(record(108))[:-1] + ', "deep": ' + nested(5000) + "}",
     "nested too deeply"),
    ("nesting deeper than MongoDB allows", json.dumps(record(109))[:-1] + ', "deep": ' + nested(150) + "}",
     "nested deeper than 100 levels"),
]


def check_quarantined(db, reason_words: str, *, cut: bool = False) -> dict:
    entries = list(db[REJECTED].find())
    assert len(entries) == 1, [e["reason"] for e in entries]
    entry = entries[0]
    assert reason_words in entry["reason"], entry["reason"]
    assert entry["raw"] is not None and entry["source"]
    if cut:
        assert entry["raw"]["size"] > 0 and len(entry["raw"]["sha256"]) == 64
    return entry


@pytest.mark.parametrize("name, poison, reason", POISON, ids=[p[0] for p in POISON])
def test_poison_line_in_jsonl_costs_only_itself(db, tmp_path, name, poison, reason):
    path = tmp_path / "mixed.jsonl"
    path.write_text("\n".join([json.dumps(record(1)), poison, json.dumps(record(2))]) + "\n")
    summary = ingest_paths(db, [str(path)])
    assert (summary.ingested, summary.duplicates, summary.rejected) == (2, 0, 1)
    assert db[RECORDS].count_documents({}) == 2
    entry = check_quarantined(db, reason, cut=name in ("record over 16 MB", "NUL byte in a field name",
                                                       "lone surrogate"))
    if name == "record over 16 MB":
        assert entry["raw"]["truncated"] is True and len(entry["raw"]["text"]) <= 100_000
        assert entry["raw"]["size"] > 17 * 1024 * 1024
    if name in ("NUL byte in a field name", "lone surrogate"):  # kept whole, escaped, readable back
        assert payload_from_storage(entry["raw"]) == json.loads(poison)
    again = ingest_paths(db, [str(path)])  # re-running adds nothing and crashes nowhere
    assert (again.ingested, again.duplicates, again.rejected) == (0, 2, 1)
    assert db[REJECTED].find_one()["seen"] == 2


@pytest.mark.parametrize("name, poison, reason", POISON, ids=[p[0] for p in POISON])
def test_poison_item_in_json_array_costs_only_itself(db, tmp_path, name, poison, reason):
    path = tmp_path / "mixed.json"
    path.write_text("[\n" + ",\n".join([json.dumps(record(1)), poison, json.dumps(record(2))]) + "\n]")
    summary = ingest_paths(db, [str(path)])
    assert (summary.ingested, summary.duplicates, summary.rejected) == (2, 0, 1)
    check_quarantined(db, reason)


def test_broken_array_items_do_not_stop_the_rest(db, tmp_path):
    path = tmp_path / "broken.json"
    path.write_bytes(b"[" + json.dumps(record(1)).encode() + b', {"query": "no comma" "then": [1 2]},'
                     + json.dumps(record(2)).encode() + b"," + json.dumps(record(3)).encode()[:-1]
                     + b', "x": "\xff\xfe"}, ' + json.dumps(record(4)).encode()[:-1] + b', "n": 1' + b"0" * 400 + b"}]")
    summary = ingest_paths(db, [str(path)])
    # a streaming parser stopped at the first of these and lost every item after it
    assert (summary.ingested, summary.rejected) == (3, 2)
    assert "invalid UTF-8 bytes replaced with U+FFFD" in db[RECORDS].find_one({"_id": "eval_3"})["eb"]["issues"]
    reasons = sorted(e["reason"] for e in db[REJECTED].find())
    assert reasons[0].startswith("item 2: invalid JSON") and "does not fit in 64 bits" in reasons[1]


def test_truncated_first_line_does_not_refuse_a_jsonl_file(db, tmp_path):
    lines = [json.dumps(record(i)) for i in range(1977)]
    lines[0] = lines[0][:37]  # cut off mid-record
    path = tmp_path / "export.jsonl"
    path.write_text("\n".join(lines) + "\n")
    summary = ingest_paths(db, [str(path)])
    assert (summary.ingested, summary.duplicates, summary.rejected) == (1976, 0, 1)
    entry = db[REJECTED].find_one()
    assert entry["reason"].startswith("line 1: invalid JSON") and entry["raw"]["text"] == lines[0]


def test_first_line_array_does_not_hide_the_records_after_it(db, tmp_path):
    path = tmp_path / "odd.jsonl"
    path.write_text("\n".join([json.dumps([record(0), record(9)])] + [json.dumps(record(i)) for i in (1, 2, 3)]))
    summary = ingest_paths(db, [str(path)])
    assert (summary.ingested, summary.rejected) == (3, 1)
    entry = db[REJECTED].find_one()
    assert "expected a JSON object, got list" in entry["reason"]
    assert payload_from_storage(entry["raw"]) == [record(0), record(9)]


def test_garbage_first_line_does_not_refuse_a_jsonl_file(db, tmp_path):
    path = tmp_path / "odd.jsonl"
    path.write_text("\n".join(["garbage", json.dumps(record(1)), json.dumps(record(2))]) + "\n")
    summary = ingest_paths(db, [str(path)])
    assert (summary.ingested, summary.rejected) == (2, 1)


def test_invalid_utf8_is_noted_not_silently_replaced(db, tmp_path):
    path = tmp_path / "latin1.jsonl"
    path.write_bytes(json.dumps(record(1)).encode()[:-1] + b', "note": "caf\xe9"}\n' + json.dumps(record(2)).encode())
    summary = ingest_paths(db, [str(path)])
    assert summary.ingested == 2
    assert db[RECORDS].find_one({"_id": "eval_1"})["note"] == "caf\ufffd"
    assert "invalid UTF-8 bytes replaced with U+FFFD" in db[RECORDS].find_one({"_id": "eval_1"})["eb"]["issues"]
    assert not any("UTF-8" in i for i in db[RECORDS].find_one({"_id": "eval_2"})["eb"]["issues"])


def test_known_id_with_different_content_is_a_conflict_with_both_versions(db, tmp_path):
    first = tmp_path / "a.jsonl"
    first.write_text(json.dumps(record(1)) + "\n" + json.dumps(record(2)) + "\n")
    second = tmp_path / "b.jsonl"
    changed = record(1, answer="A different answer.")
    second.write_text(json.dumps(changed) + "\n" + json.dumps(record(2)) + "\n")
    ingest_paths(db, [str(first)])
    summary = ingest_paths(db, [str(second)])
    assert (summary.ingested, summary.duplicates, summary.rejected) == (0, 1, 1)
    entry = db[REJECTED].find_one()
    assert entry["reason"].startswith("conflict") and entry["raw"]["answer"] == "A different answer."
    assert entry["existing"]["answer"] == "It says something."
    assert db[RECORDS].find_one({"_id": "eval_1"})["answer"] == "It says something."  # the stored one is kept


def test_conflict_inside_one_file(db, tmp_path):
    path = tmp_path / "a.jsonl"
    path.write_text("\n".join(json.dumps(r) for r in (record(1), record(1), record(1, answer="other"))))
    summary = ingest_paths(db, [str(path)])
    assert (summary.ingested, summary.duplicates, summary.rejected) == (1, 1, 1)
    assert db[REJECTED].find_one()["reason"].startswith("conflict")


@pytest.mark.parametrize("feature", ["__all__", "*", "default", " __ALL__ "])
def test_sentinel_feature_names_are_refused(db, tmp_path, feature):
    path = tmp_path / "f.jsonl"
    path.write_text(json.dumps(record(1, feature=feature)) + "\n" + json.dumps(record(2)) + "\n")
    summary = ingest_paths(db, [str(path)])
    assert (summary.ingested, summary.rejected) == (1, 1)
    assert "is reserved" in db[REJECTED].find_one()["reason"]


def test_a_batch_the_server_refuses_is_retried_record_by_record(db):
    """Documents that reach the writer unchecked: the batch fails as a whole (the driver
    cannot encode one), then each record is written alone and only the offender is refused."""
    from store.records import write_records
    ensure_indexes(db)
    docs = [{"_id": f"w{i}", "query": "q", "n": i} for i in range(5)]
    docs[2]["n"] = 2 ** 70
    outcome = write_records(db, [(d, dict(d)) for d in docs], stamp=True)
    assert (outcome.inserted, outcome.duplicates, len(outcome.refused)) == (4, 0, 1)
    assert outcome.refused[0][0]["_id"] == "w2" and "refused by the database" in outcome.refused[0][1]
    assert db[RECORDS].count_documents({}) == 4


def test_write_errors_the_server_reports_are_the_offenders_alone(db):
    """A unique index other than _id refuses one record of the batch: only that one is refused."""
    from store.records import write_records
    ensure_indexes(db)
    db[RECORDS].create_index("session_id", unique=True, name="test_unique_session")
    docs = [{"_id": f"w{i}", "session_id": "same" if i in (1, 3) else f"s{i}"} for i in range(5)]
    outcome = write_records(db, [(d, dict(d)) for d in docs], stamp=True)
    assert (outcome.inserted, outcome.duplicates, len(outcome.refused)) == (4, 0, 1)
    assert outcome.refused[0][0]["_id"] == "w3"


# --- adopt ------------------------------------------------------------------------

def test_adopt_is_not_blocked_by_a_poison_document(db):
    ensure_indexes(db)
    db[RECORDS].insert_many([
        record(1),
        record(2, timestamp="0001-01-01T00:00:00+05:00"),
        record(3, timestamp=datetime(1, 1, 1, tzinfo=timezone.utc)),  # a BSON date at the edge of datetime
        record(4, feature="__all__"),
        record(5, timestamp="Tuesday"),
        record(6),
    ])
    counts = adopt_logged_records(db)
    assert counts == {"adopted": 2, "rejected": 4}
    reasons = {e["raw"]["_id"]: e["reason"] for e in db[REJECTED].find()}
    assert "outside 1970-2100" in reasons["eval_2"] and "outside 1970-2100" in reasons["eval_3"]
    assert "reserved" in reasons["eval_4"] and "relative" in reasons["eval_5"]
    assert db[RECORDS].count_documents({"ingested_at": None}) == 0
    assert adopt_logged_records(db) == {"adopted": 0, "rejected": 0}  # and the next tick is quiet


def test_adopt_notes_conversions(db):
    ensure_indexes(db)
    db[RECORDS].insert_one(record(1, timestamp="20240501T101500Z"))
    assert adopt_logged_records(db) == {"adopted": 1, "rejected": 0}
    doc = db[RECORDS].find_one()
    assert doc["timestamp"] == datetime(2024, 5, 1, 10, 15, tzinfo=timezone.utc)
    assert doc["eb"]["original"]["timestamp"] == "20240501T101500Z"
    assert any("ISO basic" in issue for issue in doc["eb"]["issues"])


# --- re-ingest from Data health -------------------------------------------------------

def test_reingest_of_a_poison_payload_says_why(db, tmp_path):
    path = tmp_path / "p.jsonl"
    path.write_text(json.dumps(record(1, timestamp="0001-01-01T00:00:00+05:00")) + "\n")
    ingest_paths(db, [str(path)])
    from store.health import reingest
    entry = db[REJECTED].find_one()
    for payload, words in [(record(1, timestamp="0001-01-01T00:00:00+05:00"), "outside 1970-2100"),
                           (record(1, n=2 ** 64), "does not fit in 64 bits"),
                           (record(1, **{"a\u0000": 1}), "NUL byte")]:
        with pytest.raises(ValidationFailed, match=words):
            reingest(db, entry["_id"], payload, "ops")
    ingest_paths(db, [str(_write(tmp_path / "ok.jsonl", record(1, answer="stored")))])
    with pytest.raises(ValidationFailed, match="conflict"):
        reingest(db, entry["_id"], record(1, answer="different"), "ops")
    with pytest.raises(ValidationFailed, match="same content"):
        reingest(db, entry["_id"], record(1, answer="stored"), "ops")
    assert reingest(db, entry["_id"], record(7), "ops") == "eval_7"


def _write(path: Path, *records: dict) -> Path:
    path.write_text("\n".join(json.dumps(r) for r in records) + "\n")
    return path


# --- the score job -------------------------------------------------------------------

def test_score_job_is_not_blocked_by_a_poison_record(db):
    ensure_indexes(db)
    good = {k: v for k, v in record(1).items() if k != "evaluation"}
    db[RECORDS].insert_many([
        {**good, "_id": "good", "timestamp": datetime(2026, 1, 12, tzinfo=timezone.utc),
         "eb": {"needs_scoring": True, "scores": {}}, "ingested_at": datetime(2026, 1, 12, tzinfo=timezone.utc)},
        {"_id": "poison", "query": {"nested": 1}, "answer": 5, "context": 7, "feature": ["x"],
         "timestamp": datetime(1, 1, 1, tzinfo=timezone.utc), "eb": {"needs_scoring": True, "scoring_failures": "many"},
         "ingested_at": datetime(2026, 1, 12, tzinfo=timezone.utc)},
    ])
    from jobs.score import score_pending
    result = score_pending(db)
    assert result["scored"] + result["failed"] == 2 and not result["more_waiting"]
    assert db[RECORDS].find_one({"_id": "good"})["eb"]["score_source"] == "rescored"
    assert "needs_scoring" not in db[RECORDS].find_one({"_id": "poison"})["eb"]


# --- the command line ----------------------------------------------------------------

def _cli(args: list[str], uri: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "MONGODB_URI": uri, "HF_HUB_OFFLINE": "1"}
    return subprocess.run([sys.executable, "-m", "jobs", "ingest", *args], cwd=REPO, env=env,
                          capture_output=True, text=True, timeout=120)


def test_cli_prints_its_summary_and_exits_0_whatever_the_records_hold(db, mongo_uri, db_name, tmp_path):
    path = tmp_path / "poison.jsonl"
    path.write_text("\n".join([json.dumps(record(1))] + [p[1] for p in POISON if "16 MB" not in p[0]]) + "\n")
    done = _cli([str(path)], mongo_uri.rstrip("/") + "/" + db_name)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().splitlines()[-1] == f"ingested=1 duplicates=0 rejected={len(POISON) - 1}"  # the summary comes last
    assert "Traceback" not in done.stderr


def test_cli_unreadable_input_exits_2_in_one_line(db, mongo_uri, db_name, tmp_path):
    path = tmp_path / "binary.json"
    path.write_bytes(b"\x00\x01\x02 not json")
    done = _cli([str(path)], mongo_uri.rstrip("/") + "/" + db_name)
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1 and done.stderr.startswith("error:")


def test_cli_without_a_database_exits_3_in_one_line(tmp_path):
    with socket.socket() as sock:  # a port nobody listens on
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    path = _write(tmp_path / "a.jsonl", record(1))
    done = _cli([str(path)], f"mongodb://127.0.0.1:{port}/evalboard_gone")
    assert done.returncode == 3 and "Traceback" not in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1 and done.stderr.startswith("error:")
