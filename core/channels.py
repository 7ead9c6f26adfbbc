"""Which delivery channel kinds exist, which targets each has now, and what is safe to store of one.

A channel kind (webhook, e-mail) is one `ChannelKind` in KINDS here plus one module
jobs/channels/<name>.py that sends (`send(entry, target)`); the kind declares which of its settings
are secret (`secrets`), and jobs/notify.py redacts those from stored errors and logs. This module decides, from the
settings, which targets are configured for an alert channel ("qa", "ai", "critical": the
rule's choice, ALERT_CHANNELS); store/outbox.py is handed those targets already made safe
(`safe_target`, like Langfuse's safe schemas: a webhook URL carries its secret in the path, so
only scheme and host are stored) and decides nothing from the settings. The real target is
resolved again at send time (jobs/notify.py): a retry after the URL was fixed goes to the
fixed URL.
"""
from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlsplit

from settings import get_settings

ALERT_CHANNELS = ("qa", "ai", "critical")  # who a rule tells: the QA team, the AI team, on-call
Routes = Callable[[str], list[tuple[str, str]]]  # alert channel -> [(channel kind, safe target)]


def redact_url(url: str) -> str:
    """A URL without what may be secret in it (user info, path, query): scheme://host[:port]/…"""
    try:
        parts = urlsplit(str(url))
        host = parts.hostname or ""
        port = f":{parts.port}" if parts.port else ""
    except ValueError:
        return "(unreadable URL)"
    return f"{parts.scheme}://{host}{port}/…" if parts.scheme else "(not a URL)"


def target_key(target: str) -> str:
    """A short key id for a target (sha256 prefix): names it in ids without showing it."""
    return hashlib.sha256(str(target).encode()).hexdigest()[:12]


@dataclass(frozen=True)
class ChannelKind:
    """One way of delivering: its name (the outbox's `channel_type`), its label, and from the settings
    its targets (real ones, secrets included: never store them as they are) per alert channel."""
    name: str
    label: str

    def targets(self, settings: Any, channel: str) -> list[str]:
        raise NotImplementedError

    def all_targets(self, settings: Any) -> list[str]:
        return sorted({t for c in ALERT_CHANNELS for t in self.targets(settings, c)})

    def missing(self, settings: Any) -> str:
        """What is missing when nothing is configured ("" when something is)."""
        return ""

    def safe_target(self, target: str) -> str:
        """What may be stored and shown of a target."""
        return target

    def secrets(self, settings: Any) -> list[str]:
        """The values of its settings that are secret (a token, a password): jobs/notify.py redacts them
        from every stored error and log line. A kind with a secret says so here and nowhere else."""
        return []

    def timeout_is_unknown_outcome(self) -> bool:
        """A delivery that ran into its deadline may have arrived (counted as of unknown outcome)."""
        return False

    def test_recipient(self, target: str) -> str | None:
        """What a test message keeps to find its own target again (None: the target configured now)."""
        return None


class Webhook(ChannelKind):
    def targets(self, settings: Any, channel: str) -> list[str]:
        return [settings.webhook_url] if settings.webhook_url else []

    def missing(self, settings: Any) -> str:
        return "" if settings.webhook_url else "EVALBOARD_WEBHOOK_URL is not set"

    def safe_target(self, target: str) -> str:
        return redact_url(target)

    def secrets(self, settings: Any) -> list[str]:
        url = settings.webhook_url
        if not url:
            return []
        path = url.split("://", 1)[-1].partition("/")[2]
        if not path:
            return [url]
        # a receiver may echo one piece of the path (the token) back in an error body
        pieces = [p for p in path.replace("?", "/").replace("&", "/").replace("=", "/").split("/") if len(p) >= 8]
        return [url, "/" + path, *pieces]

    def timeout_is_unknown_outcome(self) -> bool:
        return True


class Email(ChannelKind):
    def targets(self, settings: Any, channel: str) -> list[str]:
        if not settings.smtp_host:
            return []
        to = {"qa": settings.mail_to_qa, "ai": settings.mail_to_ai,
              "critical": settings.mail_to_critical}.get(channel, settings.mail_to_qa)
        return [to] if to and to.strip() else []

    def all_targets(self, settings: Any) -> list[str]:
        if not settings.smtp_host:
            return []
        return sorted({t.strip() for t in (settings.mail_to_qa, settings.mail_to_ai, settings.mail_to_critical)
                       if t and t.strip()})

    def missing(self, settings: Any) -> str:
        if not settings.smtp_host:
            return "EVALBOARD_SMTP_HOST is not set"
        return "" if self.all_targets(settings) else "no EVALBOARD_MAIL_TO_* address is set"

    def test_recipient(self, target: str) -> str | None:
        return target  # a test goes to each configured address (QA, AI, critical)

    def secrets(self, settings: Any) -> list[str]:
        password = settings.smtp_password
        return [password.get_secret_value()] if password is not None and password.get_secret_value() else []


KINDS: dict[str, ChannelKind] = {k.name: k for k in (
    Webhook("webhook", "Webhook (Slack-compatible)"),
    Email("email", "E-mail (SMTP)"),
)}


def kind(name: str) -> ChannelKind:
    if name not in KINDS:
        raise KeyError(f"unknown channel kind {name!r}; known: {', '.join(KINDS)}")
    return KINDS[name]


def safe_target(channel_type: str, target: str) -> str:
    """What the outbox keeps of a target (a webhook URL redacted, an e-mail address as it is)."""
    return KINDS[channel_type].safe_target(target) if channel_type in KINDS else redact_url(target)


def targets(channel: str, settings: Any = None) -> list[tuple[str, str]]:
    """[(channel kind, real target)] configured now for an alert channel ("qa" | "ai" | "critical")."""
    s = settings or get_settings()
    return [(k.name, t) for k in KINDS.values() for t in k.targets(s, channel)]


def safe_routes(channel: str) -> list[tuple[str, str]]:
    """[(channel kind, safe target)] for an alert channel now: what store/outbox.py enqueues."""
    return [(name, safe_target(name, t)) for name, t in targets(channel)]


def configured(settings: Any = None) -> list[dict]:
    """Every channel kind with whether it is configured, its targets (unredacted) and what is missing."""
    s = settings or get_settings()
    out = []
    for k in KINDS.values():
        found = k.all_targets(s)
        missing = k.missing(s)
        out.append({"channel_type": k.name, "label": k.label, "configured": bool(found) and not missing,
                    "targets": found, "missing": missing})
    return out


def test_routes(settings: Any = None) -> list[dict]:
    """One test message per configured target: {channel_type, target (safe), key, test_recipient}."""
    out = []
    for channel in configured(settings):
        if not channel["configured"]:
            continue
        k = KINDS[channel["channel_type"]]
        for target in channel["targets"]:
            out.append({"channel_type": k.name, "target": k.safe_target(target), "key": target_key(target),
                        "test_recipient": k.test_recipient(target)})
    return out
