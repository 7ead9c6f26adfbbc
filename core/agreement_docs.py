"""Judge-agreement documents as the pages read them (pure, read side): a day's or week's figures per
score (`AgreementDoc`, from agreement_daily/_weekly: store/agreement.py), the sampled records that
disagree most (`TopEntry`), and the judge's own noise per score (`NoiseFigure`, store/judge_noise.py).
Lenient like every read model: a figure that is not a number reads as None, a block that is not a
mapping as empty; fields beyond these pass through."""
from __future__ import annotations

from typing import Annotated, Any, Mapping

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field

from core import agreement as ag
from core.buckets import Number
from core.record_doc import Sub, When


class Figure(BaseModel):
    """One score's agreement figures on a day: sample sizes, each statistic and its change vs the baseline."""
    model_config = ConfigDict(extra="allow")

    n: Number = None
    n_verdicts: Number = None
    spearman: Number = None
    mean_diff: Number = None
    flip_rate: Number = None

    def value(self, name: str) -> int | float | None:
        """A statistic (or its change, `name` + "_change", kept as stored among the extras) by name; None
        when absent."""
        return getattr(self, name, None)

    def marked(self) -> list[str]:
        """The statistics whose change against the baseline is large enough to mark (core.agreement)."""
        return ag.is_marked(self.model_dump())

    def has_change(self) -> bool:
        return any(self.value(s + ag.CHANGE_SUFFIX) is not None for s in ag.STATISTICS)


class TopEntry(BaseModel):
    """A sampled record whose logged and independent scores differ much."""
    model_config = ConfigDict(extra="allow", populate_by_name=True)

    id: Any = Field(None, alias="_id")
    metric: Any = None
    feature: Any = None
    logged: Number = None
    independent: Number = None
    diff: Number = None


def _figures(value: Any) -> dict[str, Figure]:
    return {str(m): Figure.model_validate(dict(f)) for m, f in value.items() if isinstance(f, Mapping)} \
        if isinstance(value, Mapping) else {}


def _entries(value: Any) -> list[TopEntry]:
    return [TopEntry.model_validate(dict(e)) for e in value if isinstance(e, Mapping)] \
        if isinstance(value, (list, tuple)) else []


class AgreementDoc(BaseModel):
    """One bucket of one feature: figures per score, samples per scorer kind, the top disagreements."""
    model_config = ConfigDict(extra="allow")

    bucket: When = None
    day: Any = None
    feature: Any = None
    kinds: Sub = {}
    metrics: Annotated[dict[str, Figure], BeforeValidator(_figures)] = {}
    top: Annotated[list[TopEntry], BeforeValidator(_entries)] = []

    def figure(self, metric: str) -> Figure:
        return self.metrics[metric] if metric in self.metrics else Figure()


class Sample(BaseModel):
    """Which day's sample a re-score belongs to, and which scorer (`rescored.sample`, jobs/agreement.py)."""
    model_config = ConfigDict(extra="allow")

    day: Any = "—"
    kind: Any = None

    @classmethod
    def read(cls, value: Any) -> Sample:
        return cls.model_validate(dict(value) if isinstance(value, Mapping) else {})


class NoiseFigure(BaseModel):
    """How far one score moves when the same judge scores the same records again (jobs judge-noise)."""
    model_config = ConfigDict(extra="allow")

    runs: Any = None
    n: Any = None
    spread: Number = None
    flip_rate: Number = None


def noise_figure(noise: Mapping | None, feature: str, metric: str) -> NoiseFigure | None:
    """The noise figure of a feature's score in {feature: {metric: figure}}, None when not measured."""
    by_metric = noise[feature] if isinstance(noise, Mapping) and isinstance(noise.get(feature), Mapping) else {}
    figure = by_metric[metric] if metric in by_metric else None
    return NoiseFigure.model_validate(dict(figure)) if isinstance(figure, Mapping) and figure else None
