"""The Triage filter as a typed value (store/triage_filter.py): the same choices give an equal, hashable
filter (the record readers' cache key) and the same MongoDB filter as store.triage.build_filter."""
from __future__ import annotations

from datetime import date

import pytest
from pydantic import ValidationError as PydanticValidationError

from store.errors import ValidationFailed
from store.triage import build_filter
from store.triage_filter import TriageFilter

CHOICES = dict(start=date(2026, 11, 1), end=date(2026, 11, 7), feature="chat", metric="faithfulness",
               status="new", score_min=0.0, score_max=0.5, search="section 10", only_failing=True,
               source="demo", session="s-1", release="r3", disagree="lenient", flaky=True)


def test_equal_choices_are_one_cache_key_and_one_query():
    a, b = TriageFilter.checked(**CHOICES), TriageFilter.checked(**CHOICES)
    assert a == b and hash(a) == hash(b) and repr(a) == repr(b)
    assert a.query() == build_filter(**CHOICES)
    assert TriageFilter.checked(**{**CHOICES, "feature": "viability"}) != a
    with pytest.raises(PydanticValidationError):
        a.feature = "other"  # frozen: a cache key cannot change under the cache


def test_bad_values_are_refused_when_the_filter_is_made():
    with pytest.raises(ValidationFailed):
        TriageFilter.checked(**{**CHOICES, "start": date(2026, 11, 8)})  # after the end
