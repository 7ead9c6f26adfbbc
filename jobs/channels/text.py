"""The words of a notification: subject, plain-text body, Slack-compatible payload (moved from jobs/notify.py).

Everything that came from users or records (feature, rule name, message, ...) is escaped for
Slack mrkdwn and URL-encoded in links; e-mail header values are single-line.
"""
from __future__ import annotations

import re
from datetime import datetime
from urllib.parse import urlencode

from core.features import ALL_FEATURES
from core.timebuckets import local_day
from settings import get_settings

ICONS = {"critical": ":red_circle:", "warning": ":warning:"}
MAX_HEADER_CHARS = 200

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
