"""`python -m evaluators score` as a CI step: exit codes, path errors, line numbers, the pass-rate
gate and the progress line. Real child processes, the real model."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[3]
MURDER_CTX = ["Section 103 of BNS: Murder shall be punished with death or imprisonment for life."]
GOOD = {"query": "What is the punishment for murder?", "answer": "Murder is punishable with death or life imprisonment.",
        "context": MURDER_CTX, "feature": "chat"}
BAD = {"query": "What is the punishment for murder?",
       "answer": "Murder is punishable with 10 years of imprisonment and a fine of Rs. 50,000.",
       "context": MURDER_CTX, "feature": "chat"}


def score(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    env = {**os.environ, "OPENAI_BASE_URL": "", "OPENAI_API_KEY": "", "HF_HUB_OFFLINE": "1"}
    return subprocess.run([sys.executable, "-m", "evaluators", "score", *args], cwd=REPO, capture_output=True,
                          text=True, env=env, timeout=300, input=stdin)


def write_jsonl(path: Path, rows) -> Path:
    path.write_text("".join((r if isinstance(r, str) else json.dumps(r)) + "\n" for r in rows), encoding="utf-8")
    return path


def assert_one_line_error(proc, *needles):
    assert proc.returncode == 2
    assert proc.stdout == ""
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and "Traceback" not in proc.stderr, proc.stderr
    for n in needles:
        assert n in lines[0]


def test_missing_or_unreadable_paths_are_one_line_errors(tmp_path):
    good = write_jsonl(tmp_path / "in.jsonl", [{"id": "a", **GOOD}])
    missing = tmp_path / "nope.jsonl"
    assert_one_line_error(score("--input", str(missing), "--output", str(tmp_path / "o.jsonl")),
                          "cannot read input", str(missing), "No such file")
    assert_one_line_error(score("--input", str(tmp_path), "--output", str(tmp_path / "o.jsonl")),
                          "cannot read input", "Is a directory")
    out_in_missing_dir = tmp_path / "no-such-dir" / "out.jsonl"
    assert_one_line_error(score("--input", str(good), "--output", str(out_in_missing_dir)),
                          "cannot write output", str(out_in_missing_dir))
    assert not out_in_missing_dir.parent.exists()
    assert_one_line_error(score("--input", str(good), "--output", str(tmp_path)), "cannot write output")


def test_error_lines_name_their_input_line_and_fail_the_run(tmp_path):
    rows = [{"id": "a", **GOOD}, "", "{not json", {"id": "c", "query": 5, "answer": "x"}, "[1, 2]",
            {"id": "e", **GOOD}]
    inp = write_jsonl(tmp_path / "in.jsonl", rows)
    with open(inp, "ab") as fh:
        fh.write(b'{"id": "f", "query": "\xff"}\n')  # not UTF-8: its own error line, the rest still scored
    out = tmp_path / "out.jsonl"
    proc = score("--input", str(inp), "--output", str(out))
    assert proc.returncode == 1, proc.stderr
    lines = [json.loads(x) for x in out.read_text().splitlines()]
    assert [x.get("line") for x in lines] == [None, 3, 4, 5, None, 7]  # physical lines; the blank line 2 skipped
    assert [x["id"] for x in lines] == ["a", None, "c", None, "e", None]
    errors = [x for x in lines if "error" in x]
    assert all(x["error"].startswith(f"line {x['line']}: ") for x in errors)
    assert "invalid JSON" in errors[0]["error"] and "'query' must be a string" in errors[1]["error"]
    assert "not a JSON object" in errors[2]["error"] and "not UTF-8" in errors[3]["error"]
    err_lines = [x for x in proc.stderr.splitlines() if x.startswith("line ")]
    assert [x.split(":")[0] for x in err_lines] == ["line 3", "line 4 (id c)", "line 5", "line 7"]
    assert proc.stderr.strip().splitlines()[-1].startswith("scored=2 errors=4 ")
    assert "Traceback" not in proc.stderr

    clean = write_jsonl(tmp_path / "clean.jsonl", [{"id": "a", **GOOD}])
    proc = score("--input", str(clean), "--output", str(out))
    assert proc.returncode == 0, proc.stderr


def test_fail_under_gates_on_the_pass_rate_of_scored_lines(tmp_path):
    inp = write_jsonl(tmp_path / "in.jsonl", [{"id": "good", **GOOD}, {"id": "bad", **BAD}])
    out = tmp_path / "out.jsonl"
    proc = score("--input", str(inp), "--output", str(out), "--fail-under", "0.4")
    assert proc.returncode == 0, proc.stderr
    rows = {r["id"]: r for r in map(json.loads, out.read_text().splitlines())}
    assert rows["good"]["verdict"]["passed"] is True and rows["bad"]["verdict"]["passed"] is False
    summary = proc.stderr.strip().splitlines()[-1]
    assert "passed=1 pass_rate=0.5000" in summary

    proc = score("--input", str(inp), "--output", str(out), "--fail-under", "0.6")
    assert proc.returncode == 1
    assert "fail-under: pass rate 0.5000 is below 0.6" in proc.stderr

    # error lines are not scored lines: they fail the run by themselves, not the rate
    with_error = write_jsonl(tmp_path / "e.jsonl", [{"id": "good", **GOOD}, "{oops"])
    proc = score("--input", str(with_error), "--output", str(out), "--fail-under", "1.0")
    assert proc.returncode == 1 and "pass_rate=1.0000" in proc.stderr and "fail-under:" not in proc.stderr

    proc = score("--input", str(inp), "--output", str(out), "--fail-under", "1.5")
    assert proc.returncode == 2 and "must be within 0..1" in proc.stderr


def test_progress_lines_on_stderr_and_results_on_stdout(tmp_path):
    rows = [{"id": f"r{i}", **(GOOD if i % 2 else BAD)} for i in range(12)]
    inp = write_jsonl(tmp_path / "in.jsonl", rows)
    proc = score("--input", str(inp), "--output", "-", "--progress-every", "0", "--batch-size", "4")
    assert proc.returncode == 0, proc.stderr
    assert [json.loads(x)["id"] for x in proc.stdout.splitlines()] == [r["id"] for r in rows]
    progress = [x for x in proc.stderr.splitlines() if x.startswith("progress: ")]
    # batches grow 1, 2, 4, 4, 1: one progress line after each
    assert [p.split(" lines")[0] for p in progress] == [f"progress: {n} of 12" for n in (1, 3, 7, 11, 12)]
    quiet = score("--input", str(inp), "--output", "-", "--progress-every", "-1")
    assert not [x for x in quiet.stderr.splitlines() if x.startswith("progress: ")]


@pytest.mark.parametrize("stdin", ['{"id": "s", "query": "Punishment for murder?", "answer": "Death.", '
                                   '"context": ["Murder shall be punished with death."]}\n'])
def test_stdin_to_stdout(stdin):
    proc = score("--input", "-", "--output", "-", stdin=stdin)
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["id"] == "s"
