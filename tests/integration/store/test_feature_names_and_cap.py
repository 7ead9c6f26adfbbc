"""Feature names: bounded in number (EVALBOARD_MAX_FEATURES) and in alphabet (every link can open
them); a record over the cap or with a name links cannot carry is quarantined with the reason."""
from __future__ import annotations

import json

from jobs.ingest import ingest_paths
from settings import reset_settings
from store.collections import RECORDS, REJECTED

from .test_ingest import record


def test_records_with_a_new_feature_beyond_the_cap_are_quarantined_with_the_reason(db, tmp_path, monkeypatch):
    monkeypatch.setenv("EVALBOARD_MAX_FEATURES", "3")
    reset_settings()
    try:
        path = tmp_path / "many.jsonl"
        rows = [record(i, feature=f"f{i % 5}") for i in range(20)]  # five names, three allowed
        path.write_text("\n".join(json.dumps(r) for r in rows) + "\n")
        summary = ingest_paths(db, [str(path)])
        assert (summary.ingested, summary.rejected) == (12, 8)
        assert sorted(db[RECORDS].distinct("feature")) == ["f0", "f1", "f2"]
        reasons = [d["reason"] for d in db[REJECTED].find()]
        assert reasons and all("over the limit of 3 (EVALBOARD_MAX_FEATURES)" in r for r in reasons)
        assert all(r.startswith("line ") for r in reasons), reasons  # each reject names its line
        # the known features still take new records; a later run keeps counting the stored ones
        path2 = tmp_path / "more.jsonl"
        path2.write_text(json.dumps(record(100, feature="f1")) + "\n" + json.dumps(record(101, feature="f9")) + "\n")
        again = ingest_paths(db, [str(path2)])
        assert (again.ingested, again.rejected) == (1, 1)
    finally:
        monkeypatch.delenv("EVALBOARD_MAX_FEATURES")
        reset_settings()


def test_feature_names_links_cannot_carry_are_refused_at_ingest(db, tmp_path):
    path = tmp_path / "names.jsonl"
    names = ["all", "legal research", "chat/v2", "Chat", "contract-review_2"]
    path.write_text("\n".join(json.dumps(record(i, feature=n)) for i, n in enumerate(names)) + "\n")
    summary = ingest_paths(db, [str(path)])
    assert (summary.ingested, summary.rejected) == (2, 3)
    assert sorted(db[RECORDS].distinct("feature")) == ["chat", "contract-review_2"]
    reasons = " | ".join(d["reason"] for d in db[REJECTED].find())
    assert "'all' is reserved" in reasons and "'legal research'" in reasons and "'chat/v2'" in reasons


def _product_record(i: int, feature: str) -> dict:
    """A record as the product writes it straight into `records` (no Evalboard fields)."""
    return {"_id": f"p{i}", "query": f"q{i}", "answer": "a", "context": ["c"], "feature": feature,
            "evaluation": {"faithfulness": {"score": 0.9}, "answer_relevancy": {"score": 0.8},
                           "contextual_precision": {"score": 0.9}, "contextual_recall": {"score": 0.9}},
            "regeneration_attempts": 0, "timestamp": "2026-03-01T10:00:00Z"}


def test_one_cap_on_every_way_in_adopt_and_the_shared_writer(db, tmp_path, monkeypatch):
    """300 feature names written straight into `records` are capped like ingest's: the same reason,
    quarantined, left out of the numbers; the shared writer (re-ingest, the HTTP intake) caps too."""
    from jobs.adopt import adopt_logged_records
    from store.records import ensure_indexes, write_records
    from store.schema import ParsedRecord, parse_record
    from store.thresholds import get_thresholds

    monkeypatch.setenv("EVALBOARD_MAX_FEATURES", "50")
    reset_settings()
    ensure_indexes(db)
    path = tmp_path / "two.jsonl"  # two names through ingest first: they count towards the same cap
    path.write_text("\n".join(json.dumps(record(i, feature=f"f{i}")) for i in range(2)) + "\n")
    assert ingest_paths(db, [str(path)]).ingested == 2
    db[RECORDS].insert_many([_product_record(i, f"g{i:03d}") for i in range(300)])
    counts = adopt_logged_records(db)
    assert counts == {"adopted": 48, "rejected": 252}
    admitted = db[RECORDS].distinct("feature", {"eb.rejected": None})
    assert len(admitted) == 50
    reasons = {d["reason"] for d in db[REJECTED].find({"source": "mongodb"})}
    assert len(reasons) == 252 and all("over the limit of 50 (EVALBOARD_MAX_FEATURES)" in r for r in reasons)
    assert db[RECORDS].count_documents({"eb.rejected": {"$regex": "EVALBOARD_MAX_FEATURES"}}) == 252
    # the shared writer every other way in uses (re-ingest, the HTTP intake) refuses a 51st name alike
    parsed = parse_record(record(900, feature="h1"), get_thresholds(db), source="intake")
    assert isinstance(parsed, ParsedRecord)
    known = parse_record(record(901, feature="g000"), get_thresholds(db), source="intake")
    outcome = write_records(db, [(parsed.doc, "raw-h1"), (known.doc, "raw-g0")], stamp=True)
    assert outcome.inserted == 1 and [r[0] for r in outcome.refused] == ["raw-h1"]
    assert "over the limit of 50 (EVALBOARD_MAX_FEATURES)" in outcome.refused[0][1]
