"""User text made safe for the reports' Markdown and HTML (a leaf: the weekly report and its
release section both use it)."""
from __future__ import annotations

import html as htmllib
import re
from typing import Any


def md_text(value: Any, limit: int = 200) -> str:
    """User text made inert for Markdown and HTML: escaped, one line, capped."""
    text = re.sub(r"\s+", " ", str(value if value is not None else "")).strip()
    if len(text) > limit:
        text = text[: limit - 1] + "…"
    text = htmllib.escape(text, quote=False)  # &amp; &lt; &gt; only: no '#' for the Markdown escape to break
    return re.sub(r"([\\`*_{}\[\]()#+!|>~-])", r"\\\1", text)
