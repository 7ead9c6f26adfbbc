"""Weekly reports (`reports`): one document per week, `_id` = the week's Monday "YYYY-MM-DD"."""
from __future__ import annotations

from datetime import date, datetime, timezone

from pymongo import DESCENDING
from pymongo.database import Database

from store.collections import REPORTS


def save_report(db: Database, week_start: date, *, markdown: str, html: str, data: dict, headline: str) -> dict:
    doc = {"_id": week_start.isoformat(),
           "week_start": datetime.combine(week_start, datetime.min.time(), tzinfo=timezone.utc),
           "created_at": datetime.now(timezone.utc), "headline": headline, "markdown": markdown, "html": html,
           "data": data}
    db[REPORTS].replace_one({"_id": doc["_id"]}, doc, upsert=True)
    return doc


def list_reports(db: Database) -> list[dict]:
    return list(db[REPORTS].find({}, {"week_start": 1, "created_at": 1, "headline": 1})
                .sort("week_start", DESCENDING))


def get_report(db: Database, week_start: date | datetime | str) -> dict | None:
    if isinstance(week_start, datetime):
        key = week_start.date().isoformat()
    elif isinstance(week_start, date):
        key = week_start.isoformat()
    else:
        key = str(week_start)[:10]
    return db[REPORTS].find_one({"_id": key})
