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


def test_a_product_line_is_ordered_by_its_declared_versions_else_by_first_seen():
    from core.versions import line_order, previous_in_lines

    seen = {"2026.12": ("2026-11-19",), "2026.9": ("2026-11-21",), "2026.10": ("2026-11-01",)}
    assert line_order(seen) == ["2026.12", "2026.10", "2026.9"]  # numbers, not text, and not first-seen
    assert line_order({"v1.2.0": (3,), "v1.2.0-rc.1": (2,), "v1.10.0": (1,)}) == ["v1.10.0", "v1.2.0", "v1.2.0-rc.1"]
    assert line_order({"2026-11-02": (2,), "2026-10-30": (1,)}) == ["2026-11-02", "2026-10-30"]
    # names without a declared order (or mixed kinds): first seen in the line
    assert line_order({"r2": (2,), "r10": (1,), "r1": (0,)}) == ["r2", "r10", "r1"]
    assert line_order({"2026.12": (1,), "2026-11-02": (2,)}) == ["2026-11-02", "2026.12"]
    assert line_order({"other": (9,), "r1": (1,)}) == ["r1"]
    orders = {"clauses": ["2026.12", "2026.11"], "leases": ["r3", "2026.12", "r2"]}
    assert previous_in_lines(orders, "2026.12", {"clauses": 100, "leases": 3}) == "2026.11"
    assert previous_in_lines(orders, "2026.11") is None
