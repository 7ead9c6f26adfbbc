"""store/ decides nothing from the settings but where the database is (store/client.py): which
channels exist is core/channels.py, the timezone is core/timebuckets.py (issue 22, item 4)."""
from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
WHERE_THE_DATABASE_IS = {"store/client.py"}


def settings_readers(root: Path) -> list[str]:
    out = []
    for path in sorted((root / "store").rglob("*.py")):
        where = str(path.relative_to(root))
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = ([a.name for a in node.names] if isinstance(node, ast.Import)
                     else [node.module or ""] if isinstance(node, ast.ImportFrom) and node.level == 0 else [])
            if any(n.split(".")[0] == "settings" for n in names) and where not in WHERE_THE_DATABASE_IS:
                out.append(f"{where}:{node.lineno}")
    return out


def test_only_the_client_reads_settings_in_store():
    assert settings_readers(ROOT) == []


def test_the_check_catches_a_store_module_reading_settings(tmp_path):
    (tmp_path / "store").mkdir()
    (tmp_path / "store" / "outbox.py").write_text("def f():\n    from settings import get_settings\n")
    assert settings_readers(tmp_path) == ["store/outbox.py:2"]
