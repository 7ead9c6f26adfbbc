"""Tolerant parsing of logged records: every odd case the logs throw at us."""
from datetime import datetime, timezone

import pytest

from core.content_id import content_hash
from store.record_fields import parse_timestamp, to_number
from store.schema import ParsedRecord, Rejection, parse_record
from core.metrics import default_thresholds
from core.verdict import overall_quality as overall_from

T = default_thresholds()


def good(**over):
    rec = {
        "_id": "eval_1", "session_id": "chat_1", "query": "What is the punishment for murder?",
        "answer": "Death or life imprisonment.", "context": ["Section 103 ..."],
        "evaluation": {
            "faithfulness": {"score": 0.95, "threshold": 0.8, "passed": True, "reason": "ok"},
            "answer_relevancy": {"score": 0.88, "threshold": 0.7, "passed": True, "reason": "ok"},
            "contextual_precision": {"score": 0.92, "threshold": 0.75, "passed": True, "reason": "ok"},
            "contextual_recall": {"score": 0.85, "threshold": 0.7, "passed": True, "reason": "ok"},
            "overall_quality": {"score": 0.90, "threshold": 0.75, "passed": True},
        },
        "regeneration_attempts": 0, "timestamp": "2026-01-12T21:00:00Z", "feature": "chat",
    }
    rec.update(over)
    return rec


def parse(raw):
    return parse_record(raw, T, source="test")


def test_reference_record_parses_unchanged():
    result = parse(good())
    assert isinstance(result, ParsedRecord)
    doc = result.doc
    assert doc["_id"] == "eval_1"
    assert doc["timestamp"] == datetime(2026, 1, 12, 21, tzinfo=timezone.utc)
    assert doc["evaluation"]["faithfulness"]["score"] == 0.95
    assert doc["eb"]["scores"]["overall_quality"] == 0.90
    assert doc["eb"]["passed"] is True and doc["eb"]["failed_metrics"] == []
    assert doc["eb"]["issues"] == []


def test_numbers_as_strings_are_converted():
    raw = good()
    raw["evaluation"]["faithfulness"]["score"] = " 0.61 "
    raw["regeneration_attempts"] = "2"
    doc = parse(raw).doc
    assert doc["evaluation"]["faithfulness"]["score"] == pytest.approx(0.61)
    assert doc["regeneration_attempts"] == 2
    assert doc["eb"]["passed"] is False
    assert doc["eb"]["failed_metrics"] == ["faithfulness"]


@pytest.mark.parametrize("value, expected", [
    ("2026-01-12T21:00:00Z", datetime(2026, 1, 12, 21, tzinfo=timezone.utc)),
    ("2026-01-12T23:00:00+02:00", datetime(2026, 1, 12, 21, tzinfo=timezone.utc)),
    ("2026-01-12 21:00:00", datetime(2026, 1, 12, 21, tzinfo=timezone.utc)),  # naive -> UTC
    ({"$date": "2026-01-12T21:00:00Z"}, datetime(2026, 1, 12, 21, tzinfo=timezone.utc)),
    ({"$date": {"$numberLong": "1768251600000"}}, datetime(2026, 1, 12, 21, tzinfo=timezone.utc)),
    (1768251600, datetime(2026, 1, 12, 21, tzinfo=timezone.utc)),
    (1768251600000, datetime(2026, 1, 12, 21, tzinfo=timezone.utc)),
])
def test_timestamps_in_every_shape(value, expected):
    assert parse_timestamp(value) == expected


@pytest.mark.parametrize("raw, reason", [
    ({"timestamp": "2026-01-12T21:00:00Z"}, "missing query"),
    (good(query="   "), "missing query"),
    (good(timestamp=None), "missing timestamp"),
    (good(timestamp="not-a-date"), "unparseable timestamp"),
    (good(evaluation="great"), "evaluation is not an object"),
    (["a", "list"], "expected a JSON object"),
])
def test_records_that_cannot_be_understood_are_rejected(raw, reason):
    result = parse(raw)
    assert isinstance(result, Rejection)
    assert reason in result.reason


def test_score_that_is_not_a_number_is_rejected():
    raw = good()
    raw["evaluation"]["answer_relevancy"]["score"] = "high"
    result = parse(raw)
    assert isinstance(result, Rejection)
    assert "answer_relevancy.score is not a number" in result.reason


def test_out_of_range_score_is_kept_out_and_noted():
    raw = good()
    raw["evaluation"]["faithfulness"]["score"] = 1.7
    doc = parse(raw).doc
    assert doc["evaluation"]["faithfulness"]["score"] is None
    assert doc["evaluation"]["faithfulness"]["score_out_of_range"] == 1.7
    assert doc["eb"]["scores"]["faithfulness"] is None
    assert any("outside 0..1" in issue for issue in doc["eb"]["issues"])


def test_unknown_feature_is_kept_and_missing_feature_marked():
    assert parse(good(feature="Drafting")).doc["feature"] == "drafting"
    raw = good()
    del raw["feature"]
    doc = parse(raw).doc
    assert doc["feature"] == "unknown"
    assert "missing feature" in doc["eb"]["issues"]


def test_record_without_scores_waits_for_scoring():
    raw = good()
    del raw["evaluation"]
    doc = parse(raw).doc
    assert doc["eb"]["needs_scoring"] is True
    assert doc["eb"]["passed"] is None
    assert "no scores logged" in doc["eb"]["issues"]


def test_missing_overall_is_computed_from_weights():
    raw = good()
    del raw["evaluation"]["overall_quality"]
    doc = parse(raw).doc
    assert "overall_quality" not in doc["evaluation"]  # the product's fields stay as logged
    expected = 0.35 * 0.95 + 0.30 * 0.88 + 0.20 * 0.92 + 0.15 * 0.85
    assert doc["eb"]["scores"]["overall_quality"] == pytest.approx(expected)


def test_overall_renormalises_over_present_metrics():
    assert overall_from({"faithfulness": 1.0, "answer_relevancy": 0.0}) == pytest.approx(0.35 / 0.65)
    assert overall_from({}) is None


def test_odd_context_and_regeneration_values():
    doc = parse(good(context="one chunk", regeneration_attempts=-1)).doc
    assert doc["context"] == ["one chunk"]
    assert doc["regeneration_attempts"] is None
    doc = parse(good(context=[{"text": "a"}, 5, "b"])).doc
    assert doc["context"] == ["a", "b"]


def test_id_from_payload_or_stable_hash():
    raw = good()
    del raw["_id"]
    first, second = parse(raw).doc["_id"], parse(dict(raw)).doc["_id"]
    assert first == second == content_hash(raw)
    assert parse(good(_id={"$oid": "65a1b2c3d4e5f6a7b8c9d0e1"})).doc["_id"] == "65a1b2c3d4e5f6a7b8c9d0e1"


def test_operator_looking_text_stays_a_value():
    doc = parse(good(query={"$gt": ""})).__dict__
    assert "reason" in doc  # a dict is not a query: rejected, never used as a filter
    doc = parse(good(query="$where: sleep(1000)")).doc
    assert doc["query"] == "$where: sleep(1000)"
    # issue 18: a feature name must be one links can carry ([a-z0-9_-]): "$ne" is refused, by name
    refused = parse(good(feature="$ne"))
    assert isinstance(refused, Rejection) and "'$ne'" in refused.reason


def test_field_names_that_look_like_operators_or_paths_are_escaped_not_dropped():
    raw = good(**{"$where": "sleep(1000)", "meta": {"a.b": 1, "$gt": [{"$ne": 2}]}})
    raw["evaluation"]["faithfulness"]["$inc"] = 1
    parsed = parse(raw)
    doc = parsed.doc
    assert doc["＄where"] == "sleep(1000)" and doc["meta"] == {"a．b": 1, "＄gt": [{"＄ne": 2}]}
    assert doc["evaluation"]["faithfulness"]["＄inc"] == 1 and doc["evaluation"]["faithfulness"]["score"] == 0.95

    def keys(value):
        if isinstance(value, dict):
            return set(value) | set().union(*(keys(v) for v in value.values()))
        if isinstance(value, list):
            return set().union(*(keys(v) for v in value)) if value else set()
        return set()
    assert not any(k.startswith("$") or "." in k for k in keys(doc))
    assert "field names with '$' or '.' were escaped" in doc["eb"]["issues"]
    assert "field names with '$' or '.' were escaped" not in parse(good()).doc["eb"]["issues"]


def test_to_number():
    assert to_number("85%") == pytest.approx(0.85)
    assert to_number(True) is None
    assert to_number("nan") is None
    assert to_number({"$numberDouble": "0.5"}) == 0.5
