"""The layering holds: dashboard | jobs on top (demo above jobs), store | evaluators | formats below,
core + settings at the bottom.

Read from the source with `ast` (no imports run): every import of every production module is
checked against the rules of DESIGN.md / docs/contracts.md — plain imports, `importlib.import_module`
/ `__import__` with a (constant or f-string-prefixed) module name, private names reached across
packages (imported, or as an attribute of an imported module), and the frameworks that belong to
one floor only (pymongo and bson: store/; streamlit: dashboard/; apscheduler: jobs/).
Each rule is shown to bite by planting a violation in a temporary copy of the tree.
"""
from __future__ import annotations

import ast
import functools
import shutil
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
PACKAGES = ("core", "formats", "evaluators", "jobs", "store", "demo", "dashboard", "scripts", "intake")
PROJECT = set(PACKAGES) | {"settings"}
# who may import whom (besides itself); settings is importable by everyone
ALLOWED = {
    "core": {"settings"},
    "formats": {"core", "settings"},
    "evaluators": {"core", "settings"},
    "store": {"core", "settings"},
    "jobs": {"core", "settings", "store", "evaluators", "formats"},
    "demo": {"core", "settings", "store", "evaluators", "jobs"},
    "dashboard": {"core", "settings", "store", "evaluators", "formats"},
    "scripts": {"core", "settings", "store", "dashboard", "jobs", "formats", "demo", "intake"},
    # the HTTP door, beside jobs/: it writes through ingest's Writer (jobs/ingest.py); nobody imports it
    "intake": {"core", "settings", "store", "jobs", "formats"},
    "settings": set(),
}
# single files allowed one more import, each for a stated reason
EXCEPTIONS = {
    # the CLI lists every command, `python -m jobs demo` included (imported lazily, in the command)
    ("jobs/__main__.py", "demo"),
}
# third-party frameworks that belong to one floor only
FRAMEWORKS = {"pymongo": "store", "bson": "store", "streamlit": "dashboard", "apscheduler": "jobs",
              "starlette": "intake", "uvicorn": "intake"}
TYPE_HINT_ONLY = {("pymongo.database", "Database")}


def _modules(root: Path):
    for package in PACKAGES:
        for path in sorted((root / package).rglob("*.py")):
            yield package, path
    if (root / "settings.py").exists():
        yield "settings", root / "settings.py"


@functools.lru_cache(maxsize=None)
def _parse(text: str) -> ast.AST:
    return ast.parse(text)  # the copies in the planting tests share their parsed trees


def _dynamic_name(node: ast.Call) -> str | None:
    """The module named by `importlib.import_module("x.y")` / `import_module(f"x.{y}")` / `__import__("x")`:
    the constant text, or an f-string's constant beginning; None for anything else."""
    func = node.func
    name = func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else None
    if name not in ("import_module", "__import__") or not node.args:
        return None
    arg = node.args[0]
    if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
        return arg.value
    if isinstance(arg, ast.JoinedStr) and arg.values and isinstance(arg.values[0], ast.Constant):
        return str(arg.values[0].value)
    return None


def _imports(path: Path):
    """(module, imported names or None, line, how) for every import in the file, nested ones and
    importlib's included (how: "import" or "importlib")."""
    tree = _parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name, None, node.lineno, "import"
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            yield node.module, [a.name for a in node.names], node.lineno, "import"
        elif isinstance(node, ast.Call):
            name = _dynamic_name(node)
            if name and not name.startswith("."):
                yield name, None, node.lineno, "importlib"


def _is_private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


def _module_aliases(tree: ast.AST, package: str, root: Path) -> dict[str, str]:
    """Local names bound to a module of another project package: `import store.aggregates as agg`,
    `from store import aggregates`, `import store.aggregates` (bound as `store`)."""
    out: dict[str, str] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                top = alias.name.split(".")[0]
                if top in PROJECT and top != package:
                    out[alias.asname or top] = alias.name if alias.asname else top
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            top = node.module.split(".")[0]
            if top in PROJECT and top != package:
                for alias in node.names:
                    full = f"{node.module}.{alias.name}"
                    as_path = root / Path(*full.split("."))
                    if as_path.with_suffix(".py").exists() or (as_path / "__init__.py").exists():
                        out[alias.asname or alias.name] = full
    return out


def _private_attributes(path: Path, package: str, root: Path):
    """(line, dotted text) for every `module._name` reached through a module of another package."""
    tree = _parse(path.read_text(encoding="utf-8"))
    aliases = _module_aliases(tree, package, root)
    if not aliases:
        return
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and _is_private(node.attr):
            parts = [node.attr]
            base = node.value
            while isinstance(base, ast.Attribute):
                parts.append(base.attr)
                base = base.value
            if isinstance(base, ast.Name) and base.id in aliases:
                yield node.lineno, ".".join([aliases[base.id], *reversed(parts[1:]), node.attr])


def violations(root: Path = ROOT) -> list[str]:
    out = []
    for package, path in _modules(root):
        out += _file_violations(root, package, path, path.read_text(encoding="utf-8"))
    return out


@functools.lru_cache(maxsize=None)
def _file_violations(root: Path, package: str, path: Path, text: str) -> list[str]:
    """The violations of one file (cached by its text: the planting tests re-check an unchanged tree)."""
    out = []
    where = path.relative_to(root)
    for module, names, line, how in _imports(path):
        top = module.split(".")[0]
        via = " through importlib" if how == "importlib" else ""
        if (top in PROJECT and top != package and top not in ALLOWED[package]
                and (where.as_posix(), top) not in EXCEPTIONS):
            out.append(f"{where}:{line}: {package}/ must not import {module}{via}")
        home = FRAMEWORKS.get(top)
        if home and package != home:
            if top == "pymongo" and names is not None and all((module, n) in TYPE_HINT_ONLY for n in names):
                continue
            what = "talks to MongoDB" if home == "store" else f"uses {top}"
            out.append(f"{where}:{line}: only {home}/ {what} ({package}/ imports {module}{via})")
        if top in PROJECT and top != package and names:
            private = [n for n in names if _is_private(n)]
            if private:
                out.append(f"{where}:{line}: private names of {top}/ used outside it: {private}")
    for line, dotted in _private_attributes(path, package, root):
        out.append(f"{where}:{line}: private name reached across packages: {dotted}")
    return out


def test_the_layers_hold():
    assert violations() == []


@pytest.fixture(scope="module")
def tree(tmp_path_factory) -> Path:
    """The project's packages (Python files only) and settings.py, copied once for the planting tests."""
    copy = tmp_path_factory.mktemp("tree")
    for package in PACKAGES:
        shutil.copytree(ROOT / package, copy / package,
                        ignore=lambda folder, names: [n for n in names if not n.endswith(".py")
                                                      and not (Path(folder) / n).is_dir() or n == "__pycache__"])
    shutil.copy(ROOT / "settings.py", copy / "settings.py")
    assert violations(copy) == []  # the copy is as clean as the tree
    return copy


PLANTS = [
    ("dashboard/planted.py", "from pymongo import UpdateOne\n", "only store/ talks to MongoDB"),
    ("jobs/planted.py", "import bson\n", "only store/ talks to MongoDB (jobs/ imports bson)"),
    ("core/planted.py", "from bson import ObjectId\n", "only store/ talks to MongoDB (core/ imports bson)"),
    ("dashboard/planted.py", "from store.aggregates import _thr_expr\n", "private names of store/"),
    ("jobs/planted.py", "from evaluators.support import _claims\n", "private names of evaluators/"),
    ("dashboard/planted.py", "from store import aggregates\n\nX = aggregates._thr_expr\n",
     "private name reached across packages: store.aggregates._thr_expr"),
    ("jobs/planted.py", "import store.aggregates\n\nX = store.aggregates._thr_expr\n",
     "private name reached across packages: store.aggregates._thr_expr"),
    ("dashboard/planted.py", "import store.aggregates as agg\n\nX = agg._thr_expr({})\n",
     "private name reached across packages: store.aggregates._thr_expr"),
    ("dashboard/planted.py", "import jobs.runner\n", "must not import jobs.runner"),
    ("store/planted.py", "import importlib\n\nM = importlib.import_module('jobs.runner')\n",
     "store/ must not import jobs.runner through importlib"),
    ("core/planted.py", "from importlib import import_module\n\nM = import_module(f'store.{1}')\n",
     "core/ must not import store. through importlib"),
    ("evaluators/planted.py", "M = __import__('dashboard')\n", "evaluators/ must not import dashboard through importlib"),
    ("store/planted.py", "import streamlit as st\n", "only dashboard/ uses streamlit (store/ imports streamlit)"),
    ("evaluators/planted.py", "from streamlit import cache_data\n", "only dashboard/ uses streamlit"),
    ("dashboard/planted.py", "from apscheduler.schedulers.blocking import BlockingScheduler\n",
     "only jobs/ uses apscheduler"),
    ("formats/planted.py", "from store.records import write_records\n", "formats/ must not import store.records"),
    ("evaluators/planted.py", "import formats\n", "evaluators/ must not import formats"),
    ("jobs/planted.py", "from demo.generate import generate_demo\n", "jobs/ must not import demo.generate"),
    ("store/planted.py", "import pymongo\nimport importlib\nM = importlib.import_module('streamlit')\n",
     "only dashboard/ uses streamlit (store/ imports streamlit through importlib)"),
]


@pytest.mark.parametrize("where, bad, expected", PLANTS, ids=[f"{w}:{b.splitlines()[-1][:40]}" for w, b, _ in PLANTS])
def test_the_check_catches_a_planted_violation(tree, where, bad, expected):
    """The rules are not vacuous: the same tree with one planted violation is reported, at that file."""
    planted = tree / where
    planted.write_text(bad)
    try:
        found = violations(tree)
    finally:
        planted.unlink()
    assert any(v.startswith(where) and expected in v for v in found), found


def test_a_type_hint_import_of_pymongo_is_allowed(tree):
    planted = tree / "jobs" / "planted.py"
    planted.write_text("from pymongo.database import Database\n")
    try:
        assert violations(tree) == []
    finally:
        planted.unlink()
