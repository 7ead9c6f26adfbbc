"""Errors that store functions raise for callers to show to people."""
from pymongo.errors import PyMongoError as DatabaseError  # noqa: F401  (re-exported: callers outside store/ catch it)

from store.client import DatabaseUnavailable  # noqa: F401  (re-exported)
from core.errors import ValidationFailed  # noqa: F401  (defined in core: rule validation lives in core/rules.py)
