"""The metrics: name, label, colour, overall weight, default threshold per feature.

One entry per metric (reference 000: "Feature-Specific Thresholds" and the overall
formula). Adding a metric is one `register(Metric(...))` here plus one module
evaluators/metrics/<name>.py (its local function, judge prompt and declared inputs;
the evaluators' registry fails at import when the two disagree); everything else (ingest, `eb.scores`, the verdict, aggregates, charts,
the rule editor, reports, exports) reads the list through `names()` /
`score_names()` at call time, so a metric registered later is followed too.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping

from core.features import DEFAULT_FEATURE

OVERALL = "overall_quality"
PASS_RATE, REGEN_RATE, COUNT = "pass_rate", "regen_rate", "count"
REFERENCE_FEATURES: tuple[str, ...] = ("chat", "viability", "arguments", "clauses")


@dataclass(frozen=True)
class Metric:
    name: str
    label: str
    color: str
    weight: float                 # its share of overall quality (weights are re-normalised)
    thresholds: Mapping[str, float]  # default threshold per feature; DEFAULT_FEATURE for the rest
    needs_context: bool = True    # undefined (None) when no context was retrieved
    description: str = ""
    higher_is_better: bool = True
    # the kind of problem the weekly report advises on when this metric fails most in a feature
    # (a key of jobs/report_advice.ADVICE), None when its failures are covered by the diagnosis instead
    advice: str | None = None
    # False: deliberately not scored by evaluators/ (e.g. a score only the logging application sends);
    # the evaluators' registry then expects no module for it and the scorer reports it as not computed
    evaluated: bool = True


@dataclass(frozen=True)
class Series:
    """A number the dashboard charts that is not a metric (pass rate, regeneration rate)."""
    name: str
    label: str
    color: str
    higher_is_better: bool = True


def _per_feature(chat: float, viability: float, arguments: float, clauses: float) -> dict[str, float]:
    return {"chat": chat, "viability": viability, "arguments": arguments, "clauses": clauses,
            DEFAULT_FEATURE: chat}


_METRICS: dict[str, Metric] = {}


def register(metric: Metric) -> Metric:
    """Add a metric to the catalog (the fixture of the extra-metric test uses this too)."""
    if metric.name in _METRICS or metric.name in (OVERALL, PASS_RATE, REGEN_RATE, COUNT):
        raise ValueError(f"metric {metric.name!r} is already defined")
    if DEFAULT_FEATURE not in metric.thresholds:
        raise ValueError(f"metric {metric.name!r} needs a {DEFAULT_FEATURE!r} threshold")
    _METRICS[metric.name] = metric
    return metric


def unregister(name: str) -> None:
    _METRICS.pop(name, None)


register(Metric("faithfulness", "Faithfulness", "#4C78A8", 0.35, _per_feature(0.80, 0.85, 0.90, 0.95),
                description="how well the retrieved context supports the answer's claims (fast mode: computed from "
                            "the hallucination score; 0.8 = its midpoint)"))
register(Metric("answer_relevancy", "Answer relevancy", "#F58518", 0.30, _per_feature(0.70, 0.75, 0.80, 0.75),
                needs_context=False, description="how directly the answer addresses the question",
                advice="relevancy"))
register(Metric("contextual_precision", "Contextual precision", "#54A24B", 0.20,
                _per_feature(0.75, 0.80, 0.85, 0.80),
                description="relevant chunks ranked above irrelevant ones (rank-weighted average precision)"))
register(Metric("contextual_recall", "Contextual recall", "#B279A2", 0.15, _per_feature(0.70, 0.75, 0.80, 0.70),
                description="share of the expected answer the retrieved context covers", advice="recall"))
# Off (threshold 0) for the reference features, whose answers cite statutes rather than retrieved chunks, and
# for unknown features; a feature whose answers cite their chunks ("[1]", "(Passage 2)") sets its threshold in
# the rule editor / thresholds. None for answers that cite no chunk. Not part of overall quality (weight 0).
register(Metric("citation_accuracy", "Citation accuracy", "#E45756", 0.0, _per_feature(0.0, 0.0, 0.0, 0.0),
                description="share of the answer's chunk citations whose cited chunk supports the cited claim"))

OVERALL_METRIC = Metric(OVERALL, "Overall quality", "#1F3A5F", 0.0, _per_feature(0.75, 0.75, 0.75, 0.75),
                        needs_context=True, description="weighted mean of the metrics present")
_SERIES: dict[str, Series] = {
    PASS_RATE: Series(PASS_RATE, "Pass rate", "#2A9D8F"),
    REGEN_RATE: Series(REGEN_RATE, "Regeneration rate", "#9D755D", higher_is_better=False),
    COUNT: Series(COUNT, "Records", "#7F7F7F"),
}


def names() -> tuple[str, ...]:
    """The metrics, in catalog order (without overall quality)."""
    return tuple(_METRICS)


def score_names() -> tuple[str, ...]:
    """Every score a record carries: the metrics, then overall quality."""
    return (*_METRICS, OVERALL)


def context_metrics() -> tuple[str, ...]:
    return tuple(m.name for m in _METRICS.values() if m.needs_context)


def rule_metrics() -> tuple[str, ...]:
    """What an alert rule can watch: every score, the pass rate and the regeneration rate."""
    return (*score_names(), PASS_RATE, REGEN_RATE)


def get(name: str) -> Metric | Series | None:
    if name == OVERALL:
        return OVERALL_METRIC
    return _METRICS.get(name) or _SERIES.get(name)


def advice_kinds() -> dict[str, str]:
    """{metric: the kind of problem the weekly report advises on when it fails most}."""
    return {m.name: m.advice for m in _METRICS.values() if m.advice}


def weights() -> dict[str, float]:
    return {m.name: m.weight for m in _METRICS.values()}


def label(name: str) -> str:
    item = get(name)
    return item.label if item else str(name).replace("_", " ").capitalize()


def color(name: str) -> str:
    item = get(name)
    return item.color if item else "#7F7F7F"


def higher_is_better(name: str) -> bool:
    item = get(name)
    return item.higher_is_better if item else True


def default_thresholds() -> dict[str, dict[str, float]]:
    """{feature: {score: threshold}} for the reference features and DEFAULT_FEATURE, overall included."""
    features = dict.fromkeys((*REFERENCE_FEATURES, DEFAULT_FEATURE))
    for m in (*_METRICS.values(), OVERALL_METRIC):
        features.update(dict.fromkeys(m.thresholds))
    return {f: {m.name: float(m.thresholds.get(f, m.thresholds[DEFAULT_FEATURE]))
                for m in (*_METRICS.values(), OVERALL_METRIC)}
            for f in features}


def overall_formula() -> str:
    """The overall-quality formula in words, e.g. "0.35·Faithfulness + 0.30·Answer relevancy + …"."""
    return " + ".join(f"{m.weight:.2f}·{m.label}" for m in _METRICS.values() if m.weight > 0)
