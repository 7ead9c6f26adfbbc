"""Plotly figures shared by the monitor pages: one look everywhere.

Every metric has one colour on every chart, thresholds are dashed lines, pass is
green and fail is red, figures are ~300 px high with compact margins on the
"plotly_white" template. Functions take plain lists/dicts (no MongoDB, no
Streamlit) and return `go.Figure`s; `show()` puts one on the page.
"""
from __future__ import annotations

from datetime import date, datetime, timedelta
from typing import Iterable, Sequence

import plotly.graph_objects as go
import streamlit as st

from core import metrics
from core.diagnosis import BOTH, GENERATION, OK, RETRIEVAL
from core.diagnosis import QUADRANTS as QUADRANT_KEYS


def scores() -> tuple[str, ...]:
    """Overall quality first, then the catalog's metrics: the order of KPI rows and heatmaps."""
    return (metrics.OVERALL, *metrics.names())


FEATURE_COLORS = ["#4C78A8", "#F58518", "#54A24B", "#B279A2", "#E45756", "#72B7B2",
                  "#EECA3B", "#9D755D", "#FF9DA6", "#BAB0AC"]
PASS_COLOR = "#2E9E5B"
FAIL_COLOR = "#D64545"
INCIDENT_COLOR = "rgba(214, 69, 69, 0.13)"
HEIGHT = 300
MARGIN = dict(l=10, r=10, t=36, b=10)


# --- numbers from aggregate documents -----------------------------------------------

def num(value) -> float | None:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    return float(value) if value == value else None  # NaN -> None


def summarize(docs: list[dict]) -> dict:
    """Period totals from aggregate documents: counts summed, means weighted by n,
    rates weighted by their denominators. Missing values are skipped, never guessed."""
    count = sum(num(d.get("count")) or 0 for d in docs)
    passed = sum(num(d.get("passed")) or 0 for d in docs)
    failing = sum(num(d.get("failing")) or 0 for d in docs)
    out = {
        "count": int(count),
        "pass_rate": passed / (passed + failing) if passed + failing else None,
        "regen_rate": None,
        "means": {},
        "pass_rates": {},
    }
    for metric in scores():
        total = weight = rate_total = rate_weight = 0.0
        for d in docs:
            block = (d.get("metrics") or {}).get(metric) or {}
            mean, n, rate = num(block.get("mean")), num(block.get("n")), num(block.get("pass_rate"))
            if mean is not None and n:
                total += mean * n
                weight += n
            if rate is not None and n:
                rate_total += rate * n
                rate_weight += n
        out["means"][metric] = total / weight if weight else None
        out["pass_rates"][metric] = rate_total / rate_weight if rate_weight else None
    total = weight = 0.0
    for d in docs:
        rate, n = num(d.get("regen_rate")), num(d.get("count"))
        if rate is not None and n:
            total += rate * n
            weight += n
    out["regen_rate"] = total / weight if weight else None
    out["quadrants"] = {q: sum(int(num((d.get("quadrants") or {}).get(q)) or 0) for d in docs) for q in QUADRANT_KEYS}
    return out


def label(metric: str) -> str:
    return metrics.label(metric)


def feature_color(features: Sequence[str], feature: str) -> str:
    ordered = sorted(features)
    index = ordered.index(feature) if feature in ordered else len(ordered)
    return FEATURE_COLORS[index % len(FEATURE_COLORS)]


def _rgba(hex_color: str, alpha: float) -> str:
    hex_color = hex_color.lstrip("#")
    r, g, b = (int(hex_color[i:i + 2], 16) for i in (0, 2, 4))
    return f"rgba({r}, {g}, {b}, {alpha})"


def base_layout(fig: go.Figure, title: str | None = None, *, height: int = HEIGHT,
                percent: bool = False, y_range: Sequence[float] | None = None) -> go.Figure:
    fig.update_layout(
        template="plotly_white", height=height, margin=MARGIN,
        title=dict(text=title or "", x=0.0, xanchor="left", font=dict(size=14)),
        legend=dict(orientation="h", yanchor="bottom", y=1.0, xanchor="right", x=1.0, font=dict(size=11)),
        hovermode="x unified",
    )
    if percent:
        fig.update_yaxes(tickformat=".0%")
    if y_range is not None:
        fig.update_yaxes(range=list(y_range))
    return fig


def _as_x(value) -> object:
    if isinstance(value, datetime):
        return value.replace(tzinfo=None)
    return value


def trend_figure(
    metric: str,
    buckets: Sequence[datetime],
    values: Sequence[float | None],
    *,
    threshold: float | None = None,
    threshold_label: str = "threshold",
    band: tuple[Sequence[float | None], Sequence[float | None]] | None = None,
    incidents: Iterable[date] = (),
    bucket_days: int = 1,
    percent: bool = False,
    title: str | None = None,
) -> go.Figure:
    """One metric over time: the line, an optional p10–p90 band, the threshold
    dashed, and incident days shaded red. None values leave a gap."""
    color = metrics.color(metric)
    xs = [_as_x(b) for b in buckets]
    fig = go.Figure()
    if band is not None and any(v is not None for v in band[0]):
        low, high = band
        fig.add_trace(go.Scatter(x=xs, y=list(high), mode="lines", line=dict(width=0), hoverinfo="skip",
                                 showlegend=False, connectgaps=False))
        fig.add_trace(go.Scatter(x=xs, y=list(low), mode="lines", line=dict(width=0), fill="tonexty",
                                 fillcolor=_rgba(color, 0.15), name="p10–p90", hoverinfo="skip",
                                 connectgaps=False))
    fig.add_trace(go.Scatter(
        x=xs, y=list(values), mode="lines+markers", name=label(metric),
        line=dict(color=color, width=2), marker=dict(size=5), connectgaps=False,
        hovertemplate="%{y:.1%}<extra></extra>" if percent else "%{y:.3f}<extra></extra>",
    ))
    if threshold is not None:
        fig.add_hline(y=threshold, line=dict(color=FAIL_COLOR, dash="dash", width=1.5),
                      annotation_text=f"{threshold_label} {threshold:.0%}" if percent
                      else f"{threshold_label} {threshold:.2f}",
                      annotation_position="bottom right", annotation_font=dict(size=10, color=FAIL_COLOR))
    for day in sorted(set(incidents)):
        start = datetime(day.year, day.month, day.day)
        fig.add_vrect(x0=start - timedelta(hours=12 * bucket_days), x1=start + timedelta(hours=12 * bucket_days),
                      fillcolor=INCIDENT_COLOR, line_width=0, layer="below")
    base_layout(fig, title or label(metric), percent=percent)
    fig.update_layout(showlegend=False)
    _date_axis(fig, xs, bucket_days)
    return fig


def _date_axis(fig: go.Figure, xs: Sequence, bucket_days: int = 1) -> None:
    """Day-level ticks; a period of one or two buckets is padded so it does not zoom to hours."""
    fig.update_xaxes(tickformat="%b %d", hoverformat="%a %Y-%m-%d")
    days = [x for x in xs if isinstance(x, (date, datetime))]
    if days and len(days) <= 2:
        pad = timedelta(days=bucket_days)
        lo, hi = min(days), max(days)
        lo = datetime(lo.year, lo.month, lo.day) - pad
        hi = datetime(hi.year, hi.month, hi.day) + pad
        fig.update_xaxes(range=[lo, hi], dtick=86_400_000 * bucket_days)


def multi_line_figure(series: dict[str, tuple[Sequence[datetime], Sequence[float | None]]], *,
                      title: str, threshold_by_series: dict[str, float] | None = None,
                      percent: bool = False) -> go.Figure:
    """Several lines (one per feature) of the same metric; per-series thresholds dotted in the line's colour."""
    names = list(series)
    fig = go.Figure()
    for name, (xs, ys) in series.items():
        color = feature_color(names, name)
        fig.add_trace(go.Scatter(x=[_as_x(x) for x in xs], y=list(ys), mode="lines+markers", name=name,
                                 line=dict(color=color, width=2), marker=dict(size=4), connectgaps=False))
        if threshold_by_series and threshold_by_series.get(name) is not None:
            fig.add_hline(y=threshold_by_series[name], line=dict(color=color, dash="dash", width=1),
                          opacity=0.7)
    base_layout(fig, title, percent=percent)
    _date_axis(fig, [x for xs, _ in series.values() for x in xs])
    return fig


def heatmap_figure(rows: Sequence[str], cols: Sequence[str], z: Sequence[Sequence[float | None]], *,
                   title: str, percent: bool = False, marks: Sequence[Sequence[bool]] | None = None,
                   margin: Sequence[Sequence[float | None]] | None = None,
                   height: int | None = None) -> go.Figure:
    """Rows × columns; cells print their value ("—" when missing) and `marks[i][j]` True adds
    a "✗" (below threshold). Colour: red→green on 0.5..1, or when `margin` (value minus
    threshold) is given, red below the threshold and green above it (±0.15 saturates)."""
    text = []
    for i, row in enumerate(z):
        line = []
        for j, value in enumerate(row):
            if value is None:
                line.append("—")
            else:
                cell = f"{value:.0%}" if percent else f"{value:.2f}"
                if marks is not None and marks[i][j]:
                    cell += " ✗"
                line.append(cell)
        text.append(line)
    if margin is not None:
        colour = dict(z=[list(row) for row in margin], colorscale="RdYlGn", zmid=0.0, zmin=-0.15, zmax=0.15,
                      colorbar=dict(thickness=10, title=dict(text="vs threshold", side="right"),
                                    tickformat="+.2f"))
    else:
        colour = dict(z=[list(row) for row in z], colorscale="RdYlGn", zmin=0.5, zmax=1.0,
                      colorbar=dict(thickness=10, tickformat=".0%" if percent else ".2f"))
    fig = go.Figure(go.Heatmap(
        x=[label(c) for c in cols], y=list(rows), text=text, texttemplate="%{text}",
        textfont=dict(size=12), hoverongaps=False, hovertemplate="%{y} · %{x}: %{text}<extra></extra>",
        **colour,
    ))
    base_layout(fig, title, height=height or max(HEIGHT - 60, 70 + 44 * len(rows)))
    fig.update_layout(hovermode="closest")
    fig.update_yaxes(autorange="reversed")
    return fig


QUADRANTS = {
    OK: "High precision · High faithfulness — ideal",
    GENERATION: "High precision · Low faithfulness — generation problem",
    RETRIEVAL: "Low precision · High faithfulness — retrieval problem",
    BOTH: "Low precision · Low faithfulness — retrieval and generation",
}


def quadrant_figure(points: Sequence[dict], *, p_cut: float, f_cut: float, title: str) -> go.Figure:
    """Contextual precision (x) vs faithfulness (y), one point per feature per bucket.
    `points`: {feature, bucket, precision, faithfulness, count}."""
    features = sorted({p["feature"] for p in points})
    fig = go.Figure()
    shade = {OK: "rgba(46,158,91,0.07)", GENERATION: "rgba(245,133,24,0.07)",
             RETRIEVAL: "rgba(76,120,168,0.07)", BOTH: "rgba(214,69,69,0.08)"}
    lo = 0.0
    fig.add_shape(type="rect", x0=p_cut, x1=1.02, y0=f_cut, y1=1.02, fillcolor=shade[OK], line_width=0,
                  layer="below")
    fig.add_shape(type="rect", x0=p_cut, x1=1.02, y0=lo, y1=f_cut, fillcolor=shade[GENERATION], line_width=0,
                  layer="below")
    fig.add_shape(type="rect", x0=lo, x1=p_cut, y0=f_cut, y1=1.02, fillcolor=shade[RETRIEVAL], line_width=0,
                  layer="below")
    fig.add_shape(type="rect", x0=lo, x1=p_cut, y0=lo, y1=f_cut, fillcolor=shade[BOTH], line_width=0,
                  layer="below")
    for feature in features:
        mine = [p for p in points if p["feature"] == feature
                and p.get("precision") is not None and p.get("faithfulness") is not None]
        if not mine:
            continue
        fig.add_trace(go.Scatter(
            x=[p["precision"] for p in mine], y=[p["faithfulness"] for p in mine], mode="markers",
            name=feature, marker=dict(color=feature_color(features, feature), size=8, opacity=0.8,
                                      line=dict(width=0.5, color="white")),
            text=[_as_x(p["bucket"]).strftime("%Y-%m-%d") if isinstance(p["bucket"], datetime) else str(p["bucket"])
                  for p in mine],
            customdata=[p.get("count") for p in mine],
            hovertemplate=f"<b>{feature}</b> %{{text}}<br>precision %{{x:.2f}} · faithfulness %{{y:.2f}}"
                          "<br>%{customdata} records<extra></extra>",
        ))
    fig.add_vline(x=p_cut, line=dict(color="#888", dash="dash", width=1))
    fig.add_hline(y=f_cut, line=dict(color="#888", dash="dash", width=1))
    corners = [
        (0.99, 0.99, "right", "top", "Ideal", PASS_COLOR),
        (0.99, 0.01, "right", "bottom", "Generation problem", "#C46A0A"),
        (0.01, 0.99, "left", "top", "Retrieval inefficiency", "#3A6190"),
        (0.01, 0.01, "left", "bottom", "Retrieval + generation", FAIL_COLOR),
    ]
    for x, y, xanchor, yanchor, text, color in corners:
        fig.add_annotation(x=x, y=y, xref="x domain", yref="y domain", text=f"<b>{text}</b>", showarrow=False,
                           xanchor=xanchor, yanchor=yanchor, font=dict(size=11, color=color),
                           bgcolor="rgba(255,255,255,0.7)")
    base_layout(fig, title, height=420)
    fig.update_layout(hovermode="closest")
    fig.update_xaxes(title_text="Contextual precision (mean)", range=[lo, 1.02])
    fig.update_yaxes(title_text="Faithfulness (mean)", range=[lo, 1.02])
    return fig


def fit_axes(fig: go.Figure, values: Iterable[float | None]) -> go.Figure:
    """Zoom a 0..1 quadrant to the data (keeping the cut lines in view)."""
    present = [v for v in values if v is not None]
    if present:
        low = max(0.0, min(present) - 0.05)
        fig.update_xaxes(range=[low, 1.02])
        fig.update_yaxes(range=[low, 1.02])
    return fig


def show(fig: go.Figure, key: str | None = None) -> None:
    """Put a figure on the page: full width, our template (not Streamlit's theme)."""
    st.plotly_chart(fig, width="stretch", theme=None, key=key,
                    config={"displaylogo": False, "modeBarButtonsToRemove": ["lasso2d", "select2d"]})


def volume_figure(buckets: Sequence[datetime], counts: Sequence[float | None],
                  failing: Sequence[float | None], *, title: str = "Records") -> go.Figure:
    """Records per bucket (grey) with the failing ones (red) in front."""
    xs = [_as_x(b) for b in buckets]
    fig = go.Figure()
    fig.add_trace(go.Bar(x=xs, y=list(counts), name="records", marker_color="#C9CED6"))
    fig.add_trace(go.Bar(x=xs, y=list(failing), name="failing", marker_color=FAIL_COLOR))
    base_layout(fig, title)
    fig.update_layout(barmode="overlay", bargap=0.15)
    _date_axis(fig, xs)
    return fig
