"""A copy of the production code in a temporary folder, and which of its files a change touched: the
"adding a <kind of thing> takes N files" tests (channel, rule kind, format) change the copy and count."""
from __future__ import annotations

import hashlib
import shutil
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def copy_code(dest: Path, tops: tuple[str, ...]) -> Path:
    """`dest` holding a copy of each top-level package or file in `tops` (no __pycache__)."""
    dest.mkdir(parents=True, exist_ok=True)
    for top in tops:
        if (REPO / top).is_file():
            shutil.copy2(REPO / top, dest / top)
        else:
            shutil.copytree(REPO / top, dest / top, ignore=shutil.ignore_patterns("__pycache__"))
    return dest


def file_hashes(root: Path, pattern: str = "*") -> dict[str, str]:
    """Every file under `root` matching `pattern` (posix path relative to it) -> its SHA-256."""
    return {p.relative_to(root).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(root.rglob(pattern)) if p.is_file() and "__pycache__" not in p.parts}


def touched(root: Path, before: dict[str, str], pattern: str = "*") -> list[str]:
    """The files added or changed since `before` (file_hashes of the same root and pattern)."""
    return sorted(k for k, v in file_hashes(root, pattern).items() if before.get(k) != v)
