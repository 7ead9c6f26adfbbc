"""Releases (issue 21) on a small demo: version fields stored, release aggregates that add up and
are rebuilt idempotently per day, flipped queries, and the release rule — it fires on the new
release's regressions (clauses contextual recall, and arguments faithfulness whose incident starts
the day the release ships) and is quiet on the other features."""
from __future__ import annotations

import os
from datetime import datetime, timedelta, timezone

import pytest

from core import versions
from demo.generate import RELEASE_REGRESSION, RELEASES, generate_demo, plan_incidents
from store.collections import ALERTS, RECORDS, RELEASE_DAILY

END = datetime(2026, 11, 20, 15, 30, tzinfo=timezone.utc)
DAYS, PER_DAY, SEED = 8, 120, 11


@pytest.fixture(scope="module")
def demo_db(mongo_uri):
    from store.client import make_client
    from store.migrate import migrate
    from store.release_aggregates import refresh_release_aggregates

    client = make_client(mongo_uri)
    name = f"evalboard_releases_{os.getpid()}"
    db = client[name]
    migrate(db)
    generate_demo(db, days=DAYS, per_day=PER_DAY, seed=SEED, end=END)
    result = refresh_release_aggregates(db, None, now=END, tz="UTC")
    assert result["days"] == DAYS and result["documents"] > 0
    yield db
    client.drop_database(name)
    client.close()


def test_records_carry_versions_and_the_aggregates_add_up(demo_db):
    from store.release_readers import largest_document_bytes, side_totals, version_values

    db = demo_db
    names = [r[0] for r in RELEASES]
    assert version_values(db, "release") == names[::-1]  # newest first
    assert db[RECORDS].find_one({"release": names[-1]})["tags"] == RELEASES[-1][3]
    for name in names:
        totals = side_totals(db, "release", name)
        stored = db[RECORDS].count_documents({"release": name, "eb.rejected": None})
        assert totals["__all__"]["count"] == stored > 0
        per_feature = sum(t["count"] for f, t in totals.items() if f != "__all__")
        assert per_feature == stored
        hist = totals["__all__"]["metrics"]["faithfulness"]["hist"]
        assert sum(hist.values()) == totals["__all__"]["metrics"]["faithfulness"]["n"]
    everything = side_totals(db, "all", "*")["__all__"]["count"]
    assert everything == db[RECORDS].count_documents({"eb.rejected": None})
    assert largest_document_bytes(db) < 66_000  # the bound of docs/deploy.md


def test_rebuilding_a_day_is_idempotent_and_unversioned_records_are_counted(demo_db):
    from store.release_aggregates import refresh_release_aggregates
    from store.release_readers import side_totals

    db = demo_db
    day = END.date()
    stamps = {"bucket": 0, "counted_upto": 0, "computed_at": 0}  # when a recount ran, not what it counts
    before = {d["_id"]: d for d in db[RELEASE_DAILY].find({"day": day.isoformat()}, stamps)}
    refresh_release_aggregates(db, {day}, now=END, tz="UTC")
    refresh_release_aggregates(db, {day}, now=END, tz="UTC")
    after = {d["_id"]: d for d in db[RELEASE_DAILY].find({"day": day.isoformat()}, stamps)}
    assert after == before
    # a record without versions lands in "unversioned" once its day is rebuilt
    db[RECORDS].insert_one({"_id": "no-version", "query": "q", "feature": "chat", "timestamp": END.replace(hour=1),
                            "ingested_at": datetime.now(timezone.utc) - timedelta(seconds=1),  # adopted: counted
                            "eb": {"scores": {"faithfulness": 0.5}, "passed": False}})
    try:
        refresh_release_aggregates(db, {day}, now=END, tz="UTC")
        assert side_totals(db, "release", versions.UNVERSIONED)["chat"]["count"] == 1
    finally:
        db[RECORDS].delete_one({"_id": "no-version"})
        refresh_release_aggregates(db, {day}, now=END, tz="UTC")
    assert not side_totals(db, "release", versions.UNVERSIONED)


def test_older_releases_beyond_the_cap_are_summed_into_other(demo_db):
    from store.release_aggregates import refresh_release_aggregates
    from store.release_readers import side_totals, version_values

    db = demo_db
    names = [r[0] for r in RELEASES]
    oldest = side_totals(db, "release", names[0])["__all__"]["count"]
    try:
        refresh_release_aggregates(db, None, now=END, tz="UTC", cap=2)
        assert version_values(db, "release") == [names[2], names[1], versions.OTHER]
        assert side_totals(db, "release", versions.OTHER)["__all__"]["count"] == oldest
        assert db[RELEASE_DAILY].count_documents({"dim": "release", "value": names[0]}) == 0
    finally:
        refresh_release_aggregates(db, None, now=END, tz="UTC")
    assert version_values(db, "release") == names[::-1]


def test_side_filters_take_validated_values_only(demo_db):
    from store.release_compare import Side, side_match

    with pytest.raises(ValueError):
        side_match(demo_db, Side("release", "$gt"))
    with pytest.raises(ValueError):
        side_match(demo_db, Side("$where", "x"))
    assert side_match(demo_db, Side("release", versions.UNVERSIONED)) == {"release": None}


def test_flipped_queries_lead_with_drops_of_the_new_release(demo_db):
    from store.release_compare import Side, flipped_queries

    previous, last = RELEASES[-2][0], RELEASES[-1][0]
    rows = flipped_queries(demo_db, Side("release", previous), Side("release", last))
    drops = [r for r in rows if r["drop"]]
    assert drops and rows[: len(drops)] == drops  # drops first
    assert all(r["rate_a"] >= 0.5 > r["rate_b"] for r in drops)
    assert [r["rate_b"] - r["rate_a"] for r in drops] == sorted(r["rate_b"] - r["rate_a"] for r in drops)
    record = demo_db[RECORDS].find_one({"_id": drops[0]["record"]})
    assert record["release"] == last and record["eb"]["passed"] is False


def test_release_rule_fires_on_the_regression_and_is_quiet_elsewhere(demo_db):
    from jobs.release_alerts import evaluate_releases
    from core.release_rule import RELEASE_RULE_ID as RULE_ID
    from store.release_alerts import set_release_rule

    db = demo_db
    set_release_rule(db, {"min_records": 20}, "test")  # a small demo: ~40 records of the new release a feature
    _, feature, metric, _ = RELEASE_REGRESSION
    recent = [i for i in plan_incidents(DAYS, END) if i.key == "recent_regression"][0]
    expected = {feature, *recent.features}  # the release's regression + the incident it shipped with
    result = evaluate_releases(db, now=END)
    assert result["newest"][feature] == RELEASES[-1][0] and result["previous"][feature] == RELEASES[-2][0]
    assert set(result["flagged"]) == expected and result["opened"] == len(expected)
    alert = db[ALERTS].find_one({"rule_id": RULE_ID, "feature": feature})
    assert alert["state"] == "open" and "Contextual recall" in alert["message"]
    assert any(e["metric"] == metric and e["high"] < 0 for e in alert["evidence"])
    again = evaluate_releases(db, now=END)
    assert again["opened"] == 0 and again["still_open"] == len(expected)
    set_release_rule(db, {"min_mean_effect": 0.5, "min_rate_effect": 1.0}, "test")  # nothing is that large
    cleared = evaluate_releases(db, now=END)
    assert cleared["resolved"] == len(expected) and not cleared["flagged"]
    assert db[ALERTS].count_documents({"rule_id": RULE_ID, "state": "open"}) == 0


def test_release_rule_settings_are_validated():
    from store.errors import ValidationFailed
    from core.release_rule import validate_release_rule

    for bad in ({"min_records": 0}, {"min_records": "50"}, {"min_mean_effect": 2}, {"severity": "loud"},
                {"$set": 1}):
        with pytest.raises(ValidationFailed):
            validate_release_rule(bad)
    assert validate_release_rule({"min_rate_effect": 0}) == {"min_rate_effect": 0.0}


def test_weekly_report_releases_section_names_the_regression(demo_db):
    from core.timebuckets import week_start
    from jobs.release_report import releases_section, releases_summary

    rows = releases_summary(demo_db, week_start(END.date()), "UTC")
    assert rows[0]["release"] == RELEASES[-1][0] and rows[0]["previous"] == RELEASES[-2][0]
    _, feature, _, _ = RELEASE_REGRESSION
    assert any(w.startswith(f"{feature} Contextual recall ") for w in rows[0]["worse"]), rows[0]["worse"]
    assert not any(w.startswith("chat ") for w in rows[0]["worse"])
    text = "\n".join(releases_section(rows))
    assert "## Releases" in text and "/compare?by=release&a=2026.11&b=2026.12" in text
    assert "No versioned records" in "\n".join(releases_section([]))
