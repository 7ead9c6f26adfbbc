"""store.triage.build_filter: validated values in, a filter dict out — no operator
injection through the search box, always bounded by a date range."""
from __future__ import annotations

import re
from datetime import date, datetime, timezone

import pytest

from store.errors import ValidationFailed
from store.triage import SEARCH_MAX_CHARS, build_filter
from store.triage_clauses import date_bounds, sort_spec

NOW = datetime(2026, 11, 22, 15, 30, tzinfo=timezone.utc)


@pytest.fixture(autouse=True)
def utc_days(monkeypatch):
    """The expectations below are spelled in UTC days: the configured timezone is pinned to UTC (the
    clock-shift check runs the unit tests with EVALBOARD_TIMEZONE=Europe/Berlin too)."""
    from settings import reset_settings

    monkeypatch.setenv("EVALBOARD_TIMEZONE", "UTC")
    reset_settings()
    yield
    reset_settings()


def clauses(f: dict) -> list[dict]:
    """The filter's clauses: one per field of the flat filter document."""
    assert "$and" not in f  # flat: the embedded server only uses indexes for flat filters
    return [{k: v} for k, v in f.items()]


def search_of(f: dict) -> dict:
    """The search pattern: one `$or` clause, the same literal pattern on query and on answer."""
    [either] = [c["$or"] for c in clauses(f) if "$or" in c]
    assert [list(c) for c in either] == [["query"], ["answer"]]
    assert either[0]["query"] == either[1]["answer"]
    return either[0]["query"]


def operators(value) -> set[str]:
    """Every key starting with '$' anywhere in a filter."""
    found = set()
    if isinstance(value, dict):
        for k, v in value.items():
            if k.startswith("$"):
                found.add(k)
            found |= operators(v)
    elif isinstance(value, list):
        for v in value:
            found |= operators(v)
    return found


def test_default_is_the_last_seven_days_on_the_indexed_timestamp():
    f = build_filter(now=NOW)
    assert f == {"timestamp": {"$gte": datetime(2026, 11, 16, tzinfo=timezone.utc),
                               "$lt": datetime(2026, 11, 23, tzinfo=timezone.utc)}}


def test_dates_are_whole_days_end_inclusive():
    lo, hi = date_bounds(date(2026, 10, 1), date(2026, 10, 5))
    assert lo == datetime(2026, 10, 1, tzinfo=timezone.utc) and hi == datetime(2026, 10, 6, tzinfo=timezone.utc)
    with pytest.raises(ValidationFailed):
        date_bounds(date(2026, 10, 5), date(2026, 10, 1))
    with pytest.raises(ValidationFailed):
        build_filter(start="2026-10-01; $where")  # type: ignore[arg-type]


def test_all_filters_combine_into_one_flat_filter():
    f = build_filter(start=date(2026, 11, 1), end=date(2026, 11, 7), feature="viability", metric="faithfulness",
                     status="fixed", score_min=0.2, score_max=0.6, search="Section 138", only_failing=True)
    cs = clauses(f)
    assert {"feature": "viability"} in cs
    assert {"eb.failed_metrics": "faithfulness"} in cs
    assert {"triage.status": "fixed"} in cs
    assert {"eb.scores.overall_quality": {"$gte": 0.2, "$lte": 0.6}} in cs
    # failing only: the date range is on eb.failing_at (set only on failing records), not timestamp
    assert {"eb.failing_at": {"$gte": datetime(2026, 11, 1, tzinfo=timezone.utc),
                              "$lt": datetime(2026, 11, 8, tzinfo=timezone.utc)}} in cs
    assert "timestamp" not in f and "eb.passed" not in f
    assert search_of(f) == {"$regex": "Section\\ 138", "$options": "i"}
    assert operators(f) <= {"$gte", "$lt", "$lte", "$regex", "$options", "$or"}
    assert len(cs) == 6


def test_status_new_includes_records_without_a_status():
    assert {"triage.status": {"$in": ["new", None]}} in clauses(build_filter(status="new", now=NOW))


def test_full_score_range_adds_no_clause():
    assert build_filter(score_min=0.0, score_max=1.0, now=NOW) == build_filter(now=NOW)


@pytest.mark.parametrize("text", [
    '{"$gt": ""}', ".*", "$where", "this.a == 1", "'; return true; var x='", "a|b", "(unclosed", "[a-z]+",
    "\\", "^$", "{$ne: null}", "Section 138 (NI Act)?*",
])
def test_search_text_is_a_literal_escaped_regex_value(text):
    f = build_filter(search=text, now=NOW)
    pattern = search_of(f)
    assert set(pattern) == {"$regex", "$options"}
    assert pattern["$regex"] == re.escape(text.strip())
    assert re.search(pattern["$regex"], "xx " + text.strip() + " yy", re.I)  # matches the text itself
    assert "$where" not in operators(f) and "$gt" not in operators(f) and "$ne" not in operators(f)
    if text in (".*", "a|b", "[a-z]+"):
        assert not re.search(pattern["$regex"], "anything else", re.I)


def test_search_is_capped_and_blank_search_is_no_filter():
    f = build_filter(search="x" * 1000, now=NOW)
    assert search_of(f)["$regex"] == "x" * SEARCH_MAX_CHARS
    assert build_filter(search="   ", now=NOW) == build_filter(now=NOW)


@pytest.mark.parametrize("kwargs", [
    {"search": {"$gt": ""}}, {"search": ["a"]},
    {"feature": {"$ne": "chat"}}, {"feature": "chat'; $where"}, {"feature": "$where"},
    {"metric": "$where"}, {"metric": {"$exists": True}}, {"metric": "not_a_metric"},
    {"status": {"$ne": "fixed"}}, {"status": "closed"},
    {"score_min": "0.5"}, {"score_min": -0.1}, {"score_max": 1.5}, {"score_min": float("nan")},
    {"score_min": 0.8, "score_max": 0.2}, {"score_min": True},
    {"source": {"$ne": "x"}}, {"source": ["demo"]}, {"source": "x" * 201},
    {"session": {"$gt": ""}}, {"session": 5}, {"session": "s" * 201},
])
def test_bad_values_are_refused(kwargs):
    with pytest.raises(ValidationFailed):
        build_filter(now=NOW, **kwargs)


def test_sort_spec_validates():
    assert sort_spec("overall_quality") == [("eb.scores.overall_quality", 1), ("_id", 1)]
    assert sort_spec("timestamp", descending=True) == [("timestamp", -1), ("_id", -1)]
    with pytest.raises(ValidationFailed):
        sort_spec("$where")


def test_source_and_session_are_plain_equalities():
    f = build_filter(source=" demo ", session='{"$ne": null}', now=NOW)
    assert f["source"] == "demo"
    assert f["session_id"] == '{"$ne": null}'  # a string value, matched literally
    assert operators(f) == {"$gte", "$lt"}
    assert build_filter(source="", session=None, now=NOW) == build_filter(now=NOW)
