"""Aggregates exact under faults: a refresh stopped at any write point (as a kill would stop it), two
refreshes at once, and records still being written — every bucket ends equal to pandas on the raw
records, and verify-aggregates finds nothing."""
from __future__ import annotations

import random
import threading
import time
from datetime import datetime, timedelta, timezone

import pytest

from jobs.aggregate import refresh
from store import aggregate_delta as agg_delta
from store import aggregates as agg
from store.inflight import write_in_flight
from store.state import mark_dirty_days
from store.thresholds import get_thresholds
from store.verify_aggregates import verify

from .conftest import T0, raw_record, store_raw
from .test_aggregate import check_all


class Killed(Exception):
    """Stands for a kill -9 at a write point: nothing after it runs."""


@pytest.fixture
def faults():
    """Install a hook that raises at the n-th write point (None: count the points, raise nowhere)."""
    seen: list[str] = []

    def install(kill_at: int | None):
        seen.clear()

        def hook(name: str) -> None:
            if name.startswith("release "):
                return  # the release aggregates' own points: test_release_aggregate_faults.py
            seen.append(name)
            if kill_at is not None and len(seen) == kill_at:
                raise Killed(name)
        agg_delta.FAULT_HOOK = hook
        return seen
    yield install
    agg_delta.FAULT_HOOK = None


def _arrive(db, rng, start: int, n: int = 40, days: int = 6) -> None:
    """n new records over days 0..days-1, ingested now (after the current watermark)."""
    store_raw(db, [raw_record(rng, start + i, rng.randrange(days)) for i in range(n)],
              now=datetime.now(timezone.utc))
    time.sleep(0.005)  # the next refresh's cutoff lies after their ingested_at


def _verify(db) -> dict:
    state = db["evalboard_state"].find_one({"_id": "aggregate"})
    return verify(db, get_thresholds(db), "UTC", state)


ARRIVALS = 20  # late records per round: enough to touch every feature on each day (several delta documents)


def test_a_refresh_killed_at_any_write_point_leaves_exact_buckets(db, messy, faults):
    rng = random.Random(5)
    # small data over three days: every kind of write point, each several times (a document's delta, a
    # dirty day's recount, the watermark), while each point costs two refreshes and a recount check
    days = 3
    messy(n=90, days=days, now=datetime.now(timezone.utc) - timedelta(minutes=5))
    refresh(db, full=True)
    # how many write points one incremental refresh with late records and a dirty day passes
    _arrive(db, rng, 10_000, n=ARRIVALS, days=days)
    mark_dirty_days(db, [(T0 + timedelta(days=1)).date().isoformat()])
    points = faults(None)
    refresh(db)
    total = len(points)
    print(f"write points: {total} {dict((k, points.count(k)) for k in sorted(set(points)))}")
    assert {"delta", "recompute", "watermark"} <= set(points)
    assert points.count("delta") >= 2 and points.count("recompute") >= 2  # killed between documents too
    check_all(db)
    for kill_at in range(1, total + 1):
        _arrive(db, rng, 20_000 + 100 * kill_at, n=ARRIVALS, days=days)
        mark_dirty_days(db, [(T0 + timedelta(days=kill_at % days)).date().isoformat()])
        seen = faults(kill_at)
        with pytest.raises(Killed):
            refresh(db)
        where = list(seen)
        assert len(where) == kill_at  # it stopped exactly there
        faults(None)
        refresh(db)  # the next run after the crash
        assert where[-1] in ("delta", "recompute", "watermark")
        check_all(db)
    assert _verify(db)["drifted"] == 0


def test_a_full_rebuild_killed_mid_way_then_run_again_is_exact(db, messy, faults):
    messy(n=400, days=20, now=datetime.now(timezone.utc) - timedelta(minutes=5))
    faults(3)
    with pytest.raises(Killed):
        refresh(db)  # the first run is a full rebuild
    faults(None)
    assert refresh(db)["mode"] == "full"  # still no watermark: built again, whole
    check_all(db)
    assert _verify(db)["drifted"] == 0


def refresh_twice_at_once(db, pause: float) -> None:
    """Two refreshes at once, interleaved: each pauses up to `pause` s at every write point."""
    agg_delta.FAULT_HOOK = lambda name: time.sleep(random.random() * pause)
    errors: list[BaseException] = []

    def run():
        try:
            refresh(db)
        except BaseException as exc:  # noqa: BLE001
            errors.append(exc)
    threads = [threading.Thread(target=run) for _ in range(2)]
    try:
        for t in threads:
            t.start()
        for t in threads:
            t.join(60)
    finally:
        agg_delta.FAULT_HOOK = None
    assert not errors, errors


def test_two_refreshes_at_once_count_every_record_once(db, messy, faults):
    rng = random.Random(9)
    messy(n=150, days=6, now=datetime.now(timezone.utc) - timedelta(minutes=5))
    refresh(db, full=True)
    for round_ in range(4):
        _arrive(db, rng, 30_000 + 1000 * round_, n=30)
        if round_ % 2:
            mark_dirty_days(db, [(T0 + timedelta(days=round_)).date().isoformat()])
        refresh_twice_at_once(db, 0.02)
        refresh(db)
        check_all(db)
    assert _verify(db)["drifted"] == 0


def test_a_batch_still_being_written_is_held_back_and_counted_after(db, messy):
    messy(n=200, days=4, now=datetime.now(timezone.utc) - timedelta(minutes=5))
    refresh(db, full=True)
    rng = random.Random(3)
    with write_in_flight(db, "ingest", 25) as stamp:
        # the batch is stamped but not yet visible when the refresh runs
        result = refresh(db)
        store_raw(db, [raw_record(rng, 40_000 + i, 1) for i in range(25)], now=stamp)
        assert result.get("held_back", 0) == 0  # nothing of it had landed yet
        again = refresh(db)
        assert again["held_back"] == 25 and "still being written" in again["held_back_why"]
    after = refresh(db)  # the batch has landed: in the numbers, once
    assert after.get("held_back", 0) == 0 and after["added_days"] == 1
    check_all(db)


def test_a_finished_load_is_in_the_very_next_refresh(db, messy):
    """No wall-clock window: `run-once aggregate` right after an ingest includes it."""
    from demo.generate import generate_demo  # ingest's own writer

    generate_demo(db, days=3, per_day=40)
    result = refresh(db)
    assert result["mode"] == "full" and result["daily_buckets"] > 0 and not result.get("held_back")
    generate_demo(db, days=3, per_day=40, seed=8)  # a second load, finished just now
    assert refresh(db)["added_days"] >= 3
    check_all(db)


def test_verify_finds_and_repairs_drift(db, messy):
    messy(n=200, days=5, now=datetime.now(timezone.utc) - timedelta(minutes=5))
    refresh(db, full=True)
    day = (T0 + timedelta(days=1)).date().isoformat()
    db["aggregates_daily_values"].update_one({"_id": f"{day}|__all__"}, {"$inc": {"count": 7, "passed": 7}})
    found = _verify(db)
    assert found["drifted"] == 1 and found["examples"][0]["key"] == f"{day}|__all__"
    state = db["evalboard_state"].find_one({"_id": "aggregate"})
    fixed = verify(db, get_thresholds(db), "UTC", state, repair=True)
    assert fixed["repaired"] == 1
    assert _verify(db)["drifted"] == 0
    check_all(db)
    assert agg.last_verification(db)["drifted"] == 0



def test_verify_aggregates_command_reports_repairs_and_data_health_shows_it(db, messy):
    import subprocess
    import sys
    from pathlib import Path

    messy(n=150, days=4, now=datetime.now(timezone.utc) - timedelta(minutes=5))
    refresh(db, full=True)
    day = (T0 + timedelta(days=2)).date().isoformat()
    db["aggregates_daily_values"].update_one({"_id": f"{day}|__all__"}, {"$inc": {"count": 3}})
    repo = Path(__file__).resolve().parents[3]

    def cli(*args):
        return subprocess.run([sys.executable, "-m", "jobs", "verify-aggregates", *args], cwd=repo,
                              capture_output=True, text=True, timeout=300)
    found = cli()
    assert found.returncode == 1 and "drifted=1 repaired=0" in found.stdout, found.stdout + found.stderr
    assert f"{day}|__all__" in found.stderr
    fixed = cli("--repair")
    assert fixed.returncode == 0 and "drifted=1 repaired=1" in fixed.stdout
    assert cli().returncode == 0
    check_all(db)
    # the run is recorded like a job's, and Data health shows the last recount
    assert db["job_runs"].find_one({"job": "verify-aggregates", "outcome": "ok"})
    from dashboard import data
    status = data.aggregate_health.uncached(db)
    assert status.verification.drifted == 0 and status.watermark is not None


def test_records_without_scores_join_once_scored_without_a_day_recompute(db, messy):
    """A record logged without scores is left out until the score worker writes its scores; it then
    joins like a new record (a new stamp), not by recomputing its whole day; one whose scoring is given
    up joins unscored. Every bucket stays equal to pandas on the raw records."""
    from jobs.score import score_pending
    from store.state import get_state

    messy(n=200, days=4, now=datetime.now(timezone.utc) - timedelta(minutes=5))
    refresh(db, full=True)
    rng = random.Random(21)
    raws = [raw_record(rng, 60_000 + i, 2) for i in range(12)]
    for r in raws:
        r.pop("evaluation", None)  # no scores: they wait for the score worker
    store_raw(db, raws, now=datetime.now(timezone.utc))
    time.sleep(0.005)
    refresh(db)
    check_all(db)  # left out while they wait
    good = [r["_id"] for r in raws[:9]]

    def scorer(items):  # a scorer that cannot score three of them
        out = []
        for item in items:
            if item["id"] in good:
                out.append({"id": item["id"], "evaluation": {m: {"score": 0.8} for m in (
                    "faithfulness", "answer_relevancy", "contextual_precision", "contextual_recall")}})
            else:
                out.append({"id": item["id"], "error": "cannot score"})
        return out
    for _ in range(3):  # the failures give up after MAX_FAILURES tries
        score_pending(db, scorer=scorer)
    assert not get_state(db, "aggregate").get("dirty_days")  # no day to recompute
    result = refresh(db)
    assert result["recomputed_days"] == 0 and result["added_days"] >= 1
    check_all(db)
    assert _verify(db)["drifted"] == 0
