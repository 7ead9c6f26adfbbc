"""Reading what people paste into the Playground (pure helpers, unit-tested)."""
from __future__ import annotations

import json
import re

_BLANK_LINE = re.compile(r"\n\s*\n")


def split_paragraphs(text: str) -> list[str]:
    """Chunks from a text area: blank-line separated, trimmed, empty ones dropped."""
    if not isinstance(text, str):
        return []
    return [p.strip() for p in _BLANK_LINE.split(text.replace("\r\n", "\n")) if p.strip()]


def parse_json_text(text: str, what: str) -> tuple[dict | None, str | None]:
    """(object, None) or (None, a readable error) for pasted JSON."""
    if not isinstance(text, str) or not text.strip():
        return None, f"Paste the {what} JSON."
    try:
        value = json.loads(text)
    except json.JSONDecodeError as exc:
        return None, f"The {what} is not valid JSON: {exc.msg} (line {exc.lineno}, column {exc.colno})."
    if not isinstance(value, dict):
        return None, f"The {what} JSON must be an object ({{...}}), not {type(value).__name__}."
    return value, None
