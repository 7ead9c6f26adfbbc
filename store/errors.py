"""Errors that store functions raise for callers to show to people."""
from pymongo.errors import PyMongoError as DatabaseError  # noqa: F401  (re-exported: callers outside store/ catch it)

from core.errors import ValidationFailed  # noqa: F401  (defined in core: rule validation lives in core/rules.py)


def plain_id(value, what: str = "id"):
    """`value` when it can only ever match one document's `_id` (a string, number, ObjectId...);
    ValidationFailed for a dict or list, which a query would read as operators or a set of values."""
    if isinstance(value, (dict, list, tuple, set)) or value is None:
        raise ValidationFailed(f"{what} must be a plain value, not {type(value).__name__}")
    return value
