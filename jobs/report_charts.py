"""Inline SVG charts for the HTML weekly report (no network, no script: they render offline and in e-mail).

Pure functions from numbers to an `<svg>` string; every label is HTML-escaped.
"""
from __future__ import annotations

import html
from typing import Sequence

PALETTE = ("#4C78A8", "#F58518", "#54A24B", "#B279A2", "#E45756", "#72B7B2", "#9D755D", "#EECA3B")
ALL_COLOR = "#1F3A5F"
W, H, PAD_L, PAD_R, PAD_T, PAD_B = 640, 240, 48, 130, 28, 36


def _esc(text: object) -> str:
    return html.escape(str(text), quote=True)


def line_chart(title: str, weeks: Sequence[str], series: dict[str, Sequence[float | None]], *,
               percent: bool = True, highlight: str | None = None) -> str:
    """One line per series over the weeks (None = no point); y from the data's range, padded."""
    values = [v for vals in series.values() for v in vals if v is not None]
    if not weeks or not values:
        return ""
    lo, hi = min(values), max(values)
    if hi - lo < 0.05:
        lo, hi = lo - 0.025, hi + 0.025
    lo, hi = max(0.0, lo - 0.02), min(1.0 if percent else hi + 0.02, hi + 0.02)
    span = (hi - lo) or 1.0
    plot_w, plot_h = W - PAD_L - PAD_R, H - PAD_T - PAD_B

    def x(i: int) -> float:
        return PAD_L + (plot_w * i / max(1, len(weeks) - 1))

    def y(v: float) -> float:
        return PAD_T + plot_h * (1 - (v - lo) / span)

    fmt = (lambda v: f"{v:.0%}") if percent else (lambda v: f"{v:.2f}")
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{H}" role="img" '
             f'aria-label="{_esc(title)}" style="font:11px sans-serif">',
             f'<text x="{PAD_L}" y="16" font-weight="bold" font-size="13">{_esc(title)}</text>']
    for k in range(5):
        v = lo + span * k / 4
        parts.append(f'<line x1="{PAD_L}" x2="{W - PAD_R}" y1="{y(v):.1f}" y2="{y(v):.1f}" stroke="#eee"/>'
                     f'<text x="{PAD_L - 6}" y="{y(v) + 4:.1f}" text-anchor="end" fill="#666">{fmt(v)}</text>')
    for i, week in enumerate(weeks):
        if i % max(1, len(weeks) // 6) == 0 or i == len(weeks) - 1:
            parts.append(f'<text x="{x(i):.1f}" y="{H - 12}" text-anchor="middle" fill="#666">{_esc(week[5:])}</text>')
    for n, (name, vals) in enumerate(series.items()):
        color = ALL_COLOR if name == highlight else PALETTE[n % len(PALETTE)]
        width = 3 if name == highlight else 1.8
        points = [(x(i), y(v)) for i, v in enumerate(vals) if v is not None]
        if len(points) > 1:
            path = " ".join(f"{px:.1f},{py:.1f}" for px, py in points)
            parts.append(f'<polyline fill="none" stroke="{color}" stroke-width="{width}" points="{path}"/>')
        for px, py in points:
            parts.append(f'<circle cx="{px:.1f}" cy="{py:.1f}" r="2.5" fill="{color}"/>')
        parts.append(f'<rect x="{W - PAD_R + 12}" y="{PAD_T + 16 * n - 8}" width="10" height="10" fill="{color}"/>'
                     f'<text x="{W - PAD_R + 26}" y="{PAD_T + 16 * n + 1}">{_esc(name)}</text>')
    parts.append("</svg>")
    return "".join(parts)


def bar_chart(title: str, rows: Sequence[tuple[str, float]], *, percent: bool = True) -> str:
    """Horizontal bars, largest first."""
    rows = [(name, float(v)) for name, v in rows if v is not None]
    if not rows:
        return ""
    rows.sort(key=lambda r: -r[1])
    top = max(v for _, v in rows) or 1.0
    bar_h, label_w, width = 20, 120, 640
    height = PAD_T + bar_h * len(rows) + 12
    fmt = (lambda v: f"{v:.0%}") if percent else (lambda v: f"{v:,.0f}")
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" role="img" '
             f'aria-label="{_esc(title)}" style="font:11px sans-serif">',
             f'<text x="0" y="16" font-weight="bold" font-size="13">{_esc(title)}</text>']
    for i, (name, v) in enumerate(rows):
        yy = PAD_T + i * bar_h
        length = (width - label_w - 60) * v / top
        parts.append(f'<text x="{label_w - 6}" y="{yy + 14}" text-anchor="end">{_esc(name)}</text>'
                     f'<rect x="{label_w}" y="{yy + 3}" width="{length:.1f}" height="{bar_h - 6}" '
                     f'fill="{PALETTE[i % len(PALETTE)]}"/>'
                     f'<text x="{label_w + length + 6:.1f}" y="{yy + 14}">{fmt(v)}</text>')
    parts.append("</svg>")
    return "".join(parts)
