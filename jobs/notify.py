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

import copy
import logging
import re
import socket
from datetime import datetime, timezone

from pymongo.database import Database

from core import channels
from jobs.channels import sender
from jobs.channels.text import ICONS, MAX_HEADER_CHARS, body_text, header_value, slack_escape, slack_payload, subject
from jobs.channels.webhook import DeadlineExceeded
from settings import get_settings
from store import outbox

__all__ = ["ICONS", "MAX_HEADER_CHARS", "body_text", "header_value", "slack_escape", "slack_payload", "subject",
           "deliver", "redact", "secrets", "install_log_redaction"]
log = logging.getLogger("jobs.notify")


# --- secrets ---------------------------------------------------------------------------

_URL = re.compile(r"\b(https?)://[^\s\"'<>]+", re.IGNORECASE)


def secrets() -> list[str]:
    """The configured values that must never be stored or logged, longest first: what each channel kind
    declares secret (core/channels.py `ChannelKind.secrets`) and the judge's API key."""
    s = get_settings()
    found = [secret for kind in channels.KINDS.values() for secret in kind.secrets(s)]
    if s.openai_api_key is not None and s.openai_api_key.get_secret_value():
        found.append(s.openai_api_key.get_secret_value())
    return sorted({x for x in found if isinstance(x, str) and len(x) >= 4}, key=len, reverse=True)


def redact(text: object) -> str:
    """`text` with every configured secret and every URL's path/query replaced by '…'."""
    out = "" if text is None else str(text)
    for secret in secrets():
        out = out.replace(secret, "…")
    return _URL.sub(lambda m: channels.redact_url(m.group(0)), out)


def redacted_copy(record: logging.LogRecord) -> logging.LogRecord:
    """A copy of `record` whose message and traceback have the secrets redacted (the record is untouched:
    other handlers of the same event still get its `exc_info`)."""
    clean = copy.copy(record)
    clean.msg, clean.args = redact(record.getMessage()), None
    if record.exc_info:
        clean.exc_text = redact(logging.Formatter().formatException(record.exc_info))
        clean.exc_info = None
    elif record.exc_text:
        clean.exc_text = redact(record.exc_text)
    clean._evalboard_redacted = True
    return clean


class RedactSecrets(logging.Filter):
    """A logger's filter: the event goes on as a redacted copy, through the same logger, and the original
    record is dropped unchanged (a filter must not rewrite a record other handlers share)."""

    def filter(self, record: logging.LogRecord) -> bool:
        if getattr(record, "_evalboard_redacted", False):
            return True
        try:
            clean = redacted_copy(record)
        except Exception:  # noqa: BLE001 - a log line must never break delivery
            return True
        logging.getLogger(record.name).handle(clean)
        return False


class RedactingFormatter(logging.Formatter):
    """Wraps a handler's formatter: the text it writes has the secrets redacted; the record is not changed."""

    def __init__(self, inner: logging.Formatter | None):
        super().__init__()
        self.inner = inner or logging.Formatter()

    def format(self, record: logging.LogRecord) -> str:
        try:
            return redact(self.inner.format(copy.copy(record)))
        except Exception:  # noqa: BLE001 - a log line must never break delivery
            return self.inner.format(record)


def install_log_redaction() -> None:
    """Redact secrets in every line the root logger's handlers write (call after logging is set up)."""
    for handler in logging.getLogger().handlers:
        if not isinstance(handler.formatter, RedactingFormatter):
            handler.setFormatter(RedactingFormatter(handler.formatter))


# records of these loggers are redacted wherever they go, even before install_log_redaction()
for _name in ("jobs", "jobs.notify", "httpx", "httpcore"):
    if not any(isinstance(f, RedactSecrets) for f in logging.getLogger(_name).filters):
        logging.getLogger(_name).addFilter(RedactSecrets())


# --- sending ---------------------------------------------------------------------------

class ChannelNotConfigured(RuntimeError):
    pass


def current_target(entry: dict) -> str:
    """The entry's channel target as configured now (not as it was when the entry was made)."""
    if entry.get("channel") == "test" and entry.get("channel_type") == "email":
        recipient = entry.get("test_recipient")  # a test goes to each configured address (QA, AI, critical)
        for channel in channels.configured():
            if channel["channel_type"] == "email" and channel["configured"] and recipient in channel["targets"]:
                return recipient
        raise ChannelNotConfigured(f"{recipient or 'this address'} is no longer a configured e-mail recipient")
    for channel_type, target in channels.targets(entry.get("channel") or "qa"):
        if channel_type == entry.get("channel_type"):
            return target
    raise ChannelNotConfigured(f"no {entry.get('channel_type')} channel is configured now")


def send(entry: dict, target: str) -> None:
    """Hand the entry to its channel kind's module, jobs/channels/<kind>.py."""
    sender(entry["channel_type"]).send(entry, target)


def _unknown_on_timeout(entry: dict) -> bool:
    kind = channels.KINDS.get(entry.get("channel_type"))
    return bool(kind and kind.timeout_is_unknown_outcome())


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
            stored = channels.safe_target(entry["channel_type"], target)
            send(entry, target)
        except Exception as exc:  # noqa: BLE001 - recorded on the entry, retried later
            error = redact(f"{exc.__class__.__name__}: {exc}")
            status = outbox.mark_failed_attempt(db, entry, error, target=stored, now=at,
                                                unknown=_timed_out(exc) and _unknown_on_timeout(entry))
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
