"""Small logged data sets and a noisy judge for the issue-33 tests (cost, budget, noise floor).

`logged_records(db, now, ...)`: chat records of the last days before `now` (never a fixed date against the
clock), each with a known "true" answer relevancy `base`; `NoisyAnswers`: the answers of the local
chat-completions server (tests/integration/evaluators/conftest.Server) with Gaussian noise of `sigma` on
the relevancy score around each record's base, every other prompt answered the same way every time
(faithfulness, precision and recall all supported), the draws kept per record.
"""
from __future__ import annotations

import random
import re
from collections import defaultdict
from datetime import datetime, timedelta

from store.records import ensure_indexes, insert_records
from store.schema import ParsedRecord, parse_record
from store.thresholds import get_thresholds

QUERY = "Question {i}: what does clause {i} of the lease say about the deposit?"
_ID = re.compile(r"Question (\d+):")


def logged_records(db, now: datetime, *, n: int, days: int = 3, base=lambda i: 0.72, feature: str = "chat",
                   logged_passed=lambda i: True) -> dict[int, float]:
    """`n` logged records spread over the `days` completed days before `now`; returns {i: base}."""
    thresholds = get_thresholds(db)
    docs, bases = [], {}
    for i in range(n):
        bases[i] = base(i)
        score = 0.9 if logged_passed(i) else 0.3
        raw = {"_id": f"nz{i}", "session_id": f"s{i}", "query": QUERY.format(i=i),
               "answer": f"Clause {i} says the deposit is returned within 30 days of the end of the lease.",
               "context": [f"Clause {i}: the deposit is returned within 30 days of the end of the lease."],
               "expected_output": f"The deposit comes back within 30 days (clause {i}).",
               "evaluation": {m: {"score": score, "threshold": 0.7, "passed": score >= 0.7, "reason": "logged"}
                              for m in ("faithfulness", "answer_relevancy", "contextual_precision", "contextual_recall")},
               "regeneration_attempts": 0, "feature": feature,
               "timestamp": (now - timedelta(days=1 + i % days, hours=1 + (i % 20))).isoformat()}
        parsed = parse_record(raw, thresholds, source="test")
        assert isinstance(parsed, ParsedRecord), parsed
        docs.append(parsed.doc)
    ensure_indexes(db)
    insert_records(db, docs)
    return bases


class NoisyAnswers:
    """`server.answer_fn`: the relevancy score is base + N(0, sigma) (clipped to 0..1, seeded)."""

    def __init__(self, bases: dict[int, float], sigma: float, seed: int = 33):
        self.bases, self.sigma, self.rng = bases, sigma, random.Random(seed)
        self.draws: dict[int, list[float]] = defaultdict(list)

    def __call__(self, prompt: str):
        if "How directly and specifically" not in prompt:
            return self.steady(prompt)
        found = _ID.search(prompt)
        base = self.bases.get(int(found.group(1)), 0.9) if found else 0.9
        value = round(min(1.0, max(0.0, base + self.rng.gauss(0.0, self.sigma))), 4)
        if found:
            self.draws[int(found.group(1))].append(value)
        return {"score": value, "reason": "scored", "missing_aspects": []}

    @staticmethod
    def steady(prompt: str):
        if "atomic factual statements" in prompt:
            return {"statements": [{"statement": "The deposit is returned within 30 days.", "supported": True,
                                    "supporting_chunk_ids": [0], "reason": "chunk 0"}]}
        if "can be attributed" in prompt:
            return {"statements": [{"statement": "30 days", "supported": True, "supporting_chunk_ids": [0]}]}
        return None  # the server's usual answers (precision: chunk 0 relevant; retrieval)
