"""Helpers for the jobs tests: small, messy record sets written through the real parser."""
from __future__ import annotations

import random
import time
from datetime import datetime, timedelta, timezone

import pytest

from store.records import ensure_indexes, insert_records
from core.metrics import names as metric_names
from store.schema import ParsedRecord, parse_record
from store.thresholds import get_thresholds

FEATURES = ("chat", "viability", "arguments", "clauses", "Beta")
T0 = datetime(2026, 3, 2, tzinfo=timezone.utc)  # a Monday


@pytest.fixture(autouse=True)
def utc_days(monkeypatch):
    """The jobs' tests build their days and weeks from T0, a UTC midnight, and check them as UTC days;
    other zones, DST included, are tests/integration/test_one_calendar.py's and the few tests here that
    set their own zone. Pinned, so the clock-shift check's zone (EVALBOARD_TIMEZONE) does not move them."""
    from settings import reset_settings

    monkeypatch.setenv("EVALBOARD_TIMEZONE", "UTC")
    reset_settings()
    yield
    reset_settings()


def raw_record(rng: random.Random, i: int, day: int, **over) -> dict:
    """One reference-000 record with the usual mess mixed in."""
    ts = T0 + timedelta(days=day, seconds=rng.randrange(86400))
    evaluation = {}
    for k, m in enumerate(metric_names()):
        # metrics beyond the original four draw from their own generator, so that adding a metric to the
        # catalog (issue 17: citation accuracy) leaves every other value of the record where it was
        r = rng if k < 4 else random.Random(f"{i}|{day}|{m}")
        roll = r.random()
        if roll < 0.04:
            continue  # metric missing
        score = round(r.betavariate(6, 2), 3)
        if roll < 0.07:
            score = str(score)  # number as a string
        elif roll < 0.09:
            score = 1.7  # out of range: kept out of the numbers
        evaluation[m] = {"score": score, "threshold": 0.7, "passed": True, "reason": "r"}
    if rng.random() < 0.5:
        present = [float(v["score"]) for v in evaluation.values() if 0 <= float(v["score"]) <= 1]
        if present:
            evaluation["overall_quality"] = {"score": round(sum(present) / len(present), 3)}
    regen = rng.choice([0, 0, 0, 1, 2, 3, "1", None, -1])
    rec = {
        "_id": f"r{i}", "session_id": f"s{i % 13}", "query": f"What does section {i % 50} say about {i % 7}?",
        "answer": "An answer.", "context": ["chunk one", "chunk two"], "evaluation": evaluation,
        "regeneration_attempts": regen,
        "timestamp": ts.isoformat() if rng.random() < 0.8 else ts.replace(tzinfo=None).isoformat(),
        "feature": rng.choice(FEATURES) if rng.random() > 0.03 else None,
    }
    if rng.random() < 0.03:
        rec.pop("evaluation")  # waits for scoring
    rec.update(over)
    return rec


def store_raw(db, raws, now=None) -> int:
    thresholds = get_thresholds(db)
    docs = []
    for raw in raws:
        parsed = parse_record(raw, thresholds, source="test", now=now)
        assert isinstance(parsed, ParsedRecord), parsed
        docs.append(parsed.doc)
    ensure_indexes(db)
    return insert_records(db, docs)[0]


@pytest.fixture
def messy(db):
    """Build n messy records over `days` days starting T0; returns the raw payloads."""
    def build(n: int = 600, days: int = 10, seed: int = 3, start: int = 0, now=None):
        rng = random.Random(seed)
        raws = [raw_record(rng, start + i, rng.randrange(days)) for i in range(n)]
        store_raw(db, raws, now=now)
        return raws
    return build


def wait_for(condition, timeout=120.0, step=0.05):
    """True once `condition()` holds, False after `timeout` seconds (for tests with real workers)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(step)
    return False
