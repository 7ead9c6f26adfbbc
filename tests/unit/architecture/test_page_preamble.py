"""Every page starts the same way: `render()` begins with `page.start()` (sign-in checked, database
reachable, cache key), and no view repeats those checks by hand (dashboard/page.py is the one place)."""
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
    assert isinstance(first, ast.Assign) and ast.unparse(first.value) == "page.start()", ast.unparse(first)
    calls = {ast.unparse(n.func) for n in ast.walk(ast.parse(path.read_text(encoding="utf-8"))) if isinstance(n, ast.Call)}
    assert not calls & {"signed_in_or_stop", "db_or_stop"}, "the preamble lives in dashboard/page.py"
