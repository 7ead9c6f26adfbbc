"""Vega-Lite charts shared by the monitor pages: one look everywhere.

Every metric has one colour on every chart, thresholds are dashed lines, pass is
green and fail is red, charts are ~300 px high and compact. Functions take plain
lists/dicts (no MongoDB, no Streamlit) and return Vega-Lite specs (plain dicts, what
Altair's `to_dict()` gives); `show()` puts one on the page with `st.vega_lite_chart`.

Vega-Lite instead of Plotly (issue 29): Streamlit's Plotly frontend chunk (4.7 MB) cost
every new browser tab of a page with charts ~3 s of main-thread time. Specs are written
as dicts rather than built with Altair objects: Altair validates every channel and the
whole spec against the Vega-Lite JSON schema, ~0.5 s per trend chart on a loaded 2-core
machine (4 s for the Overview's eight), where a dict costs nothing.

Each layer carries its own inline data (never the chart's top level, which Streamlit
would convert to Arrow through pandas), so the spec is the whole chart. The points a
click can select carry their key in the field "customdata" (a day, or a heatmap
cell's "feature|metric"); `clicked_point` reads it back from the Vega selection.
"""
from __future__ import annotations

from datetime import date, datetime, timedelta
from typing import Iterable, Sequence

import streamlit as st

from core import metrics
from core.buckets import Bucket
from core.diagnosis import BOTH, GENERATION, OK, RETRIEVAL
from core.diagnosis import QUADRANTS as QUADRANT_KEYS
from dashboard.components import vega_blocks as vb
from dashboard.components.vega_blocks import DASH, HEIGHT, NOTE_COLOR, PICK, Spec



def scores() -> tuple[str, ...]:
    """Overall quality first, then the catalog's metrics: the order of KPI rows and heatmaps."""
    return (metrics.OVERALL, *metrics.names())


FEATURE_COLORS = ["#4C78A8", "#F58518", "#54A24B", "#B279A2", "#E45756", "#72B7B2",
                  "#EECA3B", "#9D755D", "#FF9DA6", "#BAB0AC"]
PASS_COLOR = "#2E9E5B"
FAIL_COLOR = "#D64545"
INCIDENT_COLOR = "rgba(214, 69, 69, 0.13)"
PARTIAL_COLOR = "rgba(140, 140, 140, 0.12)"
PARTIAL_NOTE = "partial"
BREAK = "break-paths-show-path-domains"  # a missing value breaks the line (not drawn as 0)


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


# --- charts -----------------------------------------------------------------------------

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
) -> Spec:
    """One metric over time: the line, an optional p10–p90 band, the threshold
    dashed, and incident days shaded red. None values leave a gap. `partial`: the last
    bucket is still filling up (today): it is drawn dotted with an open marker and
    labelled "partial". Each point carries its day (customdata) for click-through."""
    color = metrics.color(metric)
    values = list(values)
    x = vb.x_axis([vb.as_x(b) for b in buckets], bucket_days)
    y = vb.y_axis("y", percent)
    points = [{"x": vb.time_text(b), "y": v, "customdata": vb.day_text(b), "partial": partial and i == len(values) - 1}
              for i, (b, v) in enumerate(zip(buckets, values))]
    cut = len(points) - 1 if partial and points else len(points)
    layers = [vb.day_spans(incidents, bucket_days, INCIDENT_COLOR)]
    if band is not None and any(v is not None for v in band[0]):
        rows = [{"x": vb.time_text(b), "lo": lo, "hi": hi} for b, lo, hi in zip(buckets, band[0], band[1])]
        layers.append(vb.layer(rows, {"type": "area", "color": color, "opacity": 0.15, "invalid": BREAK},
                             {"x": x, "y": vb.y_axis("lo", percent), "y2": {"field": "hi"}}))
    layers.append(vb.layer(points[:cut], {"type": "line", "color": color, "strokeWidth": 2, "invalid": BREAK},
                         {"x": x, "y": y}))
    if cut < len(points):  # the still-filling last bucket: a dotted segment to an open marker, labelled
        layers.append(vb.layer(points[max(0, cut - 1):], {"type": "line", "color": color, "strokeWidth": 2,
                                                        "strokeDash": [2, 3], "opacity": 0.55, "invalid": BREAK},
                             {"x": x, "y": y}))
        layers.append(vb.top_note(points[-1]["x"], PARTIAL_NOTE))
    layers.append(vb.layer(points, {"type": "point", "filled": True, "color": color, "opacity": 1, "stroke": color}, {
        "x": x, "y": y,
        "size": vb.when("datum.partial", 90, 36),
        "fill": vb.when("datum.partial", "white", color),
        "strokeWidth": vb.when("datum.partial", 2, 0),
        "tooltip": [vb.tip("x", "temporal", "day", "%a %Y-%m-%d"), vb.tip("y", "quantitative", label(metric),
                                                                         vb.fmt(percent)),
                    vb.tip("partial", "nominal", "partial day")],
    }, vb.pick(nearest=True)))
    if threshold is not None:
        text = f"{threshold_label} {threshold:.0%}" if percent else f"{threshold_label} {threshold:.2f}"
        layers.append(vb.hline(threshold, FAIL_COLOR))
        layers.append(vb.layer([{"y": threshold, "note": text}],
                             {"type": "text", "x": "width", "align": "right", "baseline": "top", "dy": 2,
                              "fontSize": 10, "color": FAIL_COLOR},
                             {"y": {"field": "y", "type": "quantitative"}, "text": {"field": "note", "type": "nominal"}}))
    return vb.layers(layers, title or label(metric))


def note(chart: Spec, text: str) -> Spec:
    """`text` across the middle of the plot on a white box (e.g. "constant: no signal here")."""
    half = 3.2 * len(text) + 6
    chart["layer"] += [
        vb.layer([{"note": text}], {"type": "rect", "x": {"expr": f"width / 2 - {half}"},
                                  "x2": {"expr": f"width / 2 + {half}"}, "y": {"expr": "height / 2 - 12"},
                                  "y2": {"expr": "height / 2 + 12"}, "color": "white", "opacity": 0.85}),
        vb.layer([{"note": text}], {"type": "text", "x": {"expr": "width / 2"}, "y": {"expr": "height / 2"},
                                  "fontSize": 13, "color": "#6b7280"}, {"text": {"field": "note", "type": "nominal"}}),
    ]
    return chart


def mark_partial(chart: Spec, day: date | None, bucket_days: int = 1) -> Spec:
    """Grey out the still-filling bucket that starts on `day` (today's), labelled "partial"."""
    if day is None:
        return chart
    chart["layer"] = [vb.day_spans([day], bucket_days, PARTIAL_COLOR), *chart["layer"],
                      vb.top_note(vb.time_text(day), PARTIAL_NOTE)]
    return chart


def multi_line_figure(series: dict[str, tuple[Sequence[datetime], Sequence[float | None]]], *,
                      title: str, threshold_by_series: dict[str, float] | None = None,
                      percent: bool = False, partial_day: date | None = None) -> Spec:
    """Several lines (one per feature) of the same metric; per-series thresholds dashed in the line's
    colour; `partial_day`: today's bucket, greyed and labelled "partial"."""
    names = list(series)
    color = vb.legend_color("series", names, [feature_color(names, n) for n in names])
    rows = [{"x": vb.time_text(x), "y": y, "series": name} for name, (xs, ys) in series.items() for x, y in zip(xs, ys)]
    x = vb.x_axis([vb.as_x(x) for xs, _ in series.values() for x in xs])
    layers = [
        vb.layer(rows, {"type": "line", "strokeWidth": 2, "invalid": BREAK}, {"x": x, "y": vb.y_axis("y", percent),
                                                                          "color": color}),
        vb.layer(rows, {"type": "point", "filled": True, "size": 16, "opacity": 1}, {
            "x": x, "y": vb.y_axis("y", percent), "color": color,
            "tooltip": [vb.tip("series", "nominal", "feature"), vb.tip("x", "temporal", "day", "%a %Y-%m-%d"),
                        vb.tip("y", "quantitative", title, vb.fmt(percent))]}),
    ]
    limits = [{"series": n, "y": v} for n, v in (threshold_by_series or {}).items() if v is not None and n in series]
    if limits:
        layers.append(vb.layer(limits, {"type": "rule", "strokeDash": DASH, "strokeWidth": 1, "opacity": 0.7},
                             {"y": {"field": "y", "type": "quantitative"}, "color": color}))
    return mark_partial(vb.layers(layers, title), partial_day)


def heatmap_figure(rows: Sequence[str], cols: Sequence[str], z: Sequence[Sequence[float | None]], *,
                   title: str, percent: bool = False, marks: Sequence[Sequence[bool]] | None = None,
                   margin: Sequence[Sequence[float | None]] | None = None,
                   height: int | None = None, cell_keys: Sequence[Sequence[str]] | None = None) -> Spec:
    """Rows × columns; cells print their value ("—" when missing) and `marks[i][j]` True adds
    a "✗" (below threshold). Colour: red→green on 0.5..1, or when `margin` (value minus
    threshold) is given, red below the threshold and green above it (±0.15 saturates).
    `cell_keys[i][j]`: what a click on a cell reports (its customdata)."""
    xs = [label(c) for c in cols]
    cells = []
    for i, row in enumerate(z):
        for j, value in enumerate(row):
            if value is None:
                text = "—"
            else:
                text = f"{value:.0%}" if percent else f"{value:.2f}"
                if marks is not None and marks[i][j]:
                    text += " ✗"
            cells.append({"row": rows[i], "col": xs[j], "value": value, "text": text,
                          "colour": margin[i][j] if margin is not None else value,
                          "customdata": cell_keys[i][j] if cell_keys is not None else None})
    if margin is not None:
        scale = {"scheme": "redyellowgreen", "domain": [-0.15, 0.15], "domainMid": 0.0, "clamp": True}
        legend = {"title": "vs threshold", "format": "+.2f", "gradientThickness": 10}
    else:
        scale = {"scheme": "redyellowgreen", "domain": [0.5, 1.0], "clamp": True}
        legend = {"title": None, "format": ".0%" if percent else ".2f", "gradientThickness": 10}
    x = {"field": "col", "type": "nominal", "title": None, "sort": xs,
         "axis": {"orient": "top", "labelAngle": 0, "labelLimit": 160}}
    y = {"field": "row", "type": "nominal", "title": None, "sort": list(rows), "axis": {"labelLimit": 200}}
    tip = [vb.tip("row", "nominal", "feature"), vb.tip("col", "nominal", "metric"), vb.tip("text", "nominal", "value")]
    rect = vb.layer(cells, {"type": "rect", "stroke": "white", "strokeWidth": 1}, {
        "x": x, "y": y, "tooltip": tip,
        "color": {"condition": {"test": "datum.colour === null", "value": "#F2F3F5"},
                  "field": "colour", "type": "quantitative", "scale": scale, "legend": legend}},
        vb.pick() if cell_keys is not None else None)
    dark = "datum.colour !== null && datum.colour < -0.1" if margin is not None else \
        "datum.colour !== null && datum.colour < 0.6"
    text = vb.layer(cells, {"type": "text", "fontSize": 12},
                  {"x": x, "y": y, "text": {"field": "text", "type": "nominal"}, "tooltip": tip,
                   "color": vb.when(dark, "white", "#1f2328")})
    return vb.layers([rect, text], title, height=height or max(HEIGHT - 60, 70 + 44 * len(rows)))


QUADRANTS = {
    OK: "High precision · High faithfulness — ideal",
    GENERATION: "High precision · Low faithfulness — generation problem",
    RETRIEVAL: "Low precision · High faithfulness — retrieval problem",
    BOTH: "Low precision · Low faithfulness — retrieval and generation",
}


def _unit(field: str, low: float, title: str | None = None) -> dict:
    """A quantitative channel on the quadrant's 0..1 scale (from `low`)."""
    return {"field": field, "type": "quantitative", "title": title,
            "scale": {"domain": [low, 1.02], "clamp": True, "nice": False, "zero": False}}


QUADRANT_LEGEND_MAX = 10  # more features than this: no legend (issue 29: the cap is 50)


def quadrant_figure(points: Sequence[dict], *, p_cut: float, f_cut: float, title: str) -> Spec:
    """Contextual precision (x) vs faithfulness (y), one point per feature per bucket.
    `points`: {feature, bucket, precision, faithfulness, count}."""
    features = sorted({p["feature"] for p in points})
    color = vb.legend_color("feature", features, [feature_color(features, f) for f in features])
    if len(features) > QUADRANT_LEGEND_MAX:  # a legend of dozens of names says nothing; the tooltip names each
        color["legend"] = None
    lo = 0.0
    x_title, y_title = "Contextual precision (mean)", "Faithfulness (mean)"
    areas = [
        {"x0": p_cut, "x1": 1.02, "y0": f_cut, "y1": 1.02, "fill": "rgba(46,158,91,0.07)"},
        {"x0": p_cut, "x1": 1.02, "y0": lo, "y1": f_cut, "fill": "rgba(245,133,24,0.07)"},
        {"x0": lo, "x1": p_cut, "y0": f_cut, "y1": 1.02, "fill": "rgba(76,120,168,0.07)"},
        {"x0": lo, "x1": p_cut, "y0": lo, "y1": f_cut, "fill": "rgba(214,69,69,0.08)"},
    ]
    rows = [{"feature": p["feature"], "precision": p["precision"], "faithfulness": p["faithfulness"],
             "count": p.get("count"), "day": vb.day_text(vb.as_x(p["bucket"]))}
            for p in points if p.get("precision") is not None and p.get("faithfulness") is not None]
    corners = [
        ("width", 0, "right", "top", "Ideal", PASS_COLOR),
        ("width", "height", "right", "bottom", "Generation problem", "#C46A0A"),
        (0, 0, "left", "top", "Retrieval inefficiency", "#3A6190"),
        (0, "height", "left", "bottom", "Retrieval + generation", FAIL_COLOR),
    ]
    layers = [
        vb.layer(areas, {"type": "rect"}, {"x": _unit("x0", lo, x_title), "x2": {"field": "x1"},
                                         "y": _unit("y0", lo, y_title), "y2": {"field": "y1"},
                                         "fill": {"field": "fill", "type": "nominal", "scale": None}}),
        vb.layer(rows, {"type": "point", "filled": True, "size": 64, "opacity": 0.8, "stroke": "white",
                      "strokeWidth": 0.5}, {
            "x": _unit("precision", lo, x_title), "y": _unit("faithfulness", lo, y_title),
            "color": color,
            "tooltip": [vb.tip("feature", "nominal"), vb.tip("day", "nominal"),
                        vb.tip("precision", "quantitative", fmt=".2f"), vb.tip("faithfulness", "quantitative", fmt=".2f"),
                        vb.tip("count", "quantitative", "records", ",")]}),
        vb.layer([{"x": p_cut}], {"type": "rule", "color": "#888", "strokeDash": DASH, "strokeWidth": 1},
               {"x": _unit("x", lo, x_title)}),
        vb.layer([{"y": f_cut}], {"type": "rule", "color": "#888", "strokeDash": DASH, "strokeWidth": 1},
               {"y": _unit("y", lo, y_title)}),
        *(vb.layer([{"note": text}], {"type": "text", "x": x, "y": y, "align": align, "baseline": baseline,
                                    "dx": -4 if align == "right" else 4, "dy": 4 if baseline == "top" else -4,
                                    "fontSize": 11, "fontWeight": "bold", "color": color},
                 {"text": {"field": "note", "type": "nominal"}})
          for x, y, align, baseline, text, color in corners),
    ]
    return vb.layers(layers, title, height=420)


def fit_axes(chart: Spec, values: Iterable[float | None]) -> Spec:
    """Zoom a 0..1 quadrant to the data (keeping the cut lines in view)."""
    present = [v for v in values if v is not None]
    if present:
        low = max(0.0, min(present) - 0.05)
        for layer in chart["layer"]:
            for channel in ("x", "y"):
                scale = layer.get("encoding", {}).get(channel, {}).get("scale")
                if scale:
                    scale["domain"] = [low, 1.02]
    return chart


CONFIG = {"view": {"strokeWidth": 0}, "axis": {"labelFontSize": 11, "titleFontSize": 11}}


def show(chart: Spec, key: str | None = None, *, clickable: bool = False):
    """Put a chart on the page, full width.

    `clickable`: a click on a point reruns the page with the selection (returned; read
    the clicked point with `clicked_point`)."""
    spec = {**chart, "config": CONFIG}
    if clickable:
        return st.vega_lite_chart(spec, width="stretch", key=key, on_select="rerun", selection_mode=PICK)
    st.vega_lite_chart(spec, width="stretch", key=key)
    return None


def _field(obj, name: str):
    value = getattr(obj, name, None)
    if value is None and isinstance(obj, dict):
        value = obj.get(name)
    return value


def clicked_point(event) -> dict | None:
    """The clicked point of a `show(..., clickable=True)` answer as {"customdata": its key}, None when
    nothing is. (Vega reports a point selection as {"selection": {"pick": [{"customdata": ...}]}}.)"""
    selection = _field(event, "selection")
    picked = _field(selection, PICK) if selection is not None else None
    if not picked or not isinstance(picked, list) or not isinstance(picked[0], dict):
        return None
    return dict(picked[0])


def histogram_figure(metric: str, current: Sequence[tuple[float, int]], previous: Sequence[tuple[float, int]],
                     *, threshold: float | None = None, bin_width: float = 0.05,
                     labels: tuple[str, str] = ("this period", "previous period")) -> Spec:
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
    now_name, before_name = f"{labels[0]} ({n_now:,})", f"{labels[1]} ({n_before:,})"
    low = max(0.0, min([b for b, c in zip(bins, now + before) if c] or [0.0]) - bin_width)
    x = {"field": "x0", "type": "quantitative", "title": None,
         "scale": {"domain": [low, 1.0], "clamp": True, "nice": False, "zero": False}}
    y = {"field": "share", "type": "quantitative", "title": None, "axis": {"format": ".0%"}}
    legend = vb.legend_color("series", [now_name, before_name], [vb.rgba(color, 0.75), "#8A8F98"])
    tip = [vb.tip("series", "nominal", "period"), vb.tip("share", "quantitative", fmt=".1%")]

    def bars(values: list[float], name: str, inset: float) -> list[dict]:
        return [{"x0": b + inset, "x1": b + bin_width - inset, "share": v, "series": name}
                for b, v in zip(bins, values) if b >= low - 1e-9]

    encoding = {"x": x, "x2": {"field": "x1"}, "y": y, "y2": {"datum": 0}, "color": legend, "tooltip": tip}
    layers = [vb.layer(bars(before, before_name, 0.0), {"type": "bar", "filled": False, "strokeWidth": 1.5}, encoding),
              vb.layer(bars(now, now_name, bin_width * 0.1), {"type": "bar"}, encoding)]
    if threshold is not None:
        layers.append(vb.layer([{"x0": threshold}], {"type": "rule", "color": FAIL_COLOR, "strokeDash": DASH,
                                                   "strokeWidth": 1.5}, {"x": x}))
    return vb.layers(layers, label(metric), height=260)


def volume_figure(buckets: Sequence[datetime], counts: Sequence[float | None],
                  failing: Sequence[float | None], *, title: str = "Records", partial: bool = False) -> Spec:
    """Records per bucket (grey) with the failing ones (red) in front; a `partial` last bucket
    (today) is lighter, outlined dashed and labelled. Each bar carries its day (customdata) for click-through."""
    xs = [vb.as_x(b) for b in buckets]
    gaps = [b - a for a, b in zip(xs, xs[1:]) if isinstance(a, datetime) and isinstance(b, datetime) and b > a]
    half = (min(gaps) if gaps else timedelta(days=1)) * 0.425
    rows = []
    for i, (b, n, bad) in enumerate(zip(xs, counts, failing)):
        mid = b if isinstance(b, datetime) else datetime(b.year, b.month, b.day)
        last = partial and i == len(xs) - 1
        for series, value in (("records", n), ("failing", bad)):
            rows.append({"x": vb.time_text(b), "x0": vb.time_text(mid - half), "x1": vb.time_text(mid + half), "y": value,
                         "series": series, "customdata": vb.day_text(b), "partial": last})
    layers = [vb.layer(rows, {"type": "bar", "strokeWidth": 1.5}, {
        "x": vb.x_axis(xs, field="x0"), "x2": {"field": "x1"},
        "y": {"field": "y", "type": "quantitative", "title": None, "stack": None}, "y2": {"datum": 0},
        "color": vb.legend_color("series", ["records", "failing"], ["#C9CED6", FAIL_COLOR]),
        "opacity": vb.when("datum.partial", 0.45, 1.0),
        "stroke": vb.when("datum.partial", "#666", None),
        "strokeDash": vb.when("datum.partial", [3, 2], []),
        "tooltip": [vb.tip("x", "temporal", "day", "%a %Y-%m-%d"), vb.tip("series", "nominal"),
                    vb.tip("y", "quantitative", "records", ",")],
    }, vb.pick())]
    if partial and rows:
        layers.append(vb.layer([{"x": rows[-1]["x"], "y": counts[-1] or 0, "note": PARTIAL_NOTE}],
                             {"type": "text", "baseline": "bottom", "dy": -3, "fontSize": 10, "color": NOTE_COLOR},
                             {"x": {"field": "x", "type": "temporal"}, "y": {"field": "y", "type": "quantitative"},
                              "text": {"field": "note", "type": "nominal"}}))
    return vb.layers(layers, title)
