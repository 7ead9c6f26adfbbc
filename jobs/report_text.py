"""The reports' words (a leaf: the weekly report's parts and its release section use it): user text made
safe for Markdown and HTML (`md_text`), and the week's numbers as text (`pct`, `num`, `fmt`, `delta`;
the rates in percent)."""
from __future__ import annotations

import html as htmllib
import re
from typing import Any

from core import metrics

RATES = (metrics.PASS_RATE, metrics.REGEN_RATE)  # the trend keys that are rates (shown in percent)


def md_text(value: Any, limit: int = 200) -> str:
    """User text made inert for Markdown and HTML: escaped, one line, capped."""
    text = re.sub(r"\s+", " ", str(value if value is not None else "")).strip()
    if len(text) > limit:
        text = text[: limit - 1] + "…"
    text = htmllib.escape(text, quote=False)  # &amp; &lt; &gt; only: no '#' for the Markdown escape to break
    return re.sub(r"([\\`*_{}\[\]()#+!|>~-])", r"\\\1", text)


def pct(v) -> str:
    return "—" if v is None else f"{v:.1%}"


def num(v) -> str:
    return "—" if v is None else f"{v:.3f}"


def fmt(key: str, v) -> str:
    return pct(v) if key in RATES else num(v)


def delta(key: str, v) -> str:
    if v is None:
        return "—"
    return f"{v * 100:+.1f} pp" if key in RATES else f"{v:+.3f}"
