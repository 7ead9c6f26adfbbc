"""The Triage filter as a typed value (issue 32): what the page's widgets chose, frozen and hashable,
so it is also the cache key of the record readers (dashboard/data.py), and turned into a MongoDB
filter only here, at the database edge (`query()`: store.triage.build_filter, which validates)."""
from __future__ import annotations

from datetime import date, datetime

from pydantic import BaseModel, ConfigDict

from store.triage import build_filter


class TriageFilter(BaseModel):
    """Which records Triage lists: a period, and optionally a feature, a metric below threshold, a triage
    status, an overall-score range, a search text, failing only, a source, a session, a version, a
    judge-disagreement direction, flaky verdicts only (store.triage.build_filter says what each means)."""
    model_config = ConfigDict(frozen=True)

    start: datetime | date | None = None
    end: datetime | date | None = None
    feature: str | None = None
    metric: str | None = None
    status: str | None = None
    score_min: float | None = None
    score_max: float | None = None
    search: str | None = None
    only_failing: bool = False
    source: str | None = None
    session: str | None = None
    release: str | None = None
    model: str | None = None
    prompt_version: str | None = None
    disagree: str | None = None
    flaky: bool = False

    @classmethod
    def checked(cls, **values) -> TriageFilter:
        """A filter whose values store.triage accepts (raises ValidationFailed, with the reason, on bad ones)."""
        filt = cls(**values)
        filt.query()
        return filt

    def query(self) -> dict:
        """The MongoDB filter (validated values only; the search text is matched literally)."""
        return build_filter(**self.model_dump())
