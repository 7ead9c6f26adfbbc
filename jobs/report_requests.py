"""The weekly report's lane in every tick: the reports queued from the dashboard ("Build report now"),
the last complete week's report when it does not exist yet, and, when nobody is waiting, the past
weeks' reports (a backfill slice per tick).

Its own module because scheduling builds is a concern apart from building one (jobs/report.py).
"""
from __future__ import annotations

from datetime import date, datetime, timezone

from pymongo.database import Database

from core.features import ALL_FEATURES as ALL
from core.timebuckets import WEEK, bucket_range, local_day
from jobs.report import parse_week, run_report
from settings import get_settings
from store import analytics
from store.reports import claim_report_request, finish_report_request, get_report


BACKFILL_PER_TICK = 2


def missing_weeks(db: Database, tz: str, last_week: date) -> list[date]:
    """Weeks before `last_week` that have aggregates but no report yet, newest first."""
    from store.reports import list_reports

    have = {str(r["_id"]) for r in list_reports(db)}
    weeks = {local_day(d["bucket"], tz) for d in analytics.weekly_buckets(
        db, datetime(1970, 1, 1, tzinfo=timezone.utc), bucket_range(last_week, WEEK, tz)[0]) if d["feature"] == ALL}
    return sorted((w for w in weeks if w < last_week and w.isoformat() not in have), reverse=True)


def backfill(db: Database, now: datetime | None = None, limit: int = BACKFILL_PER_TICK,
             deadline: float | None = None) -> dict:
    """Build past weeks' reports (newest first), up to `limit` or until `deadline`: after the first
    load the worker fills the report history a slice per tick instead of leaving one report for 90
    days of data. `backlog`: the weeks still missing afterwards."""
    from jobs.budget import out_of_time

    tz = get_settings().timezone or "UTC"
    built = failed = 0
    missing = missing_weeks(db, tz, parse_week(None, tz, now))
    for week in missing[:limit]:
        if out_of_time(deadline):
            break
        try:
            run_report(db, week=week, now=now)
            built += 1
        except Exception:  # noqa: BLE001 - one bad week must not stop the others; it is retried next tick
            failed += 1
    return {"backfilled": built, "backfill_failed": failed, "backlog": max(0, len(missing) - built - failed)}


def run_requested(db: Database, now: datetime | None = None, max_builds: int = 3,
                  deadline: float | None = None) -> dict:
    """Part of every tick: build the reports queued from the dashboard, and the last complete
    week's report when it does not exist yet (a fresh install gets its first report here); then,
    when nobody is waiting, backfill past weeks until `deadline` (the tick's budget)."""
    from jobs.budget import out_of_time

    built = failed = 0
    tz = get_settings().timezone or "UTC"
    last_week = parse_week(None, tz, now)
    if get_report(db, last_week) is None and analytics.weekly_buckets(db, *([bucket_range(last_week, WEEK, tz)[0]] * 2)):
        from store.reports import request_report
        request_report(db, last_week, "scheduler", now, wake=False)  # built just below
    for _ in range(max_builds):
        request = claim_report_request(db, now)
        if request is None:
            break
        try:
            run_report(db, week=request["_id"], now=now)
            finish_report_request(db, request["_id"])
            built += 1
        except Exception as exc:  # noqa: BLE001 - the request records why; the next one still runs
            finish_report_request(db, request["_id"], error=f"{type(exc).__name__}: {str(exc)[:300]}")
            failed += 1
    past = {"backfilled": 0, "backfill_failed": 0}
    if not built and not failed:
        past = backfill(db, now, limit=BACKFILL_PER_TICK if deadline is None else 1000, deadline=deadline)
    elif not out_of_time(deadline):
        past = backfill(db, now, limit=0)  # only counts what is left
    done = built or failed or past["backfilled"] or past["backfill_failed"]
    return {"built": built, "failed": failed, **past, **({} if done else {"skipped": True})}
