"""evaluators.limits: one request's size is judged before any scoring starts."""
from __future__ import annotations

import pytest

from evaluators import limits


def test_within_the_limits_is_accepted_right_up_to_them():
    chunk = "x" * limits.MAX_CHUNK_CHARS
    contexts = [chunk] * (limits.MAX_CONTEXT_CHARS // limits.MAX_CHUNK_CHARS)
    assert limits.input_problem("q" * limits.MAX_QUERY_CHARS, "a" * limits.MAX_ANSWER_CHARS, contexts,
                                "e" * limits.MAX_EXPECTED_CHARS) is None
    assert limits.input_problem("q", "a", ["c"] * limits.MAX_CHUNKS) is None
    assert limits.input_problem("q", "a", []) is None


@pytest.mark.parametrize("kwargs,words", [
    ({"contexts": ["x" * 1_000_000]}, "context chunk 1 has 1,000,000 characters"),  # 1 MB in one chunk
    ({"contexts": ["x" * 5_000] * 200}, "200 context chunks"),  # 1 MB in many small chunks
    ({"contexts": ["x" * 9_000] * 6}, "54,000 characters in all"),
    ({"contexts": "x" * 10_001}, "context chunk 1 has 10,001"),  # a bare string is one chunk
    ({"answer": "a" * (limits.MAX_ANSWER_CHARS + 1)}, "the answer has 10,001 characters"),
    ({"query": "q" * (limits.MAX_QUERY_CHARS + 1)}, "the query has 5,001"),
    ({"expected": "e" * (limits.MAX_EXPECTED_CHARS + 1)}, "the expected answer has 10,001"),
])
def test_over_a_limit_is_refused_with_the_number_and_the_limit(kwargs, words):
    args = {"query": "q", "answer": "a", "contexts": ["c"], "expected": None, **kwargs}
    problem = limits.input_problem(**args)
    assert problem and words in problem and "limit is" in problem


def test_cli_records_are_judged_by_the_same_limits():
    assert limits.record_problem({"query": "q", "answer": "a", "context": ["c"]}) is None
    big = limits.record_problem({"query": "q", "answer": "a", "context": ["x" * 600_000, "y" * 600_000]})
    assert big.startswith("input too large: context chunk 1 has 600,000")
    # ill-typed fields are left to the pipeline's own, clearer type errors
    assert limits.record_problem({"query": 5, "answer": None, "context": 42}) is None
