"""The building blocks of the Vega-Lite charts in dashboard/components/charts.py: layers, axes,
dashed rules, day spans, notes, the click selection, tooltips and legends (plain dicts, no Streamlit)."""
from __future__ import annotations

from datetime import date, datetime, timedelta
from typing import Iterable, Sequence

Spec = dict  # a Vega-Lite spec
HEIGHT = 300
PICK = "pick"  # the selection parameter of a clickable chart (`show(..., clickable=True)`)
NOTE_COLOR = "#666"
DASH = [6, 4]


def rgba(hex_color: str, alpha: float) -> str:
    hex_color = hex_color.lstrip("#")
    r, g, b = (int(hex_color[i:i + 2], 16) for i in (0, 2, 4))
    return f"rgba({r}, {g}, {b}, {alpha})"


# --- building blocks ------------------------------------------------------------------

def layer(rows: list[dict], mark: dict, encoding: dict | None = None, params: list | None = None) -> dict:
    layer = {"data": {"values": rows}, "mark": mark, "encoding": encoding or {}}
    if params:
        layer["params"] = params
    return layer


def layers(layers: list[dict], title: str | None, height: int = HEIGHT) -> Spec:
    """The chart: `layers` over one another, `height` px in all (Streamlit fits the whole chart, title,
    axes and legend included, into the spec's height)."""
    return {"title": {"text": title or "", "anchor": "start", "fontSize": 14,
                                         "fontWeight": "normal"},
            "height": height, "layer": [layer for layer in layers if layer]}


def as_x(value) -> object:
    if isinstance(value, datetime):
        return value.replace(tzinfo=None)
    return value


def time_text(value) -> str | None:
    """A day or bucket as a local ISO date-time (Vega reads a date-only string as UTC midnight)."""
    value = as_x(value)
    if isinstance(value, datetime):
        return value.strftime("%Y-%m-%dT%H:%M:%S")
    if isinstance(value, date):
        return f"{value.isoformat()}T00:00:00"
    return None if value is None else str(value)


def day_text(value) -> str:
    return value.strftime("%Y-%m-%d") if isinstance(value, (date, datetime)) else str(value)


def vega_day(day: datetime) -> dict:
    return {"year": day.year, "month": day.month, "date": day.day}


def x_axis(xs: Sequence, bucket_days: int = 1, field: str = "x") -> dict:
    """Day-level ticks; a period of one or two buckets is padded so it does not zoom to hours."""
    days = [v for v in xs if isinstance(v, (date, datetime))]
    # ticks on the buckets themselves (a week's Monday, not every 7th day of the month); Vega thins them out
    ticks = [vega_day(datetime(d.year, d.month, d.day)) for d in sorted(set(days))]
    x = {"field": field, "type": "temporal", "title": None,
         "axis": {"format": "%b %d", "labelOverlap": True, "grid": False, **({"values": ticks} if ticks else {})}}
    if days and len(days) <= 2:
        pad = timedelta(days=bucket_days)
        lo, hi = min(days), max(days)
        x["scale"] = {"domain": [vega_day(datetime(lo.year, lo.month, lo.day) - pad),
                                 vega_day(datetime(hi.year, hi.month, hi.day) + pad)]}
    return x


def y_axis(field: str, percent: bool) -> dict:
    return {"field": field, "type": "quantitative", "title": None, "scale": {"zero": False},
            "axis": {"format": ".0%" if percent else ".2f"}}


def hline(y: float, color: str, *, width: float = 1.5, opacity: float = 1.0) -> dict:
    """A dashed horizontal line across the plot at `y`."""
    return layer([{"y": y}], {"type": "rule", "color": color, "strokeDash": DASH, "strokeWidth": width,
                               "opacity": opacity}, {"y": {"field": "y", "type": "quantitative"}})


def spans(days: Iterable[date], bucket_days: int) -> list[dict]:
    """Day spans, consecutive days merged into one: [{x0, x1}] (local ISO date-times)."""
    spans: list[list[datetime]] = []
    half = timedelta(hours=12 * bucket_days)
    for day in sorted(set(days)):
        start = datetime(day.year, day.month, day.day)
        if spans and start - half <= spans[-1][1]:
            spans[-1][1] = start + half
        else:
            spans.append([start - half, start + half])
    return [{"x0": time_text(x0), "x1": time_text(x1)} for x0, x1 in spans]


def day_spans(days: Iterable[date], bucket_days: int, color: str) -> dict | None:
    """Shaded rectangles, full height, over the given days (consecutive days drawn as one)."""
    rows = spans(days, bucket_days)
    if not rows:
        return None
    return layer(rows, {"type": "rect", "color": color},
                  {"x": {"field": "x0", "type": "temporal"}, "x2": {"field": "x1"}})


def top_note(x: str | None, text: str) -> dict:
    """A small grey note at the top of the plot, over day `x`."""
    return layer([{"x": x, "note": text}], {"type": "text", "y": 0, "baseline": "bottom", "dy": -2,
                                             "fontSize": 10, "color": NOTE_COLOR},
                  {"x": {"field": "x", "type": "temporal"}, "text": {"field": "note", "type": "nominal"}})


def pick(nearest: bool = False) -> list[dict]:
    """A click selects the point's key (field "customdata"); `show(..., clickable=True)` reports it."""
    return [{"name": PICK, "select": {"type": "point", "fields": ["customdata"], "on": "click",
                                     "nearest": nearest, "clear": False}}]


def when(test: str, yes, no) -> dict:
    return {"condition": {"test": test, "value": yes}, "value": no}


def tip(field: str, kind: str, title: str | None = None, fmt: str | None = None) -> dict:
    tip = {"field": field, "type": kind}
    if title:
        tip["title"] = title
    if fmt:
        tip["format"] = fmt
    return tip


def fmt(percent: bool) -> str:
    return ".1%" if percent else ".3f"


def legend_color(field: str, names: Sequence[str], colors: Sequence[str]) -> dict:
    return {"field": field, "type": "nominal", "title": None, "sort": list(names),
            "scale": {"domain": list(names), "range": list(colors)},
            "legend": {"orient": "top", "direction": "horizontal", "labelFontSize": 11, "labelLimit": 240}}
