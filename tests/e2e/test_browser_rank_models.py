"""Compare ranks six models in one view, in headless Chromium (issue 34, "Done when"): a small database of
its own whose records name six different generating models (the record's `model` field), each with its own
faithfulness level; Compare's "All values, ranked" by model, sorted by faithfulness, shows six rows in that
order, the best first, and the worst one marked below the best beyond noise.

Screenshot: tests/e2e/artifacts/34-rank-models.png (git-ignored).
"""
from __future__ import annotations

import random
import re
from datetime import datetime, timedelta, timezone

import pytest
from playwright.sync_api import expect

from tests.e2e.test_browser import pick, settle, shot
from tests.e2e.test_browser_triage import _load
from tests.e2e.conftest import module_database

FEATURE = "leases"
# best first: (model, mean faithfulness); the last one is far below the others
MODELS = (("gpt-4.1-mini", 0.93), ("claude-3-5-haiku", 0.87), ("mistral-large", 0.81),
          ("qwen2.5-72b", 0.75), ("llama-3.1-70b", 0.69), ("gpt-4o-mini", 0.45))
PER_MODEL = 40


def model_payloads(now: datetime) -> list[dict]:
    """PER_MODEL records of each model over the three days before `now` (each day's hours after its
    local midnight are not needed: the ranking reads the per-version totals, whatever the day)."""
    rng = random.Random(34)
    out = []
    for m, (model, level) in enumerate(MODELS):
        for i in range(PER_MODEL):
            score = lambda mean: round(min(1.0, max(0.0, rng.gauss(mean, 0.04))), 3)  # noqa: E731
            out.append({
                "_id": f"rank_{m}_{i}", "query": f"Can the landlord end lease {i}?", "answer": "An answer.",
                "context": ["A clause."], "feature": FEATURE, "release": "r1", "model": model,
                "timestamp": (now - timedelta(hours=2 + (i * 7) % 60, minutes=m)).isoformat(),
                "evaluation": {"faithfulness": {"score": score(level)},
                               "answer_relevancy": {"score": score(0.85)},
                               "contextual_precision": {"score": score(0.8)},
                               "contextual_recall": {"score": score(0.8)}}})
    return out


@pytest.fixture(scope="module")
def e2e_db(mongo_uri):
    """This module's database (overrides the shared demo): six models' records, aggregated as the worker does."""
    from jobs.ingest import Writer
    from jobs.runner import run_once

    with module_database(mongo_uri, "rank") as (db, uri):
        writer = Writer(db, "six-models")
        for payload in model_payloads(datetime.now(timezone.utc)):
            writer.add(payload)
        assert writer.close().ingested == len(MODELS) * PER_MODEL
        run_once(db, "aggregate", full=True)  # the daily and weekly aggregates,
        run_once(db, "aggregate")  # then the per-version ones (the refresh after a full rebuild builds them)
        run_once(db, "alerts")
        run_once(db, "report")  # nothing left "still being built"
        yield db, uri


def _rows(page) -> list[list[str]]:
    """The ranking table's rows as cell texts (the grid's accessible table, header row left out)."""
    grid = page.get_by_test_id("stDataFrame").first
    rows = grid.locator("tbody tr")
    return [[c.strip() for c in rows.nth(i).locator("td").all_inner_texts()] for i in range(rows.count())]


def test_compare_ranks_six_models_in_one_view(app_url, e2e_db, browser_page):
    page = browser_page
    names = [m for m, _ in MODELS]
    try:
        _load(page, app_url + "/compare?by=model&view=rank")
        page.get_by_role("heading", name="Compare").first.wait_for()
        settle(page, "models ranked by")
        pick(page, "Feature", FEATURE)
        pick(page, "Sort by", "Faithfulness (mean)")
        settle(page, "6 models ranked by faithfulness (mean)")
        assert "by=model" in page.url and "view=rank" in page.url and "sort=faithfulness" in page.url, page.url
        summary = page.locator("p").filter(has_text="ranked by faithfulness").first
        expect(summary).to_contain_text(re.compile(rf"below the best beyond noise: .*{re.escape(names[-1])}"))
        grid = page.get_by_test_id("stDataFrame").first
        expect(grid).to_be_visible()
        grid.scroll_into_view_if_needed()
        settle(page)
        shot(page, "34-rank-models")
        rows = _rows(page)
        assert len(rows) == len(MODELS), rows
        header = [h.strip() for h in grid.locator("thead th").all_inner_texts()]
        value, vs_best, faith = header.index("Value"), header.index("Against the best"), header.index(
            "Faithfulness [95 %]")
        assert [r[value] for r in rows] == names, rows  # sorted by faithfulness, best first
        means = [float(r[faith].split(" [")[0]) for r in rows]
        assert means == sorted(means, reverse=True), means
        assert all(r[value] in names for r in rows)
        assert rows[0][vs_best] == "best"
        assert rows[-1][vs_best].startswith("▼") and "beyond noise" in rows[-1][vs_best], rows[-1]
        print(f"\nranked by faithfulness: {list(zip(names, means))}")
    except Exception:
        shot(page, "34-rank-models-failure")
        raise
