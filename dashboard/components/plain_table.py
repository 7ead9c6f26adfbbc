"""Small read-only tables drawn as Markdown (issue 29: a new tab in 1.5 s).

`st.dataframe` draws a canvas grid whose code the browser loads and sets up the first time a page
shows one: measured in a new tab of headless Chromium on the 2-core VM, an empty page settles in
1.12 s, the same page with one 10-row dataframe in 1.59 s, with the rows as `st.table` in 1.36 s and
as a Markdown table in 1.09 s (BENCHMARKS "A table's price in a new tab"). Tables a person reads
rather than sorts, scrolls or selects from — a dozen rows on Data health, Users, Judge accuracy,
Judge agreement — are drawn here; lists that are browsed (Triage, a set's items) keep the grid.
"""
from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from numbers import Number

import streamlit as st

from dashboard.common import md_escape

Formats = Mapping[str, Callable[[object], str]]
EMPTY = "—"


def _blank(value: object) -> bool:
    return value is None or value == "" or (isinstance(value, float) and math.isnan(value))


def cell_text(value: object, fmt: Callable[[object], str] | None = None) -> str:
    """One cell: formatted, escaped (user text never becomes Markdown or a link), on one line."""
    if _blank(value):
        return EMPTY
    text = fmt(value) if fmt else str(value)
    return md_escape(" ".join(text.split()))


def _numeric(rows: Sequence[Mapping], column: str) -> bool:
    values = [r.get(column) for r in rows if not _blank(r.get(column))]
    return bool(values) and all(isinstance(v, Number) and not isinstance(v, bool) for v in values)


def _tinted(text: str, tint: str | None) -> str:
    return f":{tint}-background[{text}]" if tint else text


def markdown_table(rows: Sequence[Mapping[str, object]], formats: Formats | None = None,
                   tints: Sequence[str | None] | None = None) -> str:
    """The rows (dicts with the same keys, in column order) as a GFM table; numbers right-aligned. `tints`:
    a Streamlit colour name (red, green, ...) per row, drawn as the background of its cells, or None."""
    if not rows:
        return ""
    formats = formats or {}
    columns = list(rows[0])
    tints = list(tints or [None] * len(rows))
    head = "| " + " | ".join(md_escape(c) for c in columns) + " |"
    rule = "|" + "|".join("---:" if _numeric(rows, c) else "---" for c in columns) + "|"
    body = ["| " + " | ".join(_tinted(cell_text(r.get(c), formats.get(c)), tint) for c in columns) + " |"
            for r, tint in zip(rows, tints)]
    return "\n".join([head, rule, *body])


def plain_table(rows: Sequence[Mapping[str, object]], formats: Formats | None = None, *,
                tints: Sequence[str | None] | None = None, container=st) -> None:
    """Draw the rows as a Markdown table (nothing for no rows)."""
    if rows:
        container.markdown(markdown_table(rows, formats, tints))
