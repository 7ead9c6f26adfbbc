"""The Alerts page's "Notifications" tab: each delivery channel (configured or not, its last
delivery and error, Send test) and the delivery status of every notification, failed ones first
with their error and a Retry; webhook targets shown without their secret.

Its own module because delivery is a concern apart from the alerts and their rules.
"""
from __future__ import annotations

from datetime import datetime

import pandas as pd
import streamlit as st

from core.channels import KINDS as CHANNEL_KINDS
from core.delivery_docs import Notification
from core.jobs import NOTIFY
from core.rule_docs import Alert
from dashboard import data
from core.features import ALL_FEATURES as ALL
from dashboard.common import allowed_now, can, current_user, md_escape
from dashboard.components.alert_format import PREFIX, fmt_when, redact_target
from store.outbox import enqueue_test, retry_failed
from store.state import request_jobs

def _render_channels(db) -> None:
    """Each channel: configured or not (and what is missing), last delivery, last error; Send test."""
    st.subheader("Channels", anchor=False)
    channels = data.channels()
    cols = st.columns(len(channels))
    for col, ch in zip(cols, channels):
        with col.container(border=True):
            kind = CHANNEL_KINDS.get(ch.channel_type)
            name = kind.label if kind else ch.channel_type
            if ch.configured:
                st.markdown(f"✅ **{name}** — configured: "  # code spans: shown as they are, never escaped
                            + ", ".join(f"`{redact_target(t).replace('`', '')}`" for t in ch.targets))
            else:
                st.markdown(f"⚪ **{name}** — not configured (`{ch.missing}`)")
            st.caption(f"Last delivery: {fmt_when(ch.last_sent_at) if ch.last_sent_at else 'never'}"
                       + (f" · {ch.pending} waiting" if ch.pending else ""))
            if ch.last_error:
                st.caption(f"Last error ({fmt_when(ch.last_error_at)}): {md_escape(ch.last_error)[:300]}")
    configured = any(ch.configured for ch in channels)
    if st.button("Send test", key=f"{PREFIX}_send_test", disabled=not (configured and can("reviewer")),
                 help="Queue a test message to every configured channel; the worker's notify job sends it"
                 if configured else "Configure EVALBOARD_WEBHOOK_URL or EVALBOARD_SMTP_HOST first") \
            and allowed_now("reviewer", "send test notifications"):
        queued = enqueue_test(db, current_user().name)
        request_jobs(db, [NOTIFY], "test notification")
        data.invalidate(data.ALERTS)
        st.success(f"Test message queued for {queued} channel target(s); the worker sends it within seconds "
                   "(its delivery shows here and under Delivery status).", icon="📨")


def _transition(value) -> str:
    text = str(value or "")
    if text.startswith("reopened"):
        return "reopened"
    return {"test": "test message"}.get(text, text)


def _alert_words(alerts: dict[str, Alert], notification: Notification) -> str:
    """The alert a notification is about, in words (rule, feature, days), not its internal id (an alert
    no longer among the newest: the words its notification carries)."""
    if notification.transition == "test":
        return "—"
    alert = alerts.get(notification.alert_id)  # an index of the newest alerts by id
    name = (alert and alert.rule_name) or notification.payload.rule_name or "an alert"
    feature = (alert and alert.feature) or notification.payload.feature
    where = "" if not feature else " · " + ("all features" if feature == ALL else str(feature))
    day = alert.last_day if alert else None
    return f"{name}{where}" + (f" · {day}" if day else "")


def render_notifications(db, notifications: list[Notification]) -> None:
    _render_channels(db)
    st.subheader("Delivery status", anchor=False)
    st.caption("Alert notifications to the webhook and e-mail; failed ones are retried by the notify job.")
    if not notifications:
        st.info("No notifications yet.", icon="📭")
        return
    failed = [n for n in notifications if n.failed]
    for n in failed[:10]:
        left, right = st.columns([6, 1], vertical_alignment="center")
        left.error(f"**{md_escape(n.channel_type)} to {md_escape(redact_target(n.target))} failed** "
                   f"after {n.attempts or 0} attempt(s): "
                   f"{md_escape(n.last_error or 'no error recorded')}", icon="⚠️")
        if right.button("Retry", key=f"{PREFIX}_retry_{n.id}", disabled=not can("reviewer"),
                        help="Queue it again; the notify job sends it on its next run", width="stretch") \
                and allowed_now("reviewer", "retry notifications"):
            retry_failed(db, n.id)
            data.invalidate(data.ALERTS, data.RULES, data.THRESHOLDS, data.AGGREGATES, data.RECORDS)
            st.session_state[f"{PREFIX}_flash"] = "Notification queued again."
            st.rerun()
    icon = {"sent": "✅ sent", "failed": "❌ failed", "pending": "⏳ pending"}

    def naive(value):
        return value.replace(tzinfo=None) if isinstance(value, datetime) else None

    names = {a.id: a for a in data.alerts()}
    frame = pd.DataFrame([{
        "Created": naive(n.created_at), "Status": icon.get(n.status, str(n.status)),
        "Channel": n.channel_type, "To": redact_target(n.target),
        "Transition": _transition(n.transition), "Attempts": n.attempts, "Sent": naive(n.sent_at),
        "Error": n.last_error or "", "Alert": _alert_words(names, n),
    } for n in notifications])

    def highlight(row):
        return ["background-color: rgba(214,69,69,0.12)" if row["Status"] == icon["failed"] else ""] * len(row)

    st.dataframe(frame.style.apply(highlight, axis=1), hide_index=True, width="stretch", column_config={
        "Created": st.column_config.DatetimeColumn(format="YYYY-MM-DD HH:mm"),
        "Sent": st.column_config.DatetimeColumn(format="YYYY-MM-DD HH:mm"),
    })
