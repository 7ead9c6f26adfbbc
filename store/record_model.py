"""The logged record as pydantic models (`LoggedRecord`, `LoggedMetric`), whose "before" validators do the
tolerant conversions of store/record_fields.py; store/schema.py `parse_record` validates a payload with them."""
from __future__ import annotations

from datetime import datetime
from typing import Any

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, ValidationError, ValidationInfo, model_validator
from pydantic_core import PydanticCustomError
from typing_extensions import Annotated

from core import metrics
from core.features import FEATURE_NAME_RE, LINK_ALL, SENTINELS, UNKNOWN_FEATURE
from store.record_fields import _context, _text, to_bool, to_number
from store.timestamps import BadTimestamp, read_timestamp


# --- the record (pydantic models) -------------------------------------------------
# The product's record, validated by pydantic with "before" validators that do the
# tolerant conversions above. A value that cannot be understood raises a
# PydanticCustomError whose message is the quarantine reason; something usable
# but odd is noted in the `issues` list passed as validation context.

def _issues(info: ValidationInfo) -> list[str]:
    return (info.context or {}).setdefault("issues", []) if info.context is not None else []


def _score(value: Any, info: ValidationInfo) -> float | None:
    if value is None:
        return None
    score = to_number(value)
    if score is None:
        name = (info.context or {}).get("metric", "score")
        raise PydanticCustomError("not_a_number", "{name}.score is not a number ({value})",
                                  {"name": name, "value": repr(str(value)[:40])})
    if isinstance(value, (str, dict)):
        name = (info.context or {}).get("metric", "score")
        _issues(info).append(f"{name}.score given as {type(value).__name__} {str(value)[:20]!r}, read as {score:g}")
    return score


class LoggedMetric(BaseModel):
    """One entry of `evaluation` (score, threshold, passed, reason; anything else is kept)."""
    model_config = ConfigDict(extra="allow")

    score: Annotated[float | None, BeforeValidator(_score)] = None
    threshold: Annotated[float | None, BeforeValidator(lambda v: to_number(v))] = None
    passed: Annotated[bool | None, BeforeValidator(lambda v: to_bool(v))] = None
    reason: Annotated[str | None, BeforeValidator(lambda v: _text(v))] = None

    @model_validator(mode="before")
    @classmethod
    def _bare_number(cls, value: Any) -> Any:
        return value if isinstance(value, dict) else {"score": value}  # a bare number is the score


def _metric(name: str, value: Any, issues: list[str]) -> dict | None:
    """evaluation.<name> as stored: only the keys the product gave, score range-checked."""
    if value is None:
        return None
    context = {"issues": issues, "metric": name}
    metric = LoggedMetric.model_validate(value, context=context)
    given = set(value) if isinstance(value, dict) else {"score"}
    out: dict[str, Any] = {"score": metric.score}
    out.update({key: getattr(metric, key) for key in ("threshold", "passed", "reason") if key in given})
    if metric.score is None:
        issues.append(f"{name}: no score")
    elif not 0.0 <= metric.score <= 1.0:
        issues.append(f"{name}: score {metric.score:g} outside 0..1, not used")
        out["score"], out["score_out_of_range"] = None, metric.score
    out.update(metric.model_extra or {})  # keep whatever else the product logged
    return out


def _evaluation(value: Any, info: ValidationInfo) -> dict | None:
    if value is None:
        return None
    if not isinstance(value, dict):
        raise PydanticCustomError("structure", "unknown structure: evaluation is not an object")
    issues = _issues(info)
    evaluation: dict[str, Any] = {}
    for name in metrics.score_names():
        try:
            parsed = _metric(name, value.get(name), issues)
        except ValidationError as exc:  # surface the metric's own reason
            raise PydanticCustomError("metric", exc.errors()[0]["msg"]) from None
        if parsed is not None:
            evaluation[name] = parsed
    for key, extra in value.items():  # other metrics the product logs
        if key not in evaluation:
            evaluation[key] = extra
    return evaluation


def _query(value: Any) -> str:
    text = _text(value)
    if text is None or not text.strip():
        raise PydanticCustomError("missing", "missing query")
    return text


def _timestamp(value: Any, info: ValidationInfo) -> datetime:
    if value is None or value == "":
        raise PydanticCustomError("missing", "missing timestamp")
    try:
        return read_timestamp(value, _issues(info))
    except BadTimestamp as exc:
        raise PydanticCustomError("timestamp", "{reason}", {"reason": str(exc)}) from None


def _feature(value: Any, info: ValidationInfo) -> str:
    text = _text(value)
    if not text or not text.strip():
        _issues(info).append("missing feature")
        return UNKNOWN_FEATURE
    feature = text.strip().lower()
    if feature in SENTINELS:  # names that stand for all features, each feature, the default
        raise PydanticCustomError("feature", "feature name {name} is reserved", {"name": repr(feature[:40])})
    if feature == LINK_ALL:  # links say feature=all for every feature: a feature cannot be called that
        raise PydanticCustomError("feature", "feature name 'all' is reserved (links use it for all features)")
    if not FEATURE_NAME_RE.match(feature):  # every page link and filter can name it as it is
        raise PydanticCustomError("feature", "feature name {name} is not 1-64 of a-z, 0-9, '_' and '-' "
                                  "(starting with a letter or digit)", {"name": repr(feature[:40])})
    return feature


def _regeneration(value: Any, info: ValidationInfo) -> int | None:
    number = to_number(value) if value is not None else 0.0
    if number is None or number < 0:
        _issues(info).append(f"regeneration_attempts {str(value)[:20]!r} not a count, not used")
        return None
    if isinstance(value, str):
        _issues(info).append(f"regeneration_attempts given as text {value[:20]!r}")
    return int(number)


def _context_field(value: Any, info: ValidationInfo) -> list[str]:
    return _context(value, _issues(info))


def _answer(value: Any, info: ValidationInfo) -> str | None:
    text = _text(value)
    if text is None:
        _issues(info).append("missing answer")
    return text


OptionalText = Annotated[str | None, BeforeValidator(lambda v: _text(v))]


class LoggedRecord(BaseModel):
    """The record of reference 000 as the product logs it. Field order is check order:
    the first error (query, then timestamp, then evaluation) is the quarantine reason."""
    model_config = ConfigDict(extra="allow", populate_by_name=True)

    query: Annotated[str, BeforeValidator(_query)] = Field(default=None, validate_default=True)
    timestamp: Annotated[datetime, BeforeValidator(_timestamp)] = Field(default=None, validate_default=True)
    evaluation: Annotated[dict[str, Any] | None, BeforeValidator(_evaluation)] = None
    answer: Annotated[str | None, BeforeValidator(_answer)] = Field(default=None, validate_default=True)
    feature: Annotated[str, BeforeValidator(_feature)] = Field(default=None, validate_default=True)
    regeneration_attempts: Annotated[int | None, BeforeValidator(_regeneration)] = Field(
        default=None, validate_default=True)
    context: Annotated[list[str], BeforeValidator(_context_field)] = Field(default=None, validate_default=True)
    session_id: OptionalText = None
    expected_output: OptionalText = None
    ground_truth: OptionalText = None
