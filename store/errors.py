"""Errors that store functions raise for callers to show to people."""
from pymongo.errors import PyMongoError as DatabaseError  # noqa: F401  (re-exported: callers outside store/ catch it)

from store.client import DatabaseUnavailable  # noqa: F401  (re-exported)


class ValidationFailed(ValueError):
    """A value was refused; the message says why in words a user understands."""
