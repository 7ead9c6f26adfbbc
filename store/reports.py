"""Weekly reports (`reports`): one document per week, `_id` = the week's Monday "YYYY-MM-DD"."""
from __future__ import annotations

from datetime import date, datetime, timezone

from core.timebuckets import WEEK, bucket_start, local_day

from pymongo import DESCENDING, ReturnDocument
from pymongo.database import Database

from core.report_docs import ReportRequest

from store.collections import REPORT_REQUESTS, REPORTS
from store.errors import ValidationFailed

QUEUED, RUNNING, DONE, FAILED = "queued", "running", "done", "failed"


def save_report(db: Database, week_start: date, *, markdown: str, html: str, data: dict, headline: str) -> dict:
    doc = {"_id": week_start.isoformat(),
           "week_start": bucket_start(week_start, WEEK),  # the local Monday's midnight (core.timebuckets)
           "created_at": datetime.now(timezone.utc), "headline": headline, "markdown": markdown, "html": html,
           "data": data}
    db[REPORTS].replace_one({"_id": doc["_id"]}, doc, upsert=True)
    return doc


def list_reports(db: Database) -> list[dict]:
    return list(db[REPORTS].find({}, {"week_start": 1, "created_at": 1, "headline": 1})
                .sort("week_start", DESCENDING))


def get_report(db: Database, week_start: date | datetime | str) -> dict | None:
    if isinstance(week_start, datetime):
        key = local_day(week_start).isoformat()
    elif isinstance(week_start, date):
        key = week_start.isoformat()
    else:
        key = str(week_start)[:10]
    return db[REPORTS].find_one({"_id": key})


# --- builds requested from the dashboard (the worker builds them on its next tick) ------------

def request_report(db: Database, week_start: date, user: str, now: datetime | None = None, *,
                   wake: bool = True) -> dict:
    """Queue a build of the week's report; asking again while queued or running changes nothing.
    `wake`: ask the worker to build it at once (the dashboard); the worker's own report job, which
    builds it right after queueing it, does not."""
    if not isinstance(user, str) or not user.strip():
        raise ValidationFailed("who asked for the report must be known")
    now = now or datetime.now(timezone.utc)
    key = week_start.isoformat()
    db[REPORT_REQUESTS].update_one(
        {"_id": key, "state": {"$nin": [QUEUED, RUNNING]}},
        {"$set": {"state": QUEUED, "requested_by": user.strip(), "requested_at": now, "error": None,
                  "started_at": None, "finished_at": None}},
        upsert=False)
    db[REPORT_REQUESTS].update_one(
        {"_id": key},
        {"$setOnInsert": {"state": QUEUED, "requested_by": user.strip(), "requested_at": now, "error": None}},
        upsert=True)
    from core.jobs import REPORT
    from store.state import request_jobs
    if wake:
        request_jobs(db, [REPORT], f"report of the week of {key} requested")  # built now, beside any tick
    return db[REPORT_REQUESTS].find_one({"_id": key}) or {}


def claim_report_request(db: Database, now: datetime | None = None) -> dict | None:
    """The oldest queued request, now marked running (atomic: two workers never take the same one)."""
    return db[REPORT_REQUESTS].find_one_and_update(
        {"state": QUEUED}, {"$set": {"state": RUNNING, "started_at": now or datetime.now(timezone.utc)}},
        sort=[("requested_at", 1)], return_document=ReturnDocument.AFTER)


def finish_report_request(db: Database, key: str, *, error: str | None = None,
                          now: datetime | None = None) -> None:
    db[REPORT_REQUESTS].update_one({"_id": key}, {"$set": {
        "state": FAILED if error else DONE, "error": error, "finished_at": now or datetime.now(timezone.utc)}})


def report_requests(db: Database, limit: int = 10) -> list[ReportRequest]:
    """The newest builds asked for, as typed documents (core.report_docs.ReportRequest)."""
    return [ReportRequest.model_validate(doc)
            for doc in db[REPORT_REQUESTS].find().sort("requested_at", DESCENDING).limit(int(limit))]
