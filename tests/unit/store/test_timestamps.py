"""Honest timestamps: every shape read as the writer meant it, or refused with a reason;
every conversion noted."""
from datetime import datetime, timezone

import pytest

from store.schema import Rejection, parse_record
from core.metrics import default_thresholds

DEFAULT_THRESHOLDS = default_thresholds()

UTC = timezone.utc


def read(value):
    from store.timestamps import read_timestamp
    issues: list[str] = []
    return read_timestamp(value, issues), issues


@pytest.mark.parametrize("value, expected, note", [
    ("2024-05-01T10:15:00Z", datetime(2024, 5, 1, 10, 15, tzinfo=UTC), None),
    ("20240501", datetime(2024, 5, 1, tzinfo=UTC), "ISO basic"),
    ("20240501T101500Z", datetime(2024, 5, 1, 10, 15, tzinfo=UTC), "ISO basic"),
    ("2024-05-01 10:15:00", datetime(2024, 5, 1, 10, 15, tzinfo=UTC), "without timezone, taken as UTC"),
    (1714558500, datetime(2024, 5, 1, 10, 15, tzinfo=UTC), "epoch seconds"),
    ("1714558500", datetime(2024, 5, 1, 10, 15, tzinfo=UTC), "epoch seconds"),
    (1714558500000, datetime(2024, 5, 1, 10, 15, tzinfo=UTC), "epoch milliseconds"),
    (1714558500.5, datetime(2024, 5, 1, 10, 15, 0, 500000, tzinfo=UTC), "epoch seconds"),
    ("May 1 2024 10:15 PST", datetime(2024, 5, 1, 18, 15, tzinfo=UTC), "PST read as Pacific Standard Time"),
    ("1 May 2024 10:15 IST", datetime(2024, 5, 1, 4, 45, tzinfo=UTC), "IST read as India Standard Time"),
    ("2024-05-01 10:15 Europe/Berlin", datetime(2024, 5, 1, 8, 15, tzinfo=UTC), "Europe/Berlin applied"),
    ("2024-05-01 10:15 QQT", datetime(2024, 5, 1, 10, 15, tzinfo=UTC), "'QQT' not recognised, taken as UTC"),
    ("Wednesday, 1 May 2024", datetime(2024, 5, 1, tzinfo=UTC), "free text"),
    ({"$date": "2024-05-01T10:15:00Z"}, datetime(2024, 5, 1, 10, 15, tzinfo=UTC), None),
    (datetime(2024, 5, 1, 10, 15), datetime(2024, 5, 1, 10, 15, tzinfo=UTC), None),  # a BSON date: UTC
])
def test_readable_timestamps_and_their_notes(value, expected, note):
    parsed, issues = read(value)
    assert parsed == expected
    if note is None:
        assert issues == []
    else:
        assert any(note in issue for issue in issues), issues


@pytest.mark.parametrize("value, reason", [
    ("0001-01-01T00:00:00+05:00", "outside 1970-2100"),
    ("1969-12-31T23:59:59Z", "outside 1970-2100"),
    ("2101-01-01T00:00:00Z", "outside 1970-2100"),
    ("9999-12-31T23:59:59-05:00", "outside 1970-2100"),
    (datetime(1, 1, 1, tzinfo=UTC), "outside 1970-2100"),
    ("2024", "neither a date nor epoch seconds"),
    (2024, "neither a date nor epoch seconds"),
    (20240501, "neither a date nor epoch seconds"),  # a number is an epoch or nothing
    (12345678, "neither a date nor epoch seconds"),
    (123456789012345, "neither a date nor epoch seconds"),
    (10 ** 400, "neither a date nor epoch seconds"),
    ("Tuesday", "needs a year, month and day"),
    ("yesterday", "relative"),
    ("3 days ago", "relative"),
    ("next Friday", "relative"),
    ("10:15", "needs a year, month and day"),
    ("2024-05", "needs a year, month and day"),
    ("not a date", "unparseable timestamp"),
    (float("nan"), "unparseable timestamp"),
    (True, "unparseable timestamp"),
])
def test_unusable_timestamps_are_refused_with_a_reason(value, reason):
    from store.timestamps import BadTimestamp
    with pytest.raises(BadTimestamp, match=reason):
        read(value)


def test_record_notes_every_coercion_in_eb_issues():
    raw = {"_id": "r1", "query": "q", "answer": "a", "context": ["c"], "feature": "chat",
           "timestamp": "20240501", "regeneration_attempts": "2",
           "evaluation": {"faithfulness": {"score": "0.91"}, "answer_relevancy": {"score": "80%"}}}
    issues = parse_record(raw, DEFAULT_THRESHOLDS).doc["eb"]["issues"]
    assert any("ISO basic" in i for i in issues)
    assert any("faithfulness.score given as str '0.91'" in i for i in issues)
    assert any("answer_relevancy.score given as str '80%', read as 0.8" in i for i in issues)
    assert any("regeneration_attempts given as text" in i for i in issues)


@pytest.mark.parametrize("value", ["0001-01-01T00:00:00+05:00", "Tuesday", "2024", "yesterday", 20240501])
def test_record_with_an_unusable_timestamp_is_rejected_not_misdated(value):
    raw = {"_id": "r1", "query": "q", "timestamp": value}
    assert isinstance(parse_record(raw, DEFAULT_THRESHOLDS), Rejection)


def test_a_numeric_day_and_month_that_could_be_either_is_noted_with_the_reading_taken():
    from store.timestamps import read_timestamp

    issues: list[str] = []
    assert read_timestamp("1.5.2024", issues).date().isoformat() == "2024-01-05"
    note = next(i for i in issues if "ambiguous" in i)
    assert "month-first as 2024-01-05 (5 January)" in note and "day-first as 2024-05-01 (1 May)" in note
    for clear in ("13.5.2024", "5.5.2024", "2024-05-01"):  # only one reading: no such note
        issues = []
        read_timestamp(clear, issues)
        assert not any("ambiguous" in i for i in issues), (clear, issues)


def test_an_offset_of_a_day_or_more_is_an_invalid_offset_not_a_date_out_of_range():
    from store.timestamps import BadTimestamp, read_timestamp

    for text in ("2026-03-01T10:00:00+25:00", "2026-03-01T10:00:00-24:00", "2026-03-01 10:00:00 +2500"):
        with pytest.raises(BadTimestamp, match="invalid UTC offset"):
            read_timestamp(text, [])
    assert read_timestamp("2026-03-01T10:00:00+23:59", []).isoformat() == "2026-02-28T10:01:00+00:00"


def test_a_database_outage_reads_in_one_short_line_without_the_topology():
    from pymongo.errors import ServerSelectionTimeoutError

    from store.client import outage_text

    raw = ("127.0.0.1:1: [Errno 111] Connection refused (configured timeouts: socketTimeoutMS: 20000.0ms, "
           "connectTimeoutMS: 20000.0ms), Timeout: 0.3s, Topology Description: <TopologyDescription id: 6b0, "
           "topology_type: Unknown, servers: [<ServerDescription ('127.0.0.1', 1) server_type: Unknown>]>")
    assert outage_text(ServerSelectionTimeoutError(raw)) == "127.0.0.1:1: [Errno 111] Connection refused"
