"""The Python verdict/diagnosis (core/) and their in-database forms (store/verdict_expr.py) agree."""
from __future__ import annotations

import random
from datetime import datetime, timedelta, timezone

from core import diagnosis, metrics
from core.verdict import limits_for, verdict
from store.verdict_expr import limits_object, quadrant_expr, verdict_update


def _records(n: int, seed: int = 11) -> list[dict]:
    rng = random.Random(seed)
    features = ["chat", "viability", "arguments", "clauses", "newthing", None]
    out = []
    t0 = datetime(2026, 1, 1, tzinfo=timezone.utc)
    for i in range(n):
        scores = {}
        for m in metrics.score_names():
            roll = rng.random()
            # numbers around the thresholds, missing scores, and odd non-numbers
            scores[m] = None if roll < 0.15 else "0.9" if roll < 0.18 else round(rng.uniform(0.55, 1.0), 3)
        if rng.random() < 0.05:
            scores = {m: None for m in metrics.score_names()}
        if rng.random() < 0.05:  # relevancy alone: no context metric
            scores = {m: (0.95 if m == "answer_relevancy" else None) for m in metrics.score_names()}
        out.append({"_id": f"r{i}", "feature": rng.choice(features), "timestamp": t0 + timedelta(minutes=i),
                    "eb": {"scores": scores}})
    return out


def _thresholds() -> dict:
    table = metrics.default_thresholds()
    table["newthing"] = {**table["default"], "faithfulness": 0.6}
    return table


def test_python_and_database_verdicts_agree_on_generated_records(db):
    docs = _records(400)
    db.records.insert_many([dict(d) for d in docs])
    thresholds = _thresholds()
    db.records.update_many({}, verdict_update(thresholds))
    stored = {d["_id"]: d for d in db.records.find()}
    disagreements = []
    fails = passes = unscored = 0
    for d in docs:
        want = verdict(d["feature"], d["eb"]["scores"], thresholds)
        got = stored[d["_id"]]["eb"]
        fails += want.passed is False
        passes += want.passed is True
        unscored += want.passed is None
        if (got.get("passed"), got.get("failed_metrics")) != (want.passed, want.failed_metrics):
            disagreements.append((d, got, want))
        assert ("failing_at" in got) == (want.passed is False)
    assert not disagreements, disagreements[:3]
    assert fails and passes and unscored  # the sample covers every outcome


def test_per_feature_update_uses_that_features_limits(db):
    docs = [d for d in _records(200, seed=3) if d["feature"] == "clauses"]
    db.records.insert_many(docs)
    thresholds = _thresholds()
    db.records.update_many({"feature": "clauses"}, verdict_update(thresholds, "clauses"))
    for d in docs:
        got = db.records.find_one({"_id": d["_id"]})["eb"]
        assert got["passed"] == verdict("clauses", d["eb"]["scores"], thresholds).passed


def test_python_and_database_quadrants_agree(db):
    docs = _records(300, seed=5)
    db.records.insert_many(docs)
    thresholds = _thresholds()
    rows = db.records.aggregate([{"$set": {"lim": limits_object(thresholds)}},
                                 {"$project": {"q": quadrant_expr("$lim")}}])
    got = {r["_id"]: r.get("q") for r in rows}
    for d in docs:
        limits = limits_for(thresholds, d["feature"])
        s = d["eb"]["scores"]
        num = lambda v: v if isinstance(v, float) else None  # noqa: E731
        want = diagnosis.quadrant(num(s["contextual_precision"]), num(s["faithfulness"]),
                                  limits["contextual_precision"], limits["faithfulness"])
        assert got[d["_id"]] == want, d


def test_the_aggregates_count_what_the_catalog_rules_say(db):
    """The stats pipeline production runs (store.aggregate_counts.day_documents, with the generated
    per-metric pass and quadrant expressions) counts per day exactly what core.verdict.metric_passed
    and core.diagnosis.quadrant say of each record."""
    from collections import Counter
    from datetime import datetime, timedelta, timezone

    from core import metrics
    from core.verdict import metric_passed
    from store.aggregate_counts import day_documents

    docs = _records(300, seed=11)
    t0 = datetime(2026, 5, 4, tzinfo=timezone.utc)
    for i, d in enumerate(docs):
        d["timestamp"] = t0 + timedelta(minutes=i)  # one day
        d["ingested_at"] = t0
    db.records.insert_many(docs)
    thresholds = _thresholds()
    got = day_documents(db, {"timestamp": {"$gte": t0}}, thresholds, "UTC")
    from core.features import UNKNOWN_FEATURE

    num = lambda v: v if isinstance(v, float) else None  # noqa: E731
    for feature in {d["feature"] for d in docs}:
        mine = [d for d in docs if d["feature"] == feature]
        doc = got[f"2026-05-04|{feature if feature is not None else UNKNOWN_FEATURE}"]
        limits = limits_for(thresholds, feature)  # each record is judged by its own feature's limits
        for m in metrics.score_names():
            want = sum(1 for d in mine if metric_passed(d["eb"]["scores"].get(m), limits[m]))
            assert doc["metrics"][m]["pass"] == want, (feature, m)
        quadrants = Counter(diagnosis.quadrant(num(d["eb"]["scores"]["contextual_precision"]),
                                               num(d["eb"]["scores"]["faithfulness"]),
                                               limits["contextual_precision"], limits["faithfulness"]) for d in mine)
        assert {q: doc["quadrants"][q] for q in diagnosis.QUADRANTS} == {q: quadrants.get(q, 0)
                                                                       for q in diagnosis.QUADRANTS}
