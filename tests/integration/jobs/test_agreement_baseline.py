"""The agreement baseline has no holes: a first run that reaches the newest days before the older
ones (capped batches, newest first) still gives every day with enough sampled days before it its
change against the baseline, once those days are sampled (real scorer, real server, tiny samples)."""
from __future__ import annotations

from datetime import timedelta

from core import agreement as ag
from core.features import ALL_FEATURES as ALL
from jobs.agreement import run_agreement
from store.agreement import get_agreement
from tests.integration.jobs.conftest import T0

DAYS = 8
NOW = T0 + timedelta(days=DAYS, hours=6)  # days 0..7 complete


def test_capped_first_runs_leave_no_day_without_its_change(db, messy):
    messy(n=160, days=DAYS)
    runs = 0
    while True:  # what the ticks do after a first start: a few capped batches, newest days first
        counts = run_agreement(db, now=NOW, days=DAYS, per_feature=1, max_items=4)
        runs += 1
        if counts["waiting"] == 0 or runs > 20:
            break
    assert runs > 2  # the newest days really were figured before the oldest were sampled
    docs = [d for d in get_agreement(db, "day", T0.date(), (T0 + timedelta(days=DAYS)).date(), [ALL])]
    assert len(docs) == DAYS
    for i, doc in enumerate(docs):
        change = doc["metrics"][ag.VERDICT].get("flip_rate_change")
        if i >= ag.MIN_BASELINE_DAYS:
            assert change is not None, doc["day"]  # the days before it are its baseline
        else:
            assert change is None  # too few days before it: no baseline (the page says so)
