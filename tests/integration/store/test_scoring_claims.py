"""A record whose scoring outlasts its claim (a huge answer that takes longer than the claim, or
kills the worker) is not claimed again and again: after MAX_CLAIMS it gives up with the reason."""
from __future__ import annotations

import time

from jobs.ingest import ingest_paths
from store.collections import RECORDS
from store.scores import MAX_CLAIMS, claim_batch, release_claim

from .test_ingest import record, write_jsonl


def test_a_record_that_outlasts_its_claim_gives_up_after_the_cap(db, tmp_path):
    ingest_paths(db, [str(write_jsonl(tmp_path / "a.jsonl", [record(1)]))])
    db[RECORDS].update_one({"_id": "eval_1"}, {"$set": {"eb.needs_scoring": True}})
    released = claim_batch(db, 1, "failing-scorer", 5.0)
    assert [d["_id"] for d in released] == ["eval_1"]
    assert release_claim(db, "failing-scorer") == 1  # a scorer that failed as a whole: not counted
    for attempt in range(MAX_CLAIMS):  # each worker's claim runs out before a result is written
        claimed = claim_batch(db, 1, f"slow-{attempt}", 0.05)
        assert [d["_id"] for d in claimed] == ["eval_1"], attempt
        time.sleep(0.1)
    assert claim_batch(db, 1, "next", 300.0) == []
    eb = db[RECORDS].find_one({"_id": "eval_1"})["eb"]
    assert eb["scoring_gave_up"] is True and "outlasted its claim 3 times" in eb["scoring_error"]
    assert "needs_scoring" not in eb and "claim" not in eb
