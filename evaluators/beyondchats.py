"""The BeyondChats reader moved to formats/beyondchats.py (a format is a module); this name stays
importable for older callers (the Playground, benches): every name is the one in formats.beyondchats."""
from __future__ import annotations

from formats import beyondchats as _reader
from formats.beyondchats import AI_ROLES, USER_ROLES, pairs_from_beyondchats

__all__ = ["AI_ROLES", "USER_ROLES", "pairs_from_beyondchats"]


def __getattr__(name: str):  # any other name of the reader (constants added there later included)
    return getattr(_reader, name)
