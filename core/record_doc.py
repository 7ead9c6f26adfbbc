"""A stored record as the pages read it (pure, read side): `RecordDoc`, with Evalboard's own blocks typed
(`eb` -> `EbDoc`, `triage` -> `TriageDoc` with its notes and history, `rescored` -> core.score_results
`ScoreResult`, `noise` -> `NoiseDoc`).

The write side is store/schema.py (`LoggedRecord` parses what a product logs); this reads what is stored,
so it is lenient like the pages always were: a block that is not a mapping reads as empty, a list that
is not a list as empty, a text field that is not text as None, a note or change that is not a mapping is
left out; nothing here raises on an odd stored record. Fields beyond these pass through (`extra`).
`RecordDoc.read(doc)` takes a raw document (or a RecordDoc) and gives the typed one.
"""
from __future__ import annotations

from datetime import datetime
from functools import cached_property
from typing import Annotated, Any, Mapping

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field

from core.buckets import number
from core.score_results import ScoreResult


def _mapping(value: Any) -> dict:
    return dict(value) if isinstance(value, Mapping) else {}


def _text(value: Any) -> str | None:
    return value if isinstance(value, str) else None


def _items(value: Any) -> list:
    return list(value) if isinstance(value, (list, tuple)) else []


def _flag(value: Any) -> bool | None:
    return value if isinstance(value, bool) else None


def _models(model: type[BaseModel]):
    """A list of `model`s from the mappings of a stored list (anything else left out)."""
    return BeforeValidator(lambda value: [model.model_validate(dict(v)) for v in _items(value)
                                          if isinstance(v, Mapping)])


Text = Annotated[str | None, BeforeValidator(_text)]
Items = Annotated[list, BeforeValidator(_items)]
Sub = Annotated[dict, BeforeValidator(_mapping)]
Flag = Annotated[bool | None, BeforeValidator(_flag)]
When = Annotated[Any, BeforeValidator(lambda v: v if isinstance(v, datetime) else None)]


def as_float(value: Any) -> float | None:
    """A stored number as a float; None for anything else (bool, text, NaN)."""
    value = number(value)
    return None if value is None else float(value)


class EbDoc(BaseModel):
    """Evalboard's verdict on a record: effective scores, failed metrics, pass/fail, ingest issues."""
    model_config = ConfigDict(extra="allow")

    scores: Sub = Field(default_factory=dict)
    failed_metrics: Items = Field(default_factory=list)
    passed: Flag = None
    issues: Items = Field(default_factory=list)
    score_source: Text = None

    def score(self, metric: str) -> float | None:
        return as_float(self.scores.get(metric))


class TriageNote(BaseModel):
    model_config = ConfigDict(extra="allow")

    text: Any = None
    by: Any = None
    at: Any = None


class TriageChange(BaseModel):
    """One audited change of a triage field."""
    model_config = ConfigDict(extra="allow")

    at: Any = None
    by: Any = None
    field: Any = None
    old: Any = None
    new: Any = None


class TriageDoc(BaseModel):
    """A record's triage: status, assignee, tags, notes and the history of changes."""
    model_config = ConfigDict(extra="allow")

    status: Any = None
    assignee: Any = None
    tags: Items = Field(default_factory=list)
    notes: Annotated[list[TriageNote], _models(TriageNote)] = Field(default_factory=list)
    history: Annotated[list[TriageChange], _models(TriageChange)] = Field(default_factory=list)


class NoiseDoc(BaseModel):
    """What the judge-noise job found about a record (jobs judge-noise, issue 33)."""
    model_config = ConfigDict(extra="allow")

    flaky: Flag = None


def _rescored(value: Any) -> ScoreResult | None:
    return ScoreResult.read(value) if isinstance(value, Mapping) else None


def _block(model: type[BaseModel]):
    return BeforeValidator(lambda value: model.model_validate(_mapping(value)))


class RecordDoc(BaseModel):
    """One stored record: the product's fields as stored, Evalboard's blocks typed."""
    model_config = ConfigDict(extra="allow", populate_by_name=True)

    id: Any = Field(None, alias="_id")
    feature: Text = None
    timestamp: When = None
    session_id: Any = None
    source: Text = None
    query: Text = None
    answer: Text = None
    expected_output: Any = None
    context: Any = None
    evaluation: Annotated[dict | None, BeforeValidator(lambda v: dict(v) if isinstance(v, Mapping) else None)] = None
    regeneration_attempts: Any = None
    history: Any = None
    usage: Sub = Field(default_factory=dict)
    latency_ms: Any = None
    model: Text = None
    release: Text = None
    prompt_version: Text = None
    trace_id: Text = None
    tags: Any = None
    eb: Annotated[EbDoc, _block(EbDoc)] = Field(default_factory=EbDoc)
    triage: Annotated[TriageDoc, _block(TriageDoc)] = Field(default_factory=TriageDoc)
    noise: Annotated[NoiseDoc, _block(NoiseDoc)] = Field(default_factory=NoiseDoc)
    rescored_doc: Any = Field(None, alias="rescored")  # read as a ScoreResult when asked (`rescored`)

    @classmethod
    def read(cls, value: Any) -> RecordDoc | None:
        """A stored document as a typed record; None for anything that is not one."""
        if isinstance(value, RecordDoc):
            return value
        return cls.model_validate(dict(value)) if isinstance(value, Mapping) else None

    def chunks(self) -> list[str]:
        """The retrieved context as text chunks (one text: one chunk; None left out)."""
        if isinstance(self.context, str):
            return [self.context]
        return [c if isinstance(c, str) else str(c) for c in _items(self.context) if c is not None] \
            if isinstance(self.context, list) else []

    def turns(self) -> list[str] | None:
        """The conversation before this turn (`history`: its texts), None when none was logged."""
        return [h for h in self.history if isinstance(h, str)] if isinstance(self.history, list) else None

    @cached_property
    def rescored(self) -> ScoreResult | None:
        """The stored `rescored` block (core.score_results), None when there is none."""
        return _rescored(self.rescored_doc)

    @property
    def rescore(self) -> ScoreResult | None:
        """The stored re-score, when it holds an evaluation."""
        result = self.rescored
        return result if result is not None and "evaluation" in result.model_fields_set else None

    @property
    def flaky(self) -> bool:
        return self.noise.flaky is True
