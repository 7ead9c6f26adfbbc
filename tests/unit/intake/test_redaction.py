"""Spans redacted before they are staged (intake/redaction.py): inside JSON text, ids and kept attributes as sent."""
from __future__ import annotations

import json

from core.privacy import STAGED, Policy
from intake.redaction import redact_spans


def test_span_text_is_tokenised_inside_json_and_ids_are_kept():
    span = {"trace_id": "5b8efff798038103d269b633813fc60c", "span_id": "eee19b7ec3c1b174", "parent_span_id": "",
            "name": "ask ravi@x.in", "start_ns": 1, "end_ns": 2, "status": {"code": 2, "message": "failed for 9876543210"},
            "attributes": [["input.value", json.dumps({"messages": [{"role": "user", "content": "line:\n9876543210"}]})],
                           ["session.id", "ravi@x.in"], ["llm.token_count.prompt", 9876543210]],
            "events": [{"name": "gen_ai.choice", "time_ns": 3, "attributes": [["content", "mail ravi@x.in"]]}],
            "resource": [["service.name", "desk 10.1.2.3"], ["service.version", "10.1.2.3"]]}
    out = redact_spans([span], Policy(), "c" * 32)[0]
    text = json.dumps(out)
    # left: the session id (an id, kept like a record's session_id) and the token count (a number, not text)
    assert text.count("ravi@x.in") == 1 and dict(out["attributes"])["session.id"] == "ravi@x.in"
    assert text.count("9876543210") == 1 and dict(out["attributes"])["llm.token_count.prompt"] == 9876543210
    assert json.loads(dict(out["attributes"])["input.value"])["messages"][0]["content"].startswith("line:\n[[PHONE#")
    assert STAGED.search(out["name"]) and STAGED.search(out["status"]["message"])
    assert STAGED.search(out["events"][0]["attributes"][0][1]) and dict(out["resource"])["service.version"] == "10.1.2.3"
    assert {k: out[k] for k in ("trace_id", "span_id", "parent_span_id", "start_ns")} == \
        {k: span[k] for k in ("trace_id", "span_id", "parent_span_id", "start_ns")}
    assert span["name"] == "ask ravi@x.in"  # the span given is not changed
