"""The demo's judge drift (demo/generate.py): the default agreement rules catch it and stay quiet before it.

From JUDGE_DRIFT_DAYS_AGO days before the end on, the demo's judge logs chat
faithfulness higher for the same answers. The real local scorer re-scores a daily
sample of chat records; the alert job replays every day, so an alert opened on a
day before the drift would show up here too.
"""
from __future__ import annotations

import os
from datetime import datetime, timezone

import pytest

from core import agreement as ag
from jobs.aggregate import refresh
from jobs.agreement import run_agreement
from jobs.alerts import evaluate
from demo.generate import generate_demo, plan_incidents
from store.agreement import latest_daily
from store.alerts import list_alerts, list_rules

END = datetime(2026, 3, 14, 15, 0, tzinfo=timezone.utc)
DAYS = 12


@pytest.fixture(scope="module")
def drifted_db(mongo_uri):
    """One drifted demo for the module (both tests only read it)."""
    from store.client import make_client
    from store.migrate import migrate

    client = make_client(mongo_uri)
    name = f"evalboard_agreement_demo_{os.getpid()}"
    db = client[name]
    migrate(db)
    generate_demo(db, days=DAYS, per_day=220, seed=7, end=END)
    refresh(db, full=True, now=END)
    counts = run_agreement(db, now=END, days=DAYS - 1, per_feature=100, features=("chat",), max_items=10**6)
    assert counts["scored"] > 500 and counts["failed"] == 0
    evaluate(db, now=END)
    (drift,) = [i for i in plan_incidents(DAYS, END) if i.key == "judge_drift"]
    yield db, drift
    client.drop_database(name)
    client.close()


def test_the_leniency_rule_catches_the_judge_drift_and_nothing_before_it(drifted_db):
    db, drifted = drifted_db
    rules = {r["_id"]: r for r in list_rules(db)}
    assert rules["rule:judge_leniency"]["enabled"] and rules["rule:judge_leniency"]["feature"] == "*"
    judge_alerts = [a for a in list_alerts(db) if a["rule_id"].startswith("rule:judge")]
    leniency = [a for a in judge_alerts if a["rule_id"] == "rule:judge_leniency"]
    assert [a["feature"] for a in leniency] == ["chat"] * len(leniency) and leniency
    for alert in judge_alerts:  # every agreement alert lies inside the drift
        assert all(e["bucket"].date() >= drifted.start for e in alert["evidence"]), alert["message"]
    assert "judge agreement" in leniency[0]["message"]


def test_the_figures_move_only_with_the_drift(drifted_db):
    db, drifted = drifted_db
    docs = latest_daily(db, "chat", 30)
    before = [d for d in docs if d["bucket"].date() < drifted.start]
    during = [d for d in docs if d["bucket"].date() >= drifted.start]
    assert len(before) >= ag.MIN_BASELINE_DAYS and len(during) >= 3
    mean_diff = lambda ds: sum(d["metrics"]["faithfulness"]["mean_diff"] for d in ds) / len(ds)  # noqa: E731
    assert mean_diff(during) - mean_diff(before) > 0.05  # the logged judge runs above the local scorer
