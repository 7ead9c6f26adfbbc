"""The release / model / prompt version filter of Overview, Features, Alerts and Reports (issue 21):
URL values validated, alerts and report weeks matched to a version's days."""
from __future__ import annotations

from datetime import date, datetime, timezone

from core.rule_docs import Alert
from dashboard.components import filters
from dashboard.components.alert_list import alert_of_version


def _alert(**fields) -> Alert:
    return Alert(_id="a", rule_id="r", **fields)


def test_url_values_are_validated_and_the_first_dimension_wins():
    assert filters.version_from_params({"release": "r3", "model": "m1"}) == ("release", "r3")
    assert filters.version_from_params({"model": " gpt-4o "}) == ("model", "gpt-4o")
    assert filters.version_from_params({"prompt_version": "unversioned"}) == ("prompt_version", "unversioned")
    for bad in ("$gt", "", "a" * 65, "r1;drop", None, "__all__"):
        assert filters.version_from_params({"release": bad}) is None
    assert filters.version_params(("release", "r3")) == {"release": "r3"} and filters.version_params(None) == {}


def test_alerts_belong_to_a_version_by_release_or_by_days():
    span = (date(2026, 11, 10), date(2026, 11, 14))
    rule = _alert(release="r4", previous_release="r3", opened_at=datetime(2026, 11, 20, tzinfo=timezone.utc))
    assert alert_of_version(rule, ("release", "r4"), None)
    assert alert_of_version(rule, ("release", "r3"), span)  # the release it was compared with
    assert not alert_of_version(rule, ("release", "r2"), span)  # names others, days outside
    inside = _alert(evidence=[{"bucket": "2026-11-12"}], opened_at=datetime(2026, 11, 13, tzinfo=timezone.utc))
    linked = _alert(link={"start": "2026-11-01", "end": "2026-11-10"})
    outside = _alert(first_day="2026-11-01", last_day="2026-11-05")
    opened = _alert(opened_at=datetime(2026, 11, 14, 9, tzinfo=timezone.utc))
    assert alert_of_version(inside, ("model", "m1"), span)
    assert alert_of_version(linked, ("release", "r2"), span)
    assert alert_of_version(opened, ("release", "r2"), span)
    assert not alert_of_version(outside, ("release", "r2"), span)
    assert not alert_of_version(inside, ("release", "r2"), None)  # a version without days


def test_report_weeks_overlapping_a_version():
    span = (date(2026, 11, 12), date(2026, 11, 20))
    assert filters.week_overlaps("2026-11-09", span)       # Mon 9 .. Sun 15
    assert filters.week_overlaps(date(2026, 11, 16), span)
    assert not filters.week_overlaps("2026-11-02", span)   # ends on the 8th
    assert not filters.week_overlaps("2026-11-23", span)
    assert not filters.week_overlaps("not a date", span) and not filters.week_overlaps("2026-11-09", None)
