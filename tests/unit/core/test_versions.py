"""core.versions: what a release, model, prompt version or tag may be."""
from __future__ import annotations

import pytest

from core.versions import BadVersion, check_tags, check_value, selector_value


def test_values_are_short_printable_names():
    assert check_value(" 2026.12 ") == "2026.12"
    assert check_value(7, "prompt_version") == "7"
    assert check_value("anthropic/claude-3.5-sonnet@2024-10-22") == "anthropic/claude-3.5-sonnet@2024-10-22"
    for bad in ("", "   ", "$gt", "a\nb", "x" * 65, "other", "unversioned", None, True, ["a"], {"$ne": 1}):
        with pytest.raises(BadVersion):
            check_value(bad)


def test_tags_are_a_small_flat_map():
    assert check_tags({"retriever": "dense-k4", "top_k": 4}) == {"retriever": "dense-k4", "top_k": "4"}
    for bad in ({"a.b": "x"}, {"$where": "x"}, {"k": {"nested": 1}}, {f"t{i}": "v" for i in range(21)}, ["x"]):
        with pytest.raises(BadVersion):
            check_tags(bad)


def test_page_selectors_accept_the_buckets_and_refuse_unknown_dimensions():
    assert selector_value("release", "unversioned") == "unversioned"
    assert selector_value("model", "other") == "other"
    with pytest.raises(BadVersion):
        selector_value("feature", "chat")
