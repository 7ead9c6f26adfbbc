"""The layering holds: dashboard | jobs on top, store | evaluators below, core + settings at the bottom.

Read from the source with `ast` (no imports run): every import of every production module is
checked against the rules of DESIGN.md / docs/contracts.md.
"""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
PACKAGES = ("core", "evaluators", "jobs", "store", "dashboard", "scripts")
PROJECT = set(PACKAGES) | {"settings"}
# who may import whom (besides itself); settings is importable by everyone
ALLOWED = {
    "core": {"settings"},
    "evaluators": {"core", "settings"},
    "store": {"core", "settings"},
    "jobs": {"core", "settings", "store", "evaluators"},
    "dashboard": {"core", "settings", "store", "evaluators"},
    "scripts": {"core", "settings", "store", "dashboard", "jobs"},
    "settings": set(),
}
TYPE_HINT_ONLY = {("pymongo.database", "Database")}


def _modules():
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            yield package, path
    yield "settings", ROOT / "settings.py"


def _imports(path: Path):
    """(module, imported names or None, line) for every import in the file, nested ones included."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name, None, node.lineno
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            yield node.module, [a.name for a in node.names], node.lineno


def _violations() -> list[str]:
    out = []
    for package, path in _modules():
        where = path.relative_to(ROOT)
        for module, names, line in _imports(path):
            top = module.split(".")[0]
            if top in PROJECT and top != package and top not in ALLOWED[package]:
                out.append(f"{where}:{line}: {package}/ must not import {module}")
            if top == "pymongo" and package != "store":
                if names is None or any((module, n) not in TYPE_HINT_ONLY for n in names):
                    out.append(f"{where}:{line}: only store/ talks to MongoDB (imports {module} {names})")
            if top == "store" and package != "store" and names:
                private = [n for n in names if n.startswith("_")]
                if private:
                    out.append(f"{where}:{line}: private store names used outside store/: {private}")
    return out


def test_the_layers_hold():
    assert _violations() == []


@pytest.mark.parametrize("bad, expected", [
    ("from pymongo import UpdateOne\n", "only store/ talks to MongoDB"),
    ("from store.aggregates import _thr_expr\n", "private store names"),
    ("import jobs.runner\n", "must not import jobs.runner"),
])
def test_the_check_catches_a_violation(tmp_path, monkeypatch, bad, expected):
    """The rule is not vacuous: a dashboard module with a forbidden import is reported."""
    fake_root = tmp_path
    for package in PACKAGES:
        (fake_root / package).mkdir()
    (fake_root / "settings.py").write_text("")
    (fake_root / "dashboard" / "page.py").write_text(bad)
    monkeypatch.setattr(__import__(__name__), "ROOT", fake_root, raising=False)
    globals()["ROOT"] = fake_root
    try:
        assert any(expected in v for v in _violations())
    finally:
        globals()["ROOT"] = Path(__file__).resolve().parents[3]
