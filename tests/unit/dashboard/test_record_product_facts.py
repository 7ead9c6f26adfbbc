"""The record view's line of the product's own figures (records from traces, issue 27)."""
from dashboard.components.record_view import product_facts


def test_product_facts_shows_numbers_only_and_nothing_when_absent():
    record = {"latency_ms": 1450.0, "usage": {"input_tokens": 120, "output_tokens": "30", "cost": 0.0004},
              "model": "gpt-4o-mini", "trace_id": "ab" * 16}
    assert product_facts(record) == ("latency 1,450 ms · tokens 120 in · cost 0.0004 · model gpt-4o-mini · "
                                     f"trace {'ab' * 16}")
    assert product_facts({"usage": "odd", "latency_ms": True}) is None
