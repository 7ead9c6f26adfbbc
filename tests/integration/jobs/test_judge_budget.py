"""The judge's daily budget and the cascade (issue 33 item 2 and its first "Done when"): with $0.50 a day on the
14-day demo (1-2 records per feature and day sampled, to stay short) and the local chat-completions server
reporting fixed per-call token counts, the day's recorded spend is at most $0.50 plus one call, every record
the cascade would have judged after that keeps its local score with the reason "budget", and one notification
says the budget was reached (a second run the same day sends none). `now` is pinned."""
from __future__ import annotations

from datetime import timedelta

import pytest

from core import cascade as C
from core.budget_rule import JUDGE_BUDGET_ID
from settings import reset_settings
from store.collections import ALERTS, NOTIFICATIONS, RECORDS
from store.judge_spend import day_rows, totals_by_day

from .conftest import T0

NOW = T0 + timedelta(days=20, hours=10)
TOKENS = (1000, 200)               # each call: 1000 tokens in, 200 out ...
PRICES = ("0.01", "0.03")          # ... at $0.01 / $0.03 per 1k: $0.016 a call
ONE_CALL = 1000 * 0.01 / 1000 + 200 * 0.03 / 1000


@pytest.fixture
def server():
    from tests.integration.evaluators.conftest import Server

    s = Server()
    s.usage = TOKENS
    yield s
    s.close()


@pytest.fixture
def judged(db, server, monkeypatch):
    from demo.generate import generate_demo

    generate_demo(db, days=14, per_day=12, seed=5, end=NOW)
    for name, value in {"OPENAI_BASE_URL": server.url, "EVALBOARD_JUDGE_MAX_RETRIES": "0",
                        "EVALBOARD_JUDGE_INPUT_COST_PER_1K": PRICES[0], "EVALBOARD_JUDGE_OUTPUT_COST_PER_1K": PRICES[1],
                        "EVALBOARD_JUDGE_BUDGET_USD": "0.50", "EVALBOARD_WEBHOOK_URL": "http://127.0.0.1:9/hook"}.items():
        monkeypatch.setenv(name, value)
    reset_settings()
    return db


def _reasons(db) -> dict[str, int]:
    out: dict[str, int] = {}
    for doc in db[RECORDS].find({"rescored.sample": {"$exists": True}}, {"rescored.details.cascade": 1}):
        reason = doc["rescored"]["details"]["cascade"]["reason"]
        out[reason] = out.get(reason, 0) + 1
    return out


def test_a_daily_budget_caps_the_spend_and_notifies_once(judged, server):
    from jobs.agreement import run_agreement

    counts = run_agreement(judged, NOW, days=14, per_feature=1)
    assert counts["kind"] == "judge" and counts["scored"] > 40
    reasons = _reasons(judged)
    assert reasons.get(C.BUDGET, 0) > 0 and reasons.get(C.LOCAL, 0) > 0  # the cascade kept clear verdicts local
    assert sum(reasons.get(r, 0) for r in C.JUDGED_REASONS) > 0
    days = totals_by_day(judged, "2000-01-01", "2100-01-01")
    assert list(days) == [NOW.date().isoformat()]  # paid on the day the job ran
    costs = [d["rescored"]["details"]["cascade"]["cost_usd"] for d in judged[RECORDS].find(
        {"rescored.details.cascade.judged": True}, {"rescored.details.cascade": 1})]
    for day in days.values():  # near the cap no record is opened whose usual cost would not fit
        assert 0.50 - max(costs) <= day["cost_usd"] <= 0.50 + ONE_CALL + 1e-9
        assert day["calls"] == len(server.requests)
        assert day["reasons"][C.BUDGET] == reasons[C.BUDGET]  # the ledger says what was skipped
    # judged records cost something; "budget" and "local" ones nothing
    for doc in judged[RECORDS].find({"rescored.sample": {"$exists": True}}, {"rescored.details.cascade": 1}):
        cascade = doc["rescored"]["details"]["cascade"]
        assert (cascade["cost_usd"] > 0) == (cascade["reason"] in C.JUDGED_REASONS), cascade
    alerts = list(judged[ALERTS].find({"rule_id": JUDGE_BUDGET_ID}))
    assert len(alerts) == 1 and "Judge budget reached" in alerts[0]["message"] and "$0.50" in alerts[0]["message"]
    assert judged[NOTIFICATIONS].count_documents({"alert_id": alerts[0]["_id"]}) == 1

    sent = len(server.requests)  # the same day again (more records to sample): no call, no second notification
    run_agreement(judged, NOW + timedelta(hours=2), days=14, per_feature=2, full=True)
    assert len(server.requests) == sent
    assert judged[NOTIFICATIONS].count_documents({"payload.rule_id": JUDGE_BUDGET_ID}) == 1
    assert sum(r["reasons"].get(C.BUDGET, 0) for r in day_rows(judged, NOW.date().isoformat())) > reasons[C.BUDGET]


def test_without_a_budget_the_cascade_sends_only_what_matters(judged, server, monkeypatch):
    from jobs.agreement import run_agreement

    monkeypatch.delenv("EVALBOARD_JUDGE_BUDGET_USD")
    reset_settings()
    run_agreement(judged, NOW, days=3, per_feature=4)
    reasons = _reasons(judged)
    assert C.BUDGET not in reasons and reasons.get(C.LOCAL, 0) > 0
    judged_n = sum(reasons.get(r, 0) for r in C.JUDGED_REASONS)
    assert 0 < judged_n < sum(reasons.values())
    assert not list(judged[ALERTS].find({"rule_id": JUDGE_BUDGET_ID}))
