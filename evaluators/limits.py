"""Size limits for one scoring request (the Playground and `python -m evaluators score`).

Scoring cost grows with the text to embed and the sentences to compare: 1 MB of
context took ~29 s and ~0.8 GB. These limits keep one request to a couple of
seconds and well under ~200 MB on a 2-core machine (bench/bench_limits.py measures
a request at the limits). They are defined here once; the Playground, the CLI and
the README read them from here.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence

MAX_QUERY_CHARS = 5_000
MAX_ANSWER_CHARS = 10_000
MAX_EXPECTED_CHARS = 10_000
MAX_CHUNK_CHARS = 10_000
MAX_CHUNKS = 50
MAX_CONTEXT_CHARS = 50_000  # all chunks together


def _n(value: int) -> str:
    return f"{value:,}"


def input_problem(query: object, answer: object, contexts: object, expected: object = None) -> str | None:
    """Why this request is too large to score, or None when it is within the limits.

    Only sizes are judged here; types are checked by the pipeline (a non-string is
    measured as 0 so that its own, clearer error comes from there)."""
    def size(value: object) -> int:
        return len(value) if isinstance(value, str) else 0

    for label, value, limit in (("query", query, MAX_QUERY_CHARS), ("answer", answer, MAX_ANSWER_CHARS),
                                ("expected answer", expected, MAX_EXPECTED_CHARS)):
        if size(value) > limit:
            return f"the {label} has {_n(size(value))} characters; the limit is {_n(limit)}"
    if isinstance(contexts, str):
        contexts = [contexts]
    if not isinstance(contexts, Sequence):
        return None
    if len(contexts) > MAX_CHUNKS:
        return f"{_n(len(contexts))} context chunks; the limit is {_n(MAX_CHUNKS)}"
    for rank, chunk in enumerate(contexts, start=1):
        if size(chunk) > MAX_CHUNK_CHARS:
            return f"context chunk {rank} has {_n(size(chunk))} characters; the limit is {_n(MAX_CHUNK_CHARS)} per chunk"
    total = sum(size(chunk) for chunk in contexts)
    if total > MAX_CONTEXT_CHARS:
        return f"the context has {_n(total)} characters in all; the limit is {_n(MAX_CONTEXT_CHARS)}"
    return None


def record_problem(record: Mapping) -> str | None:
    """input_problem for one CLI input record (keys query, answer, context, expected_output)."""
    problem = input_problem(record.get("query"), record.get("answer"), record.get("context"),
                            record.get("expected_output"))
    return f"input too large: {problem}" if problem else None


def describe() -> str:
    """The limits in one line (for help texts and messages)."""
    return (f"query ≤ {_n(MAX_QUERY_CHARS)} characters, answer ≤ {_n(MAX_ANSWER_CHARS)}, "
            f"expected answer ≤ {_n(MAX_EXPECTED_CHARS)}, ≤ {_n(MAX_CHUNKS)} context chunks of "
            f"≤ {_n(MAX_CHUNK_CHARS)} characters each and ≤ {_n(MAX_CONTEXT_CHARS)} in all")
