"""The Alerts page's "Alerts" tab and its counts: the open / acknowledged / resolved tallies, the
release / model / prompt version filter (`?release=`), and the list of one state's alerts (each a card:
dashboard/components/alert_card.py).

Its own module because listing and filtering alerts is a concern apart from one alert's detail and
actions, the editors and the notifications.
"""
from __future__ import annotations

from datetime import date, datetime

import streamlit as st

from core.delivery_docs import Notification
from core.rule_docs import Alert
from dashboard import data
from dashboard.common import can, require
from dashboard.components import filters
from dashboard.components.alert_format import PREFIX
from dashboard.components.alert_card import render_alert

STATES = ("open", "acknowledged", "resolved")
STATE_LABELS = {"open": "Open", "acknowledged": "Acknowledged", "resolved": "Resolved"}
PER_STATE = 20


def render_counts(alerts: list[Alert], notifications: list[Notification]) -> None:
    by_state = {s: [a for a in alerts if a.state == s] for s in STATES}
    critical = sum(1 for a in by_state["open"] if a.severity == "critical")
    failed = sum(1 for n in notifications if n.failed)
    cols = st.columns(4)
    cols[0].metric("Open", len(by_state["open"]), f"{critical} critical" if critical else None,
                   delta_color="inverse", delta_arrow="off", border=True)
    cols[1].metric("Acknowledged", len(by_state["acknowledged"]), border=True)
    cols[2].metric("Resolved", len(by_state["resolved"]), border=True,
                   help="Resolved alerts among the newest 500")
    cols[3].metric("Failed deliveries", failed, border=True, help="Among the newest 100 notifications")


def alert_days(alert: Alert) -> set[date]:
    """The local days an alert is about: its evidence buckets, its first/last day, its link's range,
    else the day it opened."""
    def day(value):  # a bucket instant is the local midnight of its day
        return filters.bucket_date(value) if isinstance(value, datetime) else filters.parse_date(value)
    days = {day(item.bucket) for item in alert.evidence}
    days |= {day(alert.first_day), day(alert.last_day)}
    days |= {filters.parse_date(alert.link.start), filters.parse_date(alert.link.end)}
    days.discard(None)
    if not days and filters.parse_date(alert.opened_at):
        days.add(filters.parse_date(alert.opened_at))
    return days


def alert_of_version(alert: Alert, version: tuple[str, str], span: tuple | None) -> bool:
    """Whether an alert belongs to a version's records: a release-rule alert about that release (new or
    previous), or any alert about days on which that version answered (`span`: its first and last day)."""
    dim, value = version
    if dim == "release" and alert.release:
        return value in (alert.release, alert.previous_release)
    if not span:
        return False
    return any(span[0] <= day <= span[1] for day in alert_days(alert))


def version_filtered(alerts: list[Alert]) -> list[Alert]:
    """The release / model / prompt version filter of the alert list (`?release=r3` in the URL)."""
    filters.period_from_query(PREFIX, [])
    version = filters.version_filter(PREFIX, data.version_known())
    if version is None:
        return alerts
    span = data.release_days(version[0], version[1])
    st.caption(f"{filters.version_caption(version)}: alerts about its days"
               + (f" ({span[0]} – {span[1]})" if span else "") + " and release-rule alerts naming it.")
    return [a for a in alerts if alert_of_version(a, version, span)]


def render_alert_list(db, alerts: list[Alert]) -> None:
    key = f"{PREFIX}_state"
    if st.session_state.get(key) not in STATES:
        st.session_state[key] = "open"
    state = st.segmented_control("Show", STATES, format_func=STATE_LABELS.get, key=key) or "open"
    mine = [a for a in alerts if a.state == state]
    if not alerts:
        st.info("No alerts yet. Rules are checked by the `alerts` job (`python -m jobs run-once alerts`).",
                icon="✅")
        return
    if not mine:
        st.success(f"No {STATE_LABELS[state].lower()} alerts.", icon="✅")
        return
    if not can("reviewer"):
        require("reviewer", "acknowledge or resolve alerts")
    if len(mine) > PER_STATE:
        st.caption(f"Showing the newest {PER_STATE} of {len(mine)}.")
    for alert in mine[:PER_STATE]:
        render_alert(db, alert)
