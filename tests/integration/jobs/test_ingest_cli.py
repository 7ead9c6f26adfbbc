"""`python -m jobs ingest` says what it did (real CLI in a subprocess, real server): the date range,
the records waiting for scores, the first rejected lines with their reasons, the feature a
BeyondChats import got, and one progress summary line when not on a terminal."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from store.collections import RECORDS

REPO = Path(__file__).resolve().parents[3]


def run_cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "jobs", "ingest", *args], cwd=REPO, env={**os.environ},
                          capture_output=True, text=True, timeout=300)


def record(i: int, day: str, scored: bool = True) -> dict:
    doc = {"_id": f"cli{i}", "query": f"q{i}", "answer": "a", "context": ["c"], "feature": "chat",
           "timestamp": f"{day}T10:00:00Z"}
    if scored:
        doc["evaluation"] = {"faithfulness": {"score": 0.9}, "answer_relevancy": {"score": 0.9}}
    return doc


def test_summary_dates_backlog_and_rejected_reasons(db, tmp_path):
    path = tmp_path / "old.jsonl"
    lines = [json.dumps(record(1, "2025-03-01")), json.dumps(record(2, "2025-03-04", scored=False)),
             "{not json", json.dumps({"query": "no time"}), json.dumps(record(3, "2025-03-02"))]
    path.write_text("\n".join(lines) + "\n")
    done = run_cli(str(path))
    assert done.returncode == 0, done.stderr
    out, err = done.stdout.splitlines(), done.stderr
    assert out[-1] == "ingested=3 duplicates=0 rejected=2"
    assert "dates: 2025-03-01 to 2025-03-04 · features: chat 3" in out
    assert any(line.startswith("waiting for scores: 1 ") for line in out)
    assert "rejected: evallog:old.jsonl: line 3: invalid JSON" in err
    assert err.count("rejected: evallog:old.jsonl:") == 2
    assert "days old" in err and "period filter" in err  # 2025 dates: say where to find them
    assert "ingest: 3 records in" in err  # not a terminal: one summary line instead of a bar
    assert db[RECORDS].count_documents({}) == 3


def test_beyondchats_says_which_feature_it_got(db, shared_dir):
    folder = shared_dir / "data" / "beyondchats"
    plain = run_cli(str(folder))
    assert plain.returncode == 0, plain.stderr
    assert "NOTE: BeyondChats files carry no feature: their records are stored as feature 'chat'" in plain.stderr
    assert "--feature NAME" in plain.stderr
    waiting = next(line for line in plain.stdout.splitlines() if line.startswith("waiting for scores:"))
    assert int(waiting.split(":")[1].split()[0].replace(",", "")) == db[RECORDS].count_documents({}) > 0
    db[RECORDS].delete_many({})
    db["rejected"].delete_many({})
    named = run_cli("--feature", "support", str(folder))
    assert named.returncode == 0, named.stderr
    assert "NOTE" not in named.stderr and "feature: support (from --feature)" in named.stdout
    assert set(db[RECORDS].distinct("feature")) == {"support"}
    bad = run_cli("--feature", "$where", str(folder))
    assert bad.returncode == 2 and "not a feature name" in bad.stderr


def test_long_run_once_jobs_report_progress_when_not_on_a_terminal(db, tmp_path):
    path = tmp_path / "a.jsonl"
    path.write_text("\n".join(json.dumps(record(i, f"2026-01-0{1 + i % 3}")) for i in range(9)) + "\n")
    assert run_cli(str(path)).returncode == 0
    full = subprocess.run([sys.executable, "-m", "jobs", "run-once", "aggregate", "--full"], cwd=REPO,
                          env={**os.environ}, capture_output=True, text=True, timeout=300)
    assert full.returncode == 0, full.stderr
    buckets = db["aggregates_daily"].count_documents({})
    assert buckets == 6  # 3 days x (chat, all features)
    assert f"aggregate: {buckets} daily buckets in " in full.stderr
