"""The monitor charts are Vega-Lite specs (issue 29: Streamlit's Plotly chunk cost every new tab ~3 s):
what each draws is in its layers' marks, encodings and inline data. Trend charts shade incident days
(consecutive days as one span), draw the threshold as a dashed red rule with its label and the partial
day as an open marker with its note; every point and bar carries its day (customdata) for the
click-through, which `clicked_point` reads back from the Vega selection. Every spec is valid Vega-Lite
(checked with Altair's schema)."""
from __future__ import annotations

from datetime import date, datetime, timedelta

import altair as alt
import pytest

from dashboard.components import charts

XS = [datetime(2026, 10, 1) + timedelta(days=i) for i in range(10)]
VALUES = [0.8 + 0.01 * i for i in range(10)]


def marks(spec: dict, kind: str) -> list[dict]:
    return [layer for layer in spec["layer"] if layer["mark"]["type"] == kind]


def texts(spec: dict) -> list[str]:
    return [row["note"] for layer in marks(spec, "text") for row in layer["data"]["values"] if "note" in row]


def valid(spec: dict) -> dict:
    alt.LayerChart.from_dict({**spec, "config": charts.CONFIG})  # raises on a spec Vega-Lite would refuse
    return spec


def test_incident_days_threshold_and_partial_day():
    incidents = [date(2026, 10, 2), date(2026, 10, 3), date(2026, 10, 4), date(2026, 10, 7)]
    spec = valid(charts.trend_figure("faithfulness", XS, VALUES, threshold=0.85, incidents=incidents, partial=True,
                                     band=(VALUES, VALUES)))
    (shade,) = [r for r in marks(spec, "rect") if r["mark"]["color"] == charts.INCIDENT_COLOR]
    assert shade["data"]["values"] == [{"x0": "2026-10-01T12:00:00", "x1": "2026-10-04T12:00:00"},
                                       {"x0": "2026-10-06T12:00:00", "x1": "2026-10-07T12:00:00"}]
    assert "y" not in shade["encoding"]  # full height
    (rule,) = marks(spec, "rule")
    assert rule["data"]["values"] == [{"y": 0.85}]
    assert rule["mark"]["strokeDash"] and rule["mark"]["color"] == charts.FAIL_COLOR
    assert charts.PARTIAL_NOTE in texts(spec) and "threshold 0.85" in texts(spec)
    (area,) = marks(spec, "area")
    assert area["encoding"]["y"]["field"] == "lo" and area["encoding"]["y2"]["field"] == "hi"
    full, dotted = marks(spec, "line")
    assert len(full["data"]["values"]) == 9 and [p["customdata"] for p in dotted["data"]["values"]] == [
        "2026-10-09", "2026-10-10"]
    assert dotted["mark"]["strokeDash"]
    (points,) = marks(spec, "point")
    assert points["params"][0]["name"] == charts.PICK  # what a click selects
    rows = points["data"]["values"]
    assert [p["customdata"] for p in rows] == [x.strftime("%Y-%m-%d") for x in XS]
    assert [p["y"] for p in rows] == VALUES and rows[0]["x"] == "2026-10-01T00:00:00"  # local time, not UTC
    assert [p["partial"] for p in rows] == [False] * 9 + [True]
    assert points["encoding"]["fill"]["condition"]["value"] == "white"  # the partial day's marker is open
    assert spec["title"]["text"] == "Faithfulness" and spec["height"] == charts.HEIGHT


def test_gaps_and_percent():
    values = [0.5, None, 0.7]
    spec = valid(charts.trend_figure("pass_rate", XS[:3], values, percent=True, threshold=0.9,
                                     threshold_label="alert below"))
    (line,) = marks(spec, "line")
    assert line["mark"]["invalid"] == charts.BREAK  # a missing value breaks the line, it is not bridged
    assert [p["y"] for p in line["data"]["values"]] == values
    assert line["encoding"]["y"]["axis"]["format"] == ".0%"
    assert "alert below 90%" in texts(spec)


def test_one_or_two_days_are_padded_to_days():
    spec = charts.trend_figure("faithfulness", XS[:1], VALUES[:1])
    domain = marks(spec, "point")[0]["encoding"]["x"]["scale"]["domain"]
    assert domain == [{"year": 2026, "month": 9, "date": 30}, {"year": 2026, "month": 10, "date": 2}]


def test_flat_metric_note():
    spec = valid(charts.note(charts.trend_figure("faithfulness", XS, VALUES), "constant: no signal here"))
    assert "constant: no signal here" in texts(spec)


def test_multi_line_thresholds_and_partial_day():
    series = {"chat": (XS, VALUES), "clauses": (XS, VALUES)}
    spec = valid(charts.multi_line_figure(series, title="t", threshold_by_series={"chat": 0.8, "clauses": 0.9},
                                          partial_day=date(2026, 10, 10)))
    (rules,) = marks(spec, "rule")
    assert sorted(r["y"] for r in rules["data"]["values"]) == [0.8, 0.9]
    assert rules["encoding"]["color"]["field"] == "series" and rules["mark"]["strokeDash"]  # the line's colour
    (today,) = marks(spec, "rect")
    assert today["data"]["values"] == [{"x0": "2026-10-09T12:00:00", "x1": "2026-10-10T12:00:00"}]
    assert texts(spec) == [charts.PARTIAL_NOTE]
    color = marks(spec, "line")[0]["encoding"]["color"]["scale"]
    assert color == {"domain": ["chat", "clauses"], "range": charts.FEATURE_COLORS[:2]}


def test_heatmap_cells_marks_colour_and_keys():
    spec = valid(charts.heatmap_figure(
        ["chat", "clauses"], ["faithfulness", "answer_relevancy"], [[0.9, None], [0.7, 0.8]], title="h",
        marks=[[False, False], [True, False]], margin=[[0.1, None], [-0.1, 0.0]],
        cell_keys=[["chat|faithfulness", "chat|answer_relevancy"], ["clauses|faithfulness", "clauses|answer_relevancy"]]))
    rect, text = spec["layer"]
    cells = {(c["row"], c["col"]): c for c in rect["data"]["values"]}
    assert cells[("chat", "Faithfulness")]["text"] == "0.90"
    assert cells[("chat", "Answer relevancy")]["text"] == "—"
    assert cells[("clauses", "Faithfulness")]["text"] == "0.70 ✗"
    assert cells[("clauses", "Faithfulness")]["colour"] == -0.1  # colour = margin to the threshold
    assert cells[("clauses", "Faithfulness")]["customdata"] == "clauses|faithfulness"
    assert rect["encoding"]["color"]["scale"]["domain"] == [-0.15, 0.15]
    assert rect["params"][0]["name"] == charts.PICK
    assert text["data"]["values"] == rect["data"]["values"]  # a click on a cell's text reports the cell too
    assert rect["encoding"]["y"]["sort"] == ["chat", "clauses"]
    percent = charts.heatmap_figure(["chat"], ["all metrics"], [[0.5]], title="r", percent=True)
    assert percent["layer"][0]["data"]["values"][0]["text"] == "50%" and "params" not in percent["layer"][0]


def test_quadrant_and_fit_axes():
    points = [{"feature": "chat", "bucket": XS[0], "precision": 0.8, "faithfulness": 0.7, "count": 3},
              {"feature": "chat", "bucket": XS[1], "precision": None, "faithfulness": 0.7, "count": 3}]
    spec = valid(charts.quadrant_figure(points, p_cut=0.7, f_cut=0.8, title=""))
    (dots,) = marks(spec, "point")
    assert dots["data"]["values"] == [{"feature": "chat", "precision": 0.8, "faithfulness": 0.7, "count": 3,
                                       "day": "2026-10-01"}]
    assert sorted(r["data"]["values"][0].get("x", r["data"]["values"][0].get("y")) for r in marks(spec, "rule")) \
        == [0.7, 0.8]
    assert "Ideal" in texts(spec) and "Generation problem" in texts(spec)
    charts.fit_axes(spec, [0.6, 0.9])
    assert dots["encoding"]["x"]["scale"]["domain"] == pytest.approx([0.55, 1.02])
    assert dots["encoding"]["y"]["scale"]["domain"] == pytest.approx([0.55, 1.02])


def test_histogram_shares_and_threshold():
    spec = valid(charts.histogram_figure("faithfulness", [(0.5, 1), (0.9, 3)], [(0.8, 4)], threshold=0.7))
    before, now = marks(spec, "bar")
    assert before["mark"]["filled"] is False  # the previous period is an outline
    shares = {round(r["x0"], 3): r["share"] for r in now["data"]["values"] if r["share"]}
    assert shares == {0.505: 0.25, 0.905: 0.75}
    assert {r["series"] for r in now["data"]["values"]} == {"this period (4)"}
    assert {r["series"] for r in before["data"]["values"]} == {"previous period (4)"}
    (rule,) = marks(spec, "rule")
    assert rule["data"]["values"] == [{"x0": 0.7}] and rule["mark"]["color"] == charts.FAIL_COLOR
    assert before["encoding"]["x"]["scale"]["domain"] == [0.45, 1.0]


def test_volume_bars_partial_day_and_click_keys():
    spec = valid(charts.volume_figure(XS, [10] * 10, [3] * 9 + [1], partial=True))
    (bars,) = marks(spec, "bar")
    rows = bars["data"]["values"]
    assert [(r["series"], r["y"]) for r in rows[-2:]] == [("records", 10), ("failing", 1)]
    assert [r["partial"] for r in rows] == [False] * 18 + [True, True]
    assert {r["customdata"] for r in rows} == {x.strftime("%Y-%m-%d") for x in XS}
    assert bars["params"][0]["name"] == charts.PICK and bars["encoding"]["y"]["stack"] is None
    assert texts(spec) == [charts.PARTIAL_NOTE]


def test_clicked_point_reads_the_vega_selection():
    assert charts.clicked_point({"selection": {"pick": [{"customdata": "2026-10-03"}]}}) == {
        "customdata": "2026-10-03"}
    assert charts.clicked_point({"selection": {"pick": []}}) is None
    assert charts.clicked_point({"selection": {"pick": {}}}) is None
    assert charts.clicked_point(None) is None
