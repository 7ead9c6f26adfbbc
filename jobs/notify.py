"""Notification delivery from the outbox: Slack-compatible webhook and e-mail (SMTP).

Each due entry is claimed atomically, sent once, then marked sent; a failure is
recorded with its error and retried with exponential backoff on later runs
(store/outbox.py), and after MAX_ATTEMPTS it is marked failed and shown on the
dashboard, never dropped.

Exactly once where the receiver cooperates: every webhook attempt of one entry carries the
same `Idempotency-Key` header, so a receiver that de-duplicates on it acts once. The claim is
the attempt's record, written before the request: a run killed mid-delivery leaves it, and the
next run counts that attempt as one of unknown outcome. An attempt that reached the deadline
without an answer is of unknown outcome too: it is not retried in the same run, is retried on a
later run after backoff with the same key, and after MAX_UNKNOWN_OUTCOMES (2) the entry is
marked failed with that reason (a person can Retry it) — never five blind re-sends.

- One delivery ends by `notify_deadline_s` in all (connect, TLS, write, read;
  the SMTP conversation likewise), far inside the outbox claim, so a slow
  receiver can neither hold the tick nor let a second run send the entry again.
- The target is resolved from the current settings at send time: a retry after
  the webhook URL was fixed goes to the fixed URL.
- Everything that came from users or records (feature, rule name, message, ...)
  is escaped for Slack mrkdwn and URL-encoded in links; e-mail header values
  are single-line; secrets never reach the stored entry or the log.
"""
from __future__ import annotations

import logging
import re
import smtplib
import socket
import ssl
import threading
from datetime import datetime, timezone
from email.message import EmailMessage
from urllib.parse import urlencode

from pymongo.database import Database

from core.features import ALL_FEATURES
from core.timebuckets import local_day
from jobs.webhook import DeadlineExceeded, post_json
from settings import get_settings
from store import outbox

log = logging.getLogger("jobs.notify")
ICONS = {"critical": ":red_circle:", "warning": ":warning:"}
MAX_HEADER_CHARS = 200


# --- secrets ---------------------------------------------------------------------------

_URL = re.compile(r"\b(https?)://[^\s\"'<>]+", re.IGNORECASE)


def secrets() -> list[str]:
    """The configured values that must never be stored or logged, longest first."""
    s = get_settings()
    found = []
    if s.webhook_url:
        found.append(s.webhook_url)
        path = s.webhook_url.split("://", 1)[-1].partition("/")[2]
        if path:
            found.append("/" + path)
            # a receiver may echo one piece of the path (the token) back in an error body
            found += [piece for piece in path.replace("?", "/").replace("&", "/").replace("=", "/").split("/")
                      if len(piece) >= 8]
    for secret in (s.smtp_password, s.openai_api_key):
        if secret is not None and secret.get_secret_value():
            found.append(secret.get_secret_value())
    return sorted({x for x in found if len(x) >= 4}, key=len, reverse=True)


def redact(text: object) -> str:
    """`text` with every configured secret and every URL's path/query replaced by '…'."""
    out = "" if text is None else str(text)
    for secret in secrets():
        out = out.replace(secret, "…")
    return _URL.sub(lambda m: outbox.redact_url(m.group(0)), out)


class RedactSecrets(logging.Filter):
    """Rewrites a log record's message (and traceback) with secrets redacted."""

    def filter(self, record: logging.LogRecord) -> bool:
        try:
            record.msg, record.args = redact(record.getMessage()), None
            if record.exc_info:
                record.exc_text = redact(logging.Formatter().formatException(record.exc_info))
                record.exc_info = None
        except Exception:  # noqa: BLE001 - a log line must never break delivery
            pass
        return True


def install_log_redaction() -> None:
    """Redact secrets in every record the root logger's handlers write (call after logging is set up)."""
    for handler in logging.getLogger().handlers:
        if not any(isinstance(f, RedactSecrets) for f in handler.filters):
            handler.addFilter(RedactSecrets())


# records of these loggers are redacted wherever they go, even before install_log_redaction()
for _name in ("jobs", "jobs.notify", "httpx", "httpcore"):
    logging.getLogger(_name).addFilter(RedactSecrets())


# --- message text ----------------------------------------------------------------------

_WJ = "\u2060"  # word joiner: invisible, but Slack no longer sees a URL to link
_BARE_LINK = re.compile(r"(?i)\b(https?|ftp|mailto)(?=:)|\b(www)(?=\.)")


def slack_escape(text: object) -> str:
    """Slack's control characters as entities: no <!channel>, <@user> or <url|label> from data,
    and bare URLs from data are not auto-linked (a word joiner after the scheme or 'www')."""
    out = ("" if text is None else str(text)).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    return _BARE_LINK.sub(lambda m: m.group(0) + _WJ, out)


def header_value(text: object) -> str:
    """One line for an e-mail header: control characters (CR, LF, ...) become spaces, length capped."""
    line = " ".join("".join(ch if ch.isprintable() else " " for ch in str(text or "")).split())
    return line[:MAX_HEADER_CHARS]


def _day(value) -> str:
    return local_day(value).isoformat() if isinstance(value, datetime) else str(value or "")


def _link(alert: dict) -> str:
    link = alert.get("link") or {}
    feature = link.get("feature") or ALL_FEATURES
    base = get_settings().dashboard_url.rstrip("/")
    params = urlencode({"feature": "all" if feature == ALL_FEATURES else str(feature),
                        "start": _day(link.get("start")), "end": _day(link.get("end"))})
    # the Overview is the app's default page, served at "/": trends for the alert's feature and days
    return f"{base}/?{params}"


def subject(entry: dict) -> str:
    alert = entry.get("payload") or {}
    state = "RESOLVED" if entry.get("transition") == "resolved" else str(alert.get("severity") or "alert").upper()
    where = "all features" if alert.get("feature") == ALL_FEATURES else alert.get("feature")
    return f"[Evalboard] {state}: {alert.get('rule_name') or alert.get('metric')} ({where})"


def body_text(entry: dict) -> str:
    alert = entry.get("payload") or {}
    lines = [subject(entry), "", str(alert.get("message") or "")]
    if entry.get("transition") == "resolved":
        lines.append(f"Resolved by {alert.get('resolved_by') or '?'} at {alert.get('resolved_at')}")
    evidence = [e for e in alert.get("evidence") or [] if isinstance(e, dict)]
    if len(evidence) > 1:  # one day's value is already in the message: not repeated
        rate = alert.get("metric") in ("pass_rate", "regen_rate") or alert.get("statistic") == "rate"
        for item in evidence:
            value = item.get("value")
            shown = value if not isinstance(value, (int, float)) else f"{value:.1%}" if rate else f"{value:.3f}"
            lines.append(f"  {_day(item.get('bucket'))}: {shown}"
                         + (f" ({item['count']} records)" if item.get("count") else ""))
    lines += ["", f"Open in Evalboard: {_link(alert)}"]
    return "\n".join(lines)


def slack_payload(entry: dict) -> dict:
    alert = entry.get("payload") or {}
    icon = ":white_check_mark:" if entry.get("transition") == "resolved" else ICONS.get(alert.get("severity"), "")
    text = f"{icon} {slack_escape(subject(entry))}\n{slack_escape(alert.get('message') or '')}".strip()
    # the link is ours (settings' base URL) with URL-encoded parameters: no '|' or '>' from data
    return {"text": text, "blocks": [
        {"type": "section", "text": {"type": "mrkdwn", "text": text}},
        {"type": "context", "elements": [{"type": "mrkdwn", "text": f"<{_link(alert)}|Open in Evalboard>"}]},
    ]}


# --- sending ---------------------------------------------------------------------------

class ChannelNotConfigured(RuntimeError):
    pass


def send_webhook(url: str, payload: dict, idempotency_key: str | None = None) -> None:
    status, answer = post_json(url, payload, get_settings().notify_deadline_s, idempotency_key=idempotency_key)
    if status >= 300:
        raise RuntimeError(f"webhook answered HTTP {status}: {answer}")


def send_email(to: str, subject_line: str, body: str) -> None:
    """One SMTP conversation, cut off at the delivery deadline by a watchdog that shuts the socket."""
    s = get_settings()
    message = EmailMessage()
    message["From"] = header_value(s.mail_from)
    message["To"] = header_value(to)
    message["Subject"] = header_value(subject_line)
    message.set_content(body)
    smtp = smtplib.SMTP(timeout=s.notify_deadline_s)
    expired = threading.Event()

    def cut_off() -> None:
        expired.set()
        sock = smtp.sock
        if sock is not None:
            try:
                sock.shutdown(socket.SHUT_RDWR)  # wakes a blocked recv/send at once
            except OSError:
                pass

    watchdog = threading.Timer(s.notify_deadline_s, cut_off)
    watchdog.daemon = True
    watchdog.start()
    try:
        smtp.connect(s.smtp_host, s.smtp_port)
        if s.smtp_starttls:
            smtp.starttls(context=ssl.create_default_context())  # verifies the server certificate
        if s.smtp_user:
            smtp.login(s.smtp_user, s.smtp_password.get_secret_value() if s.smtp_password else "")
        smtp.send_message(message)
        smtp.quit()
    except Exception as exc:
        if expired.is_set():
            raise TimeoutError(f"no answer within the {s.notify_deadline_s:g} s delivery deadline") from exc
        raise
    finally:
        watchdog.cancel()
        smtp.close()


def current_target(entry: dict) -> str:
    """The entry's channel target as configured now (not as it was when the entry was made)."""
    if entry.get("channel") == "test" and entry.get("channel_type") == "email":
        recipient = entry.get("test_recipient")  # a test goes to each configured address (QA, AI, critical)
        for channel in outbox.configured_channels():
            if channel["channel_type"] == "email" and channel["configured"] and recipient in channel["targets"]:
                return recipient
        raise ChannelNotConfigured(f"{recipient or 'this address'} is no longer a configured e-mail recipient")
    for channel_type, target in outbox.channel_targets(entry.get("channel") or "qa"):
        if channel_type == entry.get("channel_type"):
            return target
    raise ChannelNotConfigured(f"no {entry.get('channel_type')} channel is configured now")


def send(entry: dict, target: str) -> None:
    if entry["channel_type"] == "webhook":
        send_webhook(target, slack_payload(entry), outbox.idempotency_key(entry))
    elif entry["channel_type"] == "email":
        send_email(target, subject(entry), body_text(entry))
    else:
        raise RuntimeError(f"unknown channel type {entry['channel_type']!r}")


def _timed_out(exc: BaseException) -> bool:
    return isinstance(exc, (TimeoutError, socket.timeout, DeadlineExceeded))


def deliver(db: Database, now: datetime | None = None, max_items: int = 200) -> dict:
    """Send every due outbox entry once; returns counts.

    A channel type whose delivery ran into the deadline is not tried again in this run (its
    entries wait for the next run, untouched), so a slow receiver costs a run one deadline,
    not one deadline per waiting entry."""
    sent = retrying = failed = 0
    slow: list[str] = []
    for _ in range(max_items):
        at = now or datetime.now(timezone.utc)
        entry = outbox.claim_due(db, now=at, skip_types=slow)
        if entry is None:
            break
        stored = None
        try:
            target = current_target(entry)
            stored = outbox.stored_target(entry["channel_type"], target)
            send(entry, target)
        except Exception as exc:  # noqa: BLE001 - recorded on the entry, retried later
            error = redact(f"{exc.__class__.__name__}: {exc}")
            status = outbox.mark_failed_attempt(db, entry, error, target=stored, now=at,
                                                unknown=_timed_out(exc) and entry["channel_type"] == "webhook")
            log.warning("notification %s: attempt failed (%s): %s", entry["_id"], status, error)
            if _timed_out(exc):
                slow.append(entry["channel_type"])
            if status == "failed":
                failed += 1
            elif status == "pending":
                retrying += 1
            continue
        if outbox.mark_sent(db, entry, target=stored, now=at):
            sent += 1
        else:
            log.warning("notification %s was sent, but its claim had passed to another run", entry["_id"])
    return {"sent": sent, "retrying": retrying, "failed": failed}
