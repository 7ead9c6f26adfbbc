"""The team's labels as the pages read them (pure, read side; store/labels.py computes them): what the
humans settled on for a record (`HumanAnswer`) and a figure with its 95 % interval (`Estimate`, as
core.labels.accuracy_rows gives accuracy, precision, recall and AUROC)."""
from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict

from core.buckets import Number


class HumanAnswer(BaseModel):
    """The humans' answer on one record: the verdict and relevancy the labels agree on (or a resolution's),
    how many labels, and whether the annotators conflict."""
    model_config = ConfigDict(extra="allow")

    verdict: Any = None
    relevancy: Any = None
    labels: Any = None
    conflict: Any = None
    resolved: Any = None

    @property
    def settled(self) -> bool:
        return bool(self.verdict or self.relevancy)

    def said(self, field: str) -> Any:
        """The answer for a label field ("verdict" or "relevancy")."""
        return getattr(self, field, None)


def human_answers(answers: dict[str, dict]) -> dict[str, HumanAnswer]:
    """{record_id: HumanAnswer} from store.labels.human_answers."""
    return {rid: HumanAnswer.model_validate(dict(a)) for rid, a in answers.items()}


class Estimate(BaseModel):
    """A figure with its 95 % interval (None: not enough data)."""
    model_config = ConfigDict(extra="allow")

    value: Number = None
    low: Number = None
    high: Number = None
