"""Pure helpers of the jobs: bucket ranges, rule validation, escaping, backoff, payloads (no I/O)."""
from __future__ import annotations

from datetime import date, datetime, timezone

import pytest

from jobs.notify import slack_payload, subject
from jobs.report import parse_week
from jobs.report_render import render_html
from jobs.report_text import md_text
from core.rules import validate_rule, validate_unit
from core.timebuckets import bucket_range, bucket_start
from store.aggregate_counts import merge_ranges
from store.errors import ValidationFailed
from store.outbox import BACKOFF_MAX_S, backoff_s
from store.verdict_expr import verdict_update

UTC = timezone.utc


def test_week_buckets_start_monday_and_follow_the_timezone():
    assert bucket_start(date(2026, 3, 5), "week", "UTC") == datetime(2026, 3, 2, tzinfo=UTC)
    lo, hi = bucket_range(date(2026, 3, 8), "week", "UTC")  # a Sunday belongs to the week before
    assert (lo, hi) == (datetime(2026, 3, 2, tzinfo=UTC), datetime(2026, 3, 9, tzinfo=UTC))
    lo, hi = bucket_range(date(2026, 3, 5), "day", "Asia/Kolkata")
    assert lo == datetime(2026, 3, 4, 18, 30, tzinfo=UTC) and hi == datetime(2026, 3, 5, 18, 30, tzinfo=UTC)
    # a DST day in Berlin is 23 hours long
    lo, hi = bucket_range(date(2026, 3, 29), "day", "Europe/Berlin")
    assert (hi - lo).total_seconds() == 23 * 3600


def test_merge_ranges_joins_neighbours_only():
    days = [date(2026, 3, 2), date(2026, 3, 3), date(2026, 3, 10)]
    assert merge_ranges(days, "day", "UTC") == [
        (datetime(2026, 3, 2, tzinfo=UTC), datetime(2026, 3, 4, tzinfo=UTC)),
        (datetime(2026, 3, 10, tzinfo=UTC), datetime(2026, 3, 11, tzinfo=UTC))]
    assert merge_ranges(days, "week", "UTC") == [(datetime(2026, 3, 2, tzinfo=UTC), datetime(2026, 3, 16, tzinfo=UTC))]
    assert merge_ranges([], "day", "UTC") == []


RULE = {"name": "r", "metric": "faithfulness", "statistic": "mean", "comparison": "lt", "threshold": 0.7,
        "window_days": 3, "feature": "__all__", "severity": "critical", "channel": "critical"}


@pytest.mark.parametrize("change, message", [
    ({"threshold": 1.2}, "between 0 and 1"), ({"threshold": -0.1}, "between 0 and 1"),
    ({"threshold": "0.5"}, "number"), ({"threshold": float("nan")}, "number"),
    ({"metric": "bleu"}, "unknown metric"), ({"comparison": "le"}, "comparison"),
    ({"window_days": 0}, "days in a row"), ({"feature": "Chat!"}, "feature"), ({"feature": {"$ne": 1}}, "feature"),
    ({"severity": "info"}, "severity"), ({"channel": "sms"}, "channel"), ({"name": " "}, "name"),
])
def test_rule_validation_refuses_with_a_message(change, message):
    with pytest.raises(ValidationFailed, match=message):
        validate_rule({**RULE, **change})


def test_rule_validation_accepts_and_normalises():
    clean = validate_rule({**RULE, "metric": "pass_rate", "statistic": "mean", "feature": "*"})
    assert clean["statistic"] == "rate" and clean["feature"] == "*" and clean["enabled"] is True
    assert validate_unit("x", 1) == 1.0


def test_md_text_neutralises_markdown_and_html():
    text = md_text("<img src=x onerror=alert(1)> **bold** [link](http://x) | pipe\nnext")
    html = render_html(f"| a |\n|---|\n| {text} |", "t")
    assert "<img" not in html and "<strong>" not in html and "<a " not in html
    assert "&lt;img" in html and "\n" not in text
    assert "company's cheque" in render_html(md_text("company's cheque #1"), "t")  # no mangled entities


def test_parse_week():
    assert parse_week("2026-03-08", "UTC") == date(2026, 3, 2)
    assert parse_week(None, "UTC", datetime(2026, 3, 11, tzinfo=UTC)) == date(2026, 3, 2)
    with pytest.raises(ValueError, match="YYYY-MM-DD"):
        parse_week("last week", "UTC")


def test_backoff_grows_and_is_capped():
    assert [backoff_s(n) for n in (1, 2, 3)] == [30.0, 60.0, 120.0]
    assert backoff_s(50) == BACKOFF_MAX_S


def test_notification_texts():
    entry = {"transition": "opened", "payload": {"rule_name": "Pass rate", "feature": "__all__",
                                                 "severity": "critical", "message": "Pass rate 80% below 90%",
                                                 "link": {"feature": "__all__"}}}
    assert subject(entry) == "[Evalboard] CRITICAL: Pass rate (all features)"
    payload = slack_payload(entry)
    assert "Pass rate 80% below 90%" in payload["text"] and payload["blocks"][0]["type"] == "section"
    assert subject({**entry, "transition": "resolved"}).startswith("[Evalboard] RESOLVED")


def test_verdict_update_is_a_pipeline_of_portable_stages():
    for feature in ("chat", None):
        stages = verdict_update({"chat": {"faithfulness": 0.8, "overall_quality": 0.75}, "default": {}}, feature)
        assert [next(iter(s)) for s in stages] == ["$set", "$set", "$set", "$set", "$unset"]
    text = str(stages)
    assert "$getField" not in text and "$function" not in text
