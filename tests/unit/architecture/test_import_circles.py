"""No import circle anywhere in the project's packages, lazy (in-function) imports included.

Read from the source with `ast`: a module's edges are its imports — `import a.b`, `from a import b`
(to a.b when that is a module), relative imports, `importlib.import_module("a.b")` with a constant
name — whether at the top of the file or inside a function (a lazy import hides a circle until the
day someone moves it to the top). Importing a submodule is not counted as importing the package's
`__init__` (Python runs it first, but a package importing its own submodules is its job).
"""
from __future__ import annotations

import ast
import shutil
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
PACKAGES = ("core", "formats", "evaluators", "jobs", "store", "demo", "dashboard", "scripts", "intake")


def _module_names(root: Path) -> dict[str, Path]:
    out = {"settings": root / "settings.py"} if (root / "settings.py").exists() else {}
    for package in PACKAGES:
        for path in sorted((root / package).rglob("*.py")):
            parts = list(path.relative_to(root).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts = parts[:-1]
            out[".".join(parts)] = path
    return out


def _targets(name: str, path: Path, modules: dict[str, Path]) -> set[str]:
    """The project modules a file imports (see the module's doc)."""
    is_package = path.name == "__init__.py"
    own = name.split(".") if is_package else name.split(".")[:-1]  # the package relative imports start from
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: set[str] = set()

    def add(module: str, names: list[str] = ()) -> None:
        subs = [f"{module}.{n}" for n in names if f"{module}.{n}" in modules]
        if subs:
            found.update(subs)
        if len(subs) < len(names) or not names:
            while module and module not in modules:  # `import a.b.c` where a.b.c is a name in a.b
                module = module.rpartition(".")[0]
            if module:
                found.add(module)

    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                add(alias.name)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = own[:len(own) - (node.level - 1)] if node.level > 1 else own
                module = ".".join([*base, *([node.module] if node.module else [])])
            else:
                module = node.module or ""
            add(module, [a.name for a in node.names])
        elif isinstance(node, ast.Call):
            func = node.func
            called = func.attr if isinstance(func, ast.Attribute) else func.id if isinstance(func, ast.Name) else None
            if (called == "import_module" and node.args and isinstance(node.args[0], ast.Constant)
                    and isinstance(node.args[0].value, str) and not node.args[0].value.startswith(".")):
                add(node.args[0].value)
    found.discard(name)
    return found


def circles(root: Path = ROOT) -> list[list[str]]:
    """Every group of modules that import each other round (strongly connected, Tarjan), sorted."""
    modules = _module_names(root)
    graph = {name: sorted(_targets(name, path, modules)) for name, path in modules.items()}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []
    counter = 0
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(graph[start]))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, edges = work[-1]
            for nxt in edges:
                if nxt not in index:
                    index[nxt] = low[nxt] = counter
                    counter += 1
                    stack.append(nxt)
                    on_stack.add(nxt)
                    work.append((nxt, iter(graph[nxt])))
                    break
                if nxt in on_stack:
                    low[node] = min(low[node], index[nxt])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    group = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        group.append(member)
                        if member == node:
                            break
                    if len(group) > 1:
                        groups.append(sorted(group))
    return sorted(groups)


def test_no_import_circle():
    assert circles() == []


def _copy(tmp_path: Path) -> Path:
    copy = tmp_path / "tree"
    for package in PACKAGES:
        shutil.copytree(ROOT / package, copy / package, ignore=shutil.ignore_patterns("__pycache__", "*.pyc", "*.md"))
    shutil.copy(ROOT / "settings.py", copy / "settings.py")
    return copy


def test_a_planted_lazy_circle_is_found(tmp_path):
    """The check bites: two modules importing each other inside functions (the old embeddings <->
    onnx_export shape), relative import on one side."""
    tree = _copy(tmp_path)
    (tree / "evaluators" / "planted_a.py").write_text("def f():\n    from . import planted_b\n    return planted_b\n")
    (tree / "evaluators" / "planted_b.py").write_text("def g():\n    from evaluators.planted_a import f\n    return f\n")
    assert ["evaluators.planted_a", "evaluators.planted_b"] in circles(tree)


def test_a_planted_three_module_circle_through_importlib_is_found(tmp_path):
    tree = _copy(tmp_path)
    (tree / "core" / "planted_a.py").write_text("import core.planted_b\n")
    (tree / "core" / "planted_b.py").write_text("from core import planted_c\n")
    (tree / "core" / "planted_c.py").write_text("import importlib\nM = importlib.import_module('core.planted_a')\n")
    assert ["core.planted_a", "core.planted_b", "core.planted_c"] in circles(tree)
