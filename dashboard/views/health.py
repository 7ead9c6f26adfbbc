"""Data health: is the database up, is data arriving, what was refused, are the jobs running?

Database status (ping, server version, URI without credentials), record counts,
the quarantined payloads with their reasons (an admin can fix one and re-ingest
it), and the last run of each job with the recent failures.
"""
from __future__ import annotations

import json
import re
from datetime import datetime

import pandas as pd
import streamlit as st

from dashboard import data
from dashboard import page
from dashboard.components.judge_spend import render_judge_spend
from dashboard.components.plain_table import plain_table
from dashboard.components.privacy import render_privacy
from dashboard.components.worker_status import scheduler_line
from dashboard.common import (
    allowed_now, can, current_user, md_escape, require, show_flash,
)
from core.status_docs import JobRun, Quarantined, RecordCounts
from store import health
from store.errors import ValidationFailed
from store.record_fields import payload_from_storage

PREFIX = "health"
PAGE_SIZE = 10
OUTCOME = {"ok": "✅ ok", "error": "❌ error", "skipped": "⏭️ skipped", "running": "⏳ running"}


def _naive(value):
    return value.replace(tzinfo=None) if isinstance(value, datetime) else None


def _inline_code(text: object) -> str:
    """Text in an inline code span: a run of backticks longer than any inside it, so none closes it early."""
    text = str(text)
    fence = "`" * (max((len(run) for run in re.findall(r"`+", text)), default=0) + 1)
    return f"{fence} {text} {fence}"


def _stamp(value) -> str:
    return value.strftime("%Y-%m-%d %H:%M:%S") if isinstance(value, datetime) else str(value)


def _when(value) -> str:
    return value.strftime("%Y-%m-%d %H:%M UTC") if isinstance(value, datetime) else "—"


def render() -> None:
    db = page.start()
    st.title("Data health")
    st.caption("Database, incoming records, quarantined payloads and the background jobs.")
    show_flash(PREFIX)
    _render_database()
    counts = data.record_counts()
    _render_counts(counts)
    _render_jobs()
    _render_aggregates()
    render_judge_spend()
    render_privacy(db)
    _render_quarantine(db, counts)


def _render_database() -> None:
    status = data.database_status()
    cols = st.columns([1, 1, 3])
    cols[0].metric("Database", "up" if status.ok else "down",
                   f"ping {status.ping_ms:.0f} ms" if status.ping_ms is not None else None,
                   delta_color="off", delta_arrow="off", border=True)
    cols[1].metric("Server version", status.version or "—", border=True)
    with cols[2]:
        st.caption("Connection" + (" (embedded server)" if status.embedded else ""))
        # inline code, not st.code: its highlighter costs a new browser tab ~0.65 s (issue 29)
        st.markdown(f"{_inline_code(status.uri or '—')} · database: {_inline_code(status.database)}")
    if status.error:
        st.error(md_escape(status.error))


def _render_counts(counts: RecordCounts) -> None:
    st.subheader("Records", anchor=False)
    cols = st.columns(5)
    cols[0].metric("Total", f"{counts.total:,}", help="Estimated from collection metadata", border=True)
    cols[1].metric("Last 24 h", f"{counts.last_24h:,}", help="By the record's own timestamp", border=True)
    cols[2].metric("Needing scoring", f"{counts.needs_scoring:,}",
                   help="Logged without scores; the batch scorer fills them in", border=True)
    cols[3].metric("Issues (7 days)", f"{counts.with_issues_7d:,}",
                   help="Stored, but something was missing or out of range (e.g. a score outside 0..1); records "
                        "that only wait for their scores are counted under Needing scoring, not here",
                   border=True)
    if counts.metric_errors_7d:
        st.warning(f"{counts.metric_errors_7d:,} record(s) of the last 7 days have a metric that failed in the "
                   "local scorer: that metric's reason on the record names the error; their other scores are kept.",
                   icon="⚠️")
    cols[4].metric("Quarantined", f"{counts.quarantined:,}",
                   f"{counts.reingested:,} re-ingested" if counts.reingested else None,
                   delta_color="off", delta_arrow="off", help="Payloads that could not be understood",
                   border=True)
    if counts.total == 0:
        st.info("No data yet — run `python -m jobs demo` or ingest logs (`python -m jobs ingest FILE`).",
                icon="📭")


@st.fragment
def _render_jobs() -> None:
    st.subheader("Jobs", anchor=False)
    _render_scheduler()
    latest, recent = data.job_runs()
    if not latest:
        st.caption("No job has run yet. The scheduler (`python -m jobs scheduler`) runs them every few minutes.")
        return
    _render_backlog(latest)
    def durations(job: str) -> str:
        runs = [r for r in recent if str(r.job) == job and r.duration_s is not None][:5]
        return " · ".join(f"{r.duration_s:.1f}" for r in runs) or "—"

    # a Markdown table: a grid costs a new tab ~0.45 s (components/plain_table.py)
    plain_table([{**_run_row(r), "Recent durations (s)": durations(str(r.job)), "Detail": str(r.detail or "")}
                 for r in sorted(latest, key=lambda r: str(r.job))],
                {"Started": _stamp, "Duration (s)": "{:.2f}".format})
    st.caption("Recent durations: the last five runs, newest first.")
    recent_box = st.expander(f"Recent runs ({len(recent)})", key=f"{PREFIX}_recent_open", on_change="rerun")
    if recent_box.open is not False:  # a closed box builds no table (issue 29: each table costs a new tab)
        recent_box.dataframe(pd.DataFrame([{**_run_row(r), "Detail": str(r.detail or "")} for r in recent]),
                             hide_index=True, width="stretch", column_config={
            "Started": st.column_config.DatetimeColumn(format="YYYY-MM-DD HH:mm:ss"),
            "Duration (s)": st.column_config.NumberColumn(format="%.2f"),
        })
    failures = [r for r in recent if r.outcome == "error"]
    if failures:
        st.markdown(f"**Recent failures** ({len(failures)} of the last {len(recent)} runs)")
        for r in failures[:5]:
            st.error(f"**{md_escape(r.job)}** at {_when(r.started_at)}: "
                     f"{md_escape(str(r.detail or 'no detail')[:400])}", icon="⚠️")
    else:
        st.caption(f"No failures in the last {len(recent)} runs.")


def _run_row(run: JobRun) -> dict:
    """A run's job, outcome, start and duration (a row of the jobs' tables)."""
    return {"Job": run.job, "Outcome": OUTCOME.get(run.outcome, str(run.outcome)),
            "Started": _naive(run.started_at), "Duration (s)": run.duration_s}


def _render_scheduler() -> None:
    healthy, line = scheduler_line(data.scheduler_status())
    if healthy:
        st.caption(md_escape(line))
    else:
        st.warning(md_escape(line), icon="⏸️")


def _render_backlog(latest: list[JobRun]) -> None:
    """What is waiting: records to score, days to build, the judge-agreement sample left."""
    counts = data.record_counts()
    backlog = data.backlog()
    agreement = next((r for r in latest if r.job == "agreement"), None)
    left = agreement.counts.get("waiting") if agreement else None  # the job's own counts: free-form
    cols = st.columns(3)
    cols[0].metric("Records waiting to be scored", f"{counts.needs_scoring:,}", border=True,
                   help="Logged without scores: the score workers fill them in")
    days = backlog.dirty_days
    cols[1].metric("Days waiting to be built", f"{len(days):,}" if backlog.first_build_done else "first build",
                   border=True, help=("Days whose numbers changed since they were built: "
                                      + (", ".join(days[:8]) + (" …" if len(days) > 8 else "") if days else "none")
                                      if backlog.first_build_done else
                                      "The aggregates have not been built yet: the worker's first tick builds them"))
    cols[2].metric("Agreement sample left", "not run yet" if agreement is None else f"{int(left or 0):,}",
                   border=True, help="Records of the daily judge-agreement sample still to be re-scored "
                                     "(the agreement job takes a capped batch each tick)")


def _render_aggregates() -> None:
    """What the aggregates count, what they hold back now (records still being written) and the last recount."""
    status = data.aggregate_health()
    flight = status.in_flight
    parts = [f"Counted up to {_when(status.watermark)}" if status.watermark else "Not built yet"]
    if flight.batches:
        parts.append(f"holding back {flight.records:,} records in {flight.batches} batch(es) still being "
                     f"written ({', '.join(md_escape(w) for w in flight.what)}): they are counted once written")
    if status.dirty_days:
        parts.append(f"{status.dirty_days} day(s) with changed scores waiting to be recomputed")
    check = status.verification
    if check:
        verdict = (f"no drift in {check.checked:,} per-day documents" if not check.drifted else
                   f"{check.drifted} of {check.checked:,} per-day documents drifted"
                   + (f", {check.repaired} repaired" if check.repaired else
                      " — run `python -m jobs verify-aggregates --repair`"))
        parts.append(f"last recount {_when(check.at)}: {verdict}")
    else:
        parts.append("never recounted (`python -m jobs verify-aggregates`)")
    st.subheader("Aggregates", anchor=False)
    st.caption(" · ".join(parts))


def _render_quarantine(db, counts: RecordCounts) -> None:
    st.subheader("Quarantined payloads", anchor=False)
    total = counts.quarantined
    if not total:
        st.caption("Nothing quarantined: every payload so far could be understood.")
        return
    pages = max(1, -(-total // PAGE_SIZE))
    cols = st.columns([1, 4], vertical_alignment="bottom")
    page = cols[0].number_input("Page", min_value=1, max_value=pages, value=1, step=1, key=f"{PREFIX}_q_page")
    cols[1].caption(f"{total:,} quarantined, newest first · page {page} of {pages}")
    admin = can("admin")
    if not admin:
        require("admin", "fix and re-ingest quarantined payloads")
    for entry in health.list_quarantined(db, skip=(int(page) - 1) * PAGE_SIZE, limit=PAGE_SIZE):
        _render_entry(db, entry, admin)


def _render_entry(db, entry: Quarantined, admin: bool) -> None:
    entry_id = str(entry.id)
    title = md_escape(f"{str(entry.reason or 'no reason')[:120]} · {entry.source or 'unknown source'}")
    # the payload (its JSON viewer and the fix form) is built only while the entry is open: 20 closed
    # entries drew 20 JSON viewers before, ~0.3 s of a new browser tab's time (issue 29)
    box = st.expander(title, key=f"{PREFIX}_open_{entry_id}", on_change="rerun")
    if box.open is False:
        return
    with box:
        st.caption(f"First seen {_when(entry.first_seen)} · last seen {_when(entry.last_seen)} · "
                   f"seen {entry.seen or 1}× · id `{entry_id}`")
        st.markdown(f"**Reason:** {md_escape(entry.reason)}")
        raw = payload_from_storage(entry.raw)
        st.json(raw if isinstance(raw, (dict, list)) else {"text": str(raw)}, expanded=1)
        if not admin:
            return
        error_key = f"{PREFIX}_err_{entry_id}"
        text = st.text_area("Fixed payload (JSON)", value=json.dumps(raw, indent=2, default=str, ensure_ascii=False),
                            height=220, key=f"{PREFIX}_edit_{entry_id}")
        if (st.button("Re-ingest", key=f"{PREFIX}_reingest_{entry_id}", type="primary")
                and allowed_now("admin", "re-ingest quarantined payloads")):
            try:
                payload = json.loads(text)
            except json.JSONDecodeError as exc:
                st.session_state[error_key] = f"Not valid JSON: {exc.msg} (line {exc.lineno}, column {exc.colno})"
            else:
                try:
                    record_id = health.reingest(db, entry_id, payload, current_user().name)
                except ValidationFailed as exc:
                    st.session_state[error_key] = str(exc)
                else:
                    st.session_state.pop(error_key, None)
                    data.invalidate(data.RECORDS, data.HEALTH)
                    st.session_state[f"{PREFIX}_flash"] = f"Re-ingested as record {record_id}."
                    st.rerun()
        if st.session_state.get(error_key):
            st.error(f"Not re-ingested: {md_escape(st.session_state[error_key])}")


render()
