"""The one look of every figure (dashboard/components/charts.py draws them): the colours (features, pass, fail,
incident days), height and margins, the plotly_white template, `base_layout`, and the date axis with its
plain layout shapes (shaded day spans, horizontal lines)."""
from __future__ import annotations

from datetime import date, datetime, timedelta
from typing import Iterable, Sequence

import plotly.graph_objects as go
import plotly.io as pio


FEATURE_COLORS = ["#4C78A8", "#F58518", "#54A24B", "#B279A2", "#E45756", "#72B7B2",
                  "#EECA3B", "#9D755D", "#FF9DA6", "#BAB0AC"]
PASS_COLOR = "#2E9E5B"
FAIL_COLOR = "#D64545"
INCIDENT_COLOR = "rgba(214, 69, 69, 0.13)"
HEIGHT = 300
# Every figure starts from plotly_white as plotly's default template: plotly applies its default without
# validating it again, while `update_layout(template="plotly_white")` copied and validated the whole
# template per figure (~0.2 s each on a loaded 2-core machine; the Overview draws eight: issue 29).
pio.templates.default = "plotly_white"
MARGIN = dict(l=10, r=10, t=36, b=10)


def feature_color(features: Sequence[str], feature: str) -> str:
    ordered = sorted(features)
    index = ordered.index(feature) if feature in ordered else len(ordered)
    return FEATURE_COLORS[index % len(FEATURE_COLORS)]


def rgba(hex_color: str, alpha: float) -> str:
    hex_color = hex_color.lstrip("#")
    r, g, b = (int(hex_color[i:i + 2], 16) for i in (0, 2, 4))
    return f"rgba({r}, {g}, {b}, {alpha})"


def base_layout(fig: go.Figure, title: str | None = None, *, height: int = HEIGHT,
                percent: bool = False, y_range: Sequence[float] | None = None) -> go.Figure:
    fig.update_layout(
        height=height, margin=MARGIN,
        title=dict(text=title or "", x=0.0, xanchor="left", font=dict(size=14)),
        legend=dict(orientation="h", yanchor="bottom", y=1.0, xanchor="right", x=1.0, font=dict(size=11)),
        hovermode="x unified",
    )
    if percent:
        fig.update_yaxes(tickformat=".0%")
    if y_range is not None:
        fig.update_yaxes(range=list(y_range))
    return fig


def as_x(value) -> object:
    if isinstance(value, datetime):
        return value.replace(tzinfo=None)
    return value


def hline(y: float, line: dict) -> dict:
    """A horizontal line across the plot at `y` (what add_hline draws)."""
    return dict(type="line", xref="x domain", x0=0, x1=1, yref="y", y0=y, y1=y, line=line)


def day_spans(days: Iterable[date], bucket_days: int, color: str) -> list[dict]:
    """Shaded rectangles over the given days, consecutive days merged into one (what add_vrect drew per day)."""
    spans: list[list[datetime]] = []
    half = timedelta(hours=12 * bucket_days)
    for day in sorted(set(days)):
        start = datetime(day.year, day.month, day.day)
        if spans and start - half <= spans[-1][1]:
            spans[-1][1] = start + half
        else:
            spans.append([start - half, start + half])
    return [dict(type="rect", xref="x", x0=x0, x1=x1, yref="y domain", y0=0, y1=1, fillcolor=color,
                 line=dict(width=0), layer="below") for x0, x1 in spans]


def day_text(value) -> str:
    return value.strftime("%Y-%m-%d") if isinstance(value, (date, datetime)) else str(value)


def date_axis(fig: go.Figure, xs: Sequence, bucket_days: int = 1) -> None:
    """Day-level ticks; a period of one or two buckets is padded so it does not zoom to hours."""
    fig.update_xaxes(tickformat="%b %d", hoverformat="%a %Y-%m-%d")
    days = [x for x in xs if isinstance(x, (date, datetime))]
    if days and len(days) <= 2:
        pad = timedelta(days=bucket_days)
        lo, hi = min(days), max(days)
        lo = datetime(lo.year, lo.month, lo.day) - pad
        hi = datetime(hi.year, hi.month, hi.day) + pad
        fig.update_xaxes(range=[lo, hi], dtick=86_400_000 * bucket_days)
