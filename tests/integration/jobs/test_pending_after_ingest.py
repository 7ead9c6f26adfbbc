"""Numbers say when they are partial (issue 34): after an ingest the records not yet in the aggregates
are counted per feature (waiting for the refresh / for their scores), the ingest queues a refresh in
the request lane, and the refresh it asks for leaves nothing waiting but the unscored records."""
from __future__ import annotations

import json
from datetime import datetime, timedelta, timezone

from core.jobs import AGGREGATE, ALERTS
from store.collections import STATE
from store.state import JOBS_WANTED


def _line(i: int, feature: str, scored: bool = True) -> str:
    ts = datetime.now(timezone.utc) - timedelta(hours=2, minutes=i)
    doc = {"_id": f"p{i}", "query": f"q{i}", "answer": "a", "context": ["c"], "feature": feature,
           "timestamp": ts.isoformat()}
    if scored:
        doc["evaluation"] = {"faithfulness": {"score": 0.9}, "answer_relevancy": {"score": 0.8}}
    return json.dumps(doc)


def test_an_ingest_asks_for_a_refresh_and_the_pages_know_what_is_not_counted(db, tmp_path):
    from jobs.aggregate import refresh
    from jobs.ingest import ingest_paths
    from store.pending import pending_records
    from store.setup_status import build_status

    refresh(db)  # an empty database, aggregated: the watermark is set
    assert db[STATE].find_one({"_id": JOBS_WANTED}) is None
    path = tmp_path / "load.jsonl"
    path.write_text("\n".join([_line(i, "leases") for i in range(7)] + [_line(10 + i, "chat") for i in range(3)]
                              + [_line(20, "leases", scored=False)]) + "\n")
    assert ingest_paths(db, [str(path)]).ingested == 11

    asked = db[STATE].find_one({"_id": JOBS_WANTED})
    assert set(asked["jobs"]) >= {AGGREGATE, ALERTS} and "11 records" in asked["reason"]
    # the load is stamped: the pages drop their cached "not counted yet" read on their next run
    assert build_status(db)["records_written"] is not None
    pending = pending_records(db)
    assert pending["refresh"] == {"leases": 7, "chat": 3} and pending["scores"] == {"leases": 1}
    assert pending["refresh_asked_at"] is not None and not pending["capped"]

    refresh(db)  # what the request lane runs
    after = pending_records(db)
    assert after["refresh"] == {} and after["scores"] == {"leases": 1}


def test_an_empty_load_asks_for_nothing(db):
    from jobs.ingest import IngestSummary, request_refresh

    assert request_refresh(db, IngestSummary()) is False
    assert db[STATE].find_one({"_id": JOBS_WANTED}) is None
    assert "records_written_at" not in (db[STATE].find_one({"_id": "aggregate"}) or {})
