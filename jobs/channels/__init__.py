"""Delivery channels: one module per channel kind (jobs/channels/<kind>.py) with `send(entry, target)`.

Which kinds exist, their targets from the settings and what is safe to store of a target are in
core/channels.py; a new kind is one entry there and one module here.
"""
from __future__ import annotations

import importlib
from types import ModuleType

from core import channels


def sender(kind: str) -> ModuleType:
    """The module that sends for a channel kind (RuntimeError for a kind core/channels.py does not know)."""
    if kind not in channels.KINDS:
        raise RuntimeError(f"unknown channel type {kind!r}")
    return importlib.import_module(f"{__name__}.{kind}")
