"""Queues and labels on the real MongoDB-wire server: deterministic stratified sampling, versioned
labels, agreement, conflicts and resolutions, judge accuracy from the stored labels, and the export."""
from __future__ import annotations

import json
import random
from datetime import datetime, timedelta, timezone

import pytest
from sklearn.metrics import cohen_kappa_score

from core import labels as L
from core.timebuckets import local_day
from store import labels, queues
from store.collections import LABEL_AUDIT, LABELS, RECORDS
from store.errors import ValidationFailed
from store.records import insert_records
from store.schema import parse_record
from store.thresholds import get_thresholds

# the records lie in the five days before NOW; the queues are made "at" NOW, so a queue without dates
# (the last 7 days) holds all of them whatever the date the suite runs on
NOW = datetime.now(timezone.utc).replace(minute=0, second=0, microsecond=0)
TS = NOW - timedelta(days=6)
FEATURES = ("chat", "clauses")


def raw(i: int, rng: random.Random) -> dict:
    feature = FEATURES[i % 2]
    faith = round(rng.uniform(0.3, 1.0), 3)
    return {"_id": f"r{i:03d}", "query": f"What does section {i} say?",
            "answer": f"Section {i} sets a fine. It also allows appeal within {i % 30 + 1} days.",
            "context": [f"Section {i}: a fine is imposed.", "Appeals lie to the High Court."],
            "feature": feature, "timestamp": (TS + timedelta(hours=i)).isoformat(),
            "evaluation": {"faithfulness": {"score": faith}, "answer_relevancy": {"score": round(rng.uniform(0.5, 1), 3)}}}


@pytest.fixture
def stored(db):
    rng = random.Random(5)
    insert_records(db, [parse_record(raw(i, rng), get_thresholds(db)).doc for i in range(120)])
    # an independent score on a third of the records; r000..r009 far apart from the logged one
    for i in range(0, 120, 3):
        doc = db[RECORDS].find_one({"_id": f"r{i:03d}"})
        logged = doc["evaluation"]["faithfulness"]["score"]
        independent = 1.0 - logged if i < 10 else logged
        db[RECORDS].update_one({"_id": doc["_id"]}, {"$set": {"rescored": {
            "mode": "fast", "evaluation": {"faithfulness": {"score": independent}}}}})
    return db


def test_sampling_is_deterministic_stratified_and_disagreement_first(stored):
    definition = {"start": local_day(TS).isoformat(), "end": local_day(NOW).isoformat(), "size": 30, "order": "disagree"}
    q = queues.create_queue(stored, "first", definition, "admin", now=NOW)
    ids = q["record_ids"]
    assert len(ids) == 30 and len(set(ids)) == 30
    # the same definition picks the same records, and the queue cannot be made twice
    assert queues.sample(stored, queues.validate_definition(definition), now=NOW) == ids
    with pytest.raises(ValidationFailed, match="exists already"):
        queues.create_queue(stored, "again", definition, "admin")
    # stratified: both features in proportion (half each)
    feats = [stored[RECORDS].find_one({"_id": r})["feature"] for r in ids]
    assert abs(feats.count("chat") - feats.count("clauses")) <= 2
    # "disagree most" first: the gaps never grow along the queue while both scores exist
    gaps = [queues.gap(stored[RECORDS].find_one({"_id": r})) for r in ids]
    known = [g for g in gaps if g is not None]
    assert known == sorted(known, reverse=True) and gaps[:len(known)] == known
    assert known[0] > 0.3
    # a different size is a different queue; bad values are refused with a reason
    assert queues.create_queue(stored, "random", {**definition, "order": "random"}, "admin")["_id"] != q["_id"]
    for bad, msg in (({"size": 0}, "size"), ({"feature": "$where"}, "feature"), ({"start": "yesterday"}, "date"),
                     ({"score_min": 2}, "between 0 and 1"), ({"verdict": "maybe"}, "verdict")):
        with pytest.raises(ValidationFailed, match=msg):
            queues.create_queue(stored, "bad", {**definition, **bad}, "admin")
    assert stored[LABEL_AUDIT].count_documents({"action": "queue.create"}) == 2


def test_allocate_proportional():
    assert queues.allocate({"a": 50, "b": 30, "c": 20}, 10) == {"a": 5, "b": 3, "c": 2}
    out = queues.allocate({"a": 1000, "b": 1}, 10)
    assert out["b"] == 1 and sum(out.values()) == 10
    assert queues.allocate({"a": 2, "b": 3}, 10) == {"a": 2, "b": 3}


def test_selection_queue_and_versioned_labels(stored):
    q = queues.create_queue(stored, "from triage", {}, "admin", labels_per_record=2,
                            record_ids=["r005", "r001", "nope", "r003"])
    assert q["record_ids"] == ["r005", "r001", "r003"] and q["from_selection"]
    qid = q["_id"]
    assert labels.next_record(stored, qid, "ana") == "r005"
    labels.save_label(stored, qid, "r005", "ana", "faithful", relevancy="good", seconds=4)
    assert labels.next_record(stored, qid, "ana") == "r001"
    # a re-label is a new version; the first one stays
    labels.save_label(stored, qid, "r005", "ana", "hallucinated", unsupported_claims=[1],
                      claims=["Section 5 sets a fine", "It also allows appeal"], seconds=6)
    hist = labels.history(stored, qid, "r005")
    assert [(h["version"], h["verdict"], h["current"]) for h in hist] == [(1, "faithful", False),
                                                                          (2, "hallucinated", True)]
    # undo withdraws (a third version) and the record comes back to ana
    assert labels.undo_label(stored, qid, "r005", "ana")["version"] == 3
    assert labels.next_record(stored, qid, "ana") == "r005"
    assert stored[LABELS].count_documents({"record_id": "r005"}) == 3
    assert labels.undo_label(stored, qid, "r005", "ana") is None
    # skip: done for ana, still wanted from others; → next starts after a record
    labels.save_label(stored, qid, "r005", "ana", "skipped")
    assert labels.next_record(stored, qid, "ana") == "r001"
    assert labels.next_record(stored, qid, "ana", after="r001") == "r003"
    # two labels per record: after ana and ben label r001 nobody else gets it
    labels.save_label(stored, qid, "r001", "ana", "faithful")
    labels.save_label(stored, qid, "r001", "ben", "hallucinated")
    assert labels.next_record(stored, qid, "cy") == "r005"
    labels.save_label(stored, qid, "r005", "ben", "faithful")
    labels.save_label(stored, qid, "r005", "cy", "faithful")
    assert labels.next_record(stored, qid, "dee") == "r003"
    prog = labels.progress(stored, qid, "ana")
    assert prog["done"] == 2 and prog["total"] == 3
    # bad input: a clear error, nothing written
    before = stored[LABELS].count_documents({})
    for kwargs, msg in (({"verdict": "maybe"}, "label must be"), ({"verdict": "faithful", "relevancy": {"$gt": ""}}, "relevancy"),
                        ({"verdict": "faithful", "record_id": "r002"}, "not in this queue"),
                        ({"verdict": "faithful", "unsupported_claims": ["x"]}, "position")):
        args = {"queue_id": qid, "record_id": "r003", "annotator": "ana", **kwargs}
        with pytest.raises(ValidationFailed, match=msg):
            labels.save_label(stored, args.pop("queue_id"), args.pop("record_id"), args.pop("annotator"),
                              args.pop("verdict"), **args)
    assert stored[LABELS].count_documents({}) == before
    # conflicts and the admin's resolution
    assert [c["record_id"] for c in labels.conflicts(stored, qid)] == ["r001"]
    labels.resolve_conflict(stored, qid, "r001", "admin", "hallucinated")
    assert labels.conflicts(stored, qid) == []
    answers = labels.human_answers(stored, qid)
    assert answers["r001"]["verdict"] == "hallucinated" and answers["r005"]["verdict"] == "faithful"
    assert stored[LABEL_AUDIT].count_documents({"action": "label.resolve"}) == 1


def test_agreement_kappa_and_judge_accuracy(stored):
    q = queues.create_queue(stored, "pair", {"size": 60, "order": "random"}, "admin", labels_per_record=2, now=NOW)
    rng = random.Random(9)
    truth, a, b = {}, [], []
    for rid in q["record_ids"]:
        doc = stored[RECORDS].find_one({"_id": rid})
        truth[rid] = "hallucinated" if doc["evaluation"]["faithfulness"]["score"] < 0.6 else "faithful"
        va = truth[rid] if rng.random() < 0.9 else ("faithful" if truth[rid] == "hallucinated" else "hallucinated")
        vb = truth[rid] if rng.random() < 0.85 else ("faithful" if truth[rid] == "hallucinated" else "hallucinated")
        labels.save_label(stored, q["_id"], rid, "ana", va)
        labels.save_label(stored, q["_id"], rid, "ben", vb)
        a.append(va)
        b.append(vb)
    agreement = labels.agreement(stored, q["_id"])
    (pair,) = agreement["pairs"]
    assert pair["n"] == 60 and pair["kappa"] == pytest.approx(cohen_kappa_score(a, b))
    answers = labels.human_answers(stored, q["_id"])
    recs = labels.labelled_records(stored, list(answers))
    rows = L.accuracy_rows(recs, answers, get_thresholds(stored), rounds=50)
    logged = [r for r in rows if r["judge"] == L.LOGGED and r["feature"] == "__all__" and r["metric"] == "faithfulness"]
    assert logged and logged[0]["n"] == sum(1 for v in answers.values() if v["verdict"])
    local = [r for r in rows if r["judge"] == L.LOCAL and r["metric"] == "faithfulness"]
    assert local and all(r["n"] < logged[0]["n"] for r in local)


def test_export_round_trips_through_the_scoring_cli_and_the_quality_bench(stored, tmp_path):
    import subprocess
    import sys

    q = queues.create_queue(stored, "export", {}, "admin", record_ids=["r001", "r002", "r003", "r004"])
    labels.save_label(stored, q["_id"], "r001", "ana", "hallucinated", unsupported_claims=[1],
                      claims=["Section 1 sets a fine", "It also allows appeal within 2 days"])
    labels.save_label(stored, q["_id"], "r002", "ana", "faithful", relevancy="good")
    labels.save_label(stored, q["_id"], "r003", "ana", "skipped")
    from jobs.__main__ import main as jobs_main
    out = tmp_path / "set.jsonl"
    assert jobs_main(["export-labels", q["_id"], str(out)]) == 0
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert [(r["id"], r["label"]) for r in rows] == [("r001", "hallucinated"), ("r002", "faithful")]
    assert rows[0]["unsupported_claims"] == ["It also allows appeal within 2 days"]
    assert rows[0]["context"] == rows[0]["contexts"] and rows[0]["feature"] == "clauses"
    scored = tmp_path / "scored.jsonl"
    proc = subprocess.run([sys.executable, "-m", "evaluators", "score", "--input", str(out), "--output", str(scored),
                           "--fail-under", "0.0", "--progress-every", "-1"], capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    results = [json.loads(line) for line in scored.read_text().splitlines()]
    assert [r["id"] for r in results] == ["r001", "r002"] and all("error" not in r for r in results)
    assert "scored=2 errors=0" in proc.stderr.strip().splitlines()[-1]
    from bench import bench_quality
    loaded = bench_quality.load(str(out))
    assert [(r["id"], r["hallucinated"], r["category"]) for r in loaded] == [("r001", True, "clauses"),
                                                                             ("r002", False, "chat")]
    assert jobs_main(["export-labels", "q_nope", str(out)]) == 2


def test_requested_independent_scores_give_the_local_scorer_its_figures(stored):
    from jobs.score import score_pending
    ids = ["r000", "r001", "r002", "r004"]  # r000 has an independent score already
    q = queues.create_queue(stored, "local", {}, "admin", record_ids=ids)
    for rid, verdict in zip(ids, ("hallucinated", "faithful", "faithful", "hallucinated")):
        labels.save_label(stored, q["_id"], rid, "ana", verdict)
    assert labels.request_independent_scores(stored, ids, "admin") == 3
    assert stored[RECORDS].count_documents({"eb.rescore_requested": True}) == 3
    assert score_pending(stored)["scored"] == 3
    answers = labels.human_answers(stored, q["_id"])
    rows = L.accuracy_rows(labels.labelled_records(stored, ids), answers, get_thresholds(stored), rounds=0)
    local = next(r for r in rows if r["judge"] == L.LOCAL and r["feature"] == "__all__" and r["metric"] == "faithfulness")
    assert local["n"] == 4
    assert stored[LABEL_AUDIT].count_documents({"action": "labels.request_scores"}) == 1
