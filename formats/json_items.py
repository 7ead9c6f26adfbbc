"""Reading JSON one record at a time, so that one bad record costs only itself.

`iter_array_items(path)` splits a top-level JSON array into its items by
scanning brackets and strings (through a memory map: the file is never loaded
whole) and parses each item on its own. So an item with invalid UTF-8, an
integer beyond 64 bits, nesting too deep for the parser or a syntax error is
that item's rejection, with its own text kept, and the items after it are still
read (a streaming parser stops at the first such error and loses the rest).

An item that never closes (a missing '}' or '"') would otherwise swallow every item after it:
the scan then resynchronises on the next line that starts an item at the broken item's own
indentation after a comma, so the broken item is refused alone and the items after it are read.
(An array written on one single line has no such line: there the rest of the file is refused
as one item, with its reason.) A stray '}' at the top level does not end the array: only ']' does.
"""
from __future__ import annotations

import json
import mmap
import re
from pathlib import Path
from typing import Any, Iterator

_STRUCTURE = re.compile(rb'["\[\]{},]')
# possessive: no backtracking state is kept per character (a 40 MB string once took 4.7 GB)
_STRING_REST = re.compile(rb'(?:[^"\\]++|\\.)*+"', re.S)
# where a top-level item may start again after a broken one: a line that begins (after a comma
# and the same indentation as the broken item) with '{' or '['
_NEXT_ITEM = re.compile(rb',[ \t]*\r?\n([ \t]*)[\[{]')
INVALID_UTF8 = "invalid UTF-8 bytes replaced with U+FFFD"


def decode_utf8(data: bytes) -> tuple[str, list[str]]:
    """The text, and a note when invalid UTF-8 had to be replaced (never silently)."""
    try:
        return data.decode("utf-8"), []
    except UnicodeDecodeError:
        return data.decode("utf-8", errors="replace"), [INVALID_UTF8]


def loads_record(data: bytes, where: str) -> tuple[Any, str | None, list[str]]:
    """(payload, error, notes) for one record's bytes: the parsed value, or its text and why not."""
    text, notes = decode_utf8(data)
    try:
        return json.loads(text), None, notes
    except RecursionError:
        return text.rstrip("\r\n"), f"{where}: JSON nested too deeply to read", notes
    except ValueError as exc:
        message = getattr(exc, "msg", None) or str(exc)[:200]
        return text.rstrip("\r\n"), f"{where}: invalid JSON ({message})", notes


def iter_array_items(path: Path) -> Iterator[tuple[Any, str | None, list[str]]]:
    """(payload, error, notes) for every item of the JSON array in `path`."""
    with path.open("rb") as fh:
        if path.stat().st_size == 0:
            return
        with mmap.mmap(fh.fileno(), 0, access=mmap.ACCESS_READ) as buf:
            yield from _split(buf)


def _indent(buf, at: int) -> bytes:
    """The spaces and tabs between the start of the line and `at`."""
    line_start = buf.rfind(b"\n", 0, at) + 1
    return bytes(buf[line_start:at])


def _resync(buf, item_start: int) -> int | None:
    """Where the item after a broken one begins (see the module's doc), or None."""
    first = item_start
    while first < len(buf) and buf[first:first + 1] in (b" ", b"\t", b"\r", b"\n"):
        first += 1
    indent = _indent(buf, first)
    for match in _NEXT_ITEM.finditer(buf, first + 1):
        if match.group(1) == indent:
            return match.end() - 1
    return None


def _split(buf) -> Iterator[tuple[Any, str | None, list[str]]]:
    start = buf.find(b"[")
    if start < 0:
        return
    number, depth, pos, item_start = 0, 0, start + 1, start + 1

    def broken_then_resync(reason: str):
        """(the broken item, where scanning goes on) or (the rest refused, None)."""
        nxt = _resync(buf, item_start)
        if nxt is None:
            return _broken(bytes(buf[item_start:]).strip(), reason), None
        text = bytes(buf[item_start:nxt]).strip().rstrip(b",").rstrip()
        return _broken(text, reason.split(":")[0] + ": invalid JSON (never closed; the next item "
                       "starts on a later line)"), nxt

    while True:
        match = _STRUCTURE.search(buf, pos)
        if match is None:  # the file ends inside the array
            tail = bytes(buf[item_start:]).strip()
            if not tail:
                return
            number += 1
            item, nxt = broken_then_resync(f"item {number}: the file ends before the array is closed")
            yield item
            if nxt is None:
                return
            depth, pos, item_start = 0, nxt, nxt
            continue
        char, at = match.group(), match.start()
        pos = at + 1
        if char == b'"':
            rest = _STRING_REST.match(buf, pos)
            if rest is None:  # an unterminated string runs to the end of the file
                number += 1
                item, nxt = broken_then_resync(f"item {number}: unterminated string")
                yield item
                if nxt is None:
                    return
                depth, pos, item_start = 0, nxt, nxt
                continue
            pos = rest.end()
        elif char in (b"[", b"{"):
            depth += 1
        elif depth > 0 and char in (b"]", b"}"):
            depth -= 1
        elif depth == 0 and char in (b",", b"]"):
            item = bytes(buf[item_start:at]).strip()
            if item or char == b",":
                number += 1
                yield loads_record(item, f"item {number}") if item else _broken(item, f"item {number}: empty")
            item_start = pos
            if char != b",":  # the array is closed; anything after it is refused, not dropped
                tail = bytes(buf[pos:]).strip()
                if tail:
                    number += 1
                    yield _broken(tail, f"item {number}: text after the end of the array")
                return
        # a '}' at depth 0 is part of a broken item (refused with it when the item ends), not the array's end


def _broken(data: bytes, reason: str) -> tuple[Any, str, list[str]]:
    text, notes = decode_utf8(data)
    return text, reason, notes
