"""Issue 29: the Features page at many features (the cap is 50). The trend chart draws the worst few (a
choice of others) instead of one line per feature, and the quadrant groups its points into at most one
trace per colour, every point kept — so the page's figures do not grow with the number of features."""
from __future__ import annotations

import json
import os
import random
from datetime import datetime, timedelta, timezone

import pytest

from dashboard.components import charts

from .conftest import APP, clear_dashboard_caches, point_app_at

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
    specs = [json.loads(c.proto.spec) for c in at.get("plotly_chart")]
    trend = next(s for s in specs if "by feature" in str(s["layout"].get("title")))
    assert sorted(t["name"] for t in trend["data"]) == sorted(FEATURES[-TREND_LINES:])
    quadrant = next(s for s in specs if "Contextual precision" in str(s["layout"].get("xaxis")))
    assert len(quadrant["data"]) <= len(charts.FEATURE_COLORS)
    names = {text.split(" · ")[0] for t in quadrant["data"] for text in t["text"]}
    assert names == set(FEATURES)  # every feature's points are there
    chosen.set_value(["feature-00", "feature-01"]).run()  # another choice: those lines
    assert not at.exception
    trend = next(json.loads(c.proto.spec) for c in at.get("plotly_chart") if "by feature" in c.proto.spec)
    assert sorted(t["name"] for t in trend["data"]) == ["feature-00", "feature-01"]


def test_few_features_keep_a_trace_and_a_legend_entry_each():
    points = [{"feature": f, "bucket": datetime(2026, 10, 1) + timedelta(days=d), "precision": 0.8, "faithfulness": 0.9,
               "count": 5} for f in ("chat", "clauses") for d in range(3)]
    fig = charts.quadrant_figure(points, p_cut=0.75, f_cut=0.8, title="")
    assert [(t.name, t.showlegend, len(t.x)) for t in fig.data] == [("chat", True, 3), ("clauses", True, 3)]
    many = [{**p, "feature": f"f{i}"} for i in range(12) for p in points[:1]]
    fig = charts.quadrant_figure(many, p_cut=0.75, f_cut=0.8, title="")
    assert sum(len(t.x) for t in fig.data) == 12 and not any(t.showlegend for t in fig.data)
    assert {len(fig.layout.shapes), len(fig.layout.annotations)} == {6, 4}  # 4 shaded quarters, 2 cut lines; labels
