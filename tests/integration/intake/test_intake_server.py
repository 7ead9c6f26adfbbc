"""The intake over real HTTP into the real database: records, traces (JSON and gzipped protobuf),
staging and assembly with a pinned clock, quarantine, limits, keys. One server for the module."""
from __future__ import annotations

import base64
import copy
import gzip
import json
from datetime import datetime, timedelta, timezone
from pathlib import Path

import httpx
import pytest
from google.protobuf import json_format
from opentelemetry.proto.collector.trace.v1.trace_service_pb2 import (ExportTraceServiceRequest,
                                                                       ExportTraceServiceResponse)

from intake.writing import assemble_ready
from settings import reset_settings
from store import api_keys
from store.collections import INTAKE_TRACES, RECORDS, REJECTED

FIXTURES = Path(__file__).resolve().parents[2] / "data" / "otlp"
NOW = datetime(2026, 3, 2, 10, 0, 5, tzinfo=timezone.utc)
RECORD = {"query": "How long is the notice period?", "answer": "One month.", "context": ["Notice: one month."],
          "timestamp": "2026-03-02T09:00:00Z", "feature": "chat", "_id": "rec-1"}


def fixture(name: str) -> dict:
    return json.loads((FIXTURES / f"{name}.json").read_text())


def to_protobuf(otlp_json: dict) -> bytes:
    """The JSON fixture as protobuf (OTLP/JSON ids are hex; protobuf's JSON mapping wants base64)."""
    data = copy.deepcopy(otlp_json)
    for rs in data["resourceSpans"]:
        for ss in rs["scopeSpans"]:
            for span in ss["spans"]:
                for key in ("traceId", "spanId", "parentSpanId"):
                    if key in span:
                        span[key] = base64.b64encode(bytes.fromhex(span[key])).decode()
    return json_format.ParseDict(data, ExportTraceServiceRequest()).SerializeToString()


def spans_of(otlp_json: dict) -> list[dict]:
    return otlp_json["resourceSpans"][0]["scopeSpans"][0]["spans"]


def with_spans(otlp_json: dict, spans: list[dict]) -> dict:
    data = copy.deepcopy(otlp_json)
    data["resourceSpans"][0]["scopeSpans"][0]["spans"] = spans
    return data


def post_json(intake, path: str, body, **headers) -> httpx.Response:
    return httpx.post(intake.url + path, content=json.dumps(body), headers={"content-type": "application/json", **headers})


def assemble(db, now: datetime | None = None) -> dict:
    """Assemble as if a minute had passed since the spans were received (past the quiet period)."""
    return assemble_ready(db, now=now or datetime.now(timezone.utc) + timedelta(minutes=1))


# --- records ------------------------------------------------------------------------------------

def test_records_one_array_and_lines_answer_each_rejection_and_resend_adds_nothing(intake, db):
    first = post_json(intake, "/api/records", RECORD)
    assert first.status_code == 200 and first.json()["ingested"] == 1
    batch = [dict(RECORD, _id="rec-2"), {"answer": "no question here", "timestamp": "2026-03-02T09:00:00Z"},
             dict(RECORD, _id="rec-3", timestamp="yesterday")]
    second = post_json(intake, "/api/records", batch).json()
    assert (second["ingested"], second["rejected"]) == (1, 2)
    assert [r["index"] for r in second["rejections"]] == [1, 2]
    assert "missing query" in second["rejections"][0]["reason"]
    lines = "\n".join([json.dumps(dict(RECORD, _id="rec-4")), "{not json", json.dumps(RECORD)])
    third = httpx.post(intake.url + "/api/records", content=lines, headers={"content-type": "application/x-ndjson"}).json()
    assert (third["ingested"], third["duplicates"], third["rejected"]) == (1, 1, 1)
    assert third["rejections"][0]["index"] == 1 and "line 2: not JSON" in third["rejections"][0]["reason"]
    again = post_json(intake, "/api/records", batch[:1])
    assert again.json()["duplicates"] == 1 and db[RECORDS].count_documents({}) == 3
    stored = db[RECORDS].find_one({"_id": "rec-1"})
    assert stored["source"] == "api" and stored["eb"]["needs_scoring"] is True and stored["ingested_at"]
    assert db[REJECTED].count_documents({}) == 3  # every refusal kept with its reason


def test_records_refusals_are_4xx_with_a_reason(intake, db, monkeypatch):
    wrong_type = httpx.post(intake.url + "/api/records", content=b"query=x", headers={"content-type": "text/csv"})
    assert wrong_type.status_code == 415 and "not supported" in wrong_type.json()["error"]
    malformed = httpx.post(intake.url + "/api/records", content=b"{nope", headers={"content-type": "application/json"})
    assert malformed.status_code == 400 and "malformed JSON" in malformed.json()["error"]
    only_bad = post_json(intake, "/api/records", {"answer": "no query", "timestamp": "2026-03-02T09:00:00Z"})
    assert only_bad.status_code == 422 and only_bad.json()["rejected"] == 1
    monkeypatch.setenv("EVALBOARD_INTAKE_MAX_BODY_BYTES", "2000")
    reset_settings()
    huge = post_json(intake, "/api/records", [dict(RECORD, _id=f"big-{i}") for i in range(40)])
    assert huge.status_code == 413 and "over the limit" in huge.json()["error"]
    bomb = httpx.post(intake.url + "/api/records", content=gzip.compress(b" " * 100_000),
                      headers={"content-type": "application/json", "content-encoding": "gzip"})
    assert bomb.status_code == 413
    assert db[RECORDS].count_documents({}) == 0


# --- traces ----------------------------------------------------------------------------------------

def test_a_gzipped_protobuf_trace_becomes_one_record_and_resending_adds_nothing(intake, db):
    body = gzip.compress(to_protobuf(fixture("openinference")))
    headers = {"content-type": "application/x-protobuf", "content-encoding": "gzip"}
    response = httpx.post(intake.url + "/v1/traces", content=body, headers=headers)
    assert response.status_code == 200 and response.headers["content-type"].startswith("application/x-protobuf")
    assert not ExportTraceServiceResponse.FromString(response.content).HasField("partial_success")
    assert assemble(db) == {"records": 1, "duplicates": 0, "quarantined": 0}
    record = db[RECORDS].find_one({"trace_id": "5b8efff798038103d269b633813fc60c"})
    assert record["_id"] == "otel-5b8efff798038103d269b633813fc60c" and record["source"] == "otlp"
    assert record["context"][0].startswith("Section 4.1") and record["session_id"] == "sess-42"
    assert (record["release"], record["model"], record["prompt_version"]) == ("v2.3.0", "gpt-4o-mini", "7")
    assert record["usage"]["total_tokens"] == 150 and record["latency_ms"] == 1450.0
    assert record["evaluation"]["faithfulness"]["score"] == 0.9 and record["eb"]["score_source"] == "logged"
    assert httpx.post(intake.url + "/v1/traces", content=body, headers=headers).status_code == 200
    assert assemble(db, datetime.now(timezone.utc) + timedelta(minutes=2))["records"] == 0
    assert db[RECORDS].count_documents({}) == 1 and db[REJECTED].count_documents({}) == 0


def test_json_trace_without_scores_waits_for_the_score_workers(intake, db):
    assert post_json(intake, "/v1/traces", fixture("mlflow")).json() == {}
    assemble(db)
    record = db[RECORDS].find_one({"_id": "otel-9f2c3d4e5f60718293a4b5c6d7e8f901"})
    assert record["eb"]["needs_scoring"] is True and record["otel"]["dialects"] == ["mlflow"]


def test_bad_trace_requests_are_4xx_with_a_reason(intake, db, monkeypatch):
    junk = httpx.post(intake.url + "/v1/traces", content=b"\xff\xfe not protobuf",
                      headers={"content-type": "application/x-protobuf"})
    assert junk.status_code == 400 and b"malformed protobuf" in junk.content
    wrong = httpx.post(intake.url + "/v1/traces", content=b"a,b", headers={"content-type": "text/csv"})
    assert wrong.status_code == 415 and "not supported" in wrong.json()["message"]
    shape = post_json(intake, "/v1/traces", {"resourceSpans": "no"})
    assert shape.status_code == 400
    monkeypatch.setenv("EVALBOARD_INTAKE_MAX_SPANS", "2")
    reset_settings()
    many = post_json(intake, "/v1/traces", fixture("langfuse"))
    assert many.status_code == 413 and "3 spans" in many.json()["message"]
    monkeypatch.setenv("EVALBOARD_INTAKE_MAX_BODY_BYTES", "3000")
    reset_settings()
    assert post_json(intake, "/v1/traces", fixture("langfuse")).status_code == 413
    assert db[INTAKE_TRACES].count_documents({}) == 0 and db[RECORDS].count_documents({}) == 0


def test_an_oversized_attribute_refuses_that_span_with_partial_success(intake, db, monkeypatch):
    monkeypatch.setenv("EVALBOARD_INTAKE_MAX_ATTRIBUTE_BYTES", "1000")
    reset_settings()
    data = fixture("langfuse")
    spans_of(data)[1]["attributes"].append({"key": "blob", "value": {"stringValue": "x" * 5000}})
    answer = post_json(intake, "/v1/traces", data).json()
    assert answer["partialSuccess"]["rejectedSpans"] == "1"
    assert "'blob' holds 5000 bytes" in answer["partialSuccess"]["errorMessage"]
    assert db[REJECTED].count_documents({"reason": {"$regex": "blob"}}) == 1


def test_a_trace_without_root_waits_then_is_quarantined_with_its_spans(intake, db):
    children = [s for s in spans_of(fixture("genai_semconv")) if s.get("parentSpanId")]
    assert post_json(intake, "/v1/traces", with_spans(fixture("genai_semconv"), children)).status_code == 200
    staged = db[INTAKE_TRACES].find_one()["first_seen"]
    assert assemble(db, staged + timedelta(minutes=5)) == {"records": 0, "duplicates": 0, "quarantined": 0}
    assert assemble(db, staged + timedelta(hours=1))["quarantined"] == 1
    entry = db[REJECTED].find_one()
    assert "no root span" in entry["reason"] and len(entry["raw"]["spans"]) == 2
    assert db[RECORDS].count_documents({}) == 0


def test_spans_ten_minutes_apart_make_one_record_and_a_late_span_is_refused(intake, db):
    from store.spans import stage_spans
    from intake.otlp import Limits, decode_traces

    def decoded(spans):
        return decode_traces(json.dumps(with_spans(fixture("openllmetry"), spans)).encode(), "application/json",
                             Limits(100, 10**6))[0].spans

    root, retriever, llm = spans_of(fixture("openllmetry"))
    stage_spans(db, decoded([retriever]), source="otlp", defaults={}, now=NOW)
    assert assemble(db, NOW + timedelta(minutes=9))["records"] == 0  # no root yet: it waits
    stage_spans(db, decoded([llm, root]), source="otlp", defaults={}, now=NOW + timedelta(minutes=10))
    assert assemble(db, NOW + timedelta(minutes=10, seconds=1))["records"] == 0  # still in the quiet period
    assert assemble(db, NOW + timedelta(minutes=11))["records"] == 1
    record = db[RECORDS].find_one()
    assert len(record["context"]) == 2 and record["answer"].startswith("The tenant")
    late = dict(llm, spanId="a1a1a1a1a1a1a1a9")
    answer = post_json(intake, "/v1/traces", with_spans(fixture("openllmetry"), [late])).json()
    assert answer["partialSuccess"]["rejectedSpans"] == "1" and "after its trace was assembled" in \
        answer["partialSuccess"]["errorMessage"]
    assert db[REJECTED].count_documents({"reason": {"$regex": "after its trace was assembled"}}) == 1
    assert db[RECORDS].count_documents({}) == 1


def test_a_trace_with_no_answer_is_quarantined_not_stored(intake, db):
    data = fixture("openinference")
    for span in spans_of(data):
        span["attributes"] = [a for a in span["attributes"]
                              if a["key"] not in ("output.value",) and not a["key"].startswith("llm.output_messages")]
    post_json(intake, "/v1/traces", data)
    assert assemble(db)["quarantined"] == 1
    assert "no answer found" in db[REJECTED].find_one()["reason"] and db[RECORDS].count_documents({}) == 0


# --- keys and health --------------------------------------------------------------------------------

def test_with_a_users_file_a_key_is_needed_and_carries_its_defaults(intake, db, tmp_path, monkeypatch):
    users = tmp_path / "users.toml"
    users.write_text("[users.admin]\npassword_hash = 'x'\nrole = 'admin'\n")
    monkeypatch.setenv("EVALBOARD_USERS_FILE", str(users))
    reset_settings()
    refused = post_json(intake, "/api/records", RECORD)
    assert refused.status_code == 401 and "API key is required" in refused.json()["error"]
    assert post_json(intake, "/v1/traces", fixture("mlflow")).status_code == 401
    key, doc = api_keys.create_key(db, "support-bot", feature="clauses", release="r9")
    assert db["api_keys"].find_one({"_id": doc["_id"]})["hash"] != key  # stored hashed
    no_feature = {k: v for k, v in RECORD.items() if k != "feature"}
    taken = post_json(intake, "/api/records", no_feature, authorization=f"Bearer {key}")
    assert taken.status_code == 200 and taken.json()["ingested"] == 1
    stored = db[RECORDS].find_one({"_id": "rec-1"})
    assert (stored["source"], stored["feature"], stored["release"]) == ("api:support-bot", "clauses", "r9")
    assert post_json(intake, "/v1/traces", fixture("mlflow"), **{"x-api-key": key}).status_code == 200
    assert db[INTAKE_TRACES].find_one()["source"] == "otlp:support-bot"
    assert api_keys.revoke_key(db, doc["_id"])
    intake.intake._keys.clear()
    gone = post_json(intake, "/api/records", RECORD, authorization=f"Bearer {key}")
    assert gone.status_code == 401 and key not in gone.text


def test_health_says_database_and_backlog(intake, db):
    post_json(intake, "/v1/traces", fixture("langfuse"))
    body = httpx.get(intake.url + "/api/health").json()
    assert body["status"] == "ok" and body["database"] == "reachable"
    assert body["backlog"] == {"traces_waiting": 1, "span_batches_staged": 1}


@pytest.mark.parametrize("name", ["openinference", "openllmetry", "genai_semconv", "langfuse", "mlflow"])
def test_each_dialect_fixture_becomes_a_record_over_http(intake, db, name):
    assert post_json(intake, "/v1/traces", fixture(name)).status_code == 200
    assert assemble(db)["records"] == 1
    record = db[RECORDS].find_one()
    assert record["query"].startswith("What is the notice period") and len(record["context"]) == 2
    assert record["feature"] == "chat" and record["usage"]["input_tokens"] == 120


def test_a_trace_that_gained_spans_while_it_was_assembled_stays_open(intake, db):
    from store.spans import finish_traces

    post_json(intake, "/v1/traces", fixture("langfuse"))
    trace_id = "8e1b2c3d4e5f60718293a4b5c6d7e8f9"
    assert finish_traces(db, {trace_id: 2}, now=NOW, outcome="record") == [trace_id]  # it holds 3 now
    assert db[INTAKE_TRACES].find_one({"_id": trace_id})["state"] == "open"
    assert finish_traces(db, {trace_id: 3}, now=NOW, outcome="record") == []
    assert db[INTAKE_TRACES].find_one({"_id": trace_id})["state"] == "done"
