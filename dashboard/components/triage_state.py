"""What the Triage page's parts share: their session-state keys (`triage_<name>`), reading and writing
them, and the cue after a write (every cached record read is dropped)."""
from __future__ import annotations

from typing import Any

import streamlit as st

from dashboard import data
from store.triage import STATUS_LABELS

PREFIX = "triage"


def key(name: str) -> str:
    return f"{PREFIX}_{name}"


def state(name: str, default: Any = None) -> Any:
    """The page's session value `name` (`default` when unset)."""
    return st.session_state.get(key(name), default)


def put(name: str, value: Any) -> None:
    st.session_state[key(name)] = value


def drop(name: str) -> None:
    st.session_state.pop(key(name), None)


def changed() -> None:
    """After a triage write: every page reads the records again."""
    data.invalidate(data.RECORDS)


def status_label(status: Any) -> str:
    """A triage status in words (unset: New; an unknown one as stored)."""
    status = status or "new"
    return STATUS_LABELS[status] if status in STATUS_LABELS else str(status)
