"""The BeyondChats reader moved to formats/beyondchats.py (a format is a module); this name stays
importable for older callers."""
from __future__ import annotations

from formats.beyondchats import AI_ROLES, USER_ROLES, pairs_from_beyondchats

__all__ = ["AI_ROLES", "USER_ROLES", "pairs_from_beyondchats"]
