"""A record's stable content id: the same payload always gets the same `_id`, whoever reads it.

`content_hash(value, prefix)` hashes the canonical JSON of a value (sorted keys, no spaces); a value
nested too deeply for `json` is hashed from a cut copy (`payload_text`). Pure: the import formats
(formats/) and the store (store/record_fields.py, store/records.py) share it, so an id never depends on
which of them computed it.
"""
from __future__ import annotations

import hashlib
import json
from typing import Any

MAX_NESTING = 100  # MongoDB refuses documents nested deeper than this
PREVIEW_CHARS = 100_000


def canonical_json(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), default=str, ensure_ascii=False)


def content_hash(value: Any, prefix: str = "h_") -> str:
    try:
        text = canonical_json(value)
    except (RecursionError, ValueError, TypeError):  # nesting too deep for json: hash a cut copy
        text = payload_text(value, ascii_only=False)
    return prefix + hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:32]


def _depth_limited(value: Any, depth: int = 0) -> Any:
    if depth >= MAX_NESTING:
        return f"...(nested deeper than {MAX_NESTING} levels; cut)"
    if isinstance(value, dict):
        return {str(k): _depth_limited(v, depth + 1) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_depth_limited(v, depth + 1) for v in value]
    return value


def payload_text(raw: Any, *, ascii_only: bool = True) -> str:
    """JSON text of any payload (sorted keys); text payloads as they are.
    Nesting beyond MAX_NESTING is cut rather than failing."""
    if isinstance(raw, str):
        return raw
    options = dict(sort_keys=True, separators=(",", ":"), default=str, ensure_ascii=ascii_only)
    try:
        return json.dumps(raw, **options)
    except (RecursionError, ValueError, TypeError):
        try:
            return json.dumps(_depth_limited(raw), **options)
        except (RecursionError, ValueError, TypeError):
            return repr(raw)[:PREVIEW_CHARS]
