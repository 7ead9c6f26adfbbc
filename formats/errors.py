"""The one error a format reader raises: the file as a whole cannot be read in the format asked for.

(A single bad record is never an error: readers yield it with the reason, and ingest quarantines it.)
"""
from __future__ import annotations


class FormatError(Exception):
    """An unreadable path or a file in the wrong format (the ingest CLI exits 2)."""
