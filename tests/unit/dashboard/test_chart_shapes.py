"""Trend charts draw their incident days, threshold and partial day as plain layout entries (issue 29:
add_vrect / add_hline per day cost ~0.1 s each), with the same look: consecutive incident days make one
shaded span, the threshold a dashed line with its label, the partial day its note; plotly_white."""
from __future__ import annotations

from datetime import date, datetime, timedelta

import plotly.io as pio

from dashboard.components import charts

XS = [datetime(2026, 10, 1) + timedelta(days=i) for i in range(10)]
VALUES = [0.8 + 0.01 * i for i in range(10)]


def test_incident_days_threshold_and_partial_day():
    incidents = [date(2026, 10, 2), date(2026, 10, 3), date(2026, 10, 4), date(2026, 10, 7)]
    fig = charts.trend_figure("faithfulness", XS, VALUES, threshold=0.85, incidents=incidents, partial=True)
    rects = [s for s in fig.layout.shapes if s.type == "rect"]
    assert [(r.x0, r.x1) for r in rects] == [(datetime(2026, 10, 1, 12), datetime(2026, 10, 4, 12)),
                                             (datetime(2026, 10, 6, 12), datetime(2026, 10, 7, 12))]
    assert all(r.yref == "y domain" and r.layer == "below" for r in rects)
    (line,) = [s for s in fig.layout.shapes if s.type == "line"]
    assert (line.y0, line.y1, line.xref, line.line.dash) == (0.85, 0.85, "x domain", "dash")
    texts = [a.text for a in fig.layout.annotations]
    assert charts.PARTIAL_NOTE in texts and "threshold 0.85" in texts
    assert fig.layout.template.layout.plot_bgcolor == pio.templates["plotly_white"].layout.plot_bgcolor


def test_multi_line_thresholds_and_partial_day():
    series = {"chat": (XS, VALUES), "clauses": (XS, VALUES)}
    fig = charts.multi_line_figure(series, title="t", threshold_by_series={"chat": 0.8, "clauses": 0.9},
                                   partial_day=date(2026, 10, 10))
    assert sorted(s.y0 for s in fig.layout.shapes if s.type == "line") == [0.8, 0.9]
    (today,) = [s for s in fig.layout.shapes if s.type == "rect"]
    assert (today.x0, today.x1) == (datetime(2026, 10, 9, 12), datetime(2026, 10, 10, 12))
    assert [a.text for a in fig.layout.annotations] == [charts.PARTIAL_NOTE]
