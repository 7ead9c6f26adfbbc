"""The dashboard's cached readers fetch the database themselves and keep databases apart: a reader
called with its own arguments only answers for the database the app points at now, and an answer
cached for one database is never served for another."""
from __future__ import annotations

import os

from .conftest import clear_dashboard_caches, point_app_at


def test_a_cached_reader_answers_for_the_database_the_app_points_at(db, mongo_uri):
    from dashboard import data
    from store.collections import AGG_DAILY
    from store.client import make_client

    other_name = db.name + "_other"
    client = make_client(mongo_uri)
    other = client[other_name]
    here = os.environ["MONGODB_URI"]
    try:
        db[AGG_DAILY].insert_one({"bucket": "2026-01-01", "feature": "alpha", "count": 1})
        other[AGG_DAILY].insert_one({"bucket": "2026-01-01", "feature": "beta", "count": 1})
        clear_dashboard_caches()
        assert data.features() == ["alpha"]
        point_app_at(mongo_uri.rstrip("/") + "/" + other_name)
        from dashboard.common import database
        database.clear()  # the handle follows the settings; the cached answers are kept
        assert data.features() == ["beta"]
        point_app_at(here)
        database.clear()
        db[AGG_DAILY].insert_one({"bucket": "2026-01-02", "feature": "gamma", "count": 1})
        assert data.features() == ["alpha"], "still cached for this database (a TTL or a write clears it)"
        assert data.features.uncached(db) == ["alpha", "gamma"]
        data.invalidate(data.AGGREGATES)
        assert data.features() == ["alpha", "gamma"]
    finally:
        point_app_at(here)
        clear_dashboard_caches()
        client.drop_database(other_name)
        client.close()
