"""Triage's filter by release, model and prompt version: validated values only (issue 21)."""
from __future__ import annotations

from datetime import date

import pytest

from store.errors import ValidationFailed
from store.triage import build_filter


def test_version_filters_are_plain_equalities():
    filt = build_filter(start=date(2026, 11, 1), end=date(2026, 11, 7), release="2026.12", model="gpt-4.1-mini",
                        prompt_version="unversioned")
    assert filt["release"] == "2026.12" and filt["model"] == "gpt-4.1-mini"
    assert filt["prompt_version"] is None  # records without a prompt version
    assert "release" not in build_filter(start=date(2026, 11, 1), end=date(2026, 11, 7))


@pytest.mark.parametrize("bad", [{"$ne": "x"}, "$gt", "a" * 65, "other", "x\ny", 7])
def test_anything_else_is_refused(bad):
    with pytest.raises(ValidationFailed):
        build_filter(start=date(2026, 11, 1), end=date(2026, 11, 7), release=bad)
