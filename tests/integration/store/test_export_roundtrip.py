"""Triage's JSONL export is a regression set (issue 34): in the table's order, with the evaluation (Evalboard's
scores for a record logged without any), versions and triage fields; exported, re-ingested into an empty
database and compared, it gives back the same records."""
from __future__ import annotations

import os
from datetime import datetime, timedelta, timezone

from dashboard.components.export import to_jsonl
from store.collections import RECORDS

NOW = datetime(2026, 11, 20, 12, 0, tzinfo=timezone.utc)


def _raw(i: int, scored: bool = True) -> dict:
    doc = {"_id": f"x{i}", "session_id": f"s{i % 3}", "query": f"q{i}", "answer": f"a{i}", "context": ["c1", "c2"],
           "feature": "leases", "timestamp": (NOW - timedelta(hours=i)).isoformat(), "regeneration_attempts": i % 2,
           "release": f"r{1 + i % 2}", "model": f"m{i % 3}", "prompt_version": "p1", "tags": {"retriever": "k4"}}
    if scored:
        doc["evaluation"] = {"faithfulness": {"score": round(0.3 + 0.1 * i, 2), "reason": f"why {i}"},
                             "answer_relevancy": {"score": 0.9}}
    return doc


def _same(doc: dict) -> dict:
    """What must survive the round trip."""
    eb, triage = doc.get("eb") or {}, doc.get("triage") or {}
    return {"query": doc["query"], "timestamp": doc["timestamp"], "feature": doc["feature"],
            "release": doc.get("release"), "model": doc.get("model"), "prompt_version": doc.get("prompt_version"),
            "tags": doc.get("tags"), "scores": eb.get("scores"), "passed": eb.get("passed"),
            "status": triage.get("status"), "assignee": triage.get("assignee"), "triage_tags": triage.get("tags"),
            "notes": [n["text"] for n in triage.get("notes") or []]}


def test_export_reingest_compare(db, mongo_uri, tmp_path):
    from jobs.ingest import Writer, ingest_paths
    from store.client import make_client
    from store.migrate import migrate
    from store.scores import write_score_results
    from store.thresholds import get_thresholds
    from store.triage import iter_export, update_triage

    writer = Writer(db, "product")
    for i in range(6):
        writer.add(_raw(i, scored=i != 5))
    assert writer.close().ingested == 6
    unscored = db[RECORDS].find_one({"_id": "x5"})
    result = {"evaluation": {"faithfulness": {"score": 0.42, "reason": "scored here"},
                             "answer_relevancy": {"score": 0.8, "reason": "ok"},
                             "overall_quality": {"score": 0.61}}}  # the scorer always gives one
    write_score_results(db, [unscored], {"x5": result}, by="test", evaluator_version="t", thresholds=get_thresholds(db))
    update_triage(db, "x1", "ana", status="investigating", assignee="ana", tags=["regression", "r2"], note="look")
    update_triage(db, "x4", "bo", status="fixed", note="fixed in r2")

    filt = {"feature": "leases"}
    table_order = [d["_id"] for d in iter_export(db, filt, sort="faithfulness", descending=False)]
    text = to_jsonl(iter_export(db, filt, sort="faithfulness", descending=False))
    lines = text.splitlines()
    assert [line.split('"_id": "')[1].split('"')[0] for line in lines] == table_order  # the table's order
    assert all('"evaluation": {}' not in line for line in lines)

    path = tmp_path / "regression.jsonl"
    path.write_text(text)
    client = make_client(mongo_uri)
    name = f"evalboard_roundtrip_{os.getpid()}"
    empty = client[name]
    try:
        migrate(empty)
        assert ingest_paths(empty, [str(path)]).ingested == 6
        for original in db[RECORDS].find():
            again = empty[RECORDS].find_one({"_id": original["_id"]})
            assert _same(again) == _same(original), original["_id"]
        assert empty[RECORDS].find_one({"_id": "x1"})["triage"]["status"] == "investigating"
        assert empty[RECORDS].find_one({"_id": "x5"})["eb"]["scores"]["faithfulness"] == 0.42
    finally:
        client.drop_database(name)
        client.close()
