"""Showing text from records safely in st.markdown, and highlighting claims in it.

Everything is escaped first (`md_escape`, plus `&`, `=` and line breaks), so no
markdown, link or HTML from a record comes through; only then are unsupported
claims wrapped in Streamlit's `:red-background[...]` directive. Pure functions
(no widgets), unit-tested.
"""
from __future__ import annotations

import re
from typing import Iterable

from dashboard.common import md_escape

_WS = re.compile(r"\s+")


def safe_md(text: object, *, keep_lines: bool = True) -> str:
    """User text as inert markdown (line breaks kept as hard breaks)."""
    # md_escape breaks auto-links and escapes ":" too
    escaped = md_escape("" if text is None else str(text)).replace("&", "\\&").replace("=", "\\=")
    escaped = escaped.replace("\r\n", "\n").replace("\r", "\n")
    if keep_lines:
        return "  \n".join(escaped.split("\n"))
    return " ".join(escaped.split("\n"))


def _mark(escaped_line: str) -> str:
    # brackets are already escaped (\[ \]) so the directive cannot be closed early
    return f":red-background[{escaped_line}]" if escaped_line.strip() else escaped_line


def find_spans(text: str, claims: Iterable[str]) -> list[tuple[int, int]]:
    """(start, end) of each claim found in `text` (exact, then case/whitespace-insensitive)."""
    spans: list[tuple[int, int]] = []
    lowered = text.lower()
    for claim in claims:
        if not isinstance(claim, str) or not claim.strip():
            continue
        needle = claim.strip()
        pos = text.find(needle)
        if pos >= 0:
            spans.append((pos, pos + len(needle)))
            continue
        pos = lowered.find(needle.lower())
        if pos >= 0:
            spans.append((pos, pos + len(needle)))
            continue
        words = [re.escape(w) for w in _WS.split(needle) if w]
        if words:
            match = re.search(r"\s+".join(words), text, flags=re.IGNORECASE)
            if match:
                spans.append(match.span())
    spans.sort()
    merged: list[tuple[int, int]] = []
    for start, end in spans:
        if merged and start <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(end, merged[-1][1]))
        else:
            merged.append((start, end))
    return merged


def highlight_answer(answer: object, unsupported: Iterable[str]) -> tuple[str, int]:
    """Markdown of the answer with the unsupported claims on a red background.

    Returns (markdown, how many claims were found in the text)."""
    if not isinstance(answer, str):
        return safe_md(answer), 0
    spans = find_spans(answer, list(unsupported))
    parts: list[str] = []
    cursor = 0
    for start, end in spans:
        parts.append(safe_md(answer[cursor:start]))
        marked = [_mark(line) for line in safe_md(answer[start:end]).split("  \n")]
        parts.append("  \n".join(marked))
        cursor = end
    parts.append(safe_md(answer[cursor:]))
    return "".join(parts), len(spans)
