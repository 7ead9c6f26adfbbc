"""OTLP/HTTP trace requests -> plain span dicts (protobuf and JSON alike), and OTLP responses.

A span comes out as one dict that MongoDB can store as is (attribute keys hold dots, so
attributes are kept as `[key, value]` pairs, never as field names):
`{trace_id, span_id, parent_span_id (hex, "" for a root), name, kind, start_ns, end_ns,
attributes: [[k, v]], events: [{name, time_ns, attributes}], status: {code, message},
resource: [[k, v]], scope}`. Values: str, int, float, bool, lists of them; a key-value list
becomes a dict (JSON-able) and bytes become base64 text.
Per-span problems (bad ids, an attribute over the size limit) reject that span with a reason
(OTLP partial success); a body that cannot be read at all raises `BadRequest` (a 4xx).
"""
from __future__ import annotations

import base64
import binascii
import json
import re
import zlib
from dataclasses import dataclass, field
from typing import Any

from google.protobuf.message import DecodeError
from opentelemetry.proto.collector.trace.v1.trace_service_pb2 import (ExportTraceServiceRequest,
                                                                       ExportTraceServiceResponse)

PROTOBUF = "application/x-protobuf"
JSON = "application/json"
_HEX_TRACE = re.compile(r"^[0-9a-f]{32}$")
_HEX_SPAN = re.compile(r"^[0-9a-f]{16}$")


class BadRequest(Exception):
    """A request refused as a whole: HTTP `status` with a readable `reason`."""

    def __init__(self, status: int, reason: str):
        super().__init__(reason)
        self.status = status
        self.reason = reason


@dataclass
class Decoded:
    spans: list[dict] = field(default_factory=list)
    rejected: list[tuple[Any, str]] = field(default_factory=list)  # (what was sent, why refused)


@dataclass
class Limits:
    max_spans: int
    max_attribute_bytes: int


def read_body(body: bytes, encoding: str | None, limit: int) -> bytes:
    """The body, gunzipped when so encoded; never more than `limit` bytes (a gzip bomb is a 413)."""
    encoding = (encoding or "identity").strip().lower()
    if encoding in ("", "identity"):
        return body
    if encoding not in ("gzip", "x-gzip", "deflate"):
        raise BadRequest(415, f"Content-Encoding {encoding[:40]!r} is not supported (use gzip or none)")
    inflater = zlib.decompressobj(16 + zlib.MAX_WBITS if encoding != "deflate" else zlib.MAX_WBITS)
    try:
        out = inflater.decompress(body, limit + 1)
    except zlib.error as exc:
        raise BadRequest(400, f"the body is not valid {encoding}: {exc}") from None
    if len(out) > limit or inflater.unconsumed_tail:
        raise BadRequest(413, f"the body is larger than {limit} bytes once uncompressed "
                              "(EVALBOARD_INTAKE_MAX_BODY_BYTES); send smaller batches")
    return out


def media_type(content_type: str | None) -> str:
    return (content_type or "").split(";")[0].strip().lower()


def decode_traces(body: bytes, content_type: str | None, limits: Limits) -> tuple[Decoded, str]:
    """(the spans, the media type to answer in). Raises BadRequest for what cannot be read."""
    kind = media_type(content_type)
    if kind == PROTOBUF:
        try:
            request = ExportTraceServiceRequest.FromString(body)
        except (DecodeError, ValueError, RuntimeError) as exc:
            raise BadRequest(400, f"malformed protobuf: not an ExportTraceServiceRequest ({exc})"[:300]) from None
        resource_spans = [_proto_resource_spans(rs) for rs in request.resource_spans]
    elif kind == JSON:
        try:
            data = json.loads(body)
        except (ValueError, UnicodeDecodeError) as exc:
            raise BadRequest(400, f"malformed JSON: {exc}"[:300]) from None
        if not isinstance(data, dict) or not isinstance(data.get("resourceSpans", data.get("resource_spans", [])), list):
            raise BadRequest(400, "not an OTLP ExportTraceServiceRequest: expected an object with resourceSpans")
        resource_spans = [_json_resource_spans(rs) for rs in _get(data, "resourceSpans") or []]
    else:
        raise BadRequest(415, f"Content-Type {kind or 'none'!r} is not supported on /v1/traces: "
                              f"use {PROTOBUF} or {JSON}")
    count = sum(len(spans) for _resource, _scope, spans in _flatten(resource_spans))
    if count > limits.max_spans:
        raise BadRequest(413, f"{count} spans in one request, over the limit of {limits.max_spans} "
                              "(EVALBOARD_INTAKE_MAX_SPANS); send smaller batches")
    out = Decoded()
    for resource, scope, spans in _flatten(resource_spans):
        for span in spans:
            span["resource"], span["scope"] = resource, scope
            reason = _span_problem(span, limits.max_attribute_bytes)
            if reason:
                out.rejected.append((_summary(span), reason))
            else:
                out.spans.append(span)
    return out, kind


def _flatten(resource_spans):
    for resource, scopes in resource_spans:
        for scope, spans in scopes:
            yield resource, scope, spans


def _span_problem(span: dict, max_attribute_bytes: int) -> str | None:
    if not _HEX_TRACE.match(span["trace_id"]) or span["trace_id"] == "0" * 32:
        return f"span {span.get('name', '')[:60]!r}: trace id {span['trace_id'][:40]!r} is not 16 bytes (32 hex digits)"
    if not _HEX_SPAN.match(span["span_id"]) or span["span_id"] == "0" * 16:
        return f"span {span.get('name', '')[:60]!r}: span id {span['span_id'][:40]!r} is not 8 bytes (16 hex digits)"
    for key, value in [*span["attributes"], *[kv for e in span["events"] for kv in e["attributes"]]]:
        size = len(value.encode("utf-8", "replace")) if isinstance(value, str) else len(json.dumps(value, default=str))
        if size > max_attribute_bytes:
            return (f"span {span.get('name', '')[:60]!r}: attribute {key[:80]!r} holds {size} bytes, over the limit "
                    f"of {max_attribute_bytes} (EVALBOARD_INTAKE_MAX_ATTRIBUTE_BYTES)")
    return None


def _summary(span: dict) -> dict:
    """What is kept of a refused span (ids, name, attribute keys; not the oversized values)."""
    return {"trace_id": span["trace_id"][:64], "span_id": span["span_id"][:32], "name": span.get("name", "")[:200],
            "attribute_keys": [k for k, _v in span["attributes"]][:200]}


# --- protobuf ---------------------------------------------------------------------

def _proto_value(value) -> Any:
    which = value.WhichOneof("value")
    if which is None:
        return None
    if which == "array_value":
        return [_proto_value(v) for v in value.array_value.values]
    if which == "kvlist_value":
        return json.dumps({kv.key: _proto_value(kv.value) for kv in value.kvlist_value.values}, default=str)
    if which == "bytes_value":
        return base64.b64encode(value.bytes_value).decode("ascii")
    return getattr(value, which)


def _proto_attributes(attributes) -> list[list]:
    return [[kv.key, _proto_value(kv.value)] for kv in attributes]


def _proto_resource_spans(rs):
    resource = _proto_attributes(rs.resource.attributes)
    scopes = []
    for ss in rs.scope_spans:
        spans = [{
            "trace_id": s.trace_id.hex(), "span_id": s.span_id.hex(), "parent_span_id": s.parent_span_id.hex(),
            "name": s.name, "kind": int(s.kind), "start_ns": int(s.start_time_unix_nano),
            "end_ns": int(s.end_time_unix_nano), "attributes": _proto_attributes(s.attributes),
            "events": [{"name": e.name, "time_ns": int(e.time_unix_nano), "attributes": _proto_attributes(e.attributes)}
                       for e in s.events],
            "status": {"code": int(s.status.code), "message": s.status.message},
        } for s in ss.spans]
        scopes.append((ss.scope.name, spans))
    return resource, scopes


# --- JSON (OTLP/JSON: lowerCamelCase keys, hex ids, 64-bit integers as strings) ------------------

def _get(obj: Any, camel: str) -> Any:
    if not isinstance(obj, dict):
        return None
    if camel in obj:
        return obj[camel]
    snake = re.sub(r"([A-Z])", lambda m: "_" + m.group(1).lower(), camel)
    return obj.get(snake)


def _json_value(value: Any) -> Any:
    if not isinstance(value, dict):
        return value
    for key, read in (("stringValue", str), ("boolValue", bool), ("intValue", _int), ("doubleValue", float)):
        found = _get(value, key)
        if found is not None:
            try:
                return read(found)
            except (TypeError, ValueError):
                return found
    array = _get(value, "arrayValue")
    if array is not None:
        return [_json_value(v) for v in (_get(array, "values") or [])]
    kvlist = _get(value, "kvlistValue")
    if kvlist is not None:
        return json.dumps({str(kv.get("key")): _json_value(kv.get("value")) for kv in (_get(kvlist, "values") or [])
                           if isinstance(kv, dict)}, default=str)
    found = _get(value, "bytesValue")
    return found if found is not None else None


def _int(value: Any) -> int:
    return int(value)


def _json_attributes(attributes: Any) -> list[list]:
    if not isinstance(attributes, list):
        return []
    return [[str(kv.get("key")), _json_value(kv.get("value"))] for kv in attributes if isinstance(kv, dict)]


def _json_id(value: Any) -> str:
    """OTLP/JSON ids are hex; a base64 id (protobuf's JSON mapping, as some SDKs send) is read too."""
    text = str(value or "").strip()
    if re.fullmatch(r"[0-9A-Fa-f]*", text):
        return text.lower()
    try:
        return base64.b64decode(text, validate=True).hex()
    except (binascii.Error, ValueError):
        return text[:64]


def _nanos(value: Any) -> int:
    try:
        return int(value or 0)
    except (TypeError, ValueError):
        return 0


def _json_resource_spans(rs: Any):
    resource = _json_attributes(_get(_get(rs, "resource") or {}, "attributes"))
    scopes = []
    for ss in _get(rs, "scopeSpans") or _get(rs, "instrumentationLibrarySpans") or []:
        spans = []
        for s in _get(ss, "spans") or []:
            if not isinstance(s, dict):
                continue
            status = _get(s, "status") or {}
            code = _get(status, "code")
            spans.append({
                "trace_id": _json_id(_get(s, "traceId")), "span_id": _json_id(_get(s, "spanId")),
                "parent_span_id": _json_id(_get(s, "parentSpanId")), "name": str(s.get("name") or ""),
                "kind": _nanos(s.get("kind")) if not isinstance(s.get("kind"), str) else s["kind"],
                "start_ns": _nanos(_get(s, "startTimeUnixNano")), "end_ns": _nanos(_get(s, "endTimeUnixNano")),
                "attributes": _json_attributes(s.get("attributes")),
                "events": [{"name": str(e.get("name") or ""), "time_ns": _nanos(_get(e, "timeUnixNano")),
                            "attributes": _json_attributes(e.get("attributes"))}
                           for e in (s.get("events") or []) if isinstance(e, dict)],
                "status": {"code": code if isinstance(code, (int, str)) else 0,
                           "message": str(_get(status, "message") or "")},
            })
        scopes.append((str((_get(ss, "scope") or {}).get("name") or ""), spans))
    return resource, scopes


# --- responses ----------------------------------------------------------------------

def success_body(kind: str, rejected: int, message: str) -> bytes:
    """ExportTraceServiceResponse, with partial_success when spans were refused."""
    if kind == PROTOBUF:
        response = ExportTraceServiceResponse()
        if rejected:
            response.partial_success.rejected_spans = rejected
            response.partial_success.error_message = message
        return response.SerializeToString()
    body: dict = {}
    if rejected:
        body["partialSuccess"] = {"rejectedSpans": str(rejected), "errorMessage": message}
    return json.dumps(body).encode()


def error_body(kind: str, status: int, reason: str) -> bytes:
    """A google.rpc.Status (code, message) in the request's encoding, as OTLP/HTTP asks."""
    code = {400: 3, 401: 16, 413: 8, 415: 3, 429: 8, 503: 14}.get(status, 2)
    if kind == PROTOBUF:
        text = reason.encode("utf-8")
        return b"\x08" + _varint(code) + b"\x12" + _varint(len(text)) + text
    return json.dumps({"code": code, "message": reason}).encode()


def _varint(number: int) -> bytes:
    out = bytearray()
    while True:
        byte = number & 0x7F
        number >>= 7
        out.append(byte | (0x80 if number else 0))
        if not number:
            return bytes(out)
