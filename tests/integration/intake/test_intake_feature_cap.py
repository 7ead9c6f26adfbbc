"""The feature cap through the HTTP intake (issue 29): 300 feature names sent over /api/records and as
OTLP traces are capped exactly like ingest's — the first EVALBOARD_MAX_FEATURES names admitted, every
record of a name beyond them quarantined with the same reason, nothing else lost."""
from __future__ import annotations

import copy

from settings import reset_settings
from store.collections import RECORDS, REJECTED

from .test_intake_server import RECORD, assemble, fixture, post_json

CAP = 50
CAP_REASON = f"over the limit of {CAP} (EVALBOARD_MAX_FEATURES)"


def _traces(names: list[str]) -> dict:
    """The OpenInference fixture once per name: its own trace id, every span naming the feature."""
    base = fixture("openinference")
    spans = base["resourceSpans"][0]["scopeSpans"][0]["spans"]
    out = copy.deepcopy(base)
    out["resourceSpans"][0]["scopeSpans"][0]["spans"] = []
    for i, name in enumerate(names):
        for span in copy.deepcopy(spans):
            span["traceId"] = f"{i + 1:032x}"
            span.setdefault("attributes", []).append({"key": "evalboard.feature", "value": {"stringValue": name}})
            out["resourceSpans"][0]["scopeSpans"][0]["spans"].append(span)
    return out


def test_three_hundred_feature_names_over_http_are_capped_like_ingest(intake, db, monkeypatch):
    monkeypatch.setenv("EVALBOARD_MAX_FEATURES", str(CAP))
    reset_settings()
    names = [f"product_{i:03d}" for i in range(300)]
    answers = []
    for start in range(0, 300, 100):  # three requests of 100 records, each a new name
        batch = [dict(RECORD, _id=f"cap-{i}", feature=names[i]) for i in range(start, start + 100)]
        answers.append(post_json(intake, "/api/records", batch).json())
    assert sum(a["ingested"] for a in answers) == CAP
    assert sum(a["rejected"] for a in answers) == 300 - CAP
    reasons = [r["reason"] for a in answers for r in a["rejections"]]
    assert len(reasons) == 300 - CAP and all(CAP_REASON in r for r in reasons)
    # a known name is still welcome; traces naming new features after the cap is full are quarantined
    assert post_json(intake, "/api/records", dict(RECORD, _id="cap-known", feature=names[0])).json()["ingested"] == 1
    assert post_json(intake, "/v1/traces", _traces(["late_a", "late_b", names[1]])).status_code == 200
    assert assemble(db) == {"records": 1, "duplicates": 0, "quarantined": 2}
    admitted = db[RECORDS].distinct("feature", {"eb.rejected": None})
    assert sorted(admitted) == names[:CAP]
    assert db[RECORDS].count_documents({}) == CAP + 2
    refused = list(db[REJECTED].find({}, {"reason": 1}))
    assert len(refused) == 300 - CAP + 2 and all(CAP_REASON in d["reason"] for d in refused)
