"""Cheap counts that show how far a long job has got (polled by jobs/progress.py on the CLI)."""
from __future__ import annotations

from datetime import datetime

from pymongo.database import Database

from store.collections import AGG_DAILY, REPORTS


def count_daily_buckets(db: Database, computed_since: datetime | None = None) -> int:
    """Daily bucket documents (written since `computed_since` when given)."""
    query = {} if computed_since is None else {"computed_at": {"$gte": computed_since}}
    return db[AGG_DAILY].count_documents(query)


def count_reports(db: Database, created_since: datetime | None = None) -> int:
    query = {} if created_since is None else {"created_at": {"$gte": created_since}}
    return db[REPORTS].count_documents(query)
