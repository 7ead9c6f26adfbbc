"""Every page starts the same way: `render()` begins with `page.start()` (sign-in checked, database
reachable), and no view repeats those checks by hand (dashboard/page.py is the one place). Views read
through `dashboard.data`'s cached readers, which fetch the database themselves: no view hands them
a database handle or a cache key."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

VIEWS = sorted((Path(__file__).resolve().parents[3] / "dashboard" / "views").glob("*.py"))


def _render(path: Path) -> ast.FunctionDef:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return next(node for node in tree.body if isinstance(node, ast.FunctionDef) and node.name == "render")


@pytest.mark.parametrize("path", [p for p in VIEWS if p.name != "__init__.py"], ids=lambda p: p.name)
def test_a_view_starts_with_the_page_preamble(path):
    first = _render(path).body[0]
    if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):  # a docstring
        first = _render(path).body[1]
    assert isinstance(first, (ast.Assign, ast.Expr)) and ast.unparse(first.value) == "page.start()", \
        ast.unparse(first)
    calls = {ast.unparse(n.func) for n in ast.walk(ast.parse(path.read_text(encoding="utf-8"))) if isinstance(n, ast.Call)}
    assert not calls & {"signed_in_or_stop", "db_or_stop"}, "the preamble lives in dashboard/page.py"


READERS = [p for p in VIEWS if p.name != "__init__.py"] + sorted(
    (Path(__file__).resolve().parents[3] / "dashboard" / "components").glob("*.py"))


@pytest.mark.parametrize("path", READERS, ids=lambda p: p.name)
def test_a_view_reads_without_passing_the_database(path):
    """`data.aggregates("day", start, end, None)`, not `data.aggregates(db, key, ...)`."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    handed = [ast.unparse(n) for n in ast.walk(tree)
              if isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute)
              and isinstance(n.func.value, ast.Name) and n.func.value.id == "data" and n.args
              and isinstance(n.args[0], ast.Name) and n.args[0].id in {"db", "_db", "database"}]
    assert not handed, handed
    assert "db_key" not in {ast.unparse(n.func) for n in ast.walk(tree) if isinstance(n, ast.Call)} \
        or path.name == "build_notice.py", "the cache key is data.py's business"
