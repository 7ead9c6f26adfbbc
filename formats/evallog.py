"""Evaluation logs (reference 000): a JSON array, JSON Lines, or one object — each item a record.

Arrays are streamed item by item (formats/json_items.py) and JSON Lines line by line, so memory
stays flat in the file size; every item is yielded with where it was ("item 3", "line 7"), and
one that cannot be parsed is yielded with its reason (ingest quarantines it), never dropped.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any, Iterator

from formats.files import Items
from formats.json_items import iter_array_items, loads_record
from formats.sniffing import ARRAY, LINES, OBJECT, Sniffed

NAME = "evallog"
KINDS = (ARRAY, LINES, OBJECT)
NO_FEATURE: dict[str, tuple[str, str]] = {}  # records name their feature


def claims(obj: dict) -> str | None:
    """Any other object is one evaluation-log record (the fallback: claims nothing itself)."""
    return None


def iter_located(path: Path, kind: str, loaded: Sniffed | None = None) -> Iterator[tuple[Any, "str | None", list[str], str]]:
    """(payload, parse_error, notes, where) — `where` ("line 7", "item 3") names the record in
    the file, so that every reject says which one it was. JSON Lines are read one line at a time
    (memory: the longest line, never the file)."""
    if kind == ARRAY:
        for number, (payload, error, notes) in enumerate(iter_array_items(path), 1):
            yield payload, error, notes, f"item {number}"
    elif kind == LINES:
        with path.open("rb") as fh:
            for number, line in enumerate(fh, 1):
                if number == 1:
                    line = line.lstrip(b"\xef\xbb\xbf")
                if not line.strip():
                    continue
                yield (*loads_record(line, f"line {number}"), f"line {number}")
    elif loaded is not None and loaded.loaded:  # read whole while sniffing: not read again
        value, notes = loaded.take()
        yield value, None, notes, "the file"
    else:
        yield (*loads_record(path.read_bytes().lstrip(b"\xef\xbb\xbf"), "the file"), "the file")


def read(files: list[Sniffed], *, feature: str | None = None, ground_truth: str | None = None
         ) -> Iterator[tuple[str, Items]]:
    """(source name, items) for each file."""
    for sniffed in files:
        yield f"evallog:{sniffed.path.name}", iter_located(sniffed.path, sniffed.kind, sniffed)
