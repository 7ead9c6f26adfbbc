"""Golden sets as the pages read them (pure, read side; store/sets.py writes them): a set with its latest
version (`GoldenSet`), a version (`SetVersion`), a frozen item with its provenance (`SetItem`), a run of a
candidate (`SetRun`) with its gate, summary and flipped items. Lenient like every read model: a block
that is not a mapping reads as empty, a list that is not a list as empty; fields beyond these pass
through."""
from __future__ import annotations

from typing import Annotated, Any, Mapping

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field

from core.buckets import Number
from core.compare import VERDICT
from core.record_doc import Items, Sub


def _model(model: type[BaseModel]):
    return BeforeValidator(lambda v: model.model_validate(dict(v) if isinstance(v, Mapping) else {}))


def _models(model: type[BaseModel]):
    return BeforeValidator(lambda v: [model.model_validate(dict(i)) for i in v if isinstance(i, Mapping)]
                           if isinstance(v, (list, tuple)) else [])


class _Doc(BaseModel):
    model_config = ConfigDict(extra="allow", populate_by_name=True)


class Change(_Doc):
    added: Any = None
    removed: Any = None
    via: Any = None


class SetVersion(_Doc):
    """One version of a set (`name@version`): its item count per feature and what changed from the one before."""
    id: Any = Field(None, alias="_id")
    name: Any = None
    version: Any = None
    count: Any = None
    features: Sub = {}
    change: Annotated[Change, _model(Change)] = Change()
    created_by: Any = None
    created_at: Any = None
    unchanged: Any = None


class GoldenSet(SetVersion):
    """A set: its latest version, and how many versions it has."""
    versions: Any = None


class ItemSource(_Doc):
    """Where an item came from: the record, how (triage, queue, alert, import), by whom and when."""
    via: Any = None
    queue: Any = None
    alert: Any = None
    record_id: Any = None
    by: Any = None
    at: Any = None


class LoggedVerdict(_Doc):
    passed: Any = None


class SetItem(_Doc):
    """A frozen copy of a record in a set, with its expected verdict and notes."""
    id: Any = Field(None, alias="_id")
    key: Any = None
    feature: Any = None
    query: Any = None
    expected_verdict: Any = None
    expected_output: Any = None
    notes: Items = []
    logged: Annotated[LoggedVerdict, _model(LoggedVerdict)] = LoggedVerdict()
    source: Annotated[ItemSource, _model(ItemSource)] = ItemSource()


class Rate(_Doc):
    """A pass rate with its 95 % interval."""
    rate: Number = None
    low: Number = None
    high: Number = None


class MetricSummary(_Doc):
    n: Any = None
    mean: Number = None
    low: Number = None
    high: Number = None
    pass_rate: Annotated[Rate, _model(Rate)] = Field(Rate(), alias="pass")


class FeatureSummary(_Doc):
    """A run's figures of one feature: n, the verdict's pass rate, each score's mean and pass rate."""
    n: Any = None
    verdict: Annotated[Rate, _model(Rate)] = Field(Rate(), alias=VERDICT)
    metrics: Annotated[dict[str, MetricSummary], BeforeValidator(
        lambda v: {str(m): MetricSummary.model_validate(dict(c)) for m, c in v.items() if isinstance(c, Mapping)}
        if isinstance(v, Mapping) else {})] = {}


class Gate(_Doc):
    passed: Any = None
    reasons: Items = []


class Flip(_Doc):
    """An item whose verdict flipped against the baseline run."""
    key: Any = None
    feature: Any = None
    drop: Any = None
    overall_before: Number = None
    overall_after: Number = None


class SetRun(_Doc):
    """A candidate's run on a set version: gate, summary per feature, baseline and flipped items."""
    id: Any = Field(None, alias="_id")
    name: Any = None
    set: Any = None
    ref: Any = None
    summary: Annotated[dict[str, FeatureSummary], BeforeValidator(
        lambda v: {str(f): FeatureSummary.model_validate(dict(s)) for f, s in v.items() if isinstance(s, Mapping)}
        if isinstance(v, Mapping) else {})] = {}
    gate: Annotated[Gate, _model(Gate)] = Gate()
    baseline: Any = None
    flips: Annotated[list[Flip], _models(Flip)] = []
    created_by: Any = None
    created_at: Any = None

    def feature(self, name: str) -> FeatureSummary:
        return self.summary[name] if name in self.summary else FeatureSummary()
