"""Weekly report with the real embedding model: trends, patterns, diagnosis, recommendations, exports."""
from __future__ import annotations

import random
import subprocess
import sys
from datetime import timedelta
from pathlib import Path

from jobs.aggregate import refresh
from jobs.report import run_report
from store.reports import get_report, list_reports

from .conftest import T0, store_raw

REPO = Path(__file__).resolve().parents[3]
MURDER = ["What is the punishment for murder under the BNS?", "What punishment does the BNS give for murder?",
          "Punishment for murder under BNS section 103?", "How is murder punished under the Bharatiya Nyaya Sanhita?"]
OTHER = ["How do I draft a rental agreement clause on notice period?", "Can a cheque bounce case be settled?",
         "What is the limitation period for a civil suit?"]


def make_week(week: int, rng: random.Random, bad: bool) -> list[dict]:
    out = []
    for i in range(40):
        feature = "chat" if i % 2 else "viability"
        faith, prec = 0.93, 0.9
        if bad and feature == "chat":
            faith = 0.45  # generation problem: good context, unsupported claims
        if bad and feature == "viability":
            prec = 0.4  # retrieval problem: faithful answers over poor context
        query = (MURDER if feature == "chat" else OTHER)[i % (4 if feature == "chat" else 3)]
        if bad and i == 3:
            query = "<script>alert('x')</script> | *bold* what?"
        out.append({
            "_id": f"w{week}_{i}", "query": f"{query}", "answer": "a", "context": ["c"], "feature": feature,
            "timestamp": (T0 + timedelta(weeks=week, days=i % 7, hours=i % 11)).isoformat(),
            "regeneration_attempts": 0,
            "evaluation": {"faithfulness": {"score": round(faith + rng.uniform(-0.02, 0.02), 3)},
                           "answer_relevancy": {"score": 0.9}, "contextual_recall": {"score": 0.9},
                           "contextual_precision": {"score": round(prec + rng.uniform(-0.02, 0.02), 3)}}})
    return out


def test_weekly_report(db, monkeypatch, tmp_path):
    rng = random.Random(1)
    raws = []
    for week in range(5):
        raws += make_week(week, rng, bad=(week == 4))
    store_raw(db, raws)
    report_week = (T0 + timedelta(weeks=4, days=2)).date()
    refresh(db)  # the tick runs the aggregate job before the report job
    result = run_report(db, week=report_week.isoformat())
    assert result["week_start"] == (T0 + timedelta(weeks=4)).date().isoformat()
    doc = get_report(db, result["week_start"])
    data = doc["data"]
    trend = {(r["feature"], r["metric"]): r for r in data["trends"]}
    assert trend[("chat", "faithfulness")]["flagged"] and trend[("chat", "faithfulness")]["change"] < -0.4
    assert not trend[("chat", "answer_relevancy")]["flagged"]
    assert trend[("viability", "contextual_precision")]["flagged"]
    assert data["diagnosis"]["chat"]["verdict"] == "generation"
    assert data["diagnosis"]["chat"]["label"] == "Generation problem"
    assert data["diagnosis"]["viability"]["verdict"] == "retrieval"
    assert data["patterns"]["chat"]["top"] == "faithfulness"
    assert data["patterns"]["viability"]["top"] == "contextual_precision"
    groups = data["clusters"]["groups"]
    assert data["clusters"]["method"] == "embedding"
    murder = [g for g in groups if "murder" in g["example"].lower()]
    # the 19 failing murder questions (4 phrasings) land in at most two groups, apart from the others
    assert 1 <= len(murder) <= 2 and sum(g["count"] for g in murder) == 19
    assert all(g["features"] == ["chat"] for g in murder)
    assert sum(g["count"] for g in groups) == data["clusters"]["considered"] == 40
    assert len(data["lowest"]) == 10 and data["lowest"][0]["overall"] <= data["lowest"][-1]["overall"]
    recs = "\n".join(data["recommendations"])
    assert "Prompt tuning for **chat**" in recs and "Retrieval tuning for **viability**" in recs
    assert "Investigate the drop in faithfulness for chat" in recs
    # ranked by impact (share of failing answers x severity), one paragraph per kind of problem
    ranking = data["recommendation_ranking"]
    assert [r["text"] for r in ranking] == data["recommendations"]
    assert [r["impact"] for r in ranking] == sorted((r["impact"] for r in ranking), reverse=True)
    assert ranking[0]["kind"] == "generation" and ranking[0]["features"] == ["chat"]
    assert ranking[0]["share"] == 0.5 and ranking[0]["impact"] == 0.5  # 20 of 40 failing answers x 1.0
    assert ranking[1]["kind"] == "retrieval" and ranking[1]["impact"] == 0.4  # 20 of 40 x 0.8
    kinds = [r["kind"] for r in ranking]
    assert len(kinds) == len(set(kinds)) and recs.count("Investigate") == 1
    # the HTML report carries its charts inline (no network), and each lowest query opens Triage
    assert doc["html"].count("<svg") == 2 and "Pass rate per week" in doc["html"]
    assert "<script" not in doc["html"] and "cdn" not in doc["html"].lower()
    assert doc["html"].index("<svg") < doc["html"].index("<h2>Trends")
    assert "/triage?record=w4_" in doc["markdown"] and 'href="http://127.0.0.1:8501/triage?record=w4_' in doc["html"]
    # user text is escaped in both exports
    assert "<script>" not in doc["html"] and "&lt;script&gt;" in doc["html"]
    assert "<table>" in doc["html"] and "## Recommendations" in doc["markdown"]
    md = doc["markdown"]  # key changes and recommendations come before the detail tables
    assert md.index("## Key changes") < md.index("## Recommendations") < md.index("## Trends")
    assert list_reports(db)[0]["headline"] == doc["headline"] and "pass rate" in doc["headline"]
    # re-running replaces, never duplicates
    run_report(db, week=report_week.isoformat())
    assert len(list_reports(db)) == 1

    # the worker backfills the past weeks a few per tick, newest first, once nothing else waits
    from jobs.report_requests import BACKFILL_PER_TICK, run_requested

    tick_time = T0 + timedelta(weeks=5, days=3)  # the last complete week is week 4, already built
    first = run_requested(db, now=tick_time)
    assert first["backfilled"] == BACKFILL_PER_TICK == 2
    assert [r["_id"] for r in list_reports(db)] == [(T0 + timedelta(weeks=w)).date().isoformat() for w in (4, 3, 2)]
    assert run_requested(db, now=tick_time)["backfilled"] == 2
    assert run_requested(db, now=tick_time) == {"built": 0, "failed": 0, "backfilled": 0, "backfill_failed": 0,
                                                "backlog": 0, "skipped": True}
    assert len(list_reports(db)) == 5

    # the command line: stored and exported as Markdown and HTML
    env_dir = tmp_path / "data"
    monkeypatch.setenv("EVALBOARD_DATA_DIR", str(env_dir))
    proc = subprocess.run([sys.executable, "-m", "jobs", "run-once", "report", "--week", "2026-03-09"],
                          cwd=REPO, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert (env_dir / "reports" / "evalboard-week-2026-03-09.md").read_text().startswith("# Evalboard weekly report")
    assert (env_dir / "reports" / "evalboard-week-2026-03-09.html").is_file()
    bad = subprocess.run([sys.executable, "-m", "jobs", "run-once", "report", "--week", "not-a-date"],
                         cwd=REPO, capture_output=True, text=True, timeout=300)
    assert bad.returncode == 1 and "YYYY-MM-DD" in bad.stdout + bad.stderr
