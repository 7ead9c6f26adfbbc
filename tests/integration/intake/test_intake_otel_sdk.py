"""The real thing: the OpenTelemetry SDK and its OTLP/HTTP exporter send a traced RAG answer over TCP
to the intake, whose own assembler makes it a record (no clock pinned: it polls for the record)."""
from __future__ import annotations

import re
import subprocess
import sys
import time
from pathlib import Path

from opentelemetry.exporter.otlp.proto.http.trace_exporter import OTLPSpanExporter
from opentelemetry.sdk.trace import TracerProvider
from opentelemetry.sdk.trace.export import SimpleSpanProcessor, SpanExportResult
from opentelemetry.sdk.trace.export.in_memory_span_exporter import InMemorySpanExporter

from store.collections import INTAKE_TRACES, RECORDS, REJECTED

README = Path(__file__).resolve().parents[3] / "README.md"
CHUNKS = ["Clause 9: either party may terminate with 30 days' notice.", "Clause 10: notice must be in writing."]


def wait_for_record(db, query: dict, timeout_s: float = 20.0) -> dict:
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        found = db[RECORDS].find_one(query)
        if found:
            return found
        time.sleep(0.2)
    raise AssertionError(f"no record matching {query} within {timeout_s} s; traces: {list(db[INTAKE_TRACES].find())}")


def rag_answer(tracer, question: str) -> str:
    """A tiny instrumented RAG function: root span, retriever span with ranked documents, LLM span."""
    with tracer.start_as_current_span("rag", attributes={"openinference.span.kind": "CHAIN", "input.value": question,
                                                         "session.id": "s-1", "evalboard.feature": "clauses"}) as root:
        with tracer.start_as_current_span("retrieve", attributes={"openinference.span.kind": "RETRIEVER"}) as span:
            for i, chunk in enumerate(CHUNKS):
                span.set_attribute(f"retrieval.documents.{i}.document.content", chunk)
        answer = "Thirty days' notice, in writing."
        with tracer.start_as_current_span("chat", attributes={"gen_ai.operation.name": "chat",
                                                              "gen_ai.request.model": "gpt-4o-mini",
                                                              "gen_ai.usage.input_tokens": 42,
                                                              "gen_ai.usage.output_tokens": 7}):
            pass
        root.set_attribute("output.value", answer)
    return answer


def test_a_traced_rag_answer_becomes_a_record_and_resending_adds_nothing(live_intake, db):
    captured = InMemorySpanExporter()
    provider = TracerProvider()
    provider.add_span_processor(SimpleSpanProcessor(captured))
    rag_answer(provider.get_tracer("test-rag"), "How long is the notice period?")
    spans = captured.get_finished_spans()
    exporter = OTLPSpanExporter(endpoint=f"{live_intake.url}/v1/traces", timeout=10)
    assert exporter.export(spans) == SpanExportResult.SUCCESS
    trace_id = format(spans[0].context.trace_id, "032x")
    record = wait_for_record(db, {"trace_id": trace_id})
    assert record["query"] == "How long is the notice period?" and record["answer"].startswith("Thirty days")
    assert record["context"] == CHUNKS and record["feature"] == "clauses" and record["session_id"] == "s-1"
    assert record["usage"] == {"input_tokens": 42, "output_tokens": 7, "total_tokens": 49}
    assert record["eb"]["needs_scoring"] is True  # the score workers pick it up
    assert exporter.export(spans) == SpanExportResult.SUCCESS  # the same spans again
    time.sleep(1.5)  # a few assembler turns
    assert db[RECORDS].count_documents({}) == 1 and db[REJECTED].count_documents({}) == 0
    exporter.shutdown()


def test_the_readme_snippet_works_as_written(live_intake, db):
    text = README.read_text()
    block = re.search(r"<!-- intake-snippet.*?-->\n```python\n(.*?)```", text, re.S).group(1)
    assert "http://127.0.0.1:4318/v1/traces" in block
    code = block.replace("http://127.0.0.1:4318", live_intake.url)
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    record = wait_for_record(db, {"query": "How much notice must a tenant give?"})
    assert record["answer"] == "One month, in writing." and len(record["context"]) == 1
