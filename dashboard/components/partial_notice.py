"""The "numbers are partial" notice on the pages that show aggregates (issue 34).

Records stored but not yet in the aggregates (waiting for the next refresh, or for their first
scores; store/pending.py) would otherwise make the charts silently partial right after an ingest.
The notice says how many, of which features, and when they will be in.
"""
from __future__ import annotations

from datetime import datetime, timezone

import streamlit as st

from core.status_docs import Pending
from store.errors import DatabaseError

MAX_FEATURES_NAMED = 4


def _features(counts: dict[str, int]) -> str:
    named = sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))
    text = ", ".join(f"{f} {n:,}" for f, n in named[:MAX_FEATURES_NAMED])
    return text + (f" and {len(named) - MAX_FEATURES_NAMED} more features" if len(named) > MAX_FEATURES_NAMED else "")


def _clock(at: datetime) -> str:
    # escaped colons: "08:21:59" would be read as a possible ":21:" emoji shortcode (see common._MD_SPECIAL)
    return at.astimezone(timezone.utc).strftime("%H\\:%M\\:%S UTC")


def _when(pending: Pending, now: datetime) -> str:
    if pending.refresh_running:
        return "being counted now"
    asked = pending.refresh_asked_at
    if isinstance(asked, datetime):
        return f"in within seconds (a refresh was asked for at {_clock(asked)})"
    if pending.demo_loading:
        return "in at the first refresh, once the demo data has loaded (the worker starts then)"
    tick = pending.next_tick
    if isinstance(tick, datetime) and tick > now:
        return f"in at the worker's next refresh, about {_clock(tick)}"
    return "in at the worker's next refresh (is the worker running? see Data health)"


def pending_text(pending: Pending | None, now: datetime | None = None) -> str | None:
    """The notice in words, or None when every stored record is counted."""
    if pending is None:
        return None
    now = now or datetime.now(timezone.utc)
    refresh, scores = pending.refresh, pending.scores
    at_least = "at least " if pending.capped else ""
    parts = []
    if sum(refresh.values()):
        parts.append(f"{at_least}{sum(refresh.values()):,} records stored since the last refresh ({_features(refresh)})"
                     f" are not counted yet — {_when(pending, now)}")
    if sum(scores.values()):
        parts.append(f"{at_least}{sum(scores.values()):,} records wait for their scores ({_features(scores)}): "
                     "they are counted at the refresh after the score workers write them")
    if not parts:
        return None
    return "**Numbers are partial:** " + "; ".join(parts) + "."


def _utc(value: object) -> datetime | None:
    if not isinstance(value, datetime):
        return None
    return value if value.tzinfo else value.replace(tzinfo=timezone.utc)


def counted_since_run_start(run_start: object, pending_watermark: object) -> bool:
    """The worker counted more records after this run started (its cached aggregate reads were kept then)
    and before the "not counted yet" read: the page's aggregate reads would be older than its notice."""
    now, start = _utc(pending_watermark), _utc(run_start)
    return now is not None and (start is None or now > start)


def render_partial_notice() -> None:
    from dashboard import data
    from dashboard.components.build_notice import RUN_WATERMARK

    try:
        pending = data.pending_records()
    except DatabaseError:  # the page itself reports a database outage
        return
    if RUN_WATERMARK in st.session_state and counted_since_run_start(st.session_state[RUN_WATERMARK],
                                                                      pending.watermark):
        # the records the notice no longer names are counted: read the numbers that count them (a cached
        # read from before would show fewer records with no notice)
        data.invalidate(data.AGGREGATES)
    text = pending_text(pending)
    if text:
        st.info(text, icon="⏳")
