"""Adding a metric is one catalog entry plus one evaluator function.

A fixture registers `conciseness` in core.metrics and a local evaluator for it;
the test follows it through scoring, `eb.scores`, the verdict, the daily
aggregates, the Overview KPI row (AppTest), the rule editor's choices and the
weekly report, without any other change.
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
    [metric_box] = [s for s in at.selectbox if s.label == "Metric"]
    assert EXTRA in metric_box.options or "Conciseness" in metric_box.options
