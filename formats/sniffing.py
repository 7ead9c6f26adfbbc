"""Telling a file's kind from its content, reading it as little as possible (once).

One pass over the head of the file gives its first character and a sample of its lines:
JSON Lines is decided by the lines themselves (at least two non-empty lines, and at least as
many that are a whole JSON object or array on their own as not: a truncated or array first
line does not decide the file; a pretty-printed value has mostly lines like `{` or `"key": 1,`
that do not parse alone). A file starting with '[' is an evaluation-log array (streamed later,
item by item). A file starting with '{' is read whole once, here: each format module is asked
whether it `claims` the object, and the value is kept in the `Sniffed` so that the reader does
not read the file again (up to KEEP_BYTES; a larger file is read again rather than held). A file that
is not JSON is offered to each format's content test (`sniff_file(path, head)`: its first HEAD_BYTES).
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable

from formats.errors import FormatError
from formats.files import load, load_json
from formats.json_items import decode_utf8

SAMPLE_LINES = 64  # lines looked at to tell JSON Lines from one pretty-printed value
SAMPLE_LINE_BYTES = 1 << 20  # a longer line counts as one that does not parse on its own
HEAD_BYTES = 64 << 10  # the first bytes a format's content test sees (a CSV header, a Parquet magic number)
KEEP_BYTES = 16 << 20  # a whole-object file up to this size keeps its parsed value until it is read (read once);
# a larger one is parsed again when read, so that sniffing many files never holds them all in memory
_BLANK = b"\xef\xbb\xbf \t\r\n"

LINES, ARRAY, OBJECT = "evallog-lines", "evallog-array", "evallog-object"


@dataclass
class Sniffed:
    """A file, its kind, and (for a whole-object file) the value already read while sniffing."""
    path: Path
    kind: str
    value: Any = None
    notes: list[str] = field(default_factory=list)
    loaded: bool = False  # True when `value` holds the file's parsed content

    def take(self) -> tuple[Any, list[str]]:
        """(value, notes) of a whole-object file: the one parsed while sniffing, handed over once and let
        go (memory), or the file read now (a large file, or taken before). FormatError when unreadable."""
        if self.loaded:
            value, notes = self.value, list(self.notes)
            self.value, self.loaded = None, False
            return value, notes
        return load(self.path)


def head(path: Path) -> tuple[str, int, int, bytes]:
    """(first non-blank character, lines among the first few that are a JSON object or array on
    their own, other non-empty lines among them, the file's first bytes) — in one pass over the head
    of the file."""
    first = ""
    whole = bad = 0
    start = bytearray()  # the first HEAD_BYTES, for the content test of a format that is not JSON
    with path.open("rb") as fh:
        while whole + bad < SAMPLE_LINES:
            line = fh.readline(SAMPLE_LINE_BYTES)
            if not line:
                break
            if len(start) < HEAD_BYTES:
                start += line[:HEAD_BYTES - len(start)]
            if not line.strip(_BLANK):
                continue
            if not first:
                first = chr(line.lstrip(_BLANK)[0])
            if len(line) >= SAMPLE_LINE_BYTES and not line.endswith(b"\n"):
                while True:  # skip the rest of that line (too long to look at), a piece at a time
                    piece = fh.readline(SAMPLE_LINE_BYTES)
                    if not piece or piece.endswith(b"\n"):
                        break
                # a long line that starts like a record counts as one: a pretty-printed value has no such lines
                if line.lstrip(b"\xef\xbb\xbf \t")[:1] in (b"{", b"["):
                    whole += 1
                else:
                    bad += 1
                continue
            try:
                value = json.loads(decode_utf8(line.lstrip(b"\xef\xbb\xbf"))[0])
            except (ValueError, RecursionError):
                bad += 1
                continue
            if isinstance(value, (dict, list)):
                whole += 1
            else:
                bad += 1
    return first, whole, bad, bytes(start)


def has_whole_line(path: Path) -> bool:
    """Whether any line of the file (not only the sample's) is a JSON object or array on its own: a JSON
    Lines file whose first SAMPLE_LINES lines are all broken is still read line by line (a streamed
    pass, only for files that are not one JSON value)."""
    with path.open("rb") as fh:
        while True:
            line = fh.readline(SAMPLE_LINE_BYTES)
            if not line:
                return False
            if len(line) >= SAMPLE_LINE_BYTES and not line.endswith(b"\n"):
                while True:
                    piece = fh.readline(SAMPLE_LINE_BYTES)
                    if not piece or piece.endswith(b"\n"):
                        break
                continue
            if line.lstrip(b"\xef\xbb\xbf \t")[:1] not in (b"{", b"["):
                continue
            try:
                if isinstance(json.loads(decode_utf8(line.lstrip(b"\xef\xbb\xbf"))[0]), (dict, list)):
                    return True
            except (ValueError, RecursionError):
                continue


def _lines_after_all(path: Path, whole: int, bad: int) -> bool:
    """A file that is not one JSON value, read as JSON Lines: some sampled line is whole, or (all the
    sampled lines broken) a later one is."""
    return (whole and whole + bad >= 2) or (bad >= SAMPLE_LINES and has_whole_line(path))


def sniff(path: Path, claimers: Iterable[Callable[[dict], "str | None"]],
          testers: Iterable[Callable[[Path, bytes], "str | None"]] = ()) -> Sniffed:
    """The file's kind: evallog-lines | evallog-array | evallog-object, the kind a format's
    `claims(obj)` gives a whole JSON object (the first that claims it wins), or for a file that is not
    JSON the kind a format's content test `sniff_file(path, head)` gives it (CSV, Parquet, ...)."""
    first, whole, bad, start = head(path)
    if whole + bad >= 2 and whole >= max(1, bad):
        return Sniffed(path, LINES)
    if first == "[":
        return Sniffed(path, ARRAY)
    if first != "{":
        kind = next((k for k in (test(path, start) for test in testers) if k), None)
        if kind:
            return Sniffed(path, kind)
        if _lines_after_all(path, whole, bad):
            return Sniffed(path, LINES)
        raise FormatError(f"{path}: not JSON (starts with {first!r}) nor a file any format recognises; expected "
                          "a JSON array, JSON Lines or an object")
    try:
        obj, notes = load_json(path)
    except RecursionError:
        return Sniffed(path, OBJECT)  # read (and refused, with its reason) as one record
    except ValueError as exc:
        if _lines_after_all(path, whole, bad):
            return Sniffed(path, LINES)  # mostly broken lines: still read line by line
        raise FormatError(f"{path}: invalid JSON: {exc}") from exc
    kind = OBJECT
    if isinstance(obj, dict):
        kind = next((k for k in (claims(obj) for claims in claimers) if k), OBJECT)
    if path.stat().st_size > KEEP_BYTES:
        return Sniffed(path, kind)
    return Sniffed(path, kind, obj, notes, loaded=True)
