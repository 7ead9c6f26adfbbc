"""Release aggregates exact under faults, kept by deltas: a refresh stopped at any of their write
points (as a kill would stop it), two refreshes at once, and a new release that pushes the oldest
beyond the cap into "other" — every release document ends equal to a recount of its records."""
from __future__ import annotations

import random
import time
from datetime import datetime, timedelta, timezone

import pytest

from core import versions
from jobs.aggregate import refresh
from store import aggregate_delta as agg_delta
from store import aggregates as agg
from store import release_aggregates as rel
from store import release_readers as readers
from store.collections import RECORDS, RELEASE_DAILY
from store.state import AGGREGATE, get_state, mark_dirty_days

from .conftest import T0, raw_record, store_raw
from .test_aggregate_faults import refresh_twice_at_once


class Killed(Exception):
    """Stands for a kill -9 at a write point: nothing after it runs."""


def _arrive(db, rng, start: int, n: int = 30, releases=("r1", "r2"), days=range(4)) -> None:
    """n new versioned records (a few without a release), ingested now (after the current watermarks)."""
    raws = []
    for i in range(n):
        over = {"model": rng.choice(("m-a", "m-b"))}
        if rng.random() > 0.1:
            over["release"] = rng.choice(releases)
        raws.append(raw_record(rng, start + i, rng.choice(list(days)), **over))
    store_raw(db, raws, now=datetime.now(timezone.utc))
    time.sleep(0.005)  # the next refresh's cutoff lies after their ingested_at


def check_releases(db) -> int:
    """Every stored release document equals a recount up to the release watermark; returns how many."""
    upto = get_state(db, AGGREGATE)["release_watermark"]
    want = rel.recount(db, upto.replace(tzinfo=timezone.utc) if upto.tzinfo is None else upto, tz="UTC")
    stored = {d["_id"]: d for d in db[RELEASE_DAILY].find()}
    assert sorted(stored) == sorted(want)
    wrong = [k for k in want if not agg._same_counts(stored[k], want[k])]
    assert not wrong, wrong[:5]
    everything = sum(d["count"] for k, d in stored.items() if d["dim"] == "all" and d["feature"] == "__all__")
    assert everything == db[RECORDS].count_documents({"eb.rejected": None, "eb.needs_scoring": {"$ne": True},
                                                      "ingested_at": {"$lt": upto}})
    return len(stored)


@pytest.fixture
def built(db):
    """Versioned records, the daily aggregates and then the release aggregates built (two refreshes)."""
    _arrive(db, random.Random(1), 0, n=120)
    refresh(db, full=True)
    assert refresh(db).get("release_mode") == "full"  # built by the refresh after the full one
    assert check_releases(db) > 0
    return db


@pytest.fixture
def faults():
    seen: list[str] = []

    def install(kill_at: tuple[str, int] | None):
        """kill_at: (point, n) raises at the n-th time the refresh passes that point."""
        seen.clear()

        def hook(name: str) -> None:
            if not name.startswith(rel.POINT):
                return  # the daily aggregates' points: test_aggregate_faults.py
            seen.append(name)
            if kill_at is not None and name == rel.POINT + kill_at[0] and seen.count(name) == kill_at[1]:
                raise Killed(name)
        agg_delta.FAULT_HOOK = hook
        return seen
    yield install
    agg_delta.FAULT_HOOK = None


def test_new_records_are_added_as_deltas_without_recounting_their_days(built):
    db = built
    rng = random.Random(2)
    before = {d["_id"]: d["computed_at"] for d in db[RELEASE_DAILY].find()}
    _arrive(db, rng, 1000, n=5, days=[1])
    result = refresh(db)
    assert result["release_days"] == 1 and "release_mode" not in result
    after = {d["_id"]: d["computed_at"] for d in db[RELEASE_DAILY].find()}
    changed = {k for k in after if after[k] != before.get(k)}
    day = (T0 + timedelta(days=1)).date().isoformat()
    assert changed and all(k.startswith(day) for k in changed)  # the other days are not touched
    check_releases(db)


def test_a_refresh_killed_at_any_release_write_point_leaves_exact_documents(built, faults):
    db = built
    rng = random.Random(5)
    _arrive(db, rng, 2000)
    mark_dirty_days(db, [(T0 + timedelta(days=2)).date().isoformat()])
    points = faults(None)
    refresh(db)
    total = len(points)
    assert {rel.POINT + p for p in ("delta", "recompute", "watermark")} <= set(points)
    check_releases(db)
    assert total >= 10
    kills = [("delta", 1), ("delta", 2), ("delta", 7), ("recompute", 1), ("recompute", 4), ("watermark", 1)]
    for i, kill_at in enumerate(kills):
        _arrive(db, rng, 3000 + 100 * i)
        mark_dirty_days(db, [(T0 + timedelta(days=i % 4)).date().isoformat()])
        seen = faults(kill_at)
        with pytest.raises(Killed):
            refresh(db)
        assert seen[-1] == rel.POINT + kill_at[0]  # it stopped exactly there
        faults(None)
        refresh(db)  # the next run after the crash
        check_releases(db)


def test_two_refreshes_at_once_count_every_record_once(built):
    db = built
    rng = random.Random(9)
    for round_ in range(3):
        _arrive(db, rng, 5000 + 1000 * round_, n=40)
        if round_ % 2:
            mark_dirty_days(db, [(T0 + timedelta(days=round_)).date().isoformat()])
        refresh_twice_at_once(db, 0.01)
        refresh(db)
        check_releases(db)


def test_a_new_release_beyond_the_cap_moves_the_oldest_into_other(built, monkeypatch):
    db = built
    monkeypatch.setattr(versions, "RELEASE_CAP", 2)
    assert "release_mode" not in refresh(db)  # two releases, two models: both still the newest two
    r1 = readers.side_totals(db, "release", "r1")["__all__"]["count"]
    # r3 ships after r1 and r2 (its first record is the latest): r1 leaves the two newest
    _arrive(db, random.Random(7), 7000, n=20, releases=("r3",), days=[5])
    assert refresh(db).get("release_mode") == "folded"  # r1's documents added into "other", r3's as deltas
    check_releases(db)
    assert readers.version_values(db, "release") == ["r3", "r2", versions.OTHER, versions.UNVERSIONED]
    assert db[RELEASE_DAILY].count_documents({"dim": "release", "value": "r1"}) == 0
    assert readers.side_totals(db, "release", versions.OTHER)["__all__"]["count"] == r1
    # then new records of every release are deltas again, r1's into "other"
    _arrive(db, random.Random(8), 8000, n=20, releases=("r1", "r3"))
    assert "release_mode" not in refresh(db)
    check_releases(db)
    assert readers.side_totals(db, "release", versions.OTHER)["__all__"]["count"] > r1


def test_a_new_release_folds_the_leaving_one_into_other_and_touches_no_other_day(db, monkeypatch):
    """Issue 29: r1 (days 0-1) leaves the two newest when r3 (day 5) arrives; r1's documents are added
    into "other" (no record read), r3's records come in as deltas; r2's days (2-3) hold neither, so
    their documents are not rewritten, and every document still equals a recount."""
    rng = random.Random(11)
    monkeypatch.setattr(versions, "RELEASE_CAP", 2)
    _arrive(db, rng, 0, n=40, releases=("r1",), days=[0, 1])
    _arrive(db, rng, 100, n=40, releases=("r2",), days=[2, 3])
    refresh(db, full=True)
    assert refresh(db).get("release_mode") == "full"
    before = {d["_id"]: d["computed_at"] for d in db[RELEASE_DAILY].find()}
    _arrive(db, rng, 200, n=20, releases=("r3",), days=[5])
    result = refresh(db)
    assert result.get("release_mode") == "folded" and result["release_days"] == 3
    assert result["release_folded"] == db[RELEASE_DAILY].count_documents({"dim": "release", "value": "other"}) > 0
    check_releases(db)
    after = {d["_id"]: d["computed_at"] for d in db[RELEASE_DAILY].find()}
    for day in (2, 3):
        prefix = (T0 + timedelta(days=day)).date().isoformat()
        assert {k: v for k, v in after.items() if k.startswith(prefix)} == \
               {k: v for k, v in before.items() if k.startswith(prefix)}
    assert readers.version_values(db, "release")[:2] == ["r3", "r2"]
    assert db[RELEASE_DAILY].count_documents({"dim": "release", "value": "r1"}) == 0


def _two_releases_then_a_third(db, rng, monkeypatch, start: int) -> None:
    """Cap 2; r1 (days 0-1) and r2 (days 2-3) built; then r3 (day 5) arrives, to be refreshed."""
    monkeypatch.setattr(versions, "RELEASE_CAP", 2)
    _arrive(db, rng, start, n=40, releases=("r1",), days=[0, 1])
    _arrive(db, rng, start + 100, n=40, releases=("r2",), days=[2, 3])
    refresh(db, full=True)
    assert refresh(db).get("release_mode") == "full"
    _arrive(db, rng, start + 200, n=20, releases=("r3", "r1"), days=[1, 5])


@pytest.mark.parametrize("kill_at", [("fold", 1), ("fold", 3), ("fold delete", 1), ("fold delete", 4),
                                     ("fold top", 1), ("delta", 2), ("watermark", 1)])
def test_a_new_release_killed_at_any_fold_point_leaves_exact_documents(db, monkeypatch, faults, kill_at):
    """A refresh stopped anywhere in the fold (between adding a leaving document into "other" and deleting
    it, before the new values are stored, in the deltas after): the next refresh (which finds the fold
    unfinished and recounts the days instead, or carries on with the deltas) leaves every document exact."""
    _two_releases_then_a_third(db, random.Random(21), monkeypatch, 0)
    seen = faults(kill_at)
    with pytest.raises(Killed):
        refresh(db)
    assert seen[-1] == rel.POINT + kill_at[0]
    faults(None)
    assert refresh(db).get("release_mode") in (None, "merged", "folded")
    check_releases(db)
    assert get_state(db, AGGREGATE)["release_top"]["release"] == ["r2", "r3"]
    assert not get_state(db, AGGREGATE).get("release_merging")
    assert db[RELEASE_DAILY].count_documents({"dim": "release", "value": "r1"}) == 0


def test_two_refreshes_at_once_fold_a_new_release_once(db, monkeypatch):
    rng = random.Random(23)
    _two_releases_then_a_third(db, rng, monkeypatch, 0)
    refresh_twice_at_once(db, 0.01)
    refresh(db)
    check_releases(db)
    assert get_state(db, AGGREGATE)["release_top"]["release"] == ["r2", "r3"]
    assert db[RELEASE_DAILY].count_documents({"dim": "release", "value": "r1"}) == 0


def test_per_version_buckets_of_every_record_equal_the_daily_and_weekly_buckets(built):
    """The pages' version filter reads buckets made from the release documents: for dimension "all"
    they are the daily and weekly buckets themselves (same records, same finalize)."""
    db = built
    _arrive(db, random.Random(11), 9000, n=25)
    refresh(db)
    fields = ("count", "passed", "failing", "pass_rate", "regen_rate", "missing_scores", "quadrants")
    start, end = T0.date(), (T0 + timedelta(days=6)).date()
    for granularity in ("day", "week"):
        mine = readers.version_buckets(db, "all", "*", granularity, start, end)
        theirs = agg.get_aggregates(db, granularity, start, end)
        assert [(d["bucket"], d["feature"]) for d in mine] == [(d["bucket"], d["feature"]) for d in theirs]
        assert len(mine) > 5
        for a, b in zip(mine, theirs):
            assert {f: a[f] for f in fields} == {f: b[f] for f in fields}
            for m, cell in b["metrics"].items():
                assert a["metrics"][m]["n"] == cell["n"] and a["metrics"][m]["p50"] == cell["p50"]
                assert a["metrics"][m]["mean"] == pytest.approx(cell["mean"])
    r1 = readers.version_buckets(db, "release", "r1", "day", start, end, ["__all__"])
    assert 0 < sum(d["count"] for d in r1) < db[RECORDS].count_documents({})
    assert sum(d["count"] for d in r1) == readers.side_totals(db, "release", "r1")["__all__"]["count"]
