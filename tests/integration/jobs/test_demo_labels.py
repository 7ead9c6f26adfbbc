"""The demo ships a finished annotation queue labelled by two annotators with realistic disagreement."""
from __future__ import annotations

from datetime import datetime, timezone

import pytest

from core import labels as L
from store import labels, queues
from store.collections import LABELS
from store.errors import ValidationFailed
from store.thresholds import get_thresholds

END = datetime(2026, 11, 24, 12, tzinfo=timezone.utc)


def test_demo_queue_is_labelled_by_two_annotators(db):
    from demo.generate import generate_demo
    line = generate_demo(db, days=14, per_day=40, seed=3, end=END)
    assert "labels=" in line
    (queue,) = queues.list_queues(db)
    assert queue["labels_per_record"] == 2 and 200 <= queue["size"] <= 300
    agreement = labels.agreement(db, queue["_id"])
    (pair,) = agreement["pairs"]
    assert pair["annotators"] == ("asha", "ben")
    assert 0.4 < pair["kappa"] < 0.9  # they agree well, not perfectly
    open_conflicts = labels.conflicts(db, queue["_id"])
    answers = labels.human_answers(db, queue["_id"])
    assert open_conflicts and any(a.get("resolved") for a in answers.values())
    rows = L.accuracy_rows(labels.labelled_records(db, list(answers)), answers, get_thresholds(db), rounds=20)
    logged = next(r for r in rows if r["judge"] == L.LOGGED and r["feature"] == "__all__"
                  and r["metric"] == "faithfulness")
    # the people read the answers, and the generator writes a made-up claim exactly when the logged faithfulness
    # fails (demo/generate.py): the logged pass/fail is right on the text, and what it gets wrong on the labels is
    # the annotators' misses that survive (both wrong alike), about one in a hundred, never none
    assert logged["n"] >= 150 and 0.9 < logged["accuracy"]["value"] < 0.995 and logged["auroc"]["value"] > 0.6
    # a newcomer only gets records one of the two skipped (every other record has its two labels)
    nxt = labels.next_record(db, queue["_id"], "newcomer")
    skipped = {d["record_id"] for d in labels.current_labels(db, queue["_id"]) if d["verdict"] == "skipped"}
    assert nxt in skipped if skipped else nxt is None
    # the same demo again: the queue exists, nothing is written twice
    before = db[LABELS].count_documents({})
    from demo.labels import generate_demo_labels
    assert "skipped" in generate_demo_labels(db, end=END, seed=3)
    assert db[LABELS].count_documents({}) == before


def test_import_refuses_bad_items_before_writing(db):
    from store.records import insert_records
    from store.schema import parse_record
    insert_records(db, [parse_record({"_id": "a1", "query": "q", "answer": "a", "feature": "chat",
                                      "timestamp": END.isoformat()}, get_thresholds(db)).doc])
    q = queues.create_queue(db, "imp", {}, "lead", record_ids=["a1"])
    with pytest.raises(ValidationFailed, match="item 2"):
        labels.import_labels(db, q["_id"], [{"record_id": "a1", "annotator": "x", "verdict": "faithful"},
                                            {"record_id": "a1", "annotator": "y", "verdict": {"$ne": 1}}], "lead")
    assert db[LABELS].count_documents({}) == 0
    assert labels.import_labels(db, q["_id"], [{"record_id": "a1", "annotator": "x", "verdict": "faithful"}], "lead") == 1
    with pytest.raises(ValidationFailed, match="labelled already"):
        labels.import_labels(db, q["_id"], [{"record_id": "a1", "annotator": "x", "verdict": "hallucinated"}], "lead")


def test_label_accuracy_alert_off_by_default_then_opens_and_resolves(db):
    from jobs.alerts import evaluate
    from demo.generate import generate_demo
    from jobs.label_alerts import report_line
    from store.alerts import list_alerts, list_audit
    generate_demo(db, days=14, per_day=40, seed=3, end=END)
    assert evaluate(db, END).get("labels_opened") is None  # off: not even counted
    assert not [a for a in list_alerts(db) if a["rule_id"] == labels.ACCURACY_RULE_ID]
    with pytest.raises(ValidationFailed, match="at least 30"):
        labels.set_accuracy_rule(db, "admin", enabled=True, min_accuracy=0.99, min_labels=5)
    labels.set_accuracy_rule(db, "admin", enabled=True, min_accuracy=0.99)
    assert list_audit(db, limit=5)[0]["target"] == labels.ACCURACY_RULE_ID
    out = evaluate(db, END)
    opened = [a for a in list_alerts(db) if a["rule_id"] == labels.ACCURACY_RULE_ID and a["state"] == "open"]
    assert out["labels_opened"] == len(opened) >= 1
    assert all("agrees with the human labels" in a["message"] for a in opened)
    assert evaluate(db, END)["labels_still_open"] == len(opened)  # not resolved by the rules' sweep
    labels.set_accuracy_rule(db, "admin", enabled=True, min_accuracy=0.0)
    assert evaluate(db, END)["labels_resolved"] == len(opened)
    assert "Judge accuracy on human labels" in report_line(db)
