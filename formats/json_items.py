"""Reading JSON one record at a time, so that one bad record costs only itself.

`iter_array_items(path)` splits a top-level JSON array into its items by
scanning brackets and strings (through a memory map: the file is never loaded
whole) and parses each item on its own. So an item with invalid UTF-8, an
integer beyond 64 bits, nesting too deep for the parser or a syntax error is
that item's rejection, with its own text kept, and the items after it are still
read (a streaming parser stops at the first such error and loses the rest).

A broken item (one that never closes — a missing '}' or '"' —, or whose text is not JSON) would
otherwise swallow the items after it, or be read together with them: the scan then resynchronises
on the next top-level item, whatever the layout (one line as `json.dump` writes it, pretty-printed,
mixed indentation, CRLF): the first '{' (or '[') after a comma, after the broken item's start,
that opens a balanced value (strings and brackets scanned afresh) followed by a comma and another
item, or by the array's closing ']' at the end of the file. So the broken item is refused alone
and the items after it are read; only when no such item follows is the rest refused as one item.
An item that scans whole (its brackets and quotes balance up to a ',' at depth 0) but is not JSON, such
as `{"a": 1 2}`, is refused alone when two whole values (a scalar such as `5` or `nul` counts) or the
array's end follow its comma; the search for a '{' is kept for when they do not (a quote that is off).
Two broken items in a row whose brackets do not balance are refused as one, and a '{' inserted right
after a comma inside an item reads as the start of a next item (it cannot be told from an item whose
closing brace is missing followed by a short one). A stray '}' at the top
level does not end the array: only ']' does.
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
# where a top-level item may start again after a broken one: '{' or '[' after a comma (any whitespace between)
_CANDIDATE = re.compile(rb',\s*+[\[{]')
# what follows a whole item: a comma and the next item, or the array's end at the end of the file
_FOLLOW = re.compile(rb'\s*+(?:,\s*+[\[{]|\]\s*+\Z)')
# a whole scalar item and what may follow it (see _whole_item_follows)
_WS = re.compile(rb"\s*+")
_BARE = re.compile(rb'[^\s,\[\]{}"]++')
_SEPARATOR = re.compile(rb"\s*+(?:,|\]\s*+\Z)")
_ITEM_LIMIT = 20 << 20  # a candidate item is scanned this far at most (a record is at most 16 MB)
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


def _value_end(buf, start: int) -> int | None:
    """Where the value opened at `start` ('{' or '[') ends, scanning strings and brackets afresh; None
    when it does not close within _ITEM_LIMIT."""
    stack: list[bytes] = []
    pos, limit = start, min(len(buf), start + _ITEM_LIMIT)
    while True:
        match = _STRUCTURE.search(buf, pos, limit)
        if match is None:
            return None
        char, pos = match.group(), match.start() + 1
        if char == b'"':
            rest = _STRING_REST.match(buf, pos, limit)
            if rest is None:
                return None
            pos = rest.end()
        elif char in (b"[", b"{"):
            stack.append(b"]" if char == b"[" else b"}")
        elif char in (b"]", b"}"):
            if not stack or stack.pop() != char:
                return None  # closed by the wrong bracket: not a whole value
            if not stack:
                return pos


def _opens_item_here(buf, item_start: int, at: int) -> bool:
    """At depth 1 of an object item, whether the '{' / '[' at `at` follows a comma (impossible among an
    object's members, which are `"key": value`) and opens a whole item: then the item never closed."""
    before = at - 1
    while before > item_start and buf[before:before + 1] in (b" ", b"\t", b"\r", b"\n"):
        before -= 1
    if buf[before:before + 1] != b",":
        return False
    first = item_start
    while first < at and buf[first:first + 1] in (b" ", b"\t", b"\r", b"\n"):
        first += 1
    if buf[first:first + 1] != b"{":
        return False  # an array item: '[..., {...}]' is valid there
    end = _value_end(buf, at)
    return end is not None and _FOLLOW.match(buf, end) is not None


def _resync(buf, item_start: int, before: int | None = None) -> tuple[int, int] | None:
    """(where the broken item's text ends, where the next item starts) — see the module's doc — or None;
    with `before`, only a comma before that offset."""
    for match in _CANDIDATE.finditer(buf, item_start + 1, len(buf) if before is None else before):
        start = match.end() - 1
        end = _value_end(buf, start)
        if end is not None and _FOLLOW.match(buf, end):
            return match.start(), start
    return None


def _whole_items_follow(buf, comma: int, count: int = 2) -> bool:
    """Whether `count` whole values (bracketed, a string, or a bare scalar such as `NaN` or `nul`), each
    followed by ',' (or the last by ']'), follow the comma at `comma`: then that comma really ends the item
    before it (two, not one: inside an item whose quotes are off, one value-like run is easily found)."""
    start = _WS.match(buf, comma + 1).end()
    head = buf[start:start + 1]
    if head in (b"{", b"["):
        end = _value_end(buf, start)
    elif head == b'"':
        rest = _STRING_REST.match(buf, start + 1, min(len(buf), start + 1 + _ITEM_LIMIT))
        end = rest and rest.end()
    else:
        bare = _BARE.match(buf, start)
        end = bare and bare.end()
    after = end and _SEPARATOR.match(buf, end)
    if not after:
        return False
    if b"]" in after.group():
        return True  # the array's end: nothing more to confirm
    return count <= 1 or _whole_items_follow(buf, after.end() - 1, count - 1)


def _split(buf) -> Iterator[tuple[Any, str | None, list[str]]]:
    start = buf.find(b"[")
    if start < 0:
        return
    number, depth, pos, item_start = 0, 0, start + 1, start + 1

    def broken_then_resync(reason: str):
        """(the broken item, where scanning goes on) or (the rest refused, None)."""
        found = _resync(buf, item_start)
        if found is None:
            return _broken(bytes(buf[item_start:]).strip(), reason), None
        text = bytes(buf[item_start:found[0]]).strip()
        return _broken(text, reason.split(":")[0] + ": invalid JSON (never closed; read on from the "
                       "next item)"), found[1]

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
            if depth == 1 and _opens_item_here(buf, item_start, at):
                # '{' after a comma among an object's members: the item before never closed, and this
                # is the next one (found here, not at the end of the file)
                number += 1
                comma, nxt = _resync(buf, item_start) or (buf.rfind(b",", item_start, at), at)  # the earliest
                yield _broken(bytes(buf[item_start:comma]).strip(),
                              f"item {number}: invalid JSON (never closed; read on from the next item)")
                depth, pos, item_start = 0, nxt, nxt
                continue
            depth += 1
        elif depth > 0 and char in (b"]", b"}"):
            depth -= 1
        elif depth == 0 and char in (b",", b"]"):
            item = bytes(buf[item_start:at]).strip()
            if item or char == b",":
                number += 1
                read = loads_record(item, f"item {number}") if item else _broken(item, f"item {number}: empty")
                found = _resync_after(buf, item_start, at, char) if read[1] is not None and item else None
                if found == _TO_THE_END:  # no whole item follows: the rest is this one, to the array's end
                    rest = bytes(buf[item_start:]).rstrip()
                    yield loads_record(rest[:-1].rstrip() if rest.endswith(b"]") else rest, f"item {number}")
                    return
                if found is not None:  # its brackets or quotes may be off: it ends where the next item starts
                    yield loads_record(bytes(buf[item_start:found[0]]).strip(), f"item {number}")
                    depth, pos, item_start = 0, found[1], found[1]
                    continue
                yield read
            item_start = pos
            if char != b",":  # the array is closed; anything after it is refused, not dropped
                tail = bytes(buf[pos:]).strip()
                if tail:
                    number += 1
                    yield _broken(tail, f"item {number}: text after the end of the array")
                return
        # a '}' at depth 0 is part of a broken item (refused with it when the item ends), not the array's end


_TO_THE_END = (-1, -1)


def _resync_after(buf, item_start: int, at: int, char: bytes) -> tuple[int, int] | None:
    """For an item that scanned whole up to `at` (a ',' or ']' at depth 0) but is not JSON: where it
    really ends, when the scan may have run through a quote or bracket that is off, or None when `at` is
    its end, or _TO_THE_END when nothing whole follows. A balanced candidate item inside it means it swallowed its neighbours; a whole value after
    its comma (`{"a": 1 2}, 5`) or the array's end means it is junk on its own (the regression of issue
    29: the search for a '{' used to run past scalar items and join them to the junk)."""
    found = _resync(buf, item_start, before=at)
    if found is not None:
        return found
    if char == b"]" and not bytes(buf[at + 1:]).strip():
        return None
    if char == b"," and _whole_items_follow(buf, at):
        return None
    return _resync(buf, item_start) or _TO_THE_END


def _broken(data: bytes, reason: str) -> tuple[Any, str, list[str]]:
    text, notes = decode_utf8(data)
    return text, reason, notes
