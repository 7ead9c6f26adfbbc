"""Alert rules allow for the judge's noise floor (issue 33 item 4, its second "Done when"): a pass rate one
point below a rule's limit, inside the judge's noise on that day's records, raises nothing; ten points below
raises an alert whose text names the noise floor. Without a measured noise floor the one-point drop alerts
(the floor is what keeps it quiet). Real aggregates and the real alerts job; days built from T0."""
from __future__ import annotations

from datetime import timedelta

import pytest

from core import noise as N
from store.collections import ALERT_RULES, ALERTS, JUDGE_NOISE

from .conftest import T0, store_raw
from .test_alert_causes import records

PER_DAY = 100
PASS_VAR = 0.05  # per-record variance of pass/fail from the judge: floor 1.96 * sqrt(0.05 / 100) = 4.4 points


def _setup(db, drop_points: int, *, with_noise: bool = True) -> str:
    from jobs.aggregate import refresh
    from store.alerts import upsert_rule

    db[ALERT_RULES].update_many({}, {"$set": {"enabled": False}})  # only the rule under test
    rule = upsert_rule(db, {"name": "Chat pass rate below 80%", "metric": "pass_rate", "statistic": "rate",
                            "comparison": "lt", "threshold": 0.80, "window_days": 1, "feature": "chat",
                            "severity": "warning", "channel": "qa", "min_count": 50}, "admin")
    data = []
    for day in range(3):  # 80 % on days 0 and 1 (at the limit: not below it), then the drop on day 2
        failing = 20 + (drop_points if day == 2 else 0)
        data += records("chat", day, PER_DAY, failing=failing)
    store_raw(db, data)
    refresh(db, full=True, now=T0 + timedelta(days=3, hours=12))
    if with_noise:
        db[JUDGE_NOISE].insert_one({"_id": "metric|chat|__verdict__", "kind": "metric", "feature": "chat",
                                    "metric": N.VERDICT, "runs": 3, "n": 40, "spread": None,
                                    "flip_rate": 2 * PASS_VAR, "pass_var": PASS_VAR})
    return rule["_id"]


def _alerts(db, rule_id: str) -> list[dict]:
    from jobs.alerts import evaluate

    evaluate(db, now=T0 + timedelta(days=3, hours=12))
    return list(db[ALERTS].find({"rule_id": rule_id}))


def test_a_one_point_drop_inside_the_noise_floor_raises_nothing(db):
    rule_id = _setup(db, 1)
    assert _alerts(db, rule_id) == []


def test_without_a_noise_floor_the_same_drop_alerts(db):
    rule_id = _setup(db, 1, with_noise=False)
    [alert] = _alerts(db, rule_id)
    assert "noise floor" not in alert["message"]


def test_a_ten_point_drop_alerts_and_names_the_noise_floor(db):
    rule_id = _setup(db, 10)
    [alert] = _alerts(db, rule_id)
    floor = N.Z95 * (PASS_VAR / PER_DAY) ** 0.5
    assert alert["value"] == pytest.approx(0.70)
    assert alert["noise_floor"] == pytest.approx(floor)
    assert f"judge's noise floor of ±{100 * floor:.1f} points" in alert["message"]
