"""AppTest of the Judge agreement page against the real server, demo data and a real agreement sample."""
from __future__ import annotations

import pytest

from core import agreement as ag
from dashboard.common import fmt_pct, md_escape
from tests.integration.dashboard.test_pages_monitor import markdown_table, metric, open_page, texts

PAGE = "views/agreement.py"


@pytest.fixture(scope="module")
def sampled_db(seeded_db):
    from jobs.agreement import run_agreement
    counts = run_agreement(seeded_db, days=5, per_feature=4, max_items=10_000)
    assert counts["scored"] > 0
    return seeded_db


def test_empty_database_says_how_to_get_figures(make_app, db):
    at = open_page(make_app(db), PAGE)
    assert "No agreement figures yet" in texts(at.info)


def test_page_shows_the_latest_figures_of_the_selected_score(make_app, sampled_db):
    from store.agreement import latest_daily
    latest = latest_daily(sampled_db, "__all__", 1)[-1]
    at = open_page(make_app(sampled_db), PAGE)
    assert at.title[0].value == "Judge agreement"
    fig = latest["metrics"]["faithfulness"]
    assert metric(at, ag.label("flip_rate")).value == fmt_pct(fig["flip_rate"])
    assert f"Latest: {latest['day']}" in texts(at.markdown)
    assert len(at.get("vega_lite_chart")) == len(ag.STATISTICS)
    at.selectbox(key="agreement_metric").set_value(ag.VERDICT).run()
    assert not at.exception
    assert metric(at, ag.label("flip_rate")).value == fmt_pct(latest["metrics"][ag.VERDICT]["flip_rate"])
    assert len(at.get("vega_lite_chart")) == 1  # the verdict has a flip rate only


def test_the_record_that_disagrees_most_opens_with_both_scores(make_app, sampled_db):
    at = open_page(make_app(sampled_db), PAGE)
    table = markdown_table(at, "Record", "Logged − independent")  # drawn as Markdown (issue 29)
    diffs = table["Logged − independent"].abs().tolist()
    assert diffs == sorted(diffs, reverse=True)
    top_id = table["Record"][0]
    at.selectbox(key="agreement_pick").set_value(top_id).run()
    assert not at.exception
    compare = at.dataframe[0].value
    assert {"Logged", "Independent"} <= set(compare.columns)
    faith = compare[compare["Metric"] == "Faithfulness"].iloc[0]
    assert faith["Logged"] - faith["Independent"] == pytest.approx(table["Logged − independent"][0], abs=0.005)  # shown to 2 places
    assert f"Record {md_escape(top_id)}" in texts(at.markdown)
