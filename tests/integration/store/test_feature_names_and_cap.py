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
