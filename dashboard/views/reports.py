"""Reports: the weekly quality reports the report job writes.

Pick a week, read it here, download it as Markdown or HTML, or (reviewer or
higher) build the report for a chosen week now. A release, model or prompt version filter
(`?release=r3`) keeps the weeks in which that version answered and shows its own numbers for
the week picked (from the per-version aggregates).
"""
from __future__ import annotations

from datetime import date, datetime, timedelta

import streamlit as st

from dashboard.common import allowed_now, current_user, db_key, db_or_stop, md_escape, require, signed_in_or_stop, show_flash
from dashboard.components import filters
from dashboard import data
from store.errors import ValidationFailed
from store.reports import DONE, FAILED, QUEUED, RUNNING, report_requests, request_report

PREFIX = "reports"


def _week_label(value) -> str:
    day = filters.parse_date(value)
    return day.isoformat() if day else str(value)


def render() -> None:
    signed_in_or_stop()
    db = db_or_stop()
    key = db_key(db)
    st.title("Reports")
    st.caption("Weekly quality reports: trends, lowest-scoring queries, failure patterns, recommendations.")
    reports = data.reports(db, key)
    show_flash(PREFIX)
    _render_build(db, key)
    _render_requests(db, key)
    if not reports:
        st.info("No reports yet — the report job writes one each week, or build one above "
                "(it needs data: `python -m jobs demo` or ingest logs).", icon="📭")
        return
    filters.period_from_query(PREFIX, [])
    version = filters.version_filter(PREFIX, data.version_known(db, key))
    if version is not None:
        span = data.release_days(db, key, version[0], version[1])
        reports = [r for r in reports if filters.week_overlaps(r.get("week_start"), span)]
        if not reports:
            st.info(f"No report covers a week of {filters.version_caption(version).removesuffix(' only')}.",
                    icon="📭")
            return
    report = _render_picker(db, key, reports)
    if report is None:
        st.warning("That report could not be loaded; it may have been rebuilt. Pick it again.")
        return
    if version is not None:
        _render_version_week(db, key, version, filters.parse_date(report.get("week_start")))
    _render_report(report)


def _render_version_week(db, key: str, version: tuple[str, str], week: date | None) -> None:
    """The version's own numbers for the report's week (every feature together)."""
    if week is None:
        return
    docs = [d for d in data.version_aggregates(db, key, version[0], version[1], "week", week, week + timedelta(days=6),
                                               ("__all__",)) if filters.bucket_date(d.get("bucket")) == week]
    if not docs:
        return
    doc = docs[0]
    rate = doc.get("pass_rate")
    st.info(f"{filters.version_caption(version).removesuffix(' only')} in the week of {week}: "
            f"{int(doc.get('count') or 0):,} records, pass rate "
            + (f"{100 * rate:.1f} %" if isinstance(rate, (int, float)) else "—")
            + ". The report below covers every record of the week.", icon="🏷️")


def _render_picker(db, key: str, reports: list[dict]) -> dict | None:
    by_id = {str(r.get("_id")): r for r in reports}
    ids = sorted(by_id, key=lambda rid: str(_week_label(by_id[rid].get("week_start"))), reverse=True)
    pick_key = f"{PREFIX}_week"
    wanted = st.session_state.pop(f"{PREFIX}_select_next", None)
    if wanted in ids:
        st.session_state[pick_key] = wanted
    if st.session_state.get(pick_key) not in ids:
        st.session_state[pick_key] = ids[0]

    def label(rid: str) -> str:
        doc = by_id[rid]
        headline = str(doc.get("headline") or "").strip()
        week = f"Week of {_week_label(doc.get('week_start'))}"
        if headline.startswith(week):
            return headline[:140]
        return week + (f" — {headline[:110]}" if headline else "")

    chosen = st.selectbox("Week", ids, format_func=label, key=pick_key)
    doc = by_id[chosen]
    return data.report(db, key, chosen, doc.get("week_start"))


def _render_report(report: dict) -> None:
    week = _week_label(report.get("week_start"))
    created = report.get("created_at")
    cols = st.columns([3, 1, 1], vertical_alignment="center")
    cols[0].caption(f"Built {created.strftime('%Y-%m-%d %H:%M UTC') if isinstance(created, datetime) else '—'}")
    markdown = report.get("markdown") or ""
    html = report.get("html") or ""
    cols[1].download_button("Markdown", markdown, file_name=f"evalboard-report-{week}.md", mime="text/markdown",
                            icon="⬇️", key=f"{PREFIX}_dl_md", width="stretch", disabled=not markdown)
    cols[2].download_button("HTML", html, file_name=f"evalboard-report-{week}.html", mime="text/html",
                            icon="⬇️", key=f"{PREFIX}_dl_html", width="stretch", disabled=not html)
    with st.container(border=True):
        if markdown:
            # Generated by our report job, which escapes the user queries it quotes; no raw HTML is enabled.
            st.markdown(markdown)
        else:
            st.caption("This report has no Markdown body.")


def _render_build(db, key: str) -> None:
    with st.expander("Build a report now", expanded=False):
        if not require("reviewer", "build reports"):
            return
        today = filters.today()
        last_week = filters.week_start(today) - timedelta(days=7)
        cols = st.columns([2, 1], vertical_alignment="bottom")
        day = cols[0].date_input("Any day in the week", value=last_week, key=f"{PREFIX}_build_day",
                                 format="YYYY-MM-DD")
        week = filters.week_start(day if isinstance(day, date) else last_week)
        cols[0].caption(f"Week of Monday {week.isoformat()} – Sunday {(week + timedelta(days=6)).isoformat()}")
        if (cols[1].button("Build report now", key=f"{PREFIX}_build", type="primary", width="stretch")
                and allowed_now("reviewer", "build reports")):
            # the worker builds it (under its lease, never in this page's process); the page follows it
            try:
                request_report(db, week, current_user().name)
            except ValidationFailed as exc:
                st.error(str(exc))
                return
            data.invalidate(data.REPORTS)
            st.session_state[f"{PREFIX}_follow"] = week.isoformat()
            st.session_state[f"{PREFIX}_flash"] = (f"Report for the week of {week} queued: the worker builds it on "
                                                   "its next tick (within a few minutes).")
            st.rerun()


STATE_TEXT = {QUEUED: "⏳ queued", RUNNING: "⚙️ building", DONE: "✅ done", FAILED: "❌ failed"}


@st.fragment(run_every=5)
def _render_requests(db, key: str) -> None:
    """Requested builds and their state, re-read (not cached: a few small documents) every few seconds."""
    requests = report_requests(db, limit=10)
    pending = [r for r in requests if r.get("state") in (QUEUED, RUNNING)]
    follow = st.session_state.get(f"{PREFIX}_follow")
    if not pending and not follow:
        return
    for r in requests[:5]:
        line = (f"Week of {md_escape(r.get('_id'))}: {STATE_TEXT.get(r.get('state'), md_escape(r.get('state')))}"
                f" · asked by {md_escape(r.get('requested_by'))}")
        if r.get("error"):
            line += f" · {md_escape(str(r['error'])[:200])}"
        st.caption(line)
    done = next((r for r in requests if r.get("_id") == follow and r.get("state") in (DONE, FAILED)), None)
    if done is not None:
        st.session_state.pop(f"{PREFIX}_follow", None)
        data.invalidate(data.REPORTS)
        if done.get("state") == DONE:
            st.session_state[f"{PREFIX}_select_next"] = _id_for_week(db, key, date.fromisoformat(str(follow)))
            st.session_state[f"{PREFIX}_flash"] = f"Report for the week of {follow} built."
        st.rerun()


def _id_for_week(db, key: str, week: date) -> str | None:
    for doc in data.reports(db, key):
        if filters.parse_date(doc.get("week_start")) == week:
            return str(doc.get("_id"))
    return None


render()
