"""Golden sets on the real server: versions are frozen, adding what is there adds nothing, the items
outlive their records, a finished queue's settled labels become expected verdicts, an alert's failing
records are taken, and an export reads back in as the same items."""
from __future__ import annotations

from datetime import datetime, timezone

import pytest

from store import labels, queues, sets
from store.collections import ALERTS, RECORDS
from store.errors import ValidationFailed
from store.records import insert_records
from store.schema import ParsedRecord, parse_record
from store.thresholds import get_thresholds

NOW = datetime(2026, 3, 10, 12, tzinfo=timezone.utc)


def _raw(i: int, feature: str, score: float) -> dict:
    ev = {m: {"score": score} for m in ("faithfulness", "answer_relevancy", "contextual_precision",
                                         "contextual_recall")}
    return {"_id": f"r{i}", "query": f"question {i}?", "answer": f"answer {i}.", "context": [f"chunk {i}"],
            "feature": feature, "timestamp": f"2026-03-0{1 + i % 5}T10:00:00Z", "evaluation": ev,
            "expected_output": f"expected {i}" if i == 1 else None}


@pytest.fixture
def records(db):
    thresholds = get_thresholds(db)
    docs = []
    for i in range(1, 9):
        parsed = parse_record(_raw(i, "clauses" if i % 2 else "chat", 0.3 if i <= 4 else 0.95), thresholds,
                              source="test", now=NOW)
        assert isinstance(parsed, ParsedRecord), parsed
        docs.append(parsed.doc)
    insert_records(db, docs)
    return db


def test_versions_are_frozen_and_adding_twice_adds_nothing(records):
    db = records
    v1 = sets.add_records(db, "clauses-golden", ["r1", "r2"], "asha", now=NOW)
    assert (v1["_id"], v1["count"], v1["features"]) == ("clauses-golden@1", 2, {"chat": 1, "clauses": 1})
    again = sets.add_records(db, "clauses-golden", ["r2", "r1"], "ben", now=NOW)
    assert again.get("unchanged") and again["_id"] == "clauses-golden@1"
    assert [v["version"] for v in sets.list_versions(db, "clauses-golden")] == [1]
    v2 = sets.add_records(db, "clauses-golden", ["r2", "r3"], "ben", via="record", now=NOW)
    assert (v2["_id"], v2["keys"], v2["change"]["added"]) == ("clauses-golden@2", ["r1", "r2", "r3"], 1)

    # the source changes (deleted, re-scored): every version keeps what it froze
    db[RECORDS].delete_one({"_id": "r1"})
    db[RECORDS].update_one({"_id": "r2"}, {"$set": {"answer": "rewritten", "eb.passed": True}})
    items = sets.version_items(db, sets.get_version(db, "clauses-golden@2"))
    assert [(i["key"], i["answer"]) for i in items] == [("r1", "answer 1."), ("r2", "answer 2."), ("r3", "answer 3.")]
    first = items[0]
    assert first["expected_output"] == "expected 1" and first["logged"]["passed"] is False
    assert first["source"] == {"record_id": "r1", "queue": None, "alert": None, "via": "triage", "by": "asha",
                               "at": first["source"]["at"]}
    assert [i["key"] for i in sets.version_items(db, sets.get_version(db, "clauses-golden@1"))] == ["r1", "r2"]

    v3 = sets.remove_items(db, "clauses-golden", ["r3"], "asha", now=NOW)
    assert (v3["_id"], v3["keys"]) == ("clauses-golden@3", ["r1", "r2"])
    assert sets.get_version(db, "clauses-golden")["_id"] == "clauses-golden@3"
    assert sets.get_version(db, "clauses-golden@2")["keys"] == ["r1", "r2", "r3"]
    # removed and added back: the same frozen copy (r3 has not changed), a new version
    assert sets.add_records(db, "clauses-golden", ["r3"], "asha", now=NOW)["_id"] == "clauses-golden@4"
    assert [s["versions"] for s in sets.list_sets(db)] == [4]
    with pytest.raises(ValidationFailed):
        sets.get_version(db, "clauses-golden@9")
    with pytest.raises(ValidationFailed):
        sets.add_records(db, "Bad Name!", ["r4"], "asha")


def test_queue_labels_alert_records_and_jsonl_round_trip(records):
    db = records
    q = queues.create_queue(db, "picked", {}, "lead", record_ids=["r1", "r2", "r3"], now=NOW)
    labels.save_label(db, q["_id"], "r1", "asha", "hallucinated", comment="cites a clause that is not there", now=NOW)
    labels.save_label(db, q["_id"], "r2", "asha", "faithful", now=NOW)
    labels.save_label(db, q["_id"], "r3", "asha", "skipped", now=NOW)  # not settled: left out
    v = sets.add_queue(db, "from-queue", q["_id"], "lead", now=NOW)
    items = {i["key"]: i for i in sets.version_items(db, v)}
    assert set(items) == {"r1", "r2"}
    assert items["r1"]["expected_verdict"] == "hallucinated" and items["r1"]["source"]["queue"] == q["_id"]
    assert items["r1"]["notes"] == ["cites a clause that is not there"]
    assert items["r2"]["expected_verdict"] == "faithful"

    db[ALERTS].insert_one({"_id": "a1", "feature": "clauses", "first_day": "2026-03-01", "last_day": "2026-03-05"})
    ids = sets.alert_record_ids(db, "a1")
    assert sorted(ids) == ["r1", "r3"]  # the failing clauses records of those days
    va = sets.add_alert(db, "from-alert", "a1", "lead", now=NOW)
    assert {i["source"]["alert"] for i in sets.version_items(db, va)} == {"a1"}

    lines = [sets.export_line(i) for i in sets.version_items(db, v)]
    copy = sets.add_items(db, "imported", [sets.item_from_line(x, user="ben", now=NOW) for x in lines], "ben",
                          via="import", now=NOW)
    back = sets.version_items(db, copy)
    assert [(i["key"], i["query"], i["answer"], i["context"], i["expected_verdict"]) for i in back] == \
        [(i["key"], i["query"], i["answer"], i["context"], i["expected_verdict"]) for i in sets.version_items(db, v)]
