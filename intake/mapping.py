"""The spans of one trace -> one record (one RAG answer), whatever the instrumentation's dialect.

Every dialect's names are tried on every span (a span may mix them: langfuse#5457/#9970 lost
input/output written under another library's names), so a dialect is detected only to be noted
on the record. The table of which attribute becomes which field is in docs/contracts.md
("records from traces"). What is not mapped is kept on the record (`otel.attributes`), never
fatal; a trace that yields no question or no answer is refused with the reason (quarantined).
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import Any

from intake.values import documents_of, number, parse_json_text, short_text, text_of

# --- the names, per field, in the order they are tried ---------------------------------------
INPUT_ATTRS = ("input.value", "langfuse.observation.input", "traceloop.entity.input", "mlflow.spanInputs",
               "gen_ai.input.messages", "gen_ai.prompt", "ai.prompt", "langfuse.trace.input")
OUTPUT_ATTRS = ("output.value", "langfuse.observation.output", "traceloop.entity.output", "mlflow.spanOutputs",
                "gen_ai.output.messages", "gen_ai.completion", "ai.response.text", "langfuse.trace.output")
# indexed message lists: prefix.N.<role key> / prefix.N.<content key>
INDEXED_INPUT = (("llm.input_messages.", "message.role", "message.content"), ("gen_ai.prompt.", "role", "content"))
INDEXED_OUTPUT = (("llm.output_messages.", "message.role", "message.content"), ("gen_ai.completion.", "role", "content"))
SESSION_ATTRS = ("session.id", "langfuse.session.id", "gen_ai.conversation.id",
                 "traceloop.association.properties.session_id", "mlflow.trace.session", "ai.telemetry.metadata.sessionId")
RELEASE_ATTRS = ("evalboard.release", "langfuse.release", "service.version")
PROMPT_VERSION_ATTRS = ("evalboard.prompt_version", "langfuse.observation.prompt.version", "llm.prompt_template.version",
                        "traceloop.prompt.version", "gen_ai.prompt.version")
MODEL_ATTRS = ("evalboard.model", "gen_ai.response.model", "gen_ai.request.model", "llm.model_name",
               "langfuse.observation.model.name", "ai.model.id")
FEATURE_ATTRS = ("evalboard.feature",)
INPUT_TOKENS = ("gen_ai.usage.input_tokens", "gen_ai.usage.prompt_tokens", "llm.token_count.prompt",
                "llm.usage.prompt_tokens", "ai.usage.inputTokens", "ai.usage.promptTokens")
OUTPUT_TOKENS = ("gen_ai.usage.output_tokens", "gen_ai.usage.completion_tokens", "llm.token_count.completion",
                 "llm.usage.completion_tokens", "ai.usage.outputTokens", "ai.usage.completionTokens")
TOTAL_TOKENS = ("gen_ai.usage.total_tokens", "llm.usage.total_tokens", "llm.token_count.total", "ai.usage.totalTokens")
COST_ATTRS = ("llm.cost.total", "gen_ai.usage.cost", "gen_ai.cost.total", "evalboard.cost")
# JSON objects of usage/cost: (attribute, input key(s), output key(s), total key(s))
USAGE_OBJECTS = (("langfuse.observation.usage_details", ("input", "prompt_tokens"), ("output", "completion_tokens"),
                  ("total",)),
                 ("mlflow.chat.tokenUsage", ("input_tokens",), ("output_tokens",), ("total_tokens",)))
COST_OBJECTS = (("langfuse.observation.cost_details", "total"), ("mlflow.llm.cost", "total_cost"))
MAPPED_PREFIXES = ("retrieval.documents.", "llm.input_messages.", "llm.output_messages.", "gen_ai.prompt.",
                   "gen_ai.completion.", "gen_ai.usage.", "eval.", "evalboard.evaluation.")
KIND_ATTRS = ("openinference.span.kind", "traceloop.span.kind", "mlflow.spanType", "langfuse.observation.type",
              "gen_ai.operation.name")
LLM_KINDS = {"llm", "chat_model", "chat", "text_completion", "generate_content", "generation", "completion"}
RETRIEVER_KINDS = {"retriever", "retrieval", "retrieve", "vectorstore"}
DIALECT_PREFIXES = (("openinference", ("openinference.", "input.value", "output.value", "llm.input_messages.",
                                      "llm.token_count.", "llm.model_name", "retrieval.documents.")),
                    ("openllmetry", ("traceloop.",)), ("genai-semconv", ("gen_ai.",)), ("langfuse", ("langfuse.",)),
                    ("mlflow", ("mlflow.",)), ("vercel-ai", ("ai.",)))
# logged evaluation scores: gen_ai.evaluation.result events, or eval.<name>.score / evalboard.evaluation.<name>.score
EVAL_ATTR = re.compile(r"^(?:evalboard\.evaluation|eval|evaluation)\.([A-Za-z0-9_ -]{1,60})\.(score|reason|explanation|label)$")
METRIC_ALIASES = {"relevance": "answer_relevancy", "answer_relevance": "answer_relevancy",
                  "relevancy": "answer_relevancy", "context_precision": "contextual_precision",
                  "context_recall": "contextual_recall", "groundedness": "faithfulness"}
MAX_KEPT_ATTRIBUTES = 200


@dataclass
class Span:
    """A staged span with its attributes as a dict (resource attributes under it)."""
    raw: dict
    attrs: dict[str, Any]
    resource: dict[str, Any]

    @classmethod
    def of(cls, raw: dict) -> "Span":
        return cls(raw, {k: v for k, v in raw.get("attributes", [])}, {k: v for k, v in raw.get("resource", [])})

    def get(self, names) -> Any:
        for name in names:
            value = self.attrs.get(name)
            if value is not None and value != "":
                return value
        return None

    @property
    def kind(self) -> str:
        value = parse_json_text(self.get(KIND_ATTRS))
        return str(value or "").strip().lower()

    @property
    def is_root(self) -> bool:
        return not self.raw.get("parent_span_id")

    @property
    def is_llm(self) -> bool:
        return self.kind in LLM_KINDS or "llm.request.type" in self.attrs or any(
            k.startswith(("gen_ai.prompt.", "llm.input_messages.", "gen_ai.completion.")) for k in self.attrs)

    @property
    def is_retriever(self) -> bool:
        return self.kind in RETRIEVER_KINDS or any(k.startswith("retrieval.documents.") for k in self.attrs) or any(
            e["name"] == "db.query.result" for e in self.raw.get("events", []))


@dataclass
class Mapped:
    payload: dict | None = None
    reason: str | None = None
    dialects: list[str] = field(default_factory=list)


def trace_to_record(raw_spans: list[dict], defaults: dict | None = None) -> Mapped:
    """The record payload for a trace's spans (parsed later by store.schema like any record), or why not."""
    defaults = defaults or {}
    spans = sorted((Span.of(s) for s in raw_spans), key=lambda s: (s.raw.get("start_ns") or 0, s.raw["span_id"]))
    dialects = detect_dialects(spans)
    roots = [s for s in spans if s.is_root]
    if not roots:
        return Mapped(reason=f"no root span (a span without a parent) among the trace's {len(spans)} span(s)",
                      dialects=dialects)
    root = roots[0]
    llms = [s for s in spans if s.is_llm]
    query = _input_text(root) or next((t for t in (_input_text(s) for s in llms) if t), None)
    answer = _output_text(root) or next((t for t in (_output_text(s) for s in reversed(llms)) if t), None)
    if not query:
        return Mapped(reason="no question found in the root or LLM spans (looked at: "
                             f"{', '.join(INPUT_ATTRS[:5])}, message lists)", dialects=dialects)
    if not answer:
        return Mapped(reason="no answer found in the root or LLM spans (looked at: "
                             f"{', '.join(OUTPUT_ATTRS[:5])}, message lists)", dialects=dialects)
    payload: dict[str, Any] = {
        "_id": f"otel-{root.raw['trace_id']}",
        "trace_id": root.raw["trace_id"],
        "query": query,
        "answer": answer,
        "context": [doc for s in spans if s.is_retriever for doc in _documents(s)],
        "timestamp": _time(root.raw.get("start_ns") or min(s.raw.get("start_ns") or 0 for s in spans)),
    }
    _first(payload, "session_id", spans, SESSION_ATTRS, text=True)
    _first(payload, "feature", spans, FEATURE_ATTRS, default=defaults.get("feature"))
    _first(payload, "release", spans, RELEASE_ATTRS, default=defaults.get("release"))
    _first(payload, "prompt_version", spans, PROMPT_VERSION_ATTRS)
    _first(payload, "model", llms + spans, MODEL_ATTRS)
    if "model" not in payload:  # an LLM span whose request body names the model (MLflow's spanInputs)
        model = next((m for m in (_request_model(s) for s in llms) if m), None)
        if model:
            payload["model"] = model
    if root.raw.get("end_ns") and root.raw.get("start_ns"):
        payload["latency_ms"] = round((root.raw["end_ns"] - root.raw["start_ns"]) / 1e6, 3)
    usage = _usage(llms or spans)
    if usage:
        payload["usage"] = usage
    evaluation = _evaluation(spans)
    if evaluation:
        payload["evaluation"] = evaluation
    payload["otel"] = {"dialects": dialects, "spans": len(spans), "root": root.raw.get("name", "")[:200],
                       "service": str(root.resource.get("service.name") or "")[:200],
                       "attributes": _unmapped(spans)}
    return Mapped(payload=payload, dialects=dialects)


def detect_dialects(spans: list[Span]) -> list[str]:
    keys = {k for s in spans for k in s.attrs} | {e["name"] for s in spans for e in s.raw.get("events", [])}
    return [name for name, prefixes in DIALECT_PREFIXES if any(k.startswith(prefixes) for k in keys)]


def _time(nanos: int) -> datetime | None:
    return datetime.fromtimestamp(nanos / 1e9, tz=timezone.utc) if nanos else None


def _first(payload: dict, name: str, spans: list[Span], attrs, *, default: Any = None, text: bool = False) -> None:
    for span in spans:
        value = span.get(attrs)
        if value is None:
            value = next((span.resource[a] for a in attrs if span.resource.get(a) not in (None, "")), None)
        if value is not None:
            payload[name] = str(parse_json_text(value)) if not isinstance(value, (dict, list)) else str(value)
            return
    if default is not None:
        payload[name] = default


def _request_model(span: Span) -> str | None:
    request = parse_json_text(span.get(INPUT_ATTRS))
    model = request.get("model") if isinstance(request, dict) else None
    return model if isinstance(model, str) and model.strip() else None


def _indexed(span: Span, specs, want: str) -> str | None:
    """A message from an indexed list (`llm.input_messages.0.message.content`, `gen_ai.prompt.1.content`)."""
    for prefix, role_key, content_key in specs:
        messages: dict[int, dict] = {}
        for key, value in span.attrs.items():
            if key.startswith(prefix):
                index, _, rest = key[len(prefix):].partition(".")
                if index.isdigit() and rest in (role_key, content_key):
                    messages.setdefault(int(index), {})["role" if rest == role_key else "content"] = value
        if messages:
            found = text_of([messages[i] for i in sorted(messages)], want=want)
            if found:
                return found
    return None


def _events_text(span: Span, want: str) -> str | None:
    """GenAI semconv content events: gen_ai.user.message / gen_ai.choice, and the older
    gen_ai.content.prompt / gen_ai.content.completion."""
    names = ("gen_ai.user.message", "gen_ai.content.prompt") if want == "input" else (
        "gen_ai.choice", "gen_ai.assistant.message", "gen_ai.content.completion")
    for event in reversed(span.raw.get("events", [])):
        if event["name"] in names:
            attrs = dict(event["attributes"])
            value = attrs.get("content", attrs.get("message", attrs.get("gen_ai.prompt", attrs.get("gen_ai.completion"))))
            found = text_of(value, want=want)
            if found:
                return found
    return None


def _input_text(span: Span) -> str | None:
    return text_of(span.get(INPUT_ATTRS), want="input") or _indexed(span, INDEXED_INPUT, "input") or \
        _events_text(span, "input")


def _output_text(span: Span) -> str | None:
    return text_of(span.get(OUTPUT_ATTRS), want="output") or _indexed(span, INDEXED_OUTPUT, "output") or \
        _events_text(span, "output")


def _documents(span: Span) -> list[str]:
    """The retriever's chunks in rank order: retrieval.documents.N.document.content (OpenInference),
    db.query.result events (OpenLLMetry vector stores), or a list of documents as its output."""
    ranked: dict[int, str] = {}
    for key, value in span.attrs.items():
        match = re.match(r"^retrieval\.documents\.(\d+)\.document\.content$", key)
        if match and isinstance(value, str):
            ranked[int(match.group(1))] = value
    if ranked:
        return [ranked[i] for i in sorted(ranked)]
    events = [dict(e["attributes"]).get("db.query.result.document") for e in span.raw.get("events", [])
              if e["name"] == "db.query.result"]
    if any(isinstance(e, str) for e in events):
        return [e for e in events if isinstance(e, str)]
    for name in ("gen_ai.retrieval.documents", *OUTPUT_ATTRS):
        docs = documents_of(span.attrs.get(name))
        if docs:
            return docs
    return []


def _usage(spans: list[Span]) -> dict:
    """Token counts and cost summed over the spans that carry them; unknown gen_ai.usage.* keys kept
    (langfuse#6024: an unknown usage key must never hide the span)."""
    totals = {"input_tokens": 0.0, "output_tokens": 0.0, "total_tokens": 0.0, "cost": 0.0}
    seen: set[str] = set()
    details: dict[str, Any] = {}
    for span in spans:
        found = {"input_tokens": number(span.get(INPUT_TOKENS)), "output_tokens": number(span.get(OUTPUT_TOKENS)),
                 "total_tokens": number(span.get(TOTAL_TOKENS)), "cost": number(span.get(COST_ATTRS))}
        for attr, inputs, outputs, total in USAGE_OBJECTS:
            obj = parse_json_text(span.attrs.get(attr))
            if isinstance(obj, dict):
                for name, keys in (("input_tokens", inputs), ("output_tokens", outputs), ("total_tokens", total)):
                    if found[name] is None:
                        found[name] = next((number(obj[k]) for k in keys if number(obj.get(k)) is not None), None)
        for attr, key in COST_OBJECTS:
            obj = parse_json_text(span.attrs.get(attr))
            if found["cost"] is None and isinstance(obj, dict):
                found["cost"] = number(obj.get(key))
        if found["total_tokens"] is None and found["input_tokens"] is not None and found["output_tokens"] is not None:
            found["total_tokens"] = found["input_tokens"] + found["output_tokens"]
        for name, value in found.items():
            if value is not None:
                totals[name] += value
                seen.add(name)
        for key, value in span.attrs.items():
            if key.startswith("gen_ai.usage.") and key not in INPUT_TOKENS + OUTPUT_TOKENS + TOTAL_TOKENS + COST_ATTRS:
                details[key[len("gen_ai.usage."):].replace(".", "_")[:60]] = short_text(value, 200)
    out: dict[str, Any] = {name: (int(totals[name]) if name != "cost" else round(totals[name], 8))
                           for name in totals if name in seen}
    if details:
        out["details"] = details
    return out


def _metric_name(name: str) -> str:
    key = re.sub(r"[\s-]+", "_", str(name).strip().lower())[:60]
    return METRIC_ALIASES.get(key, key)


def _evaluation(spans: list[Span]) -> dict:
    """Logged scores: gen_ai.evaluation.result events (GenAI semconv) and eval.<name>.score attributes."""
    out: dict[str, dict] = {}
    for span in spans:
        for event in span.raw.get("events", []):
            if event["name"] == "gen_ai.evaluation.result":
                attrs = dict(event["attributes"])
                name = attrs.get("gen_ai.evaluation.name")
                score = number(attrs.get("gen_ai.evaluation.score.value"))
                if name and score is not None:
                    entry = out.setdefault(_metric_name(name), {})
                    entry["score"] = score
                    reason = attrs.get("gen_ai.evaluation.explanation") or attrs.get("gen_ai.evaluation.score.label")
                    if reason:
                        entry["reason"] = str(reason)[:2000]
        for key, value in span.attrs.items():
            match = EVAL_ATTR.match(key)
            if match:
                entry = out.setdefault(_metric_name(match.group(1)), {})
                if match.group(2) == "score" and number(value) is not None:
                    entry["score"] = number(value)
                elif match.group(2) != "score":
                    entry.setdefault("reason", str(value)[:2000])
    return {name: entry for name, entry in out.items() if "score" in entry}


MAPPED = frozenset(INPUT_ATTRS + OUTPUT_ATTRS + SESSION_ATTRS + RELEASE_ATTRS + PROMPT_VERSION_ATTRS + MODEL_ATTRS
                   + FEATURE_ATTRS + INPUT_TOKENS + OUTPUT_TOKENS + TOTAL_TOKENS + COST_ATTRS + KIND_ATTRS
                   + tuple(a for a, *_ in USAGE_OBJECTS) + tuple(a for a, _ in COST_OBJECTS))


def _is_mapped(key: str) -> bool:
    return key in MAPPED or key.startswith(MAPPED_PREFIXES)


def _unmapped(spans: list[Span]) -> list[list]:
    """Attributes no field took, as [span name, key, value] (long values cut): kept, never fatal."""
    out = []
    for span in spans:
        for key, value in span.attrs.items():
            if not _is_mapped(key):
                out.append([span.raw.get("name", "")[:100], key[:200], short_text(value)])
                if len(out) >= MAX_KEPT_ATTRIBUTES:
                    return out
    return out
