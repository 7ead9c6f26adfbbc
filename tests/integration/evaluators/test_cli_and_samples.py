"""The CLI contract in a child process, and the BeyondChats sample files."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import evaluators
from formats.beyondchats import pairs_from_beyondchats

REPO = Path(__file__).resolve().parents[3]
SHARED = REPO.parent / "shared"


def test_cli_scores_in_order_isolates_bad_lines_and_summarises(tmp_path):
    rows = [
        json.dumps({"id": "a", "query": "What is the punishment for murder?",
                    "answer": "Murder is punishable with death or life imprisonment.",
                    "context": ["Section 103 of BNS: Murder shall be punished with death or imprisonment for life."],
                    "feature": "clauses"}),
        "{not json",
        json.dumps({"id": "c", "query": 5, "answer": "x"}),
        json.dumps({"id": "d", "query": "Punishment for murder?", "answer": "Ten years.",
                    "context": ["Murder shall be punished with death."], "expected_output": "Death."}),
        json.dumps({"id": "e", "query": "Is murder punishable with death?", "answer": "",
                    "context": ["Murder shall be punished with death."]}),
    ]
    inp, out = tmp_path / "in.jsonl", tmp_path / "out.jsonl"
    inp.write_text("\n".join(rows) + "\n")
    env = {**os.environ, "OPENAI_BASE_URL": "", "OPENAI_API_KEY": ""}
    proc = subprocess.run([sys.executable, "-m", "evaluators", "score", "--input", str(inp), "--output", str(out),
                           "--feature", "chat"], cwd=REPO, capture_output=True, text=True, env=env, timeout=120)
    assert proc.returncode == 1, proc.stderr  # some lines failed: a CI step must see it
    last = proc.stderr.strip().splitlines()[-1]
    assert last.startswith("scored=3 errors=2 seconds=")
    lines = [json.loads(x) for x in out.read_text().splitlines()]
    assert [x.get("id") for x in lines] == ["a", None, "c", "d", "e"]
    assert all(isinstance(x["hallucination_score"], float) for x in lines[:4] if "error" not in x)
    assert lines[1]["line"] == 2 and lines[1]["error"].startswith("line 2: invalid JSON")
    assert lines[2]["line"] == 3 and lines[2]["error"].startswith("line 3: ")
    a = lines[0]
    assert set(a) == {"id", "mode", "evaluation", "verdict", "hallucination_score", "latency_ms"}
    assert a["evaluation"]["faithfulness"]["threshold"] == 0.95  # the record's own feature wins
    assert set(a["evaluation"]["faithfulness"]) == {"score", "threshold", "passed", "reason", "unsupported_claims"}
    assert set(a["evaluation"]["overall_quality"]) == {"score", "threshold", "passed"}
    assert lines[3]["evaluation"]["faithfulness"]["score"] == 0.0
    assert lines[3]["evaluation"]["contextual_precision"]["threshold"] == 0.75  # --feature chat
    # no claims to check: no faithfulness, no hallucination score (null, as the dashboard's "—"), and why
    assert lines[4]["evaluation"]["faithfulness"]["score"] is None
    assert lines[4]["hallucination_score"] is None and "no checkable claims" in lines[4]["hallucination_note"]
    assert "hallucination_note" not in a

    proc = subprocess.run([sys.executable, "-m", "evaluators", "score", "--input", str(inp), "--output", str(out),
                           "--mode", "balanced"], cwd=REPO, capture_output=True, text=True, env=env, timeout=60)
    assert proc.returncode == 2 and "No LLM judge is configured" in proc.stderr


def test_beyondchats_samples_pair_and_score(model):
    conv = json.loads((SHARED / "data/beyondchats/sample-chat-conversation-02.json").read_text())
    ctx = json.loads((SHARED / "data/beyondchats/sample_context_vectors-02.json").read_text())
    pairs = pairs_from_beyondchats(conv, ctx)
    users = [t for t in conv["conversation_turns"] if t["role"] == "User"]
    assert pairs and all(p["context"] for p in pairs) and pairs[0]["chat_id"] == conv["chat_id"]
    assert {p["query"] for p in pairs} <= {u["message"] for u in users}
    out = evaluators.score_many(pairs[:3])
    assert all("error" not in o for o in out)
    assert all(0.0 <= o["evaluation"]["answer_relevancy"]["score"] <= 1.0 for o in out)


def test_cli_thorough_mode_reads_the_judge_from_settings(tmp_path, server):
    inp, out = tmp_path / "in.jsonl", tmp_path / "out.jsonl"
    inp.write_text(json.dumps({"id": "t", "query": "What is the punishment for murder?",
                               "answer": "Murder is punishable with death. The fine is Rs. 50,000.",
                               "context": ["Section 103 of BNS states: Murder shall be punished with death or life "
                                           "imprisonment"]}) + "\n")
    env = {**os.environ, "OPENAI_BASE_URL": server.url, "OPENAI_API_KEY": "sk-cli",
           "EVALBOARD_JUDGE_MODEL": "judge-x", "EVALBOARD_JUDGE_MAX_RETRIES": "0"}
    proc = subprocess.run([sys.executable, "-m", "evaluators", "score", "--input", str(inp), "--output", str(out),
                           "--mode", "thorough", "--details"], cwd=REPO, capture_output=True, text=True, env=env,
                          timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr.strip().splitlines()[-1].startswith("scored=1 errors=0")
    row = json.loads(out.read_text())
    assert row["mode"] == "thorough" and row["evaluation"]["faithfulness"]["score"] == 0.5
    assert row["judge_usage"]["calls"] == 4  # 3 metrics (no expected answer) + retrieval
    assert {r["body"]["model"] for r in server.requests} == {"judge-x"}
    assert {r["auth"] for r in server.requests} == {"Bearer sk-cli"}
