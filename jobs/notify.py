"""Notification delivery from the outbox: Slack-compatible webhook and e-mail (SMTP).

Each due entry is claimed atomically, sent once, then marked sent; a failure is
recorded with its error and retried with exponential backoff on later runs
(store/outbox.py), and after MAX_ATTEMPTS it is marked failed and shown on the
dashboard, never dropped. Delivery is at-least-once: an entry is only sent
again if the process dies between sending and recording it.
"""
from __future__ import annotations

import smtplib
from datetime import datetime, timezone
from email.message import EmailMessage

import httpx
from pymongo.database import Database

from settings import get_settings
from store import outbox

TIMEOUT_S = 10.0
ICONS = {"critical": ":red_circle:", "warning": ":warning:"}


def _day(value) -> str:
    return value.date().isoformat() if isinstance(value, datetime) else str(value or "")


def _link(alert: dict) -> str:
    link = alert.get("link") or {}
    feature = link.get("feature") or "__all__"
    base = get_settings().dashboard_url.rstrip("/")
    params = f"feature={'all' if feature == '__all__' else feature}&start={_day(link.get('start'))}" \
             f"&end={_day(link.get('end'))}"
    # the Overview is the app's default page, served at "/": trends for the alert's feature and days
    return f"{base}/?{params}"


def subject(entry: dict) -> str:
    alert = entry.get("payload") or {}
    state = "RESOLVED" if entry.get("transition") == "resolved" else (alert.get("severity") or "alert").upper()
    where = "all features" if alert.get("feature") == "__all__" else alert.get("feature")
    return f"[Evalboard] {state}: {alert.get('rule_name') or alert.get('metric')} ({where})"


def body_text(entry: dict) -> str:
    alert = entry.get("payload") or {}
    lines = [subject(entry), "", str(alert.get("message") or "")]
    if entry.get("transition") == "resolved":
        lines.append(f"Resolved by {alert.get('resolved_by') or '?'} at {alert.get('resolved_at')}")
    for item in alert.get("evidence") or []:
        lines.append(f"  {_day(item.get('bucket'))}: {item.get('value')}")
    lines += ["", f"Open in Evalboard: {_link(alert)}"]
    return "\n".join(lines)


def slack_payload(entry: dict) -> dict:
    alert = entry.get("payload") or {}
    icon = ":white_check_mark:" if entry.get("transition") == "resolved" else ICONS.get(alert.get("severity"), "")
    text = f"{icon} {subject(entry)}\n{alert.get('message') or ''}".strip()
    return {"text": text, "blocks": [
        {"type": "section", "text": {"type": "mrkdwn", "text": text}},
        {"type": "context", "elements": [{"type": "mrkdwn", "text": f"<{_link(alert)}|Open in Evalboard>"}]},
    ]}


def send_webhook(url: str, payload: dict) -> None:
    response = httpx.post(url, json=payload, timeout=TIMEOUT_S)
    if response.status_code >= 300:
        raise RuntimeError(f"webhook answered HTTP {response.status_code}: {response.text[:200]}")


def send_email(to: str, subject_line: str, body: str) -> None:
    s = get_settings()
    message = EmailMessage()
    message["From"] = s.mail_from
    message["To"] = to
    message["Subject"] = subject_line
    message.set_content(body)
    with smtplib.SMTP(s.smtp_host, s.smtp_port, timeout=TIMEOUT_S) as smtp:
        if s.smtp_starttls:
            smtp.starttls()
        if s.smtp_user:
            smtp.login(s.smtp_user, s.smtp_password.get_secret_value() if s.smtp_password else "")
        smtp.send_message(message)


def send(entry: dict) -> None:
    if entry["channel_type"] == "webhook":
        send_webhook(entry["target"], slack_payload(entry))
    elif entry["channel_type"] == "email":
        send_email(entry["target"], subject(entry), body_text(entry))
    else:
        raise RuntimeError(f"unknown channel type {entry['channel_type']!r}")


def deliver(db: Database, now: datetime | None = None, max_items: int = 200) -> dict:
    """Send every due outbox entry once; returns counts."""
    sent = retrying = failed = 0
    for _ in range(max_items):
        at = now or datetime.now(timezone.utc)
        entry = outbox.claim_due(db, now=at)
        if entry is None:
            break
        try:
            send(entry)
        except Exception as exc:  # noqa: BLE001 - recorded on the entry, retried later
            status = outbox.mark_failed_attempt(db, entry, f"{exc.__class__.__name__}: {exc}", now=at)
            if status == "failed":
                failed += 1
            else:
                retrying += 1
            continue
        outbox.mark_sent(db, entry["_id"], now=at)
        sent += 1
    return {"sent": sent, "retrying": retrying, "failed": failed}
