"""Import formats: pure readers (no database) — sniff a file's kind, yield its items, say what is wrong.

One module per format, each with the same few names:

    NAME        the `--format` choice (`python -m jobs ingest --format NAME`)
    KINDS       the kinds of file it reads (a format may need two: conversation + context)
    NO_FEATURE  {kind: (label, default feature)} for files whose records name no feature
    ALONGSIDE   (optional) its kinds that may come with files of any format (ground truth)
    SUFFIXES    (optional) the file suffixes a folder is searched for (default .json/.jsonl/.ndjson)
    claims(obj) -> kind | None   (optional) whether a whole-JSON-object file is one of its kinds
    sniff_file(path, head) -> kind | None   (optional) the content test for a file that is not JSON
                (CSV, Parquet, ...): `head` is its first bytes, already read while sniffing
    read(files, *, feature, ground_truth) -> iterable of (source name, items)
                called once per run with the sniffed files of its kinds (maybe none); items are
                (payload, error or None, notes, where) — a record that cannot be read is yielded
                with its reason, never dropped; a file that cannot be read raises FormatError.

FORMATS lists them (adding a format, JSON or not: its module, and one entry here). Ingest (jobs/ingest.py)
sniffs every file once (formats.sniff: the head of the file; a whole-object file is parsed then
and its value kept) and reads it once through its format's `read`. Depends on core/ only.
"""
from __future__ import annotations

from pathlib import Path

from formats import beyondchats, evallog, test_results
from formats.errors import FormatError
from formats.files import SUFFIXES, Item, Items, expand_paths
from formats.sniffing import Sniffed, sniff as _sniff

FORMATS = (evallog, test_results, beyondchats)  # the order files are ingested in
NAMES = tuple(f.NAME for f in FORMATS)


def sniff(path: Path) -> Sniffed:
    """The file's kind (and, for a whole-object file, its value), reading it once."""
    return _sniff(path, [f.claims for f in FORMATS if hasattr(f, "claims")],
                  [f.sniff_file for f in FORMATS if hasattr(f, "sniff_file")])


def suffixes() -> tuple[str, ...]:
    """The file suffixes a folder is searched for: those every format declares."""
    return tuple(dict.fromkeys(s for f in FORMATS for s in getattr(f, "SUFFIXES", SUFFIXES)))


def sniff_paths(paths: list[str]) -> list[Sniffed]:
    """Every file named (folders: their files with a suffix a format declares), sniffed once each."""
    return [sniff(path) for path in expand_paths(paths, suffixes())]


def format_of(kind: str):
    """The format module that reads this kind of file."""
    for fmt in FORMATS:
        if kind in fmt.KINDS:
            return fmt
    raise KeyError(kind)


def no_feature() -> dict[str, tuple[str, str]]:
    """{kind: (label, default feature)} for the kinds whose records carry no feature of their own."""
    return {kind: pair for fmt in FORMATS for kind, pair in fmt.NO_FEATURE.items()}


__all__ = ["FORMATS", "NAMES", "FormatError", "Item", "Items", "Sniffed", "expand_paths", "format_of",
           "no_feature", "sniff", "sniff_paths", "suffixes"]
