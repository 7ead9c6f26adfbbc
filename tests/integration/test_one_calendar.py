"""One calendar: with EVALBOARD_TIMEZONE=Asia/Kolkata, one local day is the same set of records on the
Overview's chart (aggregates), in the Triage list a chart click opens, in its CSV export, in an alert's
evidence and in the weekly report. Records sit around the local midnight (18:30 UTC), where a UTC
calendar would move them to the neighbouring day."""
from __future__ import annotations

import csv
import io
from datetime import date, datetime, timedelta, timezone
from zoneinfo import ZoneInfo

import pytest

from core.timebuckets import bucket_range

IST = ZoneInfo("Asia/Kolkata")
DAY = date(2026, 3, 4)  # a Wednesday; its week starts Monday 2026-03-02 (local)


def _record(i: int, ts: datetime, failing: bool) -> dict:
    good, bad = 0.95, 0.2
    f = bad if failing else good
    return {"_id": f"cal{i}", "session_id": f"s{i}", "query": f"question {i}", "answer": "an answer",
            "context": ["chunk"], "feature": "chat", "timestamp": ts.isoformat(), "regeneration_attempts": 0,
            "evaluation": {"faithfulness": {"score": f}, "answer_relevancy": {"score": good},
                           "contextual_precision": {"score": good}, "contextual_recall": {"score": good}}}


@pytest.fixture
def kolkata(db, monkeypatch):
    from settings import reset_settings

    monkeypatch.setenv("EVALBOARD_TIMEZONE", "Asia/Kolkata")
    reset_settings()
    yield db
    reset_settings()


def test_one_local_day_is_the_same_records_everywhere(kolkata, tmp_path):
    db = kolkata
    from dashboard.components.export import to_csv
    from jobs.aggregate import refresh
    from jobs.alerts import evaluate
    from jobs.ingest import Writer
    from jobs.report import run_report
    from store.aggregates import get_aggregates
    from store.alerts import list_alerts
    from store.reports import get_report
    from store.triage import build_filter, count_records, iter_export, latest_day

    records = []
    i = 0
    # 8 days around DAY, 60 records a day: hourly-ish, many of them within an hour of the local midnight
    for offset in range(-3, 5):
        local_midnight = datetime.combine(DAY + timedelta(days=offset), datetime.min.time(), IST)
        for k in range(60):
            minutes = (k * 53) % 1440 if k % 3 else (k % 60) - 30  # a third within 30 min of midnight
            ts = (local_midnight + timedelta(minutes=minutes)).astimezone(timezone.utc)
            failing = offset >= 0 and offset <= 1 and k % 2 == 0  # DAY and the day after: half failing
            records.append(_record(i, ts, failing))
            i += 1
    writer = Writer(db, "calendar-test")
    for r in records:
        writer.add(r)
    writer.close()

    lo, hi = bucket_range(DAY, "day", "Asia/Kolkata")
    assert lo == datetime(2026, 3, 3, 18, 30, tzinfo=timezone.utc)
    truth = {r["_id"] for r in records if lo <= datetime.fromisoformat(r["timestamp"]) < hi}
    truth_failing = {r["_id"] for r in records if r["_id"] in truth and r["evaluation"]["faithfulness"]["score"] < 0.5}
    utc_day = {r["_id"] for r in records if datetime.fromisoformat(r["timestamp"]).date() == DAY}
    assert truth != utc_day  # the test means something: the two calendars disagree on this day

    # the Overview's chart day (aggregates)
    refresh(db, full=True, now=datetime(2026, 3, 9, 12, tzinfo=timezone.utc))
    [bucket] = get_aggregates(db, "day", DAY, DAY, ["chat"])
    assert bucket["bucket"] == lo
    assert bucket["count"] == len(truth) and bucket["failing"] == len(truth_failing)

    # the Triage list a click on that day opens (its failing records), and every record of the day
    failing_filter = build_filter(start=DAY, end=DAY, feature="chat", only_failing=True)
    assert count_records(db, failing_filter) == len(truth_failing)
    assert {d["_id"] for d in iter_export(db, build_filter(start=DAY, end=DAY, feature="chat"))} == truth
    assert latest_day(db) == DAY + timedelta(days=4)  # the newest record's local day

    # the CSV export of the Triage slice
    rows = list(csv.DictReader(io.StringIO(to_csv(iter_export(db, failing_filter)))))
    assert {row["_id"] for row in rows} == truth_failing
    assert all(date.fromisoformat(row["timestamp"][:10]) in (DAY, DAY - timedelta(days=1)) for row in rows)

    # an alert's evidence: the pass-rate rule fires on DAY and the day after, with the same counts
    evaluate(db, now=datetime(2026, 3, 9, 12, tzinfo=timezone.utc))
    alerts = [a for a in list_alerts(db) if a.get("feature") in ("chat", "__all__")
              and any(e.get("bucket") == lo for e in a.get("evidence") or [])]
    assert alerts, "an alert on the failing days"
    for alert in alerts:
        evidence = {e["bucket"]: e for e in alert["evidence"]}
        assert evidence[lo]["count"] == len(truth)

    # the weekly report of the local week holding DAY
    run_report(db, week=DAY.isoformat(), now=datetime(2026, 3, 9, 12, tzinfo=timezone.utc))
    report = get_report(db, date(2026, 3, 2))
    week_lo, week_hi = bucket_range(DAY, "week", "Asia/Kolkata")
    in_week = [r for r in records if week_lo <= datetime.fromisoformat(r["timestamp"]) < week_hi]
    [week_bucket] = [d for d in get_aggregates(db, "week", DAY, DAY, ["chat"])]
    assert week_bucket["bucket"] == week_lo and week_bucket["count"] == len(in_week)
    lowest = report["data"]["lowest"]
    assert lowest and all(week_lo <= (q["timestamp"] if q["timestamp"].tzinfo else
                                      q["timestamp"].replace(tzinfo=timezone.utc)) < week_hi for q in lowest)
