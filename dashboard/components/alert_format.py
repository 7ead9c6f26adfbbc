"""The Alerts page's shared parts: its session keys (PREFIX, TAB_KEY, RULES_TAB) and the small
formatting of times, days, values and delivery targets that its list, editors and notifications use.

Its own module because the page's other parts (dashboard/components/alert_*.py, threshold_editor.py,
rule_editor.py) share these and the page file (dashboard/views/alerts.py) cannot be imported: it runs.
"""
from __future__ import annotations

import re
from datetime import datetime

from core.channels import redact_url
from dashboard.components import charts, filters

PREFIX = "alerts"
TAB_KEY = f"{PREFIX}_tab"
RULES_TAB = "Thresholds & rules"


def fmt_when(value) -> str:
    if isinstance(value, datetime):
        return value.strftime("%Y-%m-%d %H:%M UTC")
    return "—" if value in (None, "") else str(value)


def fmt_day(value) -> str | None:
    day = filters.parse_date(value)
    return day.isoformat() if day else None


def fmt_value(metric: str | None, value) -> str:
    number = charts.num(value)
    if number is None:
        return "—"
    return f"{number:.1%}" if metric in ("pass_rate", "regen_rate") else f"{number:.3f}"


def redact_target(target) -> str:
    """Webhook URLs carry their secret in the path: shown to everyone as scheme://host[:port]/… only."""
    text = "" if target is None else str(target)
    if "://" in text:
        return re.sub(r":\d+/…$", "/…", redact_url(text))  # the port is not needed to recognise it
    return text
