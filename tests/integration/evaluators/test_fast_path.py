"""The fast embedding path (ONNX Runtime, int8) against the torch path, with the real model.

Each backend runs in its own child process (the backend is chosen once per process)."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[2]
TOLERANCE = 0.02
COMPARED = ("faithfulness", "answer_relevancy", "contextual_precision", "contextual_recall", "overall_quality",
            "hallucination")


def _run(code_or_script: list[str], **env) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, *code_or_script], cwd=REPO, capture_output=True, text=True, timeout=600,
                          env={**os.environ, "HF_HUB_OFFLINE": "1", "TRANSFORMERS_OFFLINE": "1", **env})


def _scores(backend: str) -> dict:
    proc = _run([str(HERE / "score_devset.py")], EVALBOARD_EMBED_BACKEND=backend)
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout)


@pytest.fixture(scope="module")
def both():
    return _scores("torch"), _scores("onnx")


def _auroc(scores, labels) -> float:
    s, y = np.asarray(scores, dtype=float), np.asarray(labels, dtype=bool)
    order = s.argsort()
    ranks = np.empty(len(s))
    ranks[order] = np.arange(1, len(s) + 1)
    for v in np.unique(s):  # ties share their mean rank
        ranks[s == v] = ranks[s == v].mean()
    n1, n0 = y.sum(), (~y).sum()
    return float((ranks[y].sum() - n1 * (n1 + 1) / 2) / (n1 * n0))


def test_fast_path_runs_onnx_without_torch(both):
    torch_run, onnx_run = both
    assert onnx_run["model"]["backend"] == "onnx" and onnx_run["model"]["variant"] == "int8"
    assert onnx_run["torch_imported"] is False
    assert torch_run["model"]["backend"] == "torch" and torch_run["torch_imported"] is True


def test_fast_path_scores_stay_within_tolerance_of_the_torch_path(both):
    torch_run, onnx_run = both
    assert set(onnx_run["sets"]) == set(torch_run["sets"]) and {"halueval", "paraphrase"} <= set(onnx_run["sets"])
    for name, ref in torch_run["sets"].items():
        fast = onnx_run["sets"][name]
        assert set(fast) == set(ref) and len(ref) >= 20, name
        for metric in COMPARED:
            pairs = [(ref[k][metric], fast[k][metric]) for k in ref]
            # a metric that exists on one path exists on the other (None = not applicable)
            assert all((a is None) == (b is None) for a, b in pairs), (name, metric)
            pairs = [(a, b) for a, b in pairs if a is not None]
            if not pairs:
                continue
            a, b = np.array(pairs).T
            assert abs(a.mean() - b.mean()) <= TOLERANCE, (name, metric, a.mean(), b.mean())
            assert np.abs(a - b).mean() <= TOLERANCE, (name, metric, np.abs(a - b).mean())


def test_fast_path_keeps_the_ranking_of_hallucinations(both):
    torch_run, onnx_run = both
    for name in ("halueval",):
        ref, fast = torch_run["sets"][name], onnx_run["sets"][name]
        keys = sorted(ref)
        labels = [ref[k]["label"] for k in keys]
        score = lambda rows, k: 0.5 if rows[k]["hallucination"] is None else rows[k]["hallucination"]  # noqa: E731
        a = _auroc([score(ref, k) for k in keys], labels)
        b = _auroc([score(fast, k) for k in keys], labels)
        assert a > 0.8 and abs(a - b) <= TOLERANCE, (a, b)
    para_ref, para_fast = torch_run["sets"]["paraphrase"], onnx_run["sets"]["paraphrase"]
    for k in para_fast:
        if k.endswith("-faithful"):
            twin = k.replace("-faithful", "-unfaithful")
            assert para_fast[twin]["hallucination"] > para_fast[k]["hallucination"], k
            assert para_ref[twin]["hallucination"] > para_ref[k]["hallucination"], k


def test_missing_model_is_exported_at_first_use(tmp_path):
    """No exported file: the first scoring call exports it (locally, from the installed package)."""
    code = ("import sys, json; from evaluators import embeddings; "
            "v = embeddings.encode(['murder', 'homicide']); "
            "print(json.dumps({**embeddings.model_info(), 'cos': float(v[0] @ v[1])}))")
    proc = _run(["-c", code], EVALBOARD_MODEL_DIR=str(tmp_path / "models"), EVALBOARD_EMBED_BACKEND="onnx")
    assert proc.returncode == 0, proc.stderr
    info = json.loads(proc.stdout.strip().splitlines()[-1])
    assert info["backend"] == "onnx" and info["file"].startswith(str(tmp_path))
    exported = next((tmp_path / "models").glob("all-minilm-l6-v2-*"))
    assert {p.name for p in exported.iterdir()} >= {"model.int8.onnx", "model.fp32.onnx", "tokenizer.json",
                                                     "meta.json"}
    assert json.loads((exported / "meta.json").read_text())["pooling"] == "mean"
    assert 0.4 < info["cos"] < 0.99


def test_unusable_model_folder_falls_back_to_torch_with_a_warning(tmp_path):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    code = ("import json; from evaluators import embeddings; v = embeddings.encode(['murder']); "
            "print(json.dumps(embeddings.model_info()))")
    proc = _run(["-c", code], EVALBOARD_MODEL_DIR=str(blocker / "models"), EVALBOARD_EMBED_BACKEND="onnx")
    assert proc.returncode == 0, proc.stderr
    info = json.loads(proc.stdout.strip().splitlines()[-1])
    assert info["backend"] == "torch" and "onnx_error" in info
    assert "ONNX embedding model unavailable" in proc.stderr and "slower torch path" in proc.stderr
