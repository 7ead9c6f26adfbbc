"""Issue 29: the Features page at many features (the cap is 50). The trend chart draws the worst few (a
choice of others) instead of one line per feature, and the quadrant keeps every point but drops its legend
above ten features — so the page's charts do not grow with the number of features."""
from __future__ import annotations

import json
import os
import random
from datetime import datetime, timedelta, timezone

import pytest

from dashboard.components import charts

from dashboard.components.page_tabs import FEATURE_DETAIL_TABS as DETAIL_TABS, FEATURE_DETAILS_KEY as DETAILS_KEY

from .conftest import APP, clear_dashboard_caches, point_app_at
from .test_pages_monitor import open_tab

FEATURES = [f"feature-{i:02d}" for i in range(14)]
TREND_LINES = 8  # dashboard/views/features.py's (importing a page module runs the page)


@pytest.fixture(scope="module")
def many_db(mongo_uri):
    from jobs.runner import run_once
    from store.client import make_client
    from store.migrate import migrate
    from store.records import ensure_indexes, insert_records
    from store.schema import parse_record
    from store.thresholds import get_thresholds

    name = f"evalboard_many_{os.getpid()}"
    previous = os.environ.get("MONGODB_URI")
    point_app_at(mongo_uri.rstrip("/") + "/" + name)
    client = make_client(mongo_uri)
    db = client[name]
    migrate(db)
    rng, end, thresholds = random.Random(3), datetime.now(timezone.utc), get_thresholds(db)
    docs = []
    for i in range(14 * 5 * 8):  # 14 features, 5 days, 8 records a feature a day
        feature = FEATURES[i % 14]
        level = 0.95 - 0.02 * (i % 14)  # feature-13 the worst on every score
        scores = {m: round(min(1.0, max(0.0, rng.gauss(level, 0.02))), 3)
                  for m in ("faithfulness", "answer_relevancy", "contextual_precision", "contextual_recall")}
        docs.append(parse_record({"_id": f"m{i}", "query": f"q{i}", "answer": "a", "context": ["c"], "feature": feature,
                                  "timestamp": end - timedelta(days=5) * (i + 1) / 561,
                                  "evaluation": {m: {"score": v} for m, v in scores.items()}},
                                 thresholds, source="test").doc)
    ensure_indexes(db)
    insert_records(db, docs)
    run_once(db, "aggregate", full=True)
    yield db
    client.drop_database(name)
    client.close()
    point_app_at(previous)


@pytest.mark.usefixtures("many_db")
def test_the_trend_draws_the_worst_few_and_the_quadrant_every_point():
    from streamlit.testing.v1 import AppTest

    clear_dashboard_caches()
    at = AppTest.from_file(APP, default_timeout=90)
    at.run()
    at.switch_page("views/features.py")
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    chosen = at.multiselect(key="features_trend_features_overall_quality")
    assert sorted(chosen.value) == sorted(FEATURES[-TREND_LINES:])  # the worst on overall quality
    specs = [json.loads(c.proto.spec) for c in at.get("vega_lite_chart")]
    trend = next(s for s in specs if "by feature" in s["title"]["text"])
    assert _series(trend) == sorted(FEATURES[-TREND_LINES:])
    chosen.set_value(["feature-00", "feature-01"]).run()  # another choice: those lines
    assert not at.exception
    trend = next(json.loads(c.proto.spec) for c in at.get("vega_lite_chart") if "by feature" in c.proto.spec)
    assert _series(trend) == ["feature-00", "feature-01"]
    open_tab(at, DETAIL_TABS[1], DETAILS_KEY)  # the quadrant's tab (each runs when opened)
    specs = [json.loads(c.proto.spec) for c in at.get("vega_lite_chart")]
    quadrant = next(s for s in specs if any(layer["encoding"].get("x", {}).get("field") == "precision"
                                            for layer in s["layer"]))
    points = next(layer for layer in quadrant["layer"] if layer["encoding"].get("x", {}).get("field") == "precision")
    assert {row["feature"] for row in points["data"]["values"]} == set(FEATURES)  # every feature's points are there
    assert points["encoding"]["color"]["legend"] is None  # 14 names: no legend, the tooltip names each point


def _series(spec: dict) -> list[str]:
    lines = next(layer for layer in spec["layer"] if layer["mark"]["type"] == "line")
    return sorted({row["series"] for row in lines["data"]["values"]})


def test_few_features_keep_a_legend_and_many_every_point_without_one():
    points = [{"feature": f, "bucket": datetime(2026, 10, 1) + timedelta(days=d), "precision": 0.8, "faithfulness": 0.9,
               "count": 5} for f in ("chat", "clauses") for d in range(3)]

    def drawn(spec: dict) -> dict:
        return next(layer for layer in spec["layer"] if layer["encoding"].get("x", {}).get("field") == "precision")
    few = drawn(charts.quadrant_figure(points, p_cut=0.75, f_cut=0.8, title=""))
    assert len(few["data"]["values"]) == 6 and few["encoding"]["color"]["legend"] is not None
    many = [{**p, "feature": f"f{i}"} for i in range(12) for p in points[:1]]
    layer = drawn(charts.quadrant_figure(many, p_cut=0.75, f_cut=0.8, title=""))
    assert len(layer["data"]["values"]) == 12 and layer["encoding"]["color"]["legend"] is None
