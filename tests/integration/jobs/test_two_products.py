"""Two products in one console (issue 34): the demo (releases 2026.10-2026.12) and a second product's
log (feature "leases", releases r1-r3 with their own dates, r1 before and r3 after the demo's newest).
Releases are ordered within their product line, so the second product's releases never become a demo
feature's newest or previous: every demo release alert stays open with its Compare link unchanged."""
from __future__ import annotations

import os
from datetime import date, datetime, timezone

import pytest

from core import versions
from demo.generate import RELEASES, build_payloads, generate_demo
from store.collections import ALERTS

END = datetime(2026, 11, 20, 15, 30, tzinfo=timezone.utc)
DAYS, PER_DAY, SEED = 8, 120, 11
SECOND = "leases"
MODELS = ("m-alpha", "m-beta", "m-gamma", "m-delta", "m-eps", "m-zeta")
# r1 before every demo release, r2 between 2026.11 and 2026.12, r3 after 2026.12 (first seen last)
SECOND_RELEASES = ((date(2026, 11, 13), "r1"), (date(2026, 11, 16), "r2"), (date(2026, 11, 20), "r3"))


def second_product_payloads() -> list[dict]:
    payloads, _ = build_payloads(days=DAYS, per_day=40, seed=5, end=END)
    out = []
    for i, p in enumerate(q for q in payloads if "demo_malformed" not in q):
        day = date.fromisoformat(p["timestamp"][:10])
        release = [name for first, name in SECOND_RELEASES if first <= day][-1]
        out.append({**{k: v for k, v in p.items() if k not in ("prompt_version", "tags")},
                    "_id": f"second_{i}", "session_id": f"second_{p['session_id']}", "feature": SECOND,
                    "release": release, "model": MODELS[i % len(MODELS)]})
    return out


@pytest.fixture(scope="module")
def two_db(mongo_uri):
    from store.client import make_client
    from store.migrate import migrate
    from store.release_aggregates import refresh_release_aggregates
    from store.release_alerts import set_release_rule

    client = make_client(mongo_uri)
    name = f"evalboard_two_products_{os.getpid()}"
    db = client[name]
    migrate(db)
    generate_demo(db, days=DAYS, per_day=PER_DAY, seed=SEED, end=END)
    refresh_release_aggregates(db, None, now=END, tz="UTC")
    set_release_rule(db, {"min_records": 20}, "test")  # a small demo
    yield db
    client.drop_database(name)
    client.close()


def _demo_alerts(db) -> dict:
    from core.release_rule import RELEASE_RULE_ID as RULE_ID
    return {a["_id"]: a for a in db[ALERTS].find({"rule_id": RULE_ID, "feature": {"$ne": SECOND}})}


def test_a_second_product_never_closes_or_changes_a_demo_release_alert(two_db):
    from jobs.ingest import Writer
    from jobs.release_alerts import evaluate_releases
    from store.release_aggregates import refresh_release_aggregates
    from store.release_readers import line_orders

    db = two_db
    first = evaluate_releases(db, now=END)
    before = _demo_alerts(db)
    assert first["opened"] >= 2 and before  # the demo's regressions (clauses, arguments)
    assert all(a["state"] == "open" and a["compare"] == {"by": "release", "a": "2026.11", "b": "2026.12"}
               for a in before.values())

    writer = Writer(db, "second-product")
    for payload in second_product_payloads():
        writer.add(payload)
    assert writer.close().ingested > 300
    refresh_release_aggregates(db, None, now=END, tz="UTC")

    orders = line_orders(db)
    assert orders[SECOND] == ["r3", "r2", "r1"]  # first-seen order within its own line
    demo = [r[0] for r in RELEASES][::-1]
    for feature, order in orders.items():
        if feature != SECOND:
            assert order == [r for r in demo if r in order], (feature, order)  # no r* in a demo feature's line

    after = evaluate_releases(db, now=END)
    assert after["resolved"] == 0
    assert after["pairs"][SECOND] == ("r2", "r3")
    assert all(p == ("2026.11", "2026.12") for f, p in after["pairs"].items() if f != SECOND)
    now_alerts = _demo_alerts(db)
    assert set(now_alerts) == set(before)
    for key, alert in now_alerts.items():
        assert alert["state"] == "open" and alert["compare"] == before[key]["compare"]
        assert (alert["release"], alert["previous_release"]) == ("2026.12", "2026.11")


def test_overview_suggestion_names_two_releases_of_one_feature(two_db):
    from store.release_aggregates import top_values
    from store.release_readers import line_orders

    orders = line_orders(two_db)
    recent = [v["value"] for v in top_values(two_db, "release")]
    line, a, b = versions.suggested_pair(orders, recent)
    assert a in orders[line] and b in orders[line]
    assert versions.suggested_pair(orders, recent, "clauses") == ("clauses", "2026.11", "2026.12")
    assert versions.suggested_pair(orders, recent, SECOND) == (SECOND, "r2", "r3")


def test_an_alert_resolves_when_its_own_releases_are_no_longer_apart(two_db):
    from jobs.release_alerts import evaluate_releases
    from store.release_alerts import set_release_rule

    db = two_db
    evaluate_releases(db, now=END)
    open_before = [k for k, a in _demo_alerts(db).items() if a["state"] == "open"]
    set_release_rule(db, {"min_mean_effect": 0.5, "min_rate_effect": 1.0}, "test")  # nothing is that large
    try:
        result = evaluate_releases(db, now=END)
        assert result["resolved"] >= len(open_before) > 0
        for key in open_before:
            alert = db[ALERTS].find_one({"_id": key})
            assert alert["state"] == "resolved" and "no longer worse than 2026.11" in alert["cleared"]
    finally:
        set_release_rule(db, {"min_mean_effect": 0.03, "min_rate_effect": 0.05}, "test")
