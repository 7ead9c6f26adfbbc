"""Reading attribute values the way instrumentation libraries write them.

Dialects disagree on shape more than on meaning: a question may be plain text, a JSON string
(`{"question": ...}`, `{"args": [...], "kwargs": {...}}`, a chat message list, an OpenAI
response), or a list of GenAI "parts". These helpers dig the text out of any of them, and the
documents of a retriever out of a list of LangChain/LlamaIndex documents or plain strings.
Pure functions, never raising on odd input.
"""
from __future__ import annotations

import json
import math
from typing import Any

# keys that hold the text itself, most specific first (for a question / for an answer)
INPUT_KEYS = ("query", "question", "input", "user_input", "prompt", "content", "text", "message", "messages",
              "args", "kwargs", "inputs", "parts")
OUTPUT_KEYS = ("answer", "output", "response", "result", "content", "text", "completion", "message", "choices",
               "generations", "messages", "outputs", "parts", "return_value")
DOCUMENT_KEYS = ("page_content", "content", "text", "document", "pageContent", "chunk")
MAX_DEPTH = 8


def parse_json_text(value: Any) -> Any:
    """A string that holds JSON (an object, a list or a quoted string) as its value; else unchanged."""
    if isinstance(value, str):
        text = value.strip()
        if text[:1] in ("{", "[", '"'):
            try:
                return json.loads(text)
            except ValueError:
                return value
    return value


def text_of(value: Any, *, want: str = "input", depth: int = 0) -> str | None:
    """The text in a value: itself when a string, else found under the usual keys.
    `want`: "input" takes the last user message of a chat, "output" the last assistant one."""
    if depth > MAX_DEPTH or value is None:
        return None
    value = parse_json_text(value)
    if isinstance(value, str):
        return value if value.strip() else None
    if isinstance(value, bool):
        return None
    if isinstance(value, (int, float)):
        return str(value)
    if isinstance(value, list):
        return _text_of_list(value, want, depth)
    if isinstance(value, dict):
        for key in (INPUT_KEYS if want == "input" else OUTPUT_KEYS):
            if key in value:
                found = text_of(value[key], want=want, depth=depth + 1)
                if found:
                    return found
        if len(value) == 1:  # {"some_name": "the text"}
            return text_of(next(iter(value.values())), want=want, depth=depth + 1)
    return None


def _text_of_list(items: list, want: str, depth: int) -> str | None:
    if not items:
        return None
    if all(isinstance(i, dict) for i in items):
        if any("role" in i for i in items):  # a chat: the last user message / the last assistant one
            roles = ("user", "human") if want == "input" else ("assistant", "ai", "model")
            chosen = [i for i in items if str(i.get("role", "")).lower() in roles] or items
            last = chosen[-1]
            return text_of(last.get("parts", last.get("content", last.get("text"))), want=want, depth=depth + 1)
        if all("type" in i for i in items):  # GenAI message parts: the text parts, joined
            texts = [text_of(i.get("content", i.get("text")), want=want, depth=depth + 1)
                     for i in items if i.get("type") in ("text", None)]
            return "\n".join(t for t in texts if t) or None
        if "message" in items[0]:  # OpenAI choices
            return text_of(items[0]["message"], want=want, depth=depth + 1)
    return text_of(items[0], want=want, depth=depth + 1)


def documents_of(value: Any) -> list[str]:
    """Retrieved chunks in rank order from a list of documents / strings (JSON text accepted)."""
    value = parse_json_text(value)
    if isinstance(value, dict):
        for key in ("documents", "docs", "results", "chunks", "context", "output", "nodes", "source_nodes"):
            if isinstance(value.get(key), list):
                return documents_of(value[key])
        return []
    if not isinstance(value, list):
        return []
    out = []
    for item in value:
        item = parse_json_text(item)
        if isinstance(item, str):
            out.append(item)
        elif isinstance(item, dict):
            for key in DOCUMENT_KEYS:
                found = item.get(key)
                if isinstance(found, dict):  # {"document": {"content": ...}}, {"node": {"text": ...}}
                    found = next((found[k] for k in DOCUMENT_KEYS if isinstance(found.get(k), str)), None)
                if isinstance(found, str):
                    out.append(found)
                    break
            else:
                if isinstance(item.get("node"), dict) and isinstance(item["node"].get("text"), str):
                    out.append(item["node"]["text"])
    return out


def number(value: Any) -> float | None:
    """A finite number from a number or numeric text; None otherwise (never raises)."""
    if isinstance(value, bool):
        return None
    if isinstance(value, (int, float)):
        return float(value) if math.isfinite(value) else None
    if isinstance(value, str):
        try:
            found = float(value.strip())
        except ValueError:
            return None
        return found if math.isfinite(found) else None
    return None


def short_text(value: Any, limit: int = 1000) -> Any:
    """A value as kept among a record's unmapped attributes: long text cut, containers as JSON text."""
    if isinstance(value, (dict, list)):
        value = json.dumps(value, default=str)
    if isinstance(value, str) and len(value) > limit:
        return value[:limit] + f"… ({len(value)} characters)"
    return value
