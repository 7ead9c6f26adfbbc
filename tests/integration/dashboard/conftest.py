"""Fixtures for dashboard page tests (AppTest against the real embedded server).

- `seeded_db` (module scope): one database filled with demo records
  (21 days × 40/day), aggregated and checked for alerts once per test module;
  `get_db()` (and so the app) points at it while the module's tests run.
- `make_app`: a factory for `AppTest` of dashboard/app.py with the dashboard's
  cached database handle and cached reads cleared, so each test sees its own db.
"""
from __future__ import annotations

import itertools
import os
from pathlib import Path

import pytest

# Import pandas before any AppTest runs: app.py starts a background thread that loads the
# embedding model (which imports pandas too), so a page could otherwise see a half-initialised
# pandas while that thread is still importing it.
import pandas  # noqa: E402,F401

REPO = Path(__file__).resolve().parents[3]
APP = str(REPO / "dashboard" / "app.py")
_names = itertools.count()


def point_app_at(uri: str | None) -> None:
    """Make settings/get_db() (and thus the app) use `uri`."""
    from settings import reset_settings
    from store.client import reset_client

    if uri is None:
        os.environ.pop("MONGODB_URI", None)
    else:
        os.environ["MONGODB_URI"] = uri
    reset_settings()
    reset_client()


def seed_demo(mongo_uri, per_day: int = 40, days: int = 21):
    """A fresh database with `days` days of the demo at `per_day` records a day, aggregated and alerted;
    the app points at it until the generator is closed."""
    from demo.generate import generate_demo
    from jobs.runner import run_once
    from store.client import make_client
    from store.migrate import migrate

    name = f"evalboard_dash_{os.getpid()}_{next(_names)}"
    previous = os.environ.get("MONGODB_URI")
    point_app_at(mongo_uri.rstrip("/") + "/" + name)
    client = make_client(mongo_uri)
    db = client[name]
    migrate(db)
    generate_demo(db, days=days, per_day=per_day, seed=11)
    _records_so_far_today(db)
    run_once(db, "aggregate", full=True)
    run_once(db, "alerts")
    yield db
    client.drop_database(name)
    client.close()
    point_app_at(previous)


@pytest.fixture(scope="module")
def seeded_db(mongo_uri):
    yield from seed_demo(mongo_uri)


@pytest.fixture
def make_app(seeded_db):
    """`make_app()` -> a fresh AppTest of the whole app (call .run(), then .switch_page(...))."""
    from streamlit.testing.v1 import AppTest

    def factory(db=None):
        target = db if db is not None else seeded_db
        uri = os.environ.get("MONGODB_URI", "")
        if not uri.endswith("/" + target.name):
            point_app_at(uri.rsplit("/", 1)[0] + "/" + target.name)
        clear_dashboard_caches()
        return AppTest.from_file(APP, default_timeout=60)

    return factory


def clear_dashboard_caches() -> None:
    import streamlit as st

    st.cache_data.clear()
    try:
        from dashboard.common import database
        database.clear()
    except ImportError:
        pass



def _plain_records(db, days: int, per_day: int, seed: int = 11) -> None:
    """Reference-000 records over the last `days` days, parsed and inserted like ingest does."""
    from datetime import datetime, timedelta, timezone

    end = datetime.now(timezone.utc)
    _records_between(db, end - timedelta(days=days), end, days * per_day, seed=seed, prefix="dash")


def _records_so_far_today(db, n: int = 12) -> None:
    """A few records between local midnight (EVALBOARD_TIMEZONE) and now. The demo's traffic follows
    Indian office hours in UTC days, so just after midnight in another zone its "today" can be empty,
    and the pages' partial-day marks (which these tests check) have nothing to mark."""
    from datetime import datetime, timezone

    from core.timebuckets import bucket_start, today
    from demo.generate import plan_releases, release_on

    now = datetime.now(timezone.utc)
    release = release_on(now.date(), plan_releases(21, now))  # the demo's release of the day, as its records
    _records_between(db, bucket_start(today()), now, n, seed=5, prefix="today", extra=release)


def _records_between(db, start, end, n: int, *, seed: int, prefix: str, extra: dict | None = None) -> None:
    """`n` records evenly spread over [start, end) — newest first — parsed and inserted like ingest does;
    `extra`: fields every record carries (the release's version fields)."""
    import random

    from store.records import ensure_indexes, insert_records
    from store.schema import ParsedRecord, parse_record
    from store.thresholds import get_thresholds

    rng = random.Random(seed)
    thresholds = get_thresholds(db)
    docs = []
    for i in range(n):
        feature = ("chat", "viability", "arguments", "clauses")[i % 4]
        scores = {m: round(min(1.0, max(0.0, rng.gauss(0.84, 0.08))), 3)
                  for m in ("faithfulness", "answer_relevancy", "contextual_precision", "contextual_recall")}
        raw = {"_id": f"{prefix}_{i}", "session_id": f"s{i % 50}", "query": f"What does section {i % 300} say?",
               "answer": "It says what it says.", "context": ["Section text."],
               "evaluation": {m: {"score": v, "threshold": 0.7, "passed": v >= 0.7, "reason": "ok"}
                              for m, v in scores.items()},
               "regeneration_attempts": rng.choice((0, 0, 0, 1)),
               "timestamp": end - (end - start) * (i + 1) / (n + 1), "feature": feature, **(extra or {})}
        parsed = parse_record(raw, thresholds, source="test")
        assert isinstance(parsed, ParsedRecord)
        docs.append(parsed.doc)
    ensure_indexes(db)
    insert_records(db, docs)


def open_with_params(page: str, **params):
    """A fresh AppTest of the whole app on the current database, `page` opened with query parameters
    in the URL (as a link would), no exception raised."""
    from streamlit.testing.v1 import AppTest

    clear_dashboard_caches()
    at = AppTest.from_file(APP, default_timeout=90)
    at.run()
    at.switch_page(page)
    for key, value in params.items():
        at.query_params[key] = value
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    return at
