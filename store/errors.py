"""Errors that store functions raise for callers to show to people."""
from store.client import DatabaseUnavailable  # noqa: F401  (re-exported)


class ValidationFailed(ValueError):
    """A value was refused; the message says why in words a user understands."""
