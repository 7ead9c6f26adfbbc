"""The flipped-queries list reads about SCAN_LIMIT records a side (issue 21): each side's range is
cut where its first SCAN_LIMIT records end (release aggregates' per-day counts), and the records it
counts are exactly those of one capped read of the whole window — in both read orders (a release:
oldest first; a model or a period: newest first), also when the records of the cut day are bunched
on its far side (the second read makes up the rest)."""
from __future__ import annotations

import random
from datetime import date, datetime, timedelta, timezone

import pytest

from store import release_compare as rc
from store.release_compare import Side

T0 = datetime(2026, 8, 1, tzinfo=timezone.utc)
PER_DAY, CAP = 30, 40
# day -> (first hour, last hour) of its records; days 5 (r2, read oldest first) and 2 (model m-a,
# read newest first) have theirs on the far side of where a proportional cut would fall
HOURS = {2: (0, 6), 5: (18, 24)}


def _raw(i: int, day: int, rng: random.Random) -> dict:
    lo, hi = HOURS.get(day, (0, 24))  # evenly spread over those hours
    ts = T0 + timedelta(days=day, seconds=lo * 3600 + (i % PER_DAY + 0.5) * (hi - lo) * 3600 // PER_DAY)
    release, model = ("r1", "m-a") if day < 4 else ("r2", "m-b")
    score = rng.choice([0.2, 0.3, 0.9, 0.95])  # below / above every default threshold
    text = rng.choice(["What is clause {n}?", "what is  CLAUSE {n}", "What is clause {n}!"]).format(n=i % 9)
    return {"_id": f"f{i}", "session_id": f"s{i}", "query": text, "answer": "An answer.", "context": ["c"],
            "evaluation": {m: {"score": score} for m in ("faithfulness", "answer_relevancy", "contextual_recall",
                                                          "contextual_precision", "contextual_relevancy")},
            "feature": rng.choice(["chat", "clauses"]), "timestamp": ts.isoformat(),
            "release": release, "model": model}


@pytest.fixture
def flips_db(db, monkeypatch):
    from store.records import insert_records
    from store.release_aggregates import refresh_release_aggregates
    from store.schema import parse_record
    from store.thresholds import get_thresholds

    rng, limits = random.Random(5), get_thresholds(db)
    docs = [parse_record(_raw(i, day, rng), limits, source="test", now=T0 + timedelta(days=9)).doc
            for day in range(8) for i in range(day * PER_DAY, (day + 1) * PER_DAY)]
    insert_records(db, docs)
    refresh_release_aggregates(db, None, now=T0 + timedelta(days=9), tz="UTC")
    monkeypatch.setattr(rc, "SCAN_LIMIT", CAP)
    return db


def _window(db, side: Side, first: bool) -> Side:
    return rc.window(db, side, first=first)


def _rounded(value):
    """Sums of overall quality taken in two reads differ from one read's in the last bits only."""
    if isinstance(value, float):
        return round(value, 9)
    if isinstance(value, dict):
        return {k: _rounded(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_rounded(v) for v in value]
    return value


@pytest.mark.parametrize("side, first, bunched", [
    (Side("release", "r2"), True, True),    # oldest first; the cut day 5 has its records late
    (Side("release", "r1"), False, False),  # oldest first, evenly spread
    (Side("model", "m-a"), False, True),    # newest first; the cut day 2 has its records early
    (Side("all", "*", date(2026, 8, 5), date(2026, 8, 8)), True, False),  # a period, newest first
])
def test_a_side_counts_the_records_of_one_capped_read_and_reads_about_the_cap(flips_db, monkeypatch,
                                                                              side, first, bunched):
    db = flips_db
    side = _window(db, side, first)
    reference, read = rc._groups(db, rc.side_match(db, side, "UTC"))  # what the list read before: everything
    assert read == CAP  # the window holds more than the cap
    calls = []
    original = rc._groups

    def spy(db_, match, limit=None, out=None):
        result = original(db_, match, limit, out)
        calls.append((db_.records.count_documents(match), result[1]))
        return result
    monkeypatch.setattr(rc, "_groups", spy)
    assert _rounded(rc.side_groups(db, side, "UTC")) == _rounded(reference)
    window_records = db.records.count_documents(rc.side_match(db, side, "UTC"))
    in_range = calls[0][0]
    assert in_range < window_records  # the first read's range is cut short of the window
    assert len(calls) == (2 if bunched else 1)  # records on the far side of the cut: a second, capped read
    assert all(in_day <= PER_DAY for in_day, _ in calls[1:])  # of the rest of the cut day only
    if not bunched:
        assert CAP <= in_range <= CAP * rc.CUT_MARGIN + PER_DAY / 24 * 2 + 1


def test_flipped_queries_match_a_capped_read_of_each_window(flips_db, monkeypatch):
    db = flips_db
    a, b = Side("release", "r1"), Side("release", "r2")
    rows = rc.flipped_queries(db, a, b, limit=1000, tz="UTC")
    monkeypatch.setattr(rc, "side_groups", lambda db_, side, tz=None: rc._groups(db_, rc.side_match(db_, side, tz))[0])
    assert rows and _rounded(rows) == _rounded(rc.flipped_queries(db, a, b, limit=1000, tz="UTC"))
