"""Can MongoDB store this? And if not, what can be kept of it instead.

Some payloads cannot be written as they are: integers beyond 64 bits, a NUL
byte in a field name, a lone surrogate ("\\ud800") in a text, more than 16 MB,
nesting deeper than MongoDB allows. `unstorable_reason(doc)` says why a parsed
record cannot be stored (checked before writing, so one such record is
quarantined instead of failing its whole batch), and `storable_payload(raw)`
turns any raw payload into something the `rejected` collection can hold: the
payload itself when possible, else an escaped (ASCII) JSON copy, cut to
PREVIEW_CHARS, with the full text's size in bytes and its SHA-256.
"""
from __future__ import annotations

import hashlib
from typing import Any

import bson

from core.content_id import MAX_NESTING, PREVIEW_CHARS, payload_text

MAX_DOCUMENT_BYTES = 16 * 1024 * 1024 - 64 * 1024  # MongoDB's 16 MB, less room for Evalboard's own fields
RAW_KEEP_BYTES = 1_000_000  # a quarantined payload larger than this is kept as a cut copy


def safe_text(value: Any, limit: int = 500) -> str:
    """Text that BSON can hold: lone surrogates and NUL escaped, cut to `limit` characters."""
    text = str(value)[:limit]
    return text.encode("utf-8", "backslashreplace").decode("utf-8").replace("\x00", "\\x00")


def text_digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


def _nesting_deeper_than(value: Any, limit: int) -> bool:
    """True when a dict or list sits `limit` levels down (level by level, without recursion)."""
    containers = (dict, list, tuple)
    level = [value] if isinstance(value, containers) else []
    depth = 0
    while level:
        if depth >= limit:
            return True
        level = [child for item in level for child in (item.values() if isinstance(item, dict) else item)
                 if isinstance(child, containers)]
        depth += 1
    return False


def _first_offender(value: Any, path: str = "") -> str | None:
    """Where and why `value` cannot be encoded (only called once encoding failed)."""
    stack = [(value, path)]
    while stack:
        item, where = stack.pop()
        if isinstance(item, bool) or item is None:
            continue
        if isinstance(item, int) and not -(2 ** 63) <= item < 2 ** 63:
            return f"{where or 'a value'}: integer {str(item)[:20]}... does not fit in 64 bits"
        if isinstance(item, str):
            try:
                item.encode("utf-8")
            except UnicodeEncodeError:
                return f"{where or 'a text'}: text holds a lone surrogate (not valid UTF-8)"
        elif isinstance(item, dict):
            for key, child in item.items():
                key = str(key)
                if "\x00" in key:
                    return f"field name {safe_text(key, 40)!r} holds a NUL byte"
                try:
                    key.encode("utf-8")
                except UnicodeEncodeError:
                    return f"field name {safe_text(key, 40)!r} holds a lone surrogate (not valid UTF-8)"
                stack.append((child, f"{where}.{key}" if where else key))
        elif isinstance(item, (list, tuple)):
            stack.extend((child, f"{where}[{i}]") for i, child in enumerate(item))
    return None


def unstorable_reason(doc: dict) -> str | None:
    """None when MongoDB can store `doc`; else the reason it cannot."""
    if _nesting_deeper_than(doc, MAX_NESTING):
        return f"nested deeper than {MAX_NESTING} levels (MongoDB's limit)"
    try:
        size = len(bson.encode(doc))
    except Exception as exc:  # noqa: BLE001 - any encoding failure is this record's alone
        return safe_text(_first_offender(doc) or f"cannot be stored: {exc.__class__.__name__}: {exc}", 300)
    if size > MAX_DOCUMENT_BYTES:
        return f"record is {size / 1_048_576:.1f} MB; MongoDB stores at most 16 MB per document"
    return None


def storable_payload(raw: Any, *, unsafe_keys: bool = False) -> Any:
    """`raw` as the `rejected` collection can keep it: as is when it can be stored
    (and `unsafe_keys` is false), else {"text": escaped JSON copy, "json_text": True}
    plus, when cut, {"truncated": True, "size": bytes, "sha256": ...} of the whole."""
    if isinstance(raw, str):
        text, json_text = raw, False
    else:
        if not unsafe_keys and isinstance(raw, (dict, list)):
            try:
                if not _nesting_deeper_than(raw, MAX_NESTING - 2) \
                        and len(bson.encode({"raw": raw})) <= RAW_KEEP_BYTES:
                    return raw
            except Exception:  # noqa: BLE001 - kept as text below
                pass
        text, json_text = payload_text(raw), True
    out: dict[str, Any] = {"text": safe_text(text, PREVIEW_CHARS)}
    if json_text:
        out["json_text"] = True
    if json_text or len(text) > PREVIEW_CHARS or out["text"] != text:
        out.update(truncated=len(text) > PREVIEW_CHARS, escaped=out["text"] != text[:PREVIEW_CHARS],
                   size=len(text.encode("utf-8", "surrogatepass")), sha256=text_digest(text))
    return out
