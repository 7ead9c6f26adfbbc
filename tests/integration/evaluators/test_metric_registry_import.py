"""The registry refuses to import when the catalog and evaluators/metrics/ disagree (in a copy of the code)."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]
ORPHAN_ENTRY = '\nregister(Metric("tone", "Tone", "#123456", 0.1, {"default": 0.5}, needs_context=False))\n'
STRAY_MODULE = ('from evaluators.types import MetricEvaluator, Score\n\n'
                'METRIC = MetricEvaluator("tone", local=lambda p, rel: Score(1.0, "ok"))\n')


def _import_in_copy(tmp_path, change) -> subprocess.CompletedProcess:
    copy = tmp_path / "repo"
    for top in ("core", "evaluators"):
        shutil.copytree(ROOT / top, copy / top, ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy2(ROOT / "settings.py", copy / "settings.py")
    change(copy)
    return subprocess.run([sys.executable, "-c", "import evaluators.metrics"], cwd=copy, capture_output=True,
                          text=True, timeout=120, env={**os.environ, "PYTHONPATH": str(copy)})


def _add_entry(copy):
    with open(copy / "core" / "metrics.py", "a", encoding="utf-8") as f:
        f.write(ORPHAN_ENTRY)


def _add_module(copy):
    (copy / "evaluators" / "metrics" / "tone.py").write_text(STRAY_MODULE, encoding="utf-8")


def _misnamed_module(copy):
    (copy / "evaluators" / "metrics" / "tone_metric.py").write_text(STRAY_MODULE, encoding="utf-8")


@pytest.mark.parametrize("change, message", [
    (_add_entry, "catalog metric 'tone' (core/metrics.py) has no evaluator: add evaluators/metrics/tone.py"),
    (_add_module, "evaluators/metrics/tone.py scores 'tone', which is not in the catalog"),
    (_misnamed_module, "the module of metric 'tone' must be named tone.py"),
])
def test_import_fails_with_a_clear_message(tmp_path, change, message):
    run = _import_in_copy(tmp_path, change)
    assert run.returncode != 0
    assert "RegistryError" in run.stderr and message in run.stderr, run.stderr[-2000:]


def test_import_succeeds_when_they_agree(tmp_path):
    def both(copy):
        _add_entry(copy)
        _add_module(copy)

    run = _import_in_copy(tmp_path, both)
    assert run.returncode == 0, run.stderr[-2000:]


def test_scoring_reports_a_metric_declared_not_evaluated_and_refuses_a_disagreement(model):
    import evaluators
    from core import metrics as catalog
    from evaluators.metrics import RegistryError

    q, a, ctx = "What is Section 103 BNS?", "Murder is punishable with death.", [
        "Section 103 BNS: murder is punishable with death or imprisonment for life."]
    plain = evaluators.score_one(q, a, ctx)
    catalog.register(catalog.Metric("logged_tone", "Logged tone", "#123456", 0.0, {"default": 0.0},
                                    evaluated=False))
    try:
        r = evaluators.score_one(q, a, ctx)
        entry = r["evaluation"]["logged_tone"]
        assert entry["score"] is None and entry["passed"] is None
        assert entry["reason"] == "Logged tone is not computed by the evaluators"
        assert r["verdict"] == plain["verdict"]
    finally:
        catalog.unregister("logged_tone")
    catalog.register(catalog.Metric("tone", "Tone", "#123456", 0.1, {"default": 0.5}))
    try:
        with pytest.raises(RegistryError, match="evaluators/metrics/tone.py"):
            evaluators.score_many([{"query": q, "answer": a, "context": ctx}])
    finally:
        catalog.unregister("tone")
