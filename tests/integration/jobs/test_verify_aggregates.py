"""verify-aggregates checks everything the records are the source of — daily, weekly and release
aggregates — reports drift per kind and repairs each; a half-finished refresh is reported as pending,
not drift; the aggregate job's daily sampled recount raises a health alert on drift."""
from __future__ import annotations

import random
from datetime import datetime, timedelta, timezone

import pytest

from core.label_rule import AGGREGATE_DRIFT_ID
from jobs.aggregate import SAMPLE_STATE, refresh, verify_aggregates
from store import aggregate_delta as agg_delta
from store.collections import AGG_DAILY_VALUES, AGG_WEEKLY, ALERTS, RELEASE_DAILY
from store.state import set_state

from .conftest import T0
from .test_aggregate import check_all
from . import test_release_aggregate_faults as release_faults
from .test_release_aggregate_faults import _arrive, check_releases

built = release_faults.built  # the fixture: versioned records, daily and release aggregates built


def _drift(db):
    day = (T0 + timedelta(days=1)).date().isoformat()
    db[AGG_DAILY_VALUES].update_one({"_id": f"{day}|__all__"}, {"$inc": {"count": 5, "passed": 5}})
    week = db[AGG_WEEKLY].find_one({"feature": "chat"})
    db[AGG_WEEKLY].update_one({"_id": week["_id"]}, {"$inc": {"count": 3}})
    release = db[RELEASE_DAILY].find_one({"dim": "release", "feature": "__all__"})
    db[RELEASE_DAILY].update_one({"_id": release["_id"]}, {"$inc": {"count": 2, "metrics.faithfulness.n": 2}})


def test_drift_in_each_kind_is_found_and_repaired(built):
    db = built
    _drift(db)
    found = verify_aggregates(db)
    assert {k: v["drifted"] for k, v in found["kinds"].items()} == {"daily": 1, "weekly": 1, "release": 1}
    assert found["drifted"] == 3 and found["pending"] == 0 and found["repaired"] == 0
    fixed = verify_aggregates(db, repair=True)
    assert {k: v["repaired"] for k, v in fixed["kinds"].items()} == {"daily": 1, "weekly": 1, "release": 1}
    assert verify_aggregates(db)["drifted"] == 0
    check_all(db)
    check_releases(db)


class Killed(Exception):
    pass


def test_a_crashed_refresh_is_pending_not_drift_and_the_next_refresh_completes_it(built):
    db = built
    _arrive(db, random.Random(4), 5000, n=40)

    def hook(name):
        if name == "watermark":  # the per-day documents moved, the watermark not yet
            raise Killed(name)
    agg_delta.FAULT_HOOK = hook
    try:
        with pytest.raises(Killed):
            refresh(db)
    finally:
        agg_delta.FAULT_HOOK = None
    between = verify_aggregates(db)
    assert between["drifted"] == 0, between["examples"]
    refresh(db)
    after = verify_aggregates(db)
    assert after["drifted"] == 0 and after["pending"] == 0
    check_all(db)
    check_releases(db)


def test_the_daily_sampled_recount_raises_and_resolves_a_health_alert(built):
    db = built
    now = datetime.now(timezone.utc)
    set_state(db, SAMPLE_STATE, at=now - timedelta(days=2))  # the last sample is older than a day
    newest = db[AGG_DAILY_VALUES].find_one({"feature": "__all__"}, sort=[("bucket", -1)])
    db[AGG_DAILY_VALUES].update_one({"_id": newest["_id"]}, {"$inc": {"count": 4}})  # the newest week is sampled
    result = refresh(db)
    assert result["sample_drifted"] >= 1
    alert = db[ALERTS].find_one({"rule_id": AGGREGATE_DRIFT_ID})
    assert alert["state"] == "open" and "verify-aggregates --repair" in alert["message"]
    from jobs.alerts import evaluate
    evaluate(db)  # the rule sweep leaves the health alert alone
    assert db[ALERTS].find_one({"_id": alert["_id"]})["state"] == "open"
    verify_aggregates(db, repair=True)
    set_state(db, SAMPLE_STATE, at=now - timedelta(days=2))
    assert refresh(db)["sample_drifted"] == 0
    assert db[ALERTS].find_one({"_id": alert["_id"]})["state"] == "resolved"
