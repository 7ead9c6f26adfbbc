"""The catalog's rules in MongoDB's expression language, generated from core/.

`core.verdict.verdict` and `core.diagnosis.quadrant` are the definitions; these
functions build the same rules as aggregation expressions so that threshold
edits, aggregates and reports can apply them inside the database. A test checks
on generated records that both forms agree.
"""
from __future__ import annotations

from typing import Any, Mapping

from core import metrics
from core.diagnosis import BOTH, GENERATION, OK, RETRIEVAL
from core.features import DEFAULT_FEATURE
from core.verdict import limits_for

Thresholds = Mapping[str, Mapping[str, float]]


def _limits_literal(thresholds: Thresholds, feature: str) -> dict:
    limits = limits_for(thresholds, feature)
    return {m: float(limits.get(m, 0.0)) for m in metrics.score_names()}


def limits_object(thresholds: Thresholds, feature_path: str = "$feature") -> Any:
    """Every threshold of the record's feature as one object (one $switch per record)."""
    branches = [{"case": {"$eq": [feature_path, f]}, "then": {"$literal": _limits_literal(thresholds, f)}}
                for f in sorted(thresholds) if f != DEFAULT_FEATURE]
    default = {"$literal": _limits_literal(thresholds, DEFAULT_FEATURE)}
    return {"$switch": {"branches": branches, "default": default}} if branches else default


def _score(m: str, scores_path: str) -> str:
    return f"{scores_path}.{m}"


def failed_metrics_expr(limits_path: str, scores_path: str = "$eb.scores") -> dict:
    """[metrics whose score is a number below the limit], in catalog order.

    `limits_path` names a field holding the limits object (see `limits_object`): field
    paths, not $getField, keep the expression to what every server supports."""
    return {"$concatArrays": [
        {"$cond": [{"$and": [{"$isNumber": _score(m, scores_path)},
                             {"$lt": [_score(m, scores_path), f"{limits_path}.{m}"]}]}, [m], []]}
        for m in metrics.score_names()]}


def passed_expr(failed: Any, scores_path: str = "$eb.scores") -> dict:
    """None without any score; False without a context metric; else no metric failed."""
    def any_number(names) -> Any:
        return {"$or": [{"$isNumber": _score(m, scores_path)} for m in names]} if names else False
    return {"$cond": [any_number(metrics.score_names()),
                      {"$cond": [any_number(metrics.context_metrics()), {"$eq": [{"$size": failed}, 0]}, False]},
                      None]}


LIMITS_FIELD = "_eb_limits"


def verdict_update(thresholds: Thresholds, feature: str | None = None) -> list[dict]:
    """Update pipeline recomputing eb.failed_metrics, eb.passed and eb.failing_at.

    `feature` given: that feature's limits as constants (the update matches its records);
    None: each record's own feature through a $switch."""
    limits = {"$literal": _limits_literal(thresholds, feature)} if feature else limits_object(thresholds)
    return [
        {"$set": {LIMITS_FIELD: limits}},
        {"$set": {"eb.failed_metrics": failed_metrics_expr(f"${LIMITS_FIELD}")}},
        {"$set": {"eb.passed": passed_expr("$eb.failed_metrics")}},
        {"$set": {"eb.failing_at": {"$cond": [{"$eq": ["$eb.passed", False]}, "$timestamp", "$$REMOVE"]}}},
        {"$unset": LIMITS_FIELD},
    ]


def metric_passed_expr(metric: str, limits_path: str, scores_path: str = "$eb.scores") -> dict:
    """1 when the metric's score is a number >= its limit (core.verdict.metric_passed is True), else 0."""
    value = _score(metric, scores_path)
    return {"$cond": [{"$and": [{"$isNumber": value}, {"$gte": [value, f"{limits_path}.{metric}"]}]}, 1, 0]}


def quadrant_expr(limits_path: str, scores_path: str = "$eb.scores") -> dict:
    """The record's diagnosis quadrant (core.diagnosis.quadrant), None without both numbers."""
    p, f = _score("contextual_precision", scores_path), _score("faithfulness", scores_path)
    p_ok = {"$gte": [p, f"{limits_path}.contextual_precision"]}
    f_ok = {"$gte": [f, f"{limits_path}.faithfulness"]}
    return {"$cond": [{"$and": [{"$isNumber": p}, {"$isNumber": f}]},
                      {"$switch": {"branches": [
                          {"case": {"$and": [p_ok, f_ok]}, "then": OK},
                          {"case": f_ok, "then": RETRIEVAL},
                          {"case": p_ok, "then": GENERATION}], "default": BOTH}},
                      None]}
