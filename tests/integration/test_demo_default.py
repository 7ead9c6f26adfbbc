"""The default demo (`python -m jobs demo` with its defaults: 90 days, 400 records a day, seed 7), after
its first build (aggregate, agreement, alerts): what a new user sees must tell the truth.

- the open arguments regression (its last complete day: ~27 records, pass rate ~52 %) raises a
  per-feature alert, judged on its counts since the feature is too small for 50 records a day;
- the chat judge drift (logged faithfulness up, answers unchanged) raises the leniency alert;
- the weekly report's headline for the viability incident's week names that incident first.

One database for the module (about a minute on a loaded 2-core machine). The end is fixed at the
moment the issue was reported (Monday 2026-11-23 09:00 UTC: the last complete day is a Sunday).
The agreement sample is the one thing smaller than the defaults: chat only, 30 a day (the
leniency rule's minimum), so the real local scorer re-scores 420 records instead of ~10,000.
"""
from __future__ import annotations

import os
from datetime import date, datetime, timezone

import pytest

END = datetime(2026, 11, 23, 9, 0, tzinfo=timezone.utc)


@pytest.fixture(scope="module")
def default_demo(mongo_uri):
    from jobs.aggregate import refresh
    from jobs.agreement import run_agreement
    from jobs.alerts import evaluate
    from demo.generate import generate_demo, plan_incidents
    from store.client import make_client
    from store.migrate import migrate

    client = make_client(mongo_uri)
    name = f"evalboard_default_demo_{os.getpid()}"
    db = client[name]
    migrate(db)
    generate_demo(db, days=90, per_day=400, seed=7, end=END)  # the CLI's defaults
    refresh(db, full=True, now=END)
    counts = run_agreement(db, now=END, per_feature=30, features=("chat",), max_items=10**6)
    assert counts["failed"] == 0 and counts["waiting"] == 0
    evaluate(db, now=END)
    yield db, {i.key: i for i in plan_incidents(90, END)}
    client.drop_database(name)
    client.close()


def test_the_open_arguments_regression_raises_a_per_feature_alert(default_demo):
    from store.alerts import list_alerts

    db, incidents = default_demo
    regression = incidents["recent_regression"]
    mine = [a for a in list_alerts(db, ["open"]) if a["feature"] == "arguments"
            and a["rule_id"] in ("rule:feature_pass_rate", "rule:feature_regen_rate")]
    assert {a["rule_id"] for a in mine} >= {"rule:feature_pass_rate"}
    alert = next(a for a in mine if a["rule_id"] == "rule:feature_pass_rate")
    assert date.fromisoformat(alert["last_day"]) >= regression.start
    assert all(e["count"] < 50 for e in alert["evidence"])  # days the fixed minimum was blind to
    assert alert["evidence_mode"] in ("test", "pooled") and "judged" in alert["message"]
    assert alert["value"] < 0.65


def test_the_chat_judge_drift_raises_the_leniency_alert(default_demo):
    from core import agreement as ag
    from store.agreement import latest_daily
    from store.alerts import list_alerts

    db, incidents = default_demo
    drift = incidents["judge_drift"]
    leniency = [a for a in list_alerts(db) if a["rule_id"] == "rule:judge_leniency"]
    assert leniency and {a["feature"] for a in leniency} == {"chat"}
    assert any(a["state"] == "open" for a in leniency)
    assert all(e["bucket"].date() >= drift.start for a in leniency for e in a["evidence"])
    # the baseline has no holes: every sampled day with enough days before it has its change
    docs = latest_daily(db, "chat", 30)
    for i, doc in enumerate(docs):
        change = doc["metrics"]["faithfulness"].get("mean_diff_change")
        assert (change is not None) == (i >= ag.MIN_BASELINE_DAYS), doc["day"]
    # ... so every completed day of the drift is marked on the page
    drift_days = [d for d in docs if d["bucket"].date() >= drift.start]
    # ... so the drift is marked on the page: every drift day whose rise passes the rule's 0.05, and most
    # of them (with 30 sampled records a day one day of the six can fall inside the usual variation)
    marked = [d for d in drift_days if "mean_diff" in ag.is_marked(d["metrics"]["faithfulness"])]
    assert all(d in marked for d in drift_days if d["metrics"]["faithfulness"]["mean_diff_change"] > 0.05)
    assert drift_days and len(marked) >= len(drift_days) - 1


def test_the_report_headline_names_the_viability_incident_in_its_week(default_demo):
    from jobs.report import build, parse_week
    from jobs.report_render import headline

    db, incidents = default_demo
    drop = incidents["faithfulness_drop"]
    week = parse_week(drop.end, "UTC")
    data = build(db, week, "UTC")
    text = headline(data)
    assert text.startswith(f"Week of {week.isoformat()}: ")
    assert "incident" in text and "viability (critical)" in text
    assert text.index("viability") < text.index("answers")  # incidents first, then the numbers
    # a week with an incident is never called healthy (issue 34 adds "..., so not healthy" when the pass
    # rate is under the rule: saying so is fine)
    assert "healthy" not in text.replace("not healthy", "")


def test_the_judge_drift_week_calls_the_logged_rise_a_possible_judge_change(default_demo):
    from jobs.report import build, parse_week
    from jobs.report_render import headline, judge_change, render_markdown

    db, incidents = default_demo
    drift = incidents["judge_drift"]
    week = parse_week(drift.start, "UTC")
    data = build(db, week, "UTC")
    [chat] = [r for r in data["trends"] if r["feature"] == "chat" and r["metric"] == "faithfulness"]
    assert chat["change"] > 0  # the logged scores rose ...
    assert judge_change(chat, data["agreement"])  # ... and the independent re-score did not
    text = headline(data)
    assert "chat (" in text or "chat:" in text  # the leniency alert is one of the week's incidents
    if chat["flagged"]:
        assert "chat faithfulness: possible judge change" in text
        assert "possible judge change, not an improvement" in render_markdown(data)


def test_the_demo_holds_no_personal_data_so_the_privacy_stage_changes_nothing(default_demo):
    """The demo's legal text (sections, citations, amounts, case numbers) is not mistaken for personal data:
    the stage (on by default) replaced nothing and counted nothing (issue 31)."""
    db, _incidents = default_demo
    assert db.records.count_documents({"eb.redactions": {"$exists": True}}) == 0
    assert db.privacy_daily.count_documents({}) == 0
    assert db.rejected.count_documents({"original_sha256": {"$exists": True}}) == 0
