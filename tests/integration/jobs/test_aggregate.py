"""Aggregates against the real server, checked number by number with pandas from the raw records."""
from __future__ import annotations

import math
from datetime import datetime, timedelta, timezone

import numpy as np
import pytest
import pandas as pd
from zoneinfo import ZoneInfo

from jobs.aggregate import refresh
from jobs.runner import run_once
from store.aggregates import get_aggregates, list_features
from store.collections import AGG_DAILY, AGG_DAILY_VALUES, AGG_WEEKLY, RECORDS
from core import metrics
from core.verdict import verdict
from store.errors import ValidationFailed
from store.thresholds import get_thresholds, set_thresholds

from .conftest import T0, raw_record, store_raw  # noqa: F401


# Percentiles come from histograms of 0.001 bins (store/aggregate_counts.py): the pandas percentile of the raw
# scores is matched to 0.001 (was: exactly, when every score was kept)
PERCENTILE_TOLERANCE = 0.001


def expected(db, granularity: str, tz: str = "UTC") -> dict[str, dict]:
    """Every aggregate recomputed with pandas from the stored records."""
    thresholds = get_thresholds(db)
    rows = []
    for doc in db[RECORDS].find():
        if doc["eb"].get("needs_scoring") or doc["eb"].get("rejected"):
            continue  # waits for its first scores (or was rejected): not counted yet (store.aggregate_counts.COUNTED)
        row = {"feature": doc["feature"], "timestamp": doc["timestamp"], "regen": doc.get("regeneration_attempts")}
        row.update({m: doc["eb"]["scores"].get(m) for m in metrics.score_names()})
        rows.append(row)
    df = pd.DataFrame(rows)
    ts = pd.to_datetime(df["timestamp"], utc=True).dt.tz_convert(tz)
    df["bucket"] = ts.dt.floor("D")
    if granularity == "week":
        df["bucket"] = df["bucket"] - pd.to_timedelta(ts.dt.weekday, unit="D")
    df["own_feature"] = df["feature"]  # thresholds follow each record's own feature, also in __all__
    both = pd.concat([df, df.assign(feature="__all__")])
    out = {}
    for (bucket, feature), g in both.groupby(["bucket", "feature"]):
        limits_of = [thresholds.get(f) or thresholds["default"] for f in g["own_feature"]]
        below = np.zeros(len(g), dtype=int)
        present = np.zeros(len(g), dtype=int)
        stats = {}
        for m in metrics.score_names():
            values = g[m].astype(float)
            limit = np.array([lim[m] for lim in limits_of])
            ok = values.notna().to_numpy()
            present += ok
            below += (ok & (values.to_numpy() < limit)).astype(int)
            n = int(ok.sum())
            vals = values.dropna().to_numpy()
            stats[m] = {
                "n": n, "mean": vals.mean() if n else None,
                "p10": np.percentile(vals, 10, method="inverted_cdf") if n else None,
                "p50": np.percentile(vals, 50, method="inverted_cdf") if n else None,
                "p90": np.percentile(vals, 90, method="inverted_cdf") if n else None,
                "pass_rate": float((values.to_numpy()[ok] >= limit[ok]).mean()) if n else None,
            }
        regen = g["regen"].dropna().astype(float)
        # the record verdict is core.verdict's (a record without any context metric fails too)
        verdicts = [verdict(f, {m: (None if pd.isna(v) else float(v)) for m, v in zip(metrics.score_names(), row)},
                            thresholds).passed
                    for f, row in zip(g["own_feature"], g[list(metrics.score_names())].itertuples(index=False))]
        passed = sum(1 for v in verdicts if v is True)
        failing = sum(1 for v in verdicts if v is False)
        missing = int(g[list(metrics.names())].isna().any(axis=1).sum())
        key = f"{bucket.date().isoformat()}|{feature}"
        out[key] = {
            "count": len(g), "passed": passed, "failing": failing,
            "pass_rate": passed / (passed + failing) if passed + failing else None,
            "regen_rate": float((regen > 0).mean()) if len(regen) else None,
            "regen_mean": float(regen.mean()) if len(regen) else None,
            "missing_scores": missing, "metrics": stats,
        }
    return out


def same(a, b) -> bool:
    """Equal up to float summation order (a rebuild may add the same numbers in another order)."""
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    if isinstance(a, float) and isinstance(b, float):
        return abs(a - b) <= 1e-12
    return a == b


def snap(db) -> dict:
    return {d["_id"]: {k: v for k, v in d.items() if k != "computed_at"} for d in db[AGG_DAILY].find()}


def close(a, b, tol=1e-9) -> bool:
    if a is None or b is None or (isinstance(b, float) and math.isnan(b)):
        return a is None and (b is None or (isinstance(b, float) and math.isnan(b)))
    return abs(float(a) - float(b)) <= tol


def check_all(db, tz: str = "UTC"):
    for granularity, coll in (("day", AGG_DAILY), ("week", AGG_WEEKLY)):
        want = expected(db, granularity, tz)
        got = {d["_id"]: d for d in db[coll].find()}
        assert set(got) == set(want), (granularity, set(got) ^ set(want))
        for key, exp in want.items():
            doc = got[key]
            for field in ("count", "passed", "failing", "missing_scores"):
                assert doc[field] == exp[field], (key, field, doc[field], exp[field])
            for field in ("pass_rate", "regen_rate", "regen_mean"):
                assert close(doc[field], exp[field]), (key, field, doc[field], exp[field])
            for m in metrics.score_names():
                g, e = doc["metrics"][m], exp["metrics"][m]
                assert g["n"] == e["n"], (key, m)
                for stat in ("mean", "pass_rate"):
                    assert close(g[stat], e[stat]), (key, m, stat, g[stat], e[stat])
                for stat in ("p10", "p50", "p90"):
                    assert close(g[stat], e[stat], PERCENTILE_TOLERANCE), (key, m, stat, g[stat], e[stat])
            local = doc["bucket"].astimezone(ZoneInfo(tz))
            assert (local.hour, local.minute) == (0, 0) and (local.weekday() == 0 or granularity == "day")
            assert doc["computed_at"] is not None


def test_full_rebuild_matches_pandas(db, messy):
    messy(n=700, days=12)
    result = refresh(db, full=True)
    assert result["mode"] == "full"
    check_all(db)
    # the read API
    days = get_aggregates(db, "day", T0.date(), (T0 + timedelta(days=3)).date(), ["chat", "__all__"])
    assert days and all(d["feature"] in ("chat", "__all__") for d in days)
    assert [d["bucket"] for d in days] == sorted(d["bucket"] for d in days)
    assert min(d["bucket"] for d in days) == T0 and max(d["bucket"] for d in days) == T0 + timedelta(days=3)
    weeks = get_aggregates(db, "week", (T0 + timedelta(days=2)).date(), (T0 + timedelta(days=2)).date())
    assert {w["bucket"] for w in weeks} == {T0}
    assert list_features(db)[0] == "__all__" and "beta" in list_features(db) and "unknown" in list_features(db)


def test_incremental_late_records_and_idempotency(db, messy):
    wm_now = datetime.now(timezone.utc)
    messy(n=400, days=10, now=wm_now - timedelta(hours=1))
    refresh(db, full=True, now=wm_now)
    before = {d["_id"]: d["computed_at"] for d in db[AGG_DAILY].find()}
    # late records: one for an old day (day 1) and a new feature on day 2
    later = wm_now + timedelta(minutes=10)
    import random
    rng = random.Random(99)
    late = [raw_record(rng, 10_000 + i, 1) for i in range(5)]
    late.append(raw_record(rng, 10_100, 2, feature="brand-new"))
    store_raw(db, late, now=later)
    result = refresh(db, now=later + timedelta(minutes=1))
    assert result["mode"] == "incremental" and result["days"] == 2
    after = {d["_id"]: d["computed_at"] for d in db[AGG_DAILY].find()}
    touched = {k for k in after if after[k] != before.get(k)}
    day1, day2 = (T0 + timedelta(days=1)).date().isoformat(), (T0 + timedelta(days=2)).date().isoformat()
    assert touched and all(k.startswith((day1, day2)) for k in touched)
    assert f"{day2}|brand-new" in touched
    check_all(db)
    # re-running changes nothing
    snapshot = snap(db)
    refresh(db, now=later + timedelta(minutes=30))
    assert same(snapshot, snap(db))
    assert refresh(db, now=later + timedelta(minutes=60))["days"] == 0
    assert same(snapshot, snap(db))
    # (the late records were stamped ingested in this test's future: a rebuild counts them once it is past)
    assert run_once(db, "aggregate", full=True, now=later + timedelta(minutes=61))
    assert same(snapshot, snap(db))


def test_threshold_change_previews_flips_and_refreshes_only_the_changed_days(db, messy):
    from core.verdict import verdict
    from store.state import get_state
    from store.thresholds import apply_pending_verdicts, pending_verdicts, preview_change

    messy(n=900, days=20)
    # the watermark past the ingest's overlap window: the next refresh sees only the dirty days
    refresh(db, full=True, now=datetime.now(timezone.utc) + timedelta(minutes=5))
    new = {**get_thresholds(db)["chat"], "faithfulness": 0.95}
    chat = list(db[RECORDS].find({"feature": "chat", "eb.scores": {"$type": "object"}, "eb.rejected": None}))
    flips = sum(1 for r in chat if verdict("chat", r["eb"]["scores"], {"chat": new}).passed != r["eb"]["passed"])
    assert flips > 0
    preview = preview_change(db, "chat", {"faithfulness": 0.95}, days=30, now=T0 + timedelta(days=30))
    assert preview["flips"] == flips and preview["to_pass"] == 0 and preview["to_fail"] == flips
    assert preview_change(db, "chat", {"faithfulness": 0.95}, days=1, now=T0 + timedelta(days=30))["flips"] == 0
    with pytest.raises(ValidationFailed):
        preview_change(db, "chat", {"faithfulness": 2}, now=T0)
    changed_days = {str(r["timestamp"].date()) for r in chat
                    if verdict("chat", r["eb"]["scores"], {"chat": new}).failed_metrics != r["eb"]["failed_metrics"]}

    set_thresholds(db, "chat", {"faithfulness": 0.95}, "alice")
    # the save only stores and queues (issue 29): the records keep their verdicts until the worker's recompute
    assert pending_verdicts(db)["features"] == ["chat"] and not get_state(db, "aggregate").get("dirty_days")
    # the worker is asked to run the aggregate (and alerts) now, in its recompute lane, beside any tick
    assert {"aggregate", "alerts"} <= set(get_state(db, "jobs_wanted:recompute").get("jobs") or [])
    assert apply_pending_verdicts(db)["verdict_days"] == len(changed_days)  # what the aggregate job runs first
    assert pending_verdicts(db)["features"] == []
    # only the records whose faithfulness lies between the old and new limits were rewritten; all agree with core
    for r in db[RECORDS].find({"feature": "chat", "eb.scores": {"$type": "object"}, "eb.rejected": None}):
        expected = verdict("chat", r["eb"]["scores"], {"chat": new})
        assert (r["eb"]["passed"], r["eb"]["failed_metrics"]) == (expected.passed, expected.failed_metrics), r["_id"]
    one = db[RECORDS].find_one({"feature": "chat", "eb.scores.faithfulness": {"$gte": 0.8, "$lt": 0.95}})
    assert one["eb"]["passed"] is False and "faithfulness" in one["eb"]["failed_metrics"]
    state = get_state(db, "aggregate")
    assert set(state["dirty_days"]) == changed_days and not state.get("full_rebuild_requested")
    assert len(changed_days) > 1
    result = refresh(db)
    assert result["mode"] == "incremental" and result["days"] == len(changed_days)
    assert not get_state(db, "aggregate").get("dirty_days")
    check_all(db)  # every bucket equals pandas over the records, after the targeted refresh


def test_buckets_follow_the_configured_timezone(db, messy, monkeypatch):
    from settings import reset_settings

    monkeypatch.setenv("EVALBOARD_TIMEZONE", "Asia/Kolkata")
    reset_settings()
    messy(n=250, days=9, seed=11)
    refresh(db, full=True)
    check_all(db, "Asia/Kolkata")
    reset_settings()


def values_docs(db) -> dict[str, dict]:
    return {d["_id"]: d for d in db[AGG_DAILY_VALUES].find()}


def test_daily_values_hold_score_histograms_and_match_the_daily_buckets(db, messy):
    raws = messy(n=400, days=9, seed=5)
    refresh(db, full=True)
    parts = values_docs(db)
    assert set(parts) == {d["_id"] for d in db[AGG_DAILY].find()}
    for key, part in parts.items():
        daily = db[AGG_DAILY].find_one({"_id": key})
        assert part["bucket"] == daily["bucket"] and part["count"] == daily["count"]
        for m in metrics.score_names():
            hist = part["metrics"][m]["hist"]
            assert "values" not in part["metrics"][m]
            assert all(0 <= int(b) <= 1000 and c > 0 for b, c in hist.items())  # sparse: no empty bins
            assert sum(hist.values()) == part["metrics"][m]["n"] == daily["metrics"][m]["n"]
    # the histogram of one day and feature is the count of each score rounded to 0.001 (pandas)
    key = max(parts, key=lambda k: parts[k]["count"] if not k.endswith("__all__") else 0)
    day, feature = key.split("|")
    df = pd.DataFrame([{m: d["eb"]["scores"].get(m) for m in metrics.score_names()}
                       for d in db[RECORDS].find({"feature": feature})
                       if d["timestamp"].date().isoformat() == day])
    for m in metrics.score_names():
        want = (df[m].dropna().astype(float) * 1000).round().astype(int).value_counts()
        assert {int(b): c for b, c in parts[key]["metrics"][m]["hist"].items()} == want.to_dict()
    assert len(raws) == 400
    # the dashboard's collections stay free of the raw values
    assert all("hist" not in d["metrics"][m] for d in db[AGG_DAILY].find() for m in metrics.score_names())
    assert all("hist" not in d["metrics"][m] for d in db[AGG_WEEKLY].find() for m in metrics.score_names())


def test_late_day_mid_week_reads_only_that_day(db, messy):
    """A late Saturday in a full week: its week is re-derived from the per-day documents, not re-read."""
    wm_now = datetime.now(timezone.utc)
    messy(n=500, days=14, now=wm_now - timedelta(hours=1))
    refresh(db, full=True, now=wm_now)
    parts_before = {k: d["computed_at"] for k, d in values_docs(db).items()}
    weekly_before = {d["_id"]: d["computed_at"] for d in db[AGG_WEEKLY].find()}
    import random
    rng = random.Random(7)
    later = wm_now + timedelta(minutes=5)
    # Saturday of the first week, one record for a feature the week had not seen
    store_raw(db, [raw_record(rng, 20_000 + i, 5) for i in range(40)]
              + [raw_record(rng, 20_100, 5, feature="late-feature")], now=later)
    result = refresh(db, now=later + timedelta(minutes=1))
    assert result["mode"] == "incremental" and result["days"] == 1
    saturday, monday = (T0 + timedelta(days=5)).date().isoformat(), T0.date().isoformat()
    parts_after = {k: d["computed_at"] for k, d in values_docs(db).items()}
    # only Saturday's per-day documents of the features with late records changed (the late records were
    # added to them); the other days' documents were left alone
    changed = {k for k in parts_after if parts_after[k] != parts_before.get(k)}
    assert changed and all(k.startswith(saturday) for k in changed)
    assert {f"{saturday}|__all__", f"{saturday}|late-feature"} <= changed
    # the first week's buckets were rewritten, the second week's were not
    weekly_after = {d["_id"]: d["computed_at"] for d in db[AGG_WEEKLY].find()}
    touched = {k for k in weekly_after if weekly_after[k] != weekly_before.get(k)}
    assert touched and all(k.startswith(monday) for k in touched) and f"{monday}|late-feature" in touched
    check_all(db)
    snapshot = {d["_id"]: {k: v for k, v in d.items() if k != "computed_at"} for d in db[AGG_WEEKLY].find()}
    refresh(db, full=True, now=later + timedelta(minutes=10))
    assert same(snapshot, {d["_id"]: {k: v for k, v in d.items() if k != "computed_at"}
                           for d in db[AGG_WEEKLY].find()})


def test_dirty_days_and_vanished_records_update_weeks(db, messy):
    """Re-scored records (dirty days) and records gone from a day: daily and weekly buckets follow."""
    from store.state import mark_dirty_days

    wm_now = datetime.now(timezone.utc)
    messy(n=300, days=7, now=wm_now - timedelta(hours=1))
    refresh(db, full=True, now=wm_now)
    day3 = (T0 + timedelta(days=3)).date().isoformat()
    lo, hi = T0 + timedelta(days=3), T0 + timedelta(days=4)
    # re-scoring changes scores without a new ingested_at
    db[RECORDS].update_many({"timestamp": {"$gte": lo, "$lt": hi}, "feature": "chat"},
                            {"$set": {"eb.scores.faithfulness": 0.05, "eb.passed": False}})
    # every "viability" record of that day disappears
    db[RECORDS].delete_many({"timestamp": {"$gte": lo, "$lt": hi}, "feature": "viability"})
    mark_dirty_days(db, [day3, "not-a-day"])
    result = refresh(db, now=wm_now + timedelta(minutes=5))
    assert result["mode"] == "incremental" and result["days"] == 1
    assert db[AGG_DAILY].find_one({"_id": f"{day3}|viability"}) is None
    assert db[AGG_DAILY_VALUES].find_one({"_id": f"{day3}|viability"}) is None
    check_all(db)
    # the whole feature gone from the week: its weekly bucket goes too
    db[RECORDS].delete_many({"feature": "viability"})
    mark_dirty_days(db, [(T0 + timedelta(days=d)).date().isoformat() for d in range(7)])
    refresh(db, now=wm_now + timedelta(minutes=10))
    assert db[AGG_WEEKLY].find_one({"_id": f"{T0.date()}|viability"}) is None
    check_all(db)


def test_missing_or_outdated_daily_values_force_a_full_rebuild(db, messy):
    wm_now = datetime.now(timezone.utc)
    messy(n=200, days=8, now=wm_now - timedelta(hours=1))
    refresh(db, full=True, now=wm_now)
    # as left by the version before aggregates_daily_values existed
    db[AGG_DAILY_VALUES].drop()
    db["evalboard_state"].update_one({"_id": "aggregate"}, {"$unset": {"daily_values": ""}})
    import random
    store_raw(db, [raw_record(random.Random(1), 30_000, 4)], now=wm_now + timedelta(minutes=1))
    result = refresh(db, now=wm_now + timedelta(minutes=2))
    assert result["mode"] == "full" and result["reason"] == "per-day values missing or outdated"
    check_all(db)
    assert refresh(db, now=wm_now + timedelta(minutes=3))["mode"] == "incremental"


def test_incremental_in_another_timezone(db, messy, monkeypatch):
    from settings import reset_settings

    monkeypatch.setenv("EVALBOARD_TIMEZONE", "America/New_York")
    reset_settings()
    wm_now = datetime.now(timezone.utc)
    messy(n=300, days=10, seed=13, now=wm_now - timedelta(hours=1))
    refresh(db, full=True, now=wm_now)
    import random
    rng = random.Random(17)
    store_raw(db, [raw_record(rng, 40_000 + i, 4) for i in range(30)], now=wm_now + timedelta(minutes=1))
    assert refresh(db, now=wm_now + timedelta(minutes=2))["mode"] == "incremental"
    check_all(db, "America/New_York")
    # a time-zone change rebuilds everything in the new zone
    monkeypatch.setenv("EVALBOARD_TIMEZONE", "Asia/Kolkata")
    reset_settings()
    assert refresh(db, now=wm_now + timedelta(minutes=3))["mode"] == "full"
    check_all(db, "Asia/Kolkata")
    reset_settings()


def test_late_records_are_added_once_and_wait_for_the_settle_time(db, messy, monkeypatch):
    """Late records are $inc-ed into their day; a replay of the same window adds nothing; records
    ingested within the settle time are counted by the next refresh, once."""
    import random

    from settings import reset_settings
    from store import aggregate_delta, aggregate_rebuild
    from store.thresholds import get_thresholds

    monkeypatch.setenv("EVALBOARD_AGGREGATE_SETTLE_S", "30")
    reset_settings()
    wm_now = datetime.now(timezone.utc)
    messy(n=300, days=7, now=wm_now - timedelta(hours=1))
    refresh(db, full=True, now=wm_now)
    rng = random.Random(23)
    t1 = wm_now + timedelta(minutes=5)
    store_raw(db, [raw_record(rng, 50_000 + i, 3) for i in range(20)], now=t1)
    # 10 s before the refresh: inside the settle time, left for the next one
    store_raw(db, [raw_record(rng, 51_000 + i, 3) for i in range(7)], now=t1 + timedelta(seconds=50))
    result = refresh(db, now=t1 + timedelta(minutes=1))
    assert result["added_days"] == 1 and result["recomputed_days"] == 0
    day3 = (T0 + timedelta(days=3)).date().isoformat()
    counted = db[AGG_DAILY].find_one({"_id": f"{day3}|__all__"})["count"]
    assert counted == db[RECORDS].count_documents({"timestamp": {"$gte": T0 + timedelta(days=3),
                                                                 "$lt": T0 + timedelta(days=4)},
                                                   "eb.needs_scoring": {"$ne": True}}) - 7
    # a replay of the same window (a crash after the $inc, before the watermark moved) adds nothing
    state = db["evalboard_state"].find_one({"_id": "aggregate"})
    aggregate_delta.add_late_records(db, t1 - timedelta(minutes=2), state["watermark"], set(), get_thresholds(db), "UTC",
                         datetime.now(timezone.utc))
    aggregate_rebuild.refresh_buckets(db, [(T0 + timedelta(days=3)).date()], "UTC", datetime.now(timezone.utc))
    assert db[AGG_DAILY].find_one({"_id": f"{day3}|__all__"})["count"] == counted
    refresh(db, now=t1 + timedelta(minutes=5))
    check_all(db)  # the 7 records are in, once
    reset_settings()


def test_migration_turns_sorted_values_into_histograms(db, messy):
    from store.migrate import migrate

    messy(n=200, days=3, seed=2)
    refresh(db, full=True)
    before = {d["_id"]: d for d in db[AGG_DAILY].find()}
    # as version 2 stored them: every score, sorted
    for doc in db[AGG_DAILY_VALUES].find():
        sets = {}
        for m in metrics.score_names():
            hist = doc["metrics"][m]["hist"]
            sets[f"metrics.{m}.values"] = sorted(int(b) / 1000 for b, c in hist.items() for _ in range(c))
        db[AGG_DAILY_VALUES].update_one({"_id": doc["_id"]}, {"$set": sets,
                                                             "$unset": {f"metrics.{m}.hist": "" for m in
                                                                        metrics.score_names()}})
    db["evalboard_state"].update_one({"_id": "aggregate"}, {"$set": {"daily_values.version": 2}})
    assert migrate(db)["daily_values_converted"] == len(before)
    assert db[AGG_DAILY_VALUES].count_documents({"metrics.faithfulness.values": {"$exists": True}}) == 0
    result = refresh(db)
    assert result["mode"] == "full" and result["reason"] == "per-day values missing or outdated"
    assert same({k: {f: v for f, v in d.items() if f != "computed_at"} for k, d in before.items()},
                {d["_id"]: {f: v for f, v in d.items() if f != "computed_at"} for d in db[AGG_DAILY].find()})
    check_all(db)
