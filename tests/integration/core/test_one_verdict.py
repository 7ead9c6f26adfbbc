"""One example, every surface: the Playground, the record view, Triage, the Features page and the
weekly report give the same verdict and the same diagnosis (core.verdict / core.diagnosis)."""
from __future__ import annotations

from datetime import datetime, timedelta, timezone

from core import diagnosis, metrics
from core.verdict import verdict

QUERY = "What is the punishment for murder under the BNS?"
ANSWER = ("According to Section 103 of BNS, murder is punishable with death or imprisonment for life. "
          "The court must also order a fine of 10 lakh rupees and the trial must end within 60 days.")
CONTEXT = ["Section 103 BNS — Punishment for murder: whoever commits murder shall be punished with death or "
           "imprisonment for life, and shall also be liable to fine."]
FEATURE = "clauses"


def _run(at):
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def test_one_record_one_verdict_one_diagnosis_everywhere(db):
    from streamlit.testing.v1 import AppTest

    from jobs.aggregate import refresh
    from jobs.report import run_report
    from store.reports import get_report
    from store.schema import parse_record
    from store.thresholds import get_thresholds
    from tests.integration.dashboard.conftest import APP, clear_dashboard_caches, point_app_at

    point_app_at(f"mongodb://{db.client.address[0]}:{db.client.address[1]}/{db.name}")

    # 1. the Playground scores the example: its headline and its "below threshold" list agree
    clear_dashboard_caches()
    at = AppTest.from_file(APP, default_timeout=120)
    _run(at)
    at.switch_page("views/playground.py")
    _run(at)
    at.selectbox(key="playground_feature").set_value(FEATURE)
    at.text_area(key="playground_query").input(QUERY)
    at.text_area(key="playground_answer").input(ANSWER)
    at.text_area(key="playground_contexts").input("\n\n".join(CONTEXT))
    at.button(key="playground_score").click()
    _run(at)
    table = next(d.value for d in at.dataframe if "Metric" in d.value.columns and "Reason" in d.value.columns)
    scores = {m: table.set_index("Metric").loc[metrics.label(m)]["Score"] for m in metrics.score_names()}
    scores = {m: (None if v != v else float(v)) for m, v in scores.items()}  # NaN -> None
    want = verdict(FEATURE, scores, get_thresholds(db))
    assert want.passed is False and "faithfulness" in want.failed_metrics  # the added fine and deadline
    result = next(m for m in at.metric if m.label == "Result")
    assert result.value == "❌ fail"
    badges = " ".join(str(m.value) for m in at.markdown)
    assert "Below threshold" in badges and all(metrics.label(m) in badges for m in want.failed_metrics)

    # 2. the same record as the product logs it, plus a week of its feature for the diagnosis
    now = datetime.now(timezone.utc).replace(microsecond=0)
    week_start = (now - timedelta(days=now.weekday() + 7)).replace(hour=10, minute=0, second=0)
    thresholds = get_thresholds(db)
    raws = [{"_id": "the-record", "query": QUERY, "answer": ANSWER, "context": CONTEXT, "feature": FEATURE,
             "timestamp": week_start.isoformat(), "regeneration_attempts": 0,
             "evaluation": {m: {"score": v} for m, v in scores.items() if v is not None}}]
    for i in range(40):  # relevant chunks, answers that stray: a generation problem for clauses
        raws.append({"_id": f"c{i}", "query": f"Clause {i}?", "answer": "a", "context": ["c"], "feature": FEATURE,
                     "timestamp": (week_start + timedelta(hours=3 * i)).isoformat(), "regeneration_attempts": 0,
                     "evaluation": {"faithfulness": {"score": 0.85 if i % 3 else 0.97},
                                    "answer_relevancy": {"score": 0.9}, "contextual_precision": {"score": 0.93},
                                    "contextual_recall": {"score": 0.9}}})
    db.records.insert_many([parse_record(r, thresholds, source="t").doc for r in raws])
    stored = db.records.find_one({"_id": "the-record"})["eb"]
    assert (stored["passed"], stored["failed_metrics"]) == (want.passed, want.failed_metrics)
    refresh(db, full=True)
    run_report(db, week=week_start.date().isoformat())

    # 3. Triage lists it as failing on the same metrics; the record view says the same
    clear_dashboard_caches()
    at = AppTest.from_file(APP, default_timeout=120)
    at.session_state["triage_open"] = "the-record"
    _run(at)
    at.switch_page("views/triage.py")
    _run(at)
    at.text_input(key="triage_search").input("punishment for murder under the BNS")
    _run(at)
    row = at.dataframe[0].value.iloc[0]
    assert row["Below threshold"] == ", ".join(metrics.label(m) for m in want.failed_metrics)
    record_view = " ".join(str(m.value) for m in at.markdown)
    assert "Failing" in record_view and all(metrics.label(m) in record_view for m in want.failed_metrics)

    # 4. the Features page and the weekly report give the same diagnosis for the feature
    at.switch_page("views/features.py")
    _run(at)
    at.session_state["features_start"] = week_start.date()
    from dashboard.components.page_tabs import FEATURE_DETAIL_TABS as DETAIL_TABS, FEATURE_DETAILS_KEY as DETAILS_KEY
    at.session_state[DETAILS_KEY] = DETAIL_TABS[1]  # the quadrant's tab, with the diagnosis table
    _run(at)
    frames = [d.value for d in at.dataframe if "Diagnosis" in d.value.columns]
    assert frames, "the Features page shows a diagnosis table"
    page_label = frames[0].set_index("Feature").loc[FEATURE]["Diagnosis"]
    report = get_report(db, week_start.date())["data"]["diagnosis"][FEATURE]
    week_docs = db.aggregates_weekly.find_one({"feature": FEATURE, "bucket": {"$lte": now}},
                                              sort=[("bucket", -1)])
    expected = diagnosis.diagnose(week_docs["quadrants"])
    assert report["label"] == expected.label == diagnosis.LABELS[diagnosis.GENERATION]
    assert expected.label in page_label
