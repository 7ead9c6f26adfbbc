"""Aggregate buckets as typed documents: stored numbers read as they are, anything else as None
(never an error), and the figures the pages draw are one attribute or `stat()` away."""
from __future__ import annotations

import pickle
from datetime import date, datetime

from core.buckets import Bucket, buckets


def _doc(**more):
    return {"_id": "2026-03-02|chat", "bucket": datetime(2026, 3, 2, 12), "feature": "chat",
            "granularity": "day", "count": 40, "passed": 30, "failing": 10, "pass_rate": 0.75,
            "metrics": {"faithfulness": {"mean": 0.8, "p10": 0.5, "p50": 0.82, "p90": 0.95, "pass_rate": 0.7,
                                         "n": 38}},
            "quadrants": {"ok": 30, "retrieval": 4}, "regen_rate": 0.1, "regen_mean": 0.2, "missing_scores": 2,
            "computed_at": datetime(2026, 3, 3), **more}


def test_a_stored_bucket_reads_as_stored():
    b = Bucket.model_validate(_doc())
    assert (b.feature, b.count, b.passed, b.failing, b.pass_rate) == ("chat", 40, 30, 10, 0.75)
    assert isinstance(b.count, int)  # ints stay ints
    assert b.stat("faithfulness") == 0.8 and b.stat("faithfulness", "p90") == 0.95
    assert b.stat("faithfulness", "n") == 38 and b.stat("answer_relevancy") is None
    assert b.rate("regen_rate") == 0.1 and b.rate("pass_rate") == 0.75
    assert b.quadrants == {"ok": 30, "retrieval": 4}
    assert b.day == date(2026, 3, 2)
    assert b.model_extra == {"_id": "2026-03-02|chat", "granularity": "day", "computed_at": datetime(2026, 3, 3)}
    assert pickle.loads(pickle.dumps(b)) == b  # what st.cache_data keeps


def test_odd_values_read_as_none_never_an_error():
    b = Bucket.model_validate({"bucket": "2026-03-02", "feature": 7, "count": "12", "passed": True,
                               "pass_rate": float("nan"), "metrics": None, "quadrants": ["x"]})
    assert (b.bucket, b.day, b.feature, b.count, b.passed, b.pass_rate) == (None, None, None, None, None, None)
    assert b.metrics == {} and b.quadrants == {} and b.stat("faithfulness") is None
    odd = Bucket.model_validate({"metrics": {"faithfulness": None, "answer_relevancy": {"mean": "high", "n": 3}}})
    assert list(odd.metrics) == ["answer_relevancy"] and odd.stat("answer_relevancy") is None
    assert odd.stat("answer_relevancy", "n") == 3


def test_buckets_keeps_the_order():
    docs = [_doc(feature=f) for f in ("b", "a", "c")]
    assert [b.feature for b in buckets(docs)] == ["b", "a", "c"]
