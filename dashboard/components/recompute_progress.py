"""A threshold save's progress on the worker (issue 29): the save returns at once, this says what follows.

The save stores the thresholds and queues the verdict recompute (store.thresholds.set_thresholds);
the worker's recompute lane re-flags the records, then refreshes the days whose verdicts changed.
Shown while that is under way (re-read every 2 s, a fragment: the rest of the page is not rerun),
and once more when it is done, when the charts' cached reads are dropped."""
from __future__ import annotations

from datetime import datetime, timezone

import streamlit as st

FOLLOW_KEY = "alerts_thr_follow"


def _ago(when) -> str:
    if not isinstance(when, datetime):
        return ""
    when = when if when.tzinfo else when.replace(tzinfo=timezone.utc)
    return f" ({max(0, int((datetime.now(timezone.utc) - when).total_seconds()))} s ago)"


def recompute_state(db) -> dict:
    """{"pending": store.thresholds.pending_verdicts, "dirty_days": days the aggregates still must refresh}."""
    from store.state import AGGREGATE, get_state
    from store.thresholds import pending_verdicts

    return {"pending": pending_verdicts(db), "dirty_days": len(get_state(db, AGGREGATE).get("dirty_days") or [])}


def follow() -> None:
    """Call after a save: the progress is shown until the worker is done."""
    st.session_state[FOLLOW_KEY] = True


def render_recompute_progress(db) -> None:
    """The progress line when a recompute is queued or running, or this session saved one."""
    state = recompute_state(db)
    if st.session_state.get(FOLLOW_KEY) or state["pending"]["features"]:
        _progress(db)


@st.fragment(run_every=2)
def _progress(db) -> None:
    from dashboard import data

    state = recompute_state(db)
    pending = state["pending"]
    names = ", ".join(pending["features"])
    if pending["features"] and pending["started_at"] is None:
        st.info(f"**Queued:** pass/fail of {names} is recomputed by the worker{_ago(pending['since'])}; the "
                "charts follow the changed days.", icon="⏳")
    elif pending["features"]:
        st.info(f"**Recomputing pass/fail** of {names}{_ago(pending['started_at'])}…", icon="⚙️")
    elif state["dirty_days"]:
        st.info(f"**Refreshing the charts:** {state['dirty_days']} day(s) whose verdicts changed…", icon="⚙️")
    elif st.session_state.pop(FOLLOW_KEY, None):
        data.invalidate(data.AGGREGATES, data.RECORDS, data.ALERTS)
        st.success("Pass/fail recomputed and the changed days refreshed: every page shows the new verdicts.",
                   icon="✅")
