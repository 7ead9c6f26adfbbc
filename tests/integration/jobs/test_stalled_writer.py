"""A writer frozen mid-write (SIGSTOP, swap, a paused VM) never leaves its batch below the watermark.

The writer thread is frozen at each point of a stamped write (store.inflight.PAUSE_HOOK) together with
its process's heartbeat thread, as a SIGSTOP freezes both; the in-flight timeout is shortened
(EVALBOARD_INFLIGHT_TIMEOUT_S) so that "longer than the timeout" takes a fraction of a second. While
it is frozen, other records arrive and refreshes run; then it resumes, and after the next refresh
the daily, weekly and release aggregates equal a recount of every record — no `--repair`."""
from __future__ import annotations

import random
import threading
import time
from datetime import datetime, timedelta, timezone

import pytest

from jobs.aggregate import refresh
from settings import reset_settings
from store import inflight
from store.collections import AGG_DAILY, RECORDS, STATE
from store.records import write_records
from store.schema import ParsedRecord, parse_record
from store.thresholds import get_thresholds

from .conftest import raw_record, store_raw
from .test_aggregate import check_all
from .test_release_aggregate_faults import check_releases

TIMEOUT_S = 0.4


class Freezer:
    """PAUSE_HOOK: freezes the writer thread at `point` and every heartbeat while frozen."""

    def __init__(self, point: str):
        self.point, self.writer = point, None
        self.frozen, self.thaw = threading.Event(), threading.Event()

    def __call__(self, point: str) -> None:
        if point == "beat":
            if self.frozen.is_set():
                self.thaw.wait(600)
            return
        if point == self.point and threading.current_thread() is self.writer and not self.frozen.is_set():
            self.frozen.set()
            self.thaw.wait(600)


def _parsed(db, raws):
    thresholds = get_thresholds(db)
    out = []
    for raw in raws:
        parsed = parse_record(raw, thresholds, source="test")
        assert isinstance(parsed, ParsedRecord)
        out.append((parsed.doc, raw))
    return out


def _versioned(rng, start, n):
    return [raw_record(rng, start + i, rng.randrange(4), release=rng.choice(("r1", "r2")), model="m")
            for i in range(n)]


def _counted_in_daily(db) -> int:
    return sum(d["count"] for d in db[AGG_DAILY].find({"feature": "__all__"}))


@pytest.fixture
def short_timeout(monkeypatch):
    monkeypatch.setenv("EVALBOARD_INFLIGHT_TIMEOUT_S", str(TIMEOUT_S))
    monkeypatch.setattr(inflight, "BEAT_S", TIMEOUT_S / 4)
    reset_settings()
    yield
    inflight.PAUSE_HOOK = None


@pytest.mark.parametrize("point,refreshes", [
    ("marker", 2), ("stamp", 2), ("check", 2), ("write", 1), ("write", 4), ("done", 2), ("write", 0)])
def test_a_frozen_writer_is_counted_exactly_once_without_repair(db, short_timeout, point, refreshes):
    """refreshes=0: frozen shorter than the timeout (held back); 1: one refresh past the timeout;
    4: several refreshes while it stays frozen (the 10-minute pause)."""
    rng = random.Random(7)
    store_raw(db, _versioned(rng, 0, 80), now=datetime.now(timezone.utc) - timedelta(minutes=5))
    refresh(db, full=True)
    refresh(db)  # the release aggregates are built by the refresh after the full one
    batch = _parsed(db, _versioned(rng, 1000, 40))
    freezer = Freezer(point)
    inflight.PAUSE_HOOK = freezer
    writer = threading.Thread(target=write_records, args=(db, batch), kwargs={"stamp": True})
    freezer.writer = writer
    writer.start()
    assert freezer.frozen.wait(30)
    for round_ in range(refreshes):
        time.sleep(TIMEOUT_S * 1.5)  # past the timeout: its marker has had no heartbeat since
        write_records(db, _parsed(db, _versioned(rng, 2000 + 100 * round_, 10)), stamp=True)
        time.sleep(0.005)
        refresh(db)
        # every record that has landed is counted: the frozen writer's expired marker holds nothing back
        assert _counted_in_daily(db) == db[RECORDS].count_documents(
            {"eb.needs_scoring": {"$ne": True}, "eb.rejected": None})
    freezer.thaw.set()
    writer.join(30)
    assert not writer.is_alive()
    assert db[RECORDS].count_documents({"_id": {"$in": [doc["_id"] for doc, _raw in batch]}}) == len(batch)
    time.sleep(0.005)
    refresh(db)
    check_all(db)
    check_releases(db)
    refresh(db)  # the finished writer's marker is gone after the refresh that settled it
    assert db[STATE].count_documents({"_id": {"$regex": "^inflight:"}}) == 0
    check_all(db)
