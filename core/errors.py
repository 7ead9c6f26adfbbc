"""The error a refused value raises (store/errors.py re-exports it for callers that catch it there)."""


class ValidationFailed(ValueError):
    """A value was refused; the message says why in words a user understands."""
