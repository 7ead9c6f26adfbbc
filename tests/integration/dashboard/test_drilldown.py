"""AppTest of drill-down and distributions (issue 13, point 3) against the real embedded server:
chart days and heatmap cells open Triage filtered, today's bucket is marked partial, incident
bands follow the selected feature, features with few records are left out of the heatmap,
score histograms equal the records, and `/` goes on to the Overview."""
from __future__ import annotations

import json
from collections import Counter
from datetime import datetime, timedelta, timezone

from core import metrics
from dashboard.components.page_tabs import TREND_TAB_KEY, TREND_TABS

from .test_pages_monitor import open_page, open_tab, overview_charts, texts

INCIDENT = "rgba(214, 69, 69, 0.13)"


def figures(at) -> list[dict]:
    """The Vega-Lite specs of the page's charts (each layer carries its own inline data)."""
    return [json.loads(chart.proto.spec) for chart in at.get("vega_lite_chart")]


def layers(fig: dict, kind: str) -> list[dict]:
    return [layer for layer in fig["layer"] if layer["mark"]["type"] == kind]


def rows(layer: dict) -> list[dict]:
    return layer["data"]["values"]


def follow_switch(at):
    """Run again until a switch_page the script asked for has happened."""
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def test_root_opens_the_overview(make_app, seeded_db):
    at = make_app()
    at.run()
    assert not at.exception
    assert at.title[0].value == "Overview"


def test_overview_marks_today_partial_and_links_to_triage(make_app, seeded_db):
    from core.timebuckets import today

    at = open_page(make_app(), "views/overview.py")
    assert "partial" in texts(at.caption)
    assert all("partial" in (m.proto.help or "") for m in at.metric if m.label in ("Records", "Pass rate"))
    charts = [json.loads(chart.proto.spec) for chart in overview_charts(at)]
    trends = [fig for fig in charts if layers(fig, "point")]
    assert len(trends) >= 6  # every trend (5 scores, pass rate, regeneration rate)
    for fig in trends:  # today's point: the last, open, after a dotted segment, labelled "partial"
        points = rows(layers(fig, "point")[0])
        assert points[-1]["customdata"] == today().isoformat() and points[-1]["partial"]
        assert not any(p["partial"] for p in points[:-1])
        assert any(layer["mark"].get("strokeDash") for layer in layers(fig, "line"))
        assert any(r.get("note") == "partial" for layer in layers(fig, "text") for r in rows(layer))
    volume = next(fig for fig in charts if fig["title"]["text"] == "Records")
    bars = rows(layers(volume, "bar")[0])
    assert bars[-1]["customdata"] == today().isoformat() and bars[-1]["partial"]  # today's bar lighter, dashed
    [link] = [p for p in at.get("page_link") if "Triage" in p.proto.label]
    assert "start=" in link.proto.query_string and "end=" in link.proto.query_string


def test_overview_chart_click_opens_triage_on_that_day(make_app, seeded_db):
    at = open_page(make_app(), "views/overview.py")
    at.selectbox(key="overview_feature").select("chat").run()
    from core.timebuckets import local_day, today

    day = (today() - timedelta(days=3)).isoformat()
    open_tab(at, "Metrics", TREND_TAB_KEY)  # faithfulness's trends tab: its charts run when it is open
    at.session_state["overview_chart_1"] = {"selection": {"pick": [{"customdata": day}]}}  # a Vega point
    follow_switch(at)
    assert at.title[0].value == "Triage"
    assert at.selectbox(key="triage_feature").value == "chat"
    assert at.selectbox(key="triage_metric").value == "faithfulness"  # the second chart's metric
    assert tuple(d.isoformat() for d in at.session_state["triage_period"]) == (day, day)
    want = sum(1 for d in seeded_db.records.find({"feature": "chat", "eb.passed": False})
               if local_day(d["timestamp"]).isoformat() == day and "faithfulness" in d["eb"]["failed_metrics"])
    shown = next(str(m.value) for m in at.markdown if "match**" in str(m.value))
    assert int(shown.split("**")[1].split()[0].replace(",", "")) == want
    # back on the Overview, the old click does not send the user to Triage again
    at.switch_page("views/overview.py")
    at.run()
    assert at.title[0].value == "Overview"


def test_incident_bands_come_from_the_selected_features_alerts_only(make_app, seeded_db):
    from core.timebuckets import bucket_day
    from store.alerts import list_alerts

    alerts = list_alerts(seeded_db, limit=500)
    at = open_page(make_app(), "views/overview.py")
    start, end = at.session_state["overview_period"]
    counts = {}
    for feature in ("__all__", "chat", "viability", "arguments", "clauses"):
        at.selectbox(key="overview_feature").select(feature).run()
        days = {bucket_day(e["bucket"]) for a in alerts if a.get("feature") == feature
                for e in a.get("evidence") or [] if start <= bucket_day(e["bucket"]) <= end}
        bands = [r for layer in layers(figures(at)[0], "rect") if layer["mark"].get("color") == INCIDENT
                 for r in rows(layer)]
        # one band per run of consecutive incident days (consecutive days are drawn as one shape)
        ordered = sorted(days)
        runs = sum(1 for i, d in enumerate(ordered) if i == 0 or (d - ordered[i - 1]).days > 1)
        assert len(bands) == runs, feature
        counts[feature] = len(days)
    # the demo's incidents: some feature has bands of its own, and they differ from the all-features ones
    assert any(counts.values()) and len(set(counts.values())) > 1, counts


def _small_db(db):
    """Demo records for a week, plus one record of a feature nobody uses, aggregated."""
    from demo.generate import generate_demo
    from jobs.runner import run_once
    from store.records import insert_records
    from store.schema import parse_record
    from store.thresholds import get_thresholds

    generate_demo(db, days=7, per_day=40, seed=3)
    raw = {"_id": "tiny-1", "session_id": "t1", "query": "q?", "answer": "a.", "context": ["c"],
           "evaluation": {"faithfulness": {"score": 0.5, "threshold": 0.8, "passed": False, "reason": "r"}},
           "timestamp": (datetime.now(timezone.utc) - timedelta(hours=2)).isoformat(), "feature": "tiny"}
    insert_records(db, [parse_record(raw, get_thresholds(db), source="test").doc])
    assert run_once(db, "aggregate", full=True)
    return db


def test_features_page_leaves_out_tiny_features_and_cells_open_triage(make_app, db):
    _small_db(db)
    at = open_page(make_app(db), "views/features.py")
    heat = figures(at)[0]
    names = {c["row"] for c in rows(layers(heat, "rect")[0])}
    assert "tiny" not in " ".join(names) and "chat" in names
    assert "tiny (1)" in texts(at.caption)
    at.toggle(key="features_show_few").set_value(True).run()
    assert "tiny (only 1)" in {c["row"] for c in rows(layers(figures(at)[0], "rect")[0])}
    # a click on a cell opens Triage on those records (each cell carries its "feature|metric")
    cells = [c["customdata"] for c in rows(layers(figures(at)[0], "rect")[0])]
    assert "chat|faithfulness" in cells
    at.session_state["features_heat_means"] = {"selection": {"pick": [{"customdata": "chat|faithfulness"}]}}
    follow_switch(at)
    assert at.title[0].value == "Triage"
    assert at.selectbox(key="triage_feature").value == "chat"
    assert at.selectbox(key="triage_metric").value == "faithfulness"


def test_score_histograms_equal_the_records(make_app, db):
    from core import metrics
    from core.timebuckets import local_day, today
    from store.aggregates import score_histograms

    _small_db(db)
    from dashboard.components.page_tabs import FEATURE_DETAIL_TABS as DETAIL_TABS, FEATURE_DETAILS_KEY as DETAILS_KEY

    at = open_tab(open_page(make_app(db), "views/features.py"), DETAIL_TABS[2], DETAILS_KEY)
    at.selectbox(key="features_dist_feature").select("chat").run()
    start, end = at.session_state["features_period"]  # the week up to the newest data (today's or yesterday's)
    assert end in (today(), today() - timedelta(days=1))
    found = score_histograms(db, "chat", start, end)
    for metric in metrics.score_names():
        want = Counter(round(d["eb"]["scores"][metric], 3) for d in db.records.find({"feature": "chat"})
                       if isinstance(d["eb"]["scores"].get(metric), (int, float))
                       and start <= local_day(d["timestamp"]) <= end and not d["eb"].get("rejected"))
        assert dict(found[metric]) == dict(want), metric
        assert [b for b, _ in found[metric]] == sorted(want)
    hist = [f for f in figures(at) if len(layers(f, "bar")) == 2
            and "this period" in rows(layers(f, "bar")[1])[0]["series"]]
    assert len(hist) == len(metrics.score_names())
    n_chat = sum(n for _, n in found[metrics.OVERALL])
    assert any(f"({n_chat:,})" in rows(layers(f, "bar")[1])[0]["series"] for f in hist)


def _trend_tabs(at):
    """The Overview's trends tab container: (its tab labels, the label it opens on)."""
    containers = [node for node in _blocks(at._tree) if node.type == "tab_container"]
    assert len(containers) == 1
    tabs = [child.label for child in containers[0].children.values()]
    return tabs, tabs[containers[0].proto.tab_container.default_tab_index]


def _blocks(node):
    for child in getattr(node, "children", {}).values():
        yield child
        yield from _blocks(child)


def test_overview_trends_open_on_the_tab_of_the_metric_asked_for(make_app, seeded_db):
    """Issue 29: the trends sit in three tabs (a browser draws only the open one's charts); every chart is
    in one of them, and an alert's `?metric=` opens the tab that holds its metric."""
    at = open_page(make_app(), "views/overview.py")
    tabs, default = _trend_tabs(at)
    assert tuple(tabs) == TREND_TABS and default == TREND_TABS[0]
    # only the open tab's charts are built; each of the others when its tab is opened
    assert [fig["title"]["text"] for fig in figures(at)] == ["Overall quality", "Pass rate"]
    assert [fig["title"]["text"] for fig in figures(open_tab(at, TREND_TABS[1], TREND_TAB_KEY))] == [
        metrics.label(m) for m in metrics.names()]
    titles = [fig["title"]["text"] for fig in figures(open_tab(at, TREND_TABS[2], TREND_TAB_KEY))]
    assert titles[0] == "Regeneration rate" and len(titles) == 2
    for metric, tab in (("faithfulness", "Metrics"), ("regen_rate", "Regenerations and volume"),
                        ("pass_rate", "Quality and pass rate")):
        app = make_app()
        app.query_params["metric"] = metric
        assert _trend_tabs(open_page(app, "views/overview.py"))[1] == tab
    app = make_app()
    app.query_params["metric"] = "no such metric"
    assert _trend_tabs(open_page(app, "views/overview.py"))[1] == TREND_TABS[0]
