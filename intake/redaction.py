"""Spans redacted before they are staged (issue 31: the raw text is never stored, not even while a
trace waits for its quiet period in `intake_spans`).

In redact mode each span batch is passed through core.privacy's `StagingRedactor` with its trace's
salt (store/spans.py: an HMAC of the trace id under a random per-database secret):
the same value gets the same staging token in every batch of the trace, and the writer numbers the
tokens `[EMAIL_1]`, `[PHONE_2]`… and counts them once, when the record (or the quarantined trace) is
written — so the record is the one its whole text would have given, counted once.
What is redacted: the span's name, its status message, and the values of its attributes, its events'
attributes and its resource's attributes; an attribute whose text is JSON (a chat message list, a
request body) is redacted inside the JSON (a value next to an escape such as `\\n` is found) and
written back as JSON. Kept as sent: ids, times, attribute keys, and the attributes a record keeps as
ids (session, release, model, prompt version, feature: like `session_id` on a record, see
docs/security.md) and the span kinds the mapping reads.
"""
from __future__ import annotations

import json
from typing import Any

from core.privacy import Policy, StagingRedactor
from core.privacy.detectors import maybe_personal
from intake.mapping import FEATURE_ATTRS, KIND_ATTRS, MODEL_ATTRS, PROMPT_VERSION_ATTRS, RELEASE_ATTRS, SESSION_ATTRS
from intake.values import parse_json_text

KEPT_ATTRS = frozenset(SESSION_ATTRS + RELEASE_ATTRS + PROMPT_VERSION_ATTRS + MODEL_ATTRS + FEATURE_ATTRS + KIND_ATTRS)


def redact_spans(spans: list[dict], policy: Policy, salt: str) -> list[dict]:
    """The spans of one trace as they may be staged (new dicts; `spans` is not changed)."""
    redactor = StagingRedactor(policy, salt)
    return [_span(span, redactor) if _worth_a_look(span, policy) else span for span in spans]


def _worth_a_look(span: dict, policy: Policy) -> bool:
    """One look at all of a span's text: most spans hold nothing a detector could find and are kept as
    they are (per span, not per trace: the first look counts colons, and a trace's text has many)."""
    texts: list[str] = []
    if _texts(span, texts):
        return True
    joined = "\n".join(texts)
    return "[[" in joined or maybe_personal(joined, policy.terms)


def _texts(span: dict, out: list[str]) -> bool:
    """Append the span's text that would be redacted to `out`; True when it has a shape to look at in full."""
    status = span.get("status")
    out.extend(t for t in (span.get("name"), status.get("message") if isinstance(status, dict) else None)
               if isinstance(t, str))
    for pairs in [span.get("attributes"), span.get("resource"),
                  *[e.get("attributes") for e in span.get("events") or [] if isinstance(e, dict)]]:
        for pair in pairs if isinstance(pairs, list) else []:
            if not (isinstance(pair, (list, tuple)) and len(pair) == 2):
                return True
            if pair[0] not in KEPT_ATTRS:
                if isinstance(pair[1], str):
                    out.append(pair[1])
                elif isinstance(pair[1], (dict, list)):
                    return True
    return False


def _span(span: dict, redactor: StagingRedactor) -> dict:
    out = dict(span)
    if isinstance(span.get("name"), str):
        out["name"] = _text(span["name"], redactor)
    out["attributes"] = _pairs(span.get("attributes"), redactor)
    if span.get("events"):
        out["events"] = [{**event, "attributes": _pairs(event.get("attributes"), redactor)}
                         if isinstance(event, dict) else event for event in span["events"]]
    status = span.get("status")
    if isinstance(status, dict) and isinstance(status.get("message"), str):
        out["status"] = {**status, "message": _text(status["message"], redactor)}
    if span.get("resource"):
        out["resource"] = _pairs(span["resource"], redactor)
    return out


def _pairs(pairs: Any, redactor: StagingRedactor) -> Any:
    if not isinstance(pairs, list):
        return pairs
    return [[pair[0], pair[1] if pair[0] in KEPT_ATTRS else _value(pair[1], redactor)]
            if isinstance(pair, (list, tuple)) and len(pair) == 2 else redactor.value(pair) for pair in pairs]


def _value(value: Any, redactor: StagingRedactor) -> Any:
    if isinstance(value, str):
        return _text(value, redactor)
    if isinstance(value, (dict, list)):
        return redactor.value(value)
    return value


def _text(text: str, redactor: StagingRedactor) -> str:
    if not maybe_personal(text, redactor.policy.terms) and "[[" not in text:
        return text  # the common case: nothing a detector could find
    parsed = parse_json_text(text)
    if isinstance(parsed, (dict, list)) or (isinstance(parsed, str) and parsed is not text):
        redacted = redactor.value(parsed)
        return text if redacted == parsed else json.dumps(redacted, ensure_ascii=False)
    return redactor.text(text)
