"""The "still being built" notice every page shows while the worker's first tick runs.

A fresh `make run` opens the dashboard at once; the worker then builds the aggregates,
judges the alerts and writes the first weekly report (store.setup_status.build_status says
what is left). Until then each page says what it is waiting for instead of looking empty.
"""
from __future__ import annotations

import streamlit as st

from core.status_docs import BuildProgress, BuildStatus
from store.errors import DatabaseError


_seen: dict[str, tuple] = {}  # per database: the worker's progress when this server last looked
# databases this server has seen records in: records are not checked for again (a scan on the
# embedded server, seconds on every page run: issue 29); a database emptied later still says what
# the worker has left to build, from the worker's own state
_with_records: set[str] = set()
RUN_WATERMARK = "_eb_run_watermark"  # the aggregates' watermark when this session's run started
_written: dict[str, object] = {}  # per database: the latest load's stamp (store.state.mark_records_written) seen


def render_build_notice() -> None:
    from dashboard.common import database, db_key
    from store.setup_status import build_status as store_build_status

    st.session_state.pop(RUN_WATERMARK, None)  # set below once this run's status is read
    try:
        db = database()
        key = db_key(db)
        # not cached: the cue to drop stale reads (store/state.py hands back the document; typed here)
        status = BuildStatus.model_validate(store_build_status(db, records_known=key in _with_records))
        if status.records:
            _with_records.add(key)
    except (DatabaseError, Exception):  # noqa: BLE001 - the page itself reports a database outage
        return
    _forget_reads_older_than(status, key)
    st.session_state[RUN_WATERMARK] = status.watermark  # this run's start (components/partial_notice.py)
    if status.demo_loading:
        st.info("**Loading the demo data…** the worker builds the charts, alerts and the weekly report as soon "
                "as it is in (refresh to see them).", icon="⏳")
    elif status.pending:
        st.info("**Still being built:** " + ", ".join(_describe(step, status.progress.get(step))
                                                     for step in status.pending)
                + ". The worker builds them in this order, the most recent weeks first; refresh to see what is "
                "ready.", icon="⏳")


def _forget_reads_older_than(status: BuildStatus, key: str) -> None:
    """The worker wrote new numbers (or a build step finished) since this server last looked: drop the
    cached reads, so a page opened during the first build (an empty catalog cached for minutes) or just
    after a refresh shows what is there now; a load of records was written: drop the "not counted yet"
    read. Runs before the page's own reads."""
    from dashboard import data

    now = (tuple(status.pending), status.demo_loading, status.generation)
    before = _seen.get(key)
    _seen[key] = now
    if before is not None and before != now:
        data.invalidate(*data.TOPICS)
    # a load was written since: the cached count of records not counted yet is out of date (issue 34: a
    # reload within its TTL showed the partial numbers without saying so)
    written = status.records_written
    if key in _written and _written[key] != written:
        data.pending_records.clear()
    _written[key] = written


def _describe(step: str, progress: BuildProgress | None) -> str:
    """A pending step in words, with how far it is when the worker says so."""
    if step == "aggregates" and progress:
        return f"aggregates ({progress.done} of {progress.of} two-week spans done, newest first)"
    return step
