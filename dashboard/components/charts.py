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
import plotly.io as pio
import streamlit as st

from core import metrics
from core.buckets import Bucket
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
# Every figure starts from plotly_white as plotly's default template: plotly applies its default without
# validating it again, while `update_layout(template="plotly_white")` copied and validated the whole
# template per figure (~0.2 s each on a loaded 2-core machine; the Overview draws eight: issue 29).
pio.templates.default = "plotly_white"
MARGIN = dict(l=10, r=10, t=36, b=10)


# --- numbers from aggregate documents -----------------------------------------------

def num(value) -> float | None:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    return float(value) if value == value else None  # NaN -> None


def summarize(docs: Sequence[Bucket]) -> dict:
    """Period totals from aggregate buckets: counts summed, means weighted by n,
    rates weighted by their denominators. Missing values are skipped, never guessed."""
    count = sum(num(d.count) or 0 for d in docs)
    passed = sum(num(d.passed) or 0 for d in docs)
    failing = sum(num(d.failing) or 0 for d in docs)
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
            mean, n, rate = num(d.stat(metric)), num(d.stat(metric, "n")), num(d.stat(metric, "pass_rate"))
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
        rate, n = num(d.regen_rate), num(d.count)
        if rate is not None and n:
            total += rate * n
            weight += n
    out["regen_rate"] = total / weight if weight else None
    out["quadrants"] = {q: sum(int(num(d.quadrants.get(q)) or 0) for d in docs) for q in QUADRANT_KEYS}
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
    partial: bool = False,
) -> go.Figure:
    """One metric over time: the line, an optional p10–p90 band, the threshold
    dashed, and incident days shaded red. None values leave a gap. `partial`: the last
    bucket is still filling up (today): it is drawn dotted with an open marker and
    labelled "partial". Each point carries its day (customdata) for click-through."""
    color = metrics.color(metric)
    xs = [_as_x(b) for b in buckets]
    days = [_day_text(b) for b in buckets]
    values = list(values)
    fig = go.Figure()
    if band is not None and any(v is not None for v in band[0]):
        low, high = band
        fig.add_trace(go.Scatter(x=xs, y=list(high), mode="lines", line=dict(width=0), hoverinfo="skip",
                                 showlegend=False, connectgaps=False))
        fig.add_trace(go.Scatter(x=xs, y=list(low), mode="lines", line=dict(width=0), fill="tonexty",
                                 fillcolor=_rgba(color, 0.15), name="p10–p90", hoverinfo="skip",
                                 connectgaps=False))
    hover = "%{y:.1%}" if percent else "%{y:.3f}"
    cut = len(values) - 1 if partial and values else len(values)
    fig.add_trace(go.Scatter(
        x=xs[:cut], y=values[:cut], mode="lines+markers", name=label(metric), customdata=days[:cut],
        line=dict(color=color, width=2), marker=dict(size=6), connectgaps=False,
        hovertemplate=hover + "<extra></extra>",
    ))
    if cut < len(values):
        _partial_point(fig, xs, values, days, color, hover)
    # shapes and labels as plain layout entries in one update: add_hline / add_vrect cost ~0.1 s each
    shapes = _day_spans(incidents, bucket_days, INCIDENT_COLOR)
    notes = []
    if threshold is not None:
        shapes.append(_hline(threshold, dict(color=FAIL_COLOR, dash="dash", width=1.5)))
        notes.append(dict(text=f"{threshold_label} {threshold:.0%}" if percent else f"{threshold_label} {threshold:.2f}",
                          x=1, xref="x domain", xanchor="right", y=threshold, yref="y", yanchor="top",
                          showarrow=False, font=dict(size=10, color=FAIL_COLOR)))
    fig.update_layout(shapes=shapes, annotations=[*fig.layout.annotations, *notes])  # after "partial"
    base_layout(fig, title or label(metric), percent=percent)
    fig.update_layout(showlegend=False)
    _date_axis(fig, xs, bucket_days)
    return fig


def _hline(y: float, line: dict) -> dict:
    """A horizontal line across the plot at `y` (what add_hline draws)."""
    return dict(type="line", xref="x domain", x0=0, x1=1, yref="y", y0=y, y1=y, line=line)


def _day_spans(days: Iterable[date], bucket_days: int, color: str) -> list[dict]:
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


def _day_text(value) -> str:
    return value.strftime("%Y-%m-%d") if isinstance(value, (date, datetime)) else str(value)


PARTIAL_NOTE = "partial"


def _partial_point(fig: go.Figure, xs: Sequence, values: Sequence, days: Sequence[str], color: str,
                   hover: str) -> None:
    """The still-filling last bucket: a dotted segment to an open marker, labelled."""
    seg = slice(max(0, len(values) - 2), len(values))
    fig.add_trace(go.Scatter(
        x=list(xs[seg]), y=list(values[seg]), mode="lines+markers", name="today (partial)",
        customdata=list(days[seg]), line=dict(color=_rgba(color, 0.55), width=2, dash="dot"),
        marker=dict(size=[0, 9][-len(values[seg]):], symbol="circle-open", color=color,
                    line=dict(width=2, color=color)),
        hovertemplate=hover + " (partial day)<extra></extra>", connectgaps=False,
    ))
    # at the top of the plot, above today's point: clear of the line and the threshold's label
    fig.add_annotation(x=xs[-1], y=1.0, yref="y domain", yanchor="bottom", text=PARTIAL_NOTE, showarrow=False,
                       font=dict(size=10, color="#666"))


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


def _partial_layout(day: date | None, bucket_days: int = 1) -> tuple[list[dict], list[dict]]:
    """(shapes, annotations) that grey out the still-filling bucket starting on `day` and label it."""
    if day is None:
        return [], []
    start = datetime(day.year, day.month, day.day)
    return (_day_spans([day], bucket_days, "rgba(140,140,140,0.12)"),
            [dict(text=PARTIAL_NOTE, x=start, xref="x", xanchor="center", y=1, yref="y domain", yanchor="bottom",
                  showarrow=False, font=dict(size=10, color="#666"))])


def multi_line_figure(series: dict[str, tuple[Sequence[datetime], Sequence[float | None]]], *,
                      title: str, threshold_by_series: dict[str, float] | None = None,
                      percent: bool = False, partial_day: date | None = None) -> go.Figure:
    """Several lines (one per feature) of the same metric; per-series thresholds dotted in the line's
    colour; `partial_day`: today's bucket, greyed and labelled "partial"."""
    names = list(series)
    traces, lines = [], []
    for name, (xs, ys) in series.items():
        color = feature_color(names, name)
        traces.append(go.Scatter(x=[_as_x(x) for x in xs], y=list(ys), mode="lines+markers", name=name,
                                 line=dict(color=color, width=2), marker=dict(size=4), connectgaps=False))
        if threshold_by_series and threshold_by_series.get(name) is not None:
            lines.append({**_hline(threshold_by_series[name], dict(color=color, dash="dash", width=1)),
                          "opacity": 0.7})
    # the traces, thresholds and partial day in one figure (issue 29: at 50 features, adding the partial
    # day to a figure holding 50 shapes (update_layout with the stored shapes) re-validated them all: 3.7 s of 6.6 s)
    spans, notes = _partial_layout(partial_day)
    fig = go.Figure(data=traces, layout=dict(shapes=lines + spans, annotations=notes))
    base_layout(fig, title, percent=percent)
    _date_axis(fig, [x for xs, _ in series.values() for x in xs])
    return fig


def heatmap_figure(rows: Sequence[str], cols: Sequence[str], z: Sequence[Sequence[float | None]], *,
                   title: str, percent: bool = False, marks: Sequence[Sequence[bool]] | None = None,
                   margin: Sequence[Sequence[float | None]] | None = None,
                   height: int | None = None, cell_keys: Sequence[Sequence[str]] | None = None) -> go.Figure:
    """Rows × columns; cells print their value ("—" when missing) and `marks[i][j]` True adds
    a "✗" (below threshold). Colour: red→green on 0.5..1, or when `margin` (value minus
    threshold) is given, red below the threshold and green above it (±0.15 saturates).
    `cell_keys[i][j]`: what a click on a cell reports (an invisible marker per cell carries it
    as customdata: plotly selects points, not heatmap cells)."""
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
    if cell_keys is not None:
        xs = [label(c) for c in cols]
        cells = [(i, j) for i in range(len(rows)) for j in range(len(cols))]
        fig.add_trace(go.Scatter(
            x=[xs[j] for _, j in cells], y=[rows[i] for i, _ in cells], mode="markers",
            customdata=[cell_keys[i][j] for i, j in cells], showlegend=False,
            marker=dict(size=34, symbol="square", opacity=0.0, color="#000"),
            hovertemplate="%{y} · %{x}: click for the records<extra></extra>",
            selected=dict(marker=dict(opacity=0.0)), unselected=dict(marker=dict(opacity=0.0)),
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


QUADRANT_LEGEND_MAX = 10  # more features: one trace, each point coloured by its feature and named in its hover


def quadrant_figure(points: Sequence[dict], *, p_cut: float, f_cut: float, title: str) -> go.Figure:
    """Contextual precision (x) vs faithfulness (y), one point per feature per bucket.
    `points`: {feature, bucket, precision, faithfulness, count}. Up to QUADRANT_LEGEND_MAX features one trace
    (and legend entry) each; more, one trace for every point (issue 29: 50 traces cost ~2 s to build and
    validate, and a 50-entry legend says nothing). Shapes, cut lines and corner labels are plain layout
    entries in one go (add_shape / add_vline / add_annotation cost ~0.1 s each)."""
    features = sorted({p["feature"] for p in points})
    shade = {OK: "rgba(46,158,91,0.07)", GENERATION: "rgba(245,133,24,0.07)",
             RETRIEVAL: "rgba(76,120,168,0.07)", BOTH: "rgba(214,69,69,0.08)"}
    lo = 0.0
    rects = [(p_cut, 1.02, f_cut, 1.02, OK), (p_cut, 1.02, lo, f_cut, GENERATION), (lo, p_cut, f_cut, 1.02, RETRIEVAL),
             (lo, p_cut, lo, f_cut, BOTH)]
    shapes = [dict(type="rect", xref="x", yref="y", x0=x0, x1=x1, y0=y0, y1=y1, fillcolor=shade[kind],
                   line=dict(width=0), layer="below") for x0, x1, y0, y1, kind in rects]
    shapes.append(dict(type="line", xref="x", x0=p_cut, x1=p_cut, yref="y domain", y0=0, y1=1,
                       line=dict(color="#888", dash="dash", width=1)))
    shapes.append(_hline(f_cut, dict(color="#888", dash="dash", width=1)))
    corners = [
        (0.99, 0.99, "right", "top", "Ideal", PASS_COLOR),
        (0.99, 0.01, "right", "bottom", "Generation problem", "#C46A0A"),
        (0.01, 0.99, "left", "top", "Retrieval inefficiency", "#3A6190"),
        (0.01, 0.01, "left", "bottom", "Retrieval + generation", FAIL_COLOR),
    ]
    notes = [dict(x=x, y=y, xref="x domain", yref="y domain", text=f"<b>{text}</b>", showarrow=False,
                  xanchor=xanchor, yanchor=yanchor, font=dict(size=11, color=color), bgcolor="rgba(255,255,255,0.7)")
             for x, y, xanchor, yanchor, text, color in corners]
    shown = [p for p in points if p.get("precision") is not None and p.get("faithfulness") is not None]

    def day(p: dict) -> str:
        return _as_x(p["bucket"]).strftime("%Y-%m-%d") if isinstance(p["bucket"], datetime) else str(p["bucket"])
    traces = []
    one = len(features) <= QUADRANT_LEGEND_MAX  # one trace (and legend entry) per feature
    groups: dict[str, list[dict]] = {}  # per feature, or per colour: no per-point colour array to validate
    for p in shown:
        groups.setdefault(p["feature"] if one else feature_color(features, p["feature"]), []).append(p)
    for key, mine in sorted(groups.items()):
        color = feature_color(features, key) if one else key
        traces.append(go.Scatter(
            x=[p["precision"] for p in mine], y=[p["faithfulness"] for p in mine], mode="markers",
            name=key if one else "", showlegend=one,
            marker=dict(color=color, size=8, opacity=0.8, line=dict(width=0.5, color="white")),
            text=[f"{p['feature']} · {day(p)}" for p in mine], customdata=[p.get("count") for p in mine],
            hovertemplate="<b>%{text}</b><br>precision %{x:.2f} · faithfulness %{y:.2f}"
                          "<br>%{customdata} records<extra></extra>",
        ))
    fig = go.Figure(data=traces, layout=dict(shapes=shapes, annotations=notes))
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


def show(fig: go.Figure, key: str | None = None, *, clickable: bool = False):
    """Put a figure on the page: full width, our template (not Streamlit's theme).

    `clickable`: a click on a point reruns the page with the selection (returned; read
    the clicked point with `clicked_point`)."""
    config = {"displaylogo": False, "modeBarButtonsToRemove": ["lasso2d", "select2d"]}
    if clickable:
        fig.update_layout(clickmode="event+select")
        return st.plotly_chart(fig, width="stretch", theme=None, key=key, config=config, on_select="rerun",
                               selection_mode="points")
    st.plotly_chart(fig, width="stretch", theme=None, key=key, config=config)
    return None


def clicked_point(event) -> dict | None:
    """The first selected point of a `show(..., clickable=True)` answer, None when nothing is."""
    selection = getattr(event, "selection", None)
    if selection is None and isinstance(event, dict):
        selection = event.get("selection")
    points = getattr(selection, "points", None)
    if points is None and isinstance(selection, dict):
        points = selection.get("points")
    return points[0] if points else None


def histogram_figure(metric: str, current: Sequence[tuple[float, int]], previous: Sequence[tuple[float, int]],
                     *, threshold: float | None = None, bin_width: float = 0.05,
                     labels: tuple[str, str] = ("this period", "previous period")) -> go.Figure:
    """The share of records per score bin, this period (bars in the metric's colour) against
    the previous one (grey outline); shares, so periods of different volume compare."""
    bins = [round(i * bin_width, 4) for i in range(int(round(1 / bin_width)) + 1)]

    def shares(pairs: Sequence[tuple[float, int]]) -> tuple[list[float], int]:
        counts = [0] * len(bins)
        for value, n in pairs:
            counts[min(len(bins) - 1, int(float(value) / bin_width + 1e-9))] += int(n)
        total = sum(counts)
        return [c / total if total else 0.0 for c in counts], total

    now, n_now = shares(current)
    before, n_before = shares(previous)
    color = metrics.color(metric)
    xs = [b + bin_width / 2 for b in bins]
    fig = go.Figure()
    fig.add_trace(go.Bar(x=xs, y=before, name=f"{labels[1]} ({n_before:,})", width=bin_width,
                         marker=dict(color="rgba(0,0,0,0)", line=dict(color="#8A8F98", width=1.5)),
                         hovertemplate="%{y:.1%}<extra>" + labels[1] + "</extra>"))
    fig.add_trace(go.Bar(x=xs, y=now, name=f"{labels[0]} ({n_now:,})", width=bin_width * 0.8,
                         marker=dict(color=_rgba(color, 0.75)),
                         hovertemplate="%{y:.1%}<extra>" + labels[0] + "</extra>"))
    if threshold is not None:
        fig.add_vline(x=threshold, line=dict(color=FAIL_COLOR, dash="dash", width=1.5))
    base_layout(fig, label(metric), percent=True, height=260)
    fig.update_layout(barmode="overlay", hovermode="closest", bargap=0)
    fig.update_xaxes(range=[max(0.0, min([b for b, c in zip(bins, now + before) if c] or [0.0]) - bin_width), 1.0],
                     title_text=None)
    return fig


def volume_figure(buckets: Sequence[datetime], counts: Sequence[float | None],
                  failing: Sequence[float | None], *, title: str = "Records", partial: bool = False) -> go.Figure:
    """Records per bucket (grey) with the failing ones (red) in front; a `partial` last bucket
    (today) is hatched and lighter. Each bar carries its day (customdata) for click-through."""
    xs = [_as_x(b) for b in buckets]
    days = [_day_text(b) for b in buckets]
    shape = ["/" if partial and i == len(xs) - 1 else "" for i in range(len(xs))]
    alpha = [0.45 if s else 1.0 for s in shape]
    fig = go.Figure()
    fig.add_trace(go.Bar(x=xs, y=list(counts), name="records", customdata=days,
                         marker=dict(color="#C9CED6", pattern=dict(shape=shape), opacity=alpha)))
    fig.add_trace(go.Bar(x=xs, y=list(failing), name="failing", customdata=days,
                         marker=dict(color=FAIL_COLOR, pattern=dict(shape=shape), opacity=alpha)))
    if partial and xs:
        fig.add_annotation(x=xs[-1], y=counts[-1] or 0, text=PARTIAL_NOTE, showarrow=False, yshift=10,
                           font=dict(size=10, color="#666"))
    base_layout(fig, title)
    fig.update_layout(barmode="overlay", bargap=0.15)
    _date_axis(fig, xs)
    return fig
