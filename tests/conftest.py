"""Shared fixtures: one real MongoDB-wire server per test session.

When MONGODB_URI is set the tests use that server (each test in a database of
its own); otherwise they start the embedded SecantusDB server
(`python -m store serve`) on a free port with data in a temporary folder.
"""
from __future__ import annotations

import itertools
import os
from pathlib import Path
from urllib.parse import urlparse

import pytest

REPO_ROOT = Path(__file__).resolve().parent.parent
SHARED = REPO_ROOT.parent / "shared"

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
# the aggregate refresh counts records ingested up to `now` (no concurrent ingest in a test to wait for);
# tests of the settle time itself set it explicitly
os.environ.setdefault("EVALBOARD_AGGREGATE_SETTLE_S", "0")

_counter = itertools.count()


@pytest.fixture(scope="session")
def mongo_uri(tmp_path_factory) -> str:
    """Base URI (no database path) of the server every test talks to."""
    external = os.environ.get("MONGODB_URI")
    if external:
        parsed = urlparse(external)
        yield parsed._replace(path="/").geturl()
        return
    from store.server import EmbeddedServer

    data = tmp_path_factory.mktemp("mongo-data")
    # no memory-bound restart under the suite (tests/integration/store/test_server_restart.py tests it)
    server = EmbeddedServer(data, 0, log_path=str(data.parent / "mongo-server.log"),
                            env={"EVALBOARD_DB_MAX_RSS_MB": "0"})
    uri = server.start()
    yield uri
    server.stop()


@pytest.fixture
def db_name() -> str:
    return f"evalboard_test_{os.getpid()}_{next(_counter)}"


@pytest.fixture
def db(mongo_uri, db_name, monkeypatch):
    """A fresh database on the real server, migrated (indexes, default rules); `get_db()` points at it too."""
    from settings import reset_settings
    from store.client import make_client, reset_client

    monkeypatch.setenv("MONGODB_URI", mongo_uri.rstrip("/") + "/" + db_name)
    reset_settings()
    reset_client()
    client = make_client(mongo_uri)
    database = client[db_name]
    from store.migrate import migrate
    migrate(database)  # as `make run` and the worker's start do
    yield database
    client.drop_database(db_name)
    client.close()
    reset_client()
    reset_settings()


@pytest.fixture
def shared_dir() -> Path:
    return SHARED


# The slowest files first (seconds of one 3-worker run on 2 cores, 2026-11-27; `make test` prints the
# durations): `make test` hands whole files to its workers in collection order
# (`--no-loadscope-reorder`), so a long file started last would run on alone at the end.
SLOWEST_FIRST = (
    "tests/integration/jobs/test_aggregate_faults.py",      # ~250 s
    "tests/integration/test_demo_default.py",               # ~220 s
    "tests/e2e/test_first_day.py",                          # ~190 s
    "tests/integration/evaluators/test_fast_path.py",       # ~150 s
    "tests/e2e/test_browser_triage.py",                     # ~140 s
    "tests/e2e/test_browser.py",                            # ~110 s
    "tests/integration/test_agreement_demo.py",             # ~110 s
    "tests/integration/jobs/test_aggregate.py",             # ~100 s
    "tests/integration/dashboard/test_pages_monitor.py",    # ~100 s
    "tests/e2e/test_browser_compare.py",                    # ~95 s
    "tests/integration/dashboard/test_compare_page.py",     # ~95 s
    "tests/integration/jobs/test_overlap.py",               # ~85 s
    "tests/e2e/test_browser_labelling.py",                  # ~70 s
    "tests/e2e/test_browser_intake.py",                     # ~30-40 s alone (2026-11-28)
    "tests/integration/store/test_ingest.py",               # ~70 s
    "tests/integration/jobs/test_release_aggregate_faults.py",
    "tests/integration/jobs/test_stalled_writer.py",
)


def pytest_collection_modifyitems(config, items):
    rank = {path: i for i, path in enumerate(SLOWEST_FIRST)}

    def key(item):
        path = Path(str(item.fspath)).resolve().relative_to(REPO_ROOT).as_posix()
        return rank.get(path, len(SLOWEST_FIRST))
    items.sort(key=key)  # stable: the rest keep their order
