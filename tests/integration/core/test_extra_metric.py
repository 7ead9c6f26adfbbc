"""Adding a metric is one catalog entry plus one module (evaluators/metrics/<name>.py).

A fixture registers `conciseness` in core.metrics and a local evaluator for it in the
registry; the test follows it through scoring, `eb.scores`, the verdict, the daily
aggregates, the Overview KPI row (AppTest), the rule editor's choices and the
weekly report, without any other change. A judged metric is added in a copy of the
code as one catalog line and one module file, and scored there, locally and by the
judge (a chat-completions server on 127.0.0.1).
"""
from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest

from core import metrics
from evaluators.types import MetricEvaluator, Score

EXTRA = "conciseness"
T0 = datetime(2026, 3, 2, 9, tzinfo=timezone.utc)  # a Monday


@pytest.fixture
def extra_metric():
    from evaluators import metrics as registry

    metrics.register(metrics.Metric(EXTRA, "Conciseness", "#E45756", 0.10, {"default": 0.5, "clauses": 0.9},
                                    needs_context=False, description="short answers score higher"))
    registry.register(MetricEvaluator(EXTRA, local=lambda p, rel: Score(1.0 if len(p.answer) < 200 else 0.2,
                                                                        "short" if len(p.answer) < 200 else "long")))
    yield
    metrics.unregister(EXTRA)
    registry.unregister(EXTRA)


def _raw(i: int, conciseness: float, feature: str = "chat") -> dict:
    return {"_id": f"x{i}", "query": f"What does section {i} say?", "answer": "It says so.",
            "context": ["Section text."], "feature": feature, "regeneration_attempts": 0,
            "timestamp": (T0 + timedelta(days=i % 7, minutes=i)).isoformat(),
            "evaluation": {"faithfulness": {"score": 0.95}, "answer_relevancy": {"score": 0.95},
                           "contextual_precision": {"score": 0.95}, "contextual_recall": {"score": 0.95},
                           EXTRA: {"score": conciseness}}}


def test_a_registered_metric_is_followed_end_to_end(extra_metric, db, monkeypatch):
    import evaluators
    from jobs.aggregate import refresh
    from jobs.report import run_report
    from store.aggregates import get_aggregates
    from store.reports import get_report
    from store.schema import ParsedRecord, parse_record
    from store.thresholds import get_thresholds

    # scoring: the local pipeline scores it, with its threshold and pass/fail
    result = evaluators.score_one("What is Section 103 BNS?", "Murder is punishable with death.",
                                  ["Section 103 BNS: murder is punishable with death or imprisonment for life."])
    entry = result["evaluation"][EXTRA]
    assert entry["score"] == 1.0 and entry["threshold"] == 0.5 and entry["passed"] is True

    # eb.scores and the verdict at ingest
    thresholds = get_thresholds(db)
    assert thresholds["clauses"][EXTRA] == 0.9
    parsed = parse_record(_raw(1, 0.4), thresholds, source="t")
    assert isinstance(parsed, ParsedRecord)
    assert parsed.doc["eb"]["scores"][EXTRA] == 0.4
    assert parsed.doc["eb"]["passed"] is False and parsed.doc["eb"]["failed_metrics"] == [EXTRA]

    # daily aggregates
    docs = [parse_record(_raw(i, 0.3 if i % 2 else 0.8), thresholds, source="t").doc for i in range(40)]
    db.records.insert_many(docs)
    refresh(db, full=True, now=T0 + timedelta(days=8))
    day = get_aggregates(db, "day", T0.date(), T0.date(), ["__all__"])[0]
    assert day["metrics"][EXTRA]["n"] > 0 and day["metrics"][EXTRA]["mean"] is not None

    # the weekly report names it
    run_report(db, week=T0.date().isoformat(), now=T0 + timedelta(days=8))
    report = get_report(db, T0.date())
    assert any(r["metric"] == EXTRA for r in report["data"]["trends"])
    assert "Conciseness" in report["markdown"]


def test_a_registered_metric_shows_on_the_overview_and_in_the_rule_editor(extra_metric, db):
    from streamlit.testing.v1 import AppTest

    from jobs.aggregate import refresh
    from store.schema import parse_record
    from store.thresholds import get_thresholds
    from tests.integration.dashboard.conftest import APP, clear_dashboard_caches, point_app_at

    now = datetime.now(timezone.utc)
    thresholds = get_thresholds(db)
    docs = []
    for i in range(30):
        raw = _raw(i, 0.7)
        raw["timestamp"] = (now - timedelta(days=i % 5, minutes=i)).isoformat()
        docs.append(parse_record(raw, thresholds, source="t").doc)
    db.records.insert_many(docs)
    refresh(db, full=True)
    point_app_at(db.client.address and f"mongodb://{db.client.address[0]}:{db.client.address[1]}/{db.name}")
    clear_dashboard_caches()
    at = AppTest.from_file(APP, default_timeout=60)
    at.run()
    at.switch_page("views/overview.py").run()
    assert not at.exception, [e.value for e in at.exception]
    labels = [m.label for m in at.metric]
    assert "Conciseness" in labels, labels
    at.switch_page("views/alerts.py").run()
    assert not at.exception, [e.value for e in at.exception]
    from dashboard.components.alert_format import RULES_TAB, TAB_KEY
    at.session_state[TAB_KEY] = RULES_TAB  # the rule editor's tab (each tab runs only when open)
    at.run()
    [metric_box] = [s for s in at.selectbox if s.label == "Metric"]
    assert EXTRA in metric_box.options or "Conciseness" in metric_box.options


# -- a judged metric is one catalog entry plus one module -------------------------------------------------------
JUDGED = "brevity"
CATALOG_ENTRY = f'''
register(Metric("{JUDGED}", "Brevity", "#72B7B2", 0.10, {{"default": 0.5}}, needs_context=False,
                description="answers no longer than they need to be"))
'''
MODULE = f'''"""{JUDGED}: short answers score higher (local), or the judge says how brief the answer is."""
from pydantic import BaseModel, Field

from evaluators.prompts import JudgePrompt
from evaluators.types import MetricEvaluator, Score


class BrevityVerdict(BaseModel):
    score: float = Field(ge=0.0, le=1.0)
    reason: str = ""


def brevity(p, chunk_relevance):
    n = len(p.answer.split())
    return Score(1.0 if n <= 40 else 0.3, f"{{n}} words")


METRIC = MetricEvaluator(
    "{JUDGED}",
    local=brevity,
    requires=(),
    prompt=JudgePrompt(schema=BrevityVerdict, template=(
        "QUESTION:\\n{{query}}\\n\\nANSWER:\\n{{answer}}\\n\\nHow brief is the ANSWER for what was asked "
        '(1.0 = nothing superfluous)? Return JSON: {{{{"score": float, "reason": str}}}}')),
    prompt_values=lambda p: {{"query": p.query, "answer": p.answer}},
    read_verdict=lambda v, p: Score(v.score, f"Judge: {{v.reason}}", {{"source": "judge"}}),
)
'''
SCRIPT = """
import json, sys
import evaluators
from evaluators.judge import Judge

q, a, ctx = "What is Section 103 BNS?", "Murder is punishable with death.", [
    "Section 103 BNS: murder is punishable with death or imprisonment for life."]
fast = evaluators.score_one(q, a, ctx)
judge = Judge(base_url=sys.argv[1], api_key="sk-test", model="gpt-4o-mini", timeout=10.0, max_retries=0)
thorough = evaluators.score_one(q, a, ctx, mode="thorough", judge=judge)
print(json.dumps({"fast": fast["evaluation"], "thorough": thorough["evaluation"],
                  "verdict": thorough["verdict"], "judged": thorough["details"]["judged_metrics"],
                  "details": thorough["details"]["%s"]}))
""" % JUDGED
PRODUCTION = ("core", "evaluators", "store", "jobs", "dashboard", "scripts", "settings.py")


def test_a_judged_metric_is_one_catalog_entry_and_one_module(tmp_path):
    """In a copy of the code, a judged metric is added with one catalog line and one module (2 files), and
    scoring in that copy registers it, scores it locally and asks the judge (a real HTTP server) for it."""
    import json
    import os
    import subprocess
    import sys

    from evaluators.onnx_export import models_root
    from tests.integration.code_copy import copy_code, file_hashes, touched
    from tests.integration.evaluators.conftest import Server

    copy = copy_code(tmp_path / "repo", PRODUCTION)
    before = file_hashes(copy)

    # the whole change: a catalog entry and a module
    with open(copy / "core" / "metrics.py", "a", encoding="utf-8") as f:
        f.write(CATALOG_ENTRY)
    (copy / "evaluators" / "metrics" / f"{JUDGED}.py").write_text(MODULE, encoding="utf-8")
    assert touched(copy, before) == ["core/metrics.py", f"evaluators/metrics/{JUDGED}.py"]
    assert set(before) <= set(file_hashes(copy))  # nothing removed

    server = Server()
    server.answers["How brief is the ANSWER"] = {"score": 0.2, "reason": "padded"}
    try:
        env = {**os.environ, "PYTHONPATH": str(copy), "EVALBOARD_MODEL_DIR": str(models_root())}
        run = subprocess.run([sys.executable, "-c", SCRIPT, server.url], cwd=copy, env=env, capture_output=True,
                             text=True, timeout=240)
    finally:
        server.close()
    assert run.returncode == 0, run.stderr[-3000:]
    out = json.loads(run.stdout.strip().splitlines()[-1])

    # fast mode: the module's local function, with the catalog's threshold
    assert out["fast"][JUDGED]["score"] == 1.0 and out["fast"][JUDGED]["reason"] == "5 words"
    assert out["fast"][JUDGED]["threshold"] == 0.5 and out["fast"][JUDGED]["passed"] is True
    # thorough mode: the judge was asked with the module's prompt and its reply read by the module
    assert JUDGED in out["judged"]
    assert out["thorough"][JUDGED]["score"] == 0.2 and out["thorough"][JUDGED]["reason"] == "Judge: padded"
    assert out["thorough"][JUDGED]["passed"] is False and JUDGED in out["verdict"]["failed_metrics"]
    assert out["details"]["source"] == "judge" and out["details"]["local"]["value"] == 1.0
    asked = [r["body"]["messages"][-1]["content"] for r in server.requests]
    assert sum("How brief is the ANSWER" in c for c in asked) == 1
    assert any("Murder is punishable with death." in c for c in asked if "How brief" in c)
