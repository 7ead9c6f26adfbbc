"""A judge-drift alert drills into the records whose logged verdict and independent verdict differ (issue 34):
a lenient logged judge's drift is about passing records the independent re-score fails, not failing ones."""
from __future__ import annotations

from datetime import date, datetime, timezone

from store.collections import RECORDS

NOW = datetime(2026, 11, 20, 12, 0, tzinfo=timezone.utc)


def _raw(i: int, faithfulness: float) -> dict:
    return {"_id": f"j{i}", "query": f"q{i}", "answer": "a", "context": ["c"], "feature": "chat",
            "timestamp": NOW.replace(hour=i).isoformat(),
            "evaluation": {"faithfulness": {"score": faithfulness}, "answer_relevancy": {"score": 0.9},
                           "contextual_precision": {"score": 0.9}, "contextual_recall": {"score": 0.9}}}


def test_the_drilldown_opens_the_records_the_verdicts_differ_on(db):
    from core.agreement import drift_direction
    from jobs.ingest import Writer
    from store.scores import write_score_results
    from store.thresholds import get_thresholds
    from store.triage import build_filter, list_records

    writer = Writer(db, "product")
    for i, score in enumerate((0.95, 0.95, 0.95, 0.2, 0.2)):  # j0-j2 logged passing, j3-j4 logged failing
        writer.add(_raw(i, score))
    writer.close()
    independent = {"j0": False, "j1": True, "j2": False, "j3": True, "j4": False}  # the independent verdicts
    docs = list(db[RECORDS].find())
    results = {d["_id"]: {"evaluation": {"faithfulness": {"score": 0.9 if independent[d["_id"]] else 0.3}},
                          "verdict": {"passed": independent[d["_id"]]}} for d in docs}
    write_score_results(db, docs, results, by="agreement", evaluator_version="t", thresholds=get_thresholds(db),
                        mark={"day": "2026-11-20", "kind": "sample"})
    assert db[RECORDS].find_one({"_id": "j0"})["eb"]["passed"] is True  # the logged verdict stays the effective one

    def ids(direction: str) -> set[str]:
        filt = build_filter(start=date(2026, 11, 20), end=date(2026, 11, 20), feature="chat", disagree=direction,
                            now=NOW)
        return {r["_id"] for r in list_records(db, filt)}

    alert = {"statistic": "mean_diff", "value": 0.12, "feature": "chat"}  # the logged judge more lenient
    assert drift_direction(alert) == "lenient" and ids("lenient") == {"j0", "j2"}
    assert drift_direction({**alert, "value": -0.1}) == "strict" and ids("strict") == {"j3"}
    assert drift_direction({"statistic": "rate", "value": 0.5}) is None  # not a judge-agreement alert
