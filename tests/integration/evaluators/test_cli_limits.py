"""`python -m evaluators score` refuses a line over the input limits and scores the others."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[3]


def test_cli_refuses_a_megabyte_of_context_with_a_clear_error_and_goes_on(tmp_path):
    ok = {"id": "ok", "query": "What is the punishment for murder?",
          "answer": "Murder is punishable with death or life imprisonment.",
          "context": ["Section 103 of BNS: Murder shall be punished with death or imprisonment for life."]}
    huge = {**ok, "id": "huge", "context": ["Murder shall be punished with death. " * 28_000]}  # ~1 MB
    many = {**ok, "id": "many", "context": ["Section 103."] * 500}
    inp, out = tmp_path / "in.jsonl", tmp_path / "out.jsonl"
    inp.write_text("\n".join(json.dumps(r) for r in (huge, ok, many)) + "\n")
    env = {**os.environ, "OPENAI_BASE_URL": "", "OPENAI_API_KEY": ""}
    proc = subprocess.run([sys.executable, "-m", "evaluators", "score", "--input", str(inp), "--output", str(out)],
                          cwd=REPO, capture_output=True, text=True, env=env, timeout=300)
    assert proc.returncode == 1, proc.stderr  # two lines failed
    assert proc.stderr.strip().splitlines()[-1].startswith("scored=1 errors=2 ")
    lines = [json.loads(x) for x in out.read_text().splitlines()]
    assert len(lines) == 3
    assert lines[0]["id"] == "huge" and lines[0]["line"] == 1
    assert lines[0]["error"].startswith("line 1: input too large: context chunk 1 has 1,036,000 characters")
    assert "limit is 10,000 per chunk" in lines[0]["error"]
    assert lines[1]["id"] == "ok" and lines[1]["evaluation"]["faithfulness"]["score"] is not None
    assert lines[2]["id"] == "many" and "line 3: input too large: 500 context chunks; the limit is 50" in lines[2]["error"]


def test_cli_isolates_a_deeply_nested_line_without_a_traceback(tmp_path):
    ok = {"id": "ok", "query": "What is the punishment for murder?",
          "answer": "Murder is punishable with death or life imprisonment.",
          "context": ["Section 103 of BNS: Murder shall be punished with death or imprisonment for life."]}
    deep = '{"id": "deep", "query": ' + "[" * 200_000 + "]" * 200_000 + "}"
    inp, out = tmp_path / "in.jsonl", tmp_path / "out.jsonl"
    inp.write_text("\n".join([json.dumps(ok), deep, json.dumps({**ok, "id": "ok2"})]) + "\n")
    env = {**os.environ, "OPENAI_BASE_URL": "", "OPENAI_API_KEY": ""}
    proc = subprocess.run([sys.executable, "-m", "evaluators", "score", "--input", str(inp), "--output", str(out)],
                          cwd=REPO, capture_output=True, text=True, env=env, timeout=300)
    assert "Traceback" not in proc.stderr, proc.stderr[-2000:]
    assert proc.returncode == 1 and proc.stderr.strip().splitlines()[-1].startswith("scored=2 errors=1 ")
    lines = [json.loads(x) for x in out.read_text().splitlines()]
    assert [x.get("id") for x in lines] == ["ok", None, "ok2"]
    assert lines[1]["error"] == "line 2: JSON nested too deeply to read"
    assert lines[2]["evaluation"]["faithfulness"]["score"] is not None
