"""Finding the files to read, and reading one whole JSON value (for the object formats)."""
from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any, Iterator

from formats.errors import FormatError
from formats.json_items import decode_utf8

SUFFIXES = (".json", ".jsonl", ".ndjson")  # a format that declares none reads JSON files

# (payload, why it could not be read or None, notes for eb.issues, where in the file: "line 7", "item 3", "")
Item = tuple[Any, "str | None", list[str], str]
Items = Iterator[Item]


def expand_paths(paths: list[str], suffixes: tuple[str, ...] = SUFFIXES) -> list[Path]:
    """The files named; a folder gives its files with one of `suffixes` (what the formats declare)."""
    files: list[Path] = []
    for raw in paths:
        path = Path(raw)
        if path.is_dir():
            found = sorted(p for p in path.iterdir() if p.is_file() and p.suffix.lower() in suffixes)
            if not found:
                raise FormatError(f"{raw}: folder has no {'/'.join(suffixes)} files")
            files.extend(found)
        elif path.is_file():
            if not os.access(path, os.R_OK):
                raise FormatError(f"{raw}: not readable")
            files.append(path)
        else:
            raise FormatError(f"{raw}: no such file or folder")
    return files


def load_json(path: Path) -> tuple[Any, list[str]]:
    """The file's one JSON value and the notes on reading it (invalid UTF-8 replaced).
    Raises ValueError / RecursionError as `json` does."""
    text, notes = decode_utf8(path.read_bytes())
    return json.loads(text.lstrip("\ufeff")), notes


def load(path: Path) -> tuple[Any, list[str]]:
    """`load_json`, with a FormatError that names the file."""
    try:
        return load_json(path)
    except RecursionError:
        raise FormatError(f"{path}: JSON nested too deeply to read") from None
    except ValueError as exc:
        raise FormatError(f"{path}: invalid JSON: {exc}") from exc
