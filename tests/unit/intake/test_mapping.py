"""Traces -> records, no I/O: the five dialect fixtures map to the same record fields; the tracker
bugs other tools had (langfuse#5457/#9970, #6024, #11135) stay fixed here; OTLP decoding refuses
what it cannot read with a 4xx and its reason."""
from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

from intake.mapping import trace_to_record
from intake.otlp import BadRequest, Limits, decode_traces, error_body, read_body
from intake.values import documents_of, text_of
from store.schema import ParsedRecord, parse_record

FIXTURES = Path(__file__).resolve().parents[2] / "data" / "otlp"
DIALECTS = {"openinference": "openinference", "openllmetry": "openllmetry", "genai_semconv": "genai-semconv",
            "langfuse": "langfuse", "mlflow": "mlflow"}
LIMITS = Limits(1000, 10**6)
FIELDS = ("query", "answer", "context", "timestamp", "session_id", "feature", "release", "model", "prompt_version",
          "latency_ms")


def spans(name: str) -> list[dict]:
    return decode_traces((FIXTURES / f"{name}.json").read_bytes(), "application/json", LIMITS)[0].spans


def mapped(span_list, defaults=None) -> dict:
    result = trace_to_record(span_list, defaults)
    assert result.reason is None, result.reason
    return result.payload


def attrs(**values) -> list[list]:
    return [[k.replace("__", "."), v] for k, v in values.items()]


def tiny_trace(root_attrs: list, llm_attrs: list | None = None) -> list[dict]:
    base = {"trace_id": "1" * 32, "kind": 1, "events": [], "status": {}, "resource": [], "scope": ""}
    out = [dict(base, span_id="a" * 16, parent_span_id="", name="root", start_ns=10**18, end_ns=10**18 + 5 * 10**8,
                attributes=root_attrs)]
    if llm_attrs is not None:
        out.append(dict(base, span_id="b" * 16, parent_span_id="a" * 16, name="llm", start_ns=10**18 + 1,
                        end_ns=10**18 + 2, attributes=llm_attrs))
    return out


def test_the_five_dialects_map_to_the_same_record():
    records = {name: mapped(spans(name)) for name in DIALECTS}
    reference = records["openinference"]
    for name, record in records.items():
        assert {f: record.get(f) for f in FIELDS} == {f: reference.get(f) for f in FIELDS}, name
        assert record["usage"]["input_tokens"] == 120 and record["usage"]["total_tokens"] == 150, name
        assert DIALECTS[name] in record["otel"]["dialects"], name
        assert record["_id"] == f"otel-{record['trace_id']}"
        assert isinstance(parse_record(record, {}, source="otlp"), ParsedRecord), name
    assert reference["context"][0].startswith("Section 4.1") and reference["context"][1].startswith("Section 4.2")
    assert records["langfuse"]["usage"]["cost"] == records["openinference"]["usage"]["cost"] == 0.0004
    assert records["genai_semconv"]["evaluation"] == {"faithfulness": {
        "score": 0.9, "reason": "both claims are in the context"}}


def test_unmapped_attributes_are_kept_on_the_record():
    kept = {key for _span, key, _value in mapped(spans("langfuse"))["otel"]["attributes"]}
    assert {"langfuse.user.id", "langfuse.trace.metadata.tenant", "langfuse.observation.prompt.name"} <= kept


def test_langfuse_5457_9970_input_and_output_under_another_dialects_names():
    # an OpenInference-kind root whose input/output were written under traceloop's and Langfuse's names
    record = mapped(tiny_trace(attrs(openinference__span__kind="CHAIN",
                                     traceloop__entity__input=json.dumps({"args": ["Is a verbal notice valid?"]}),
                                     langfuse__observation__output=json.dumps({"answer": "No, it must be written."}))))
    assert (record["query"], record["answer"]) == ("Is a verbal notice valid?", "No, it must be written.")
    # and an LLM span that only has GenAI events (no attributes) still gives the answer
    events_only = tiny_trace(attrs(input__value="Q?"), attrs(gen_ai__operation__name="chat"))
    events_only[1]["events"] = [{"name": "gen_ai.choice", "time_ns": 0,
                                 "attributes": [["message", json.dumps({"role": "assistant", "content": "A."})]]}]
    assert mapped(events_only)["answer"] == "A."


def test_langfuse_6024_an_unknown_gen_ai_usage_key_is_kept_never_fatal():
    record = mapped(tiny_trace(attrs(input__value="Q?", output__value="A."), attrs(
        gen_ai__operation__name="chat", gen_ai__usage__input_tokens=10, gen_ai__usage__output_tokens=4,
        gen_ai__usage__cache_read_input_tokens=3, gen_ai__usage__reasoning__detail="not a number")))
    assert record["usage"]["input_tokens"] == 10 and record["usage"]["total_tokens"] == 14
    assert record["usage"]["details"] == {"cache_read_input_tokens": 3, "reasoning_detail": "not a number"}


@pytest.mark.parametrize("usage", [
    {"ai.usage.promptTokens": 11, "ai.usage.completionTokens": 5},                       # Vercel AI SDK (JS)
    {"gen_ai.usage.prompt_tokens": 11, "gen_ai.usage.completion_tokens": 5},             # OpenLLMetry / older semconv
    {"llm.token_count.prompt": 11, "llm.token_count.completion": 5},                     # OpenInference
    {"langfuse.observation.usage_details": json.dumps({"input": 11, "output": 5})},      # Langfuse SDKs
    {"mlflow.chat.tokenUsage": json.dumps({"input_tokens": 11, "output_tokens": 5})},    # MLflow
])
def test_langfuse_11135_usage_fields_from_another_sdk_are_read(usage):
    record = mapped(tiny_trace(attrs(input__value="Q?", output__value="A."),
                               [["gen_ai.operation.name", "chat"], *usage.items()]))
    assert record["usage"] == {"input_tokens": 11, "output_tokens": 5, "total_tokens": 16}


def test_a_trace_without_root_or_answer_says_why():
    no_root = tiny_trace(attrs(input__value="Q?"), attrs(output__value="A."))[1:]
    assert "no root span" in trace_to_record(no_root).reason
    assert "no answer" in trace_to_record(tiny_trace(attrs(input__value="Q?"))).reason
    assert "no question" in trace_to_record(tiny_trace(attrs(output__value="A."))).reason


def test_key_defaults_fill_feature_and_release_but_attributes_win():
    record = mapped(tiny_trace(attrs(input__value="Q?", output__value="A.", evalboard__release="r2")),
                    {"feature": "clauses", "release": "r1"})
    assert (record["feature"], record["release"]) == ("clauses", "r2")


def test_text_and_documents_from_the_usual_shapes():
    assert text_of('{"messages": [{"role": "system", "content": "s"}, {"role": "user", "content": "u"}]}') == "u"
    assert text_of('{"choices": [{"message": {"role": "assistant", "content": "a"}}]}', want="output") == "a"
    assert text_of([{"type": "text", "content": "x"}, {"type": "image"}]) == "x"
    assert text_of({"unknown": {"nested": 3}}) == "3" and text_of(None) is None and text_of(True) is None
    assert documents_of('[{"page_content": "p"}, {"node": {"text": "n"}}, "s"]') == ["p", "n", "s"]
    assert documents_of({"documents": [{"document": {"content": "d"}}]}) == ["d"] and documents_of(3) == []


def test_otlp_refusals_have_a_status_and_a_reason():
    with pytest.raises(BadRequest) as bad:
        decode_traces(b"\x0a\xff\xff\xff", "application/x-protobuf", LIMITS)
    assert bad.value.status == 400 and "malformed protobuf" in bad.value.reason
    with pytest.raises(BadRequest) as wrong:
        decode_traces(b"{}", "text/plain", LIMITS)
    assert wrong.value.status == 415
    with pytest.raises(BadRequest) as bomb:
        read_body(gzip.compress(b"0" * 10_000), "gzip", 1000)
    assert bomb.value.status == 413
    with pytest.raises(BadRequest) as brotli:
        read_body(b"x", "br", 1000)
    assert brotli.value.status == 415
    assert error_body("application/x-protobuf", 400, "why") == b"\x08\x03\x12\x03why"


def test_bad_ids_refuse_that_span_only():
    data = json.loads((FIXTURES / "mlflow.json").read_text())
    data["resourceSpans"][0]["scopeSpans"][0]["spans"][1]["spanId"] = "xyz"
    decoded = decode_traces(json.dumps(data).encode(), "application/json", LIMITS)[0]
    assert len(decoded.spans) == 2 and "span id" in decoded.rejected[0][1]
