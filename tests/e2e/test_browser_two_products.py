"""Two products in one console, in headless Chromium (issue 34, "Done when"): the demo (releases 2026.10-2026.12)
and a second product's log ingested from a file (feature "leases", its own releases r1 and r2, first seen
BEFORE the demo's newest release: r2 sits between 2026.11 and 2026.12 by date). After the second product's
records are aggregated and the alerts judged (as the worker does), every demo release alert is still open and
unchanged; the Overview's compare link names two releases of one demo feature, and following it in the
browser opens Compare on those two releases. The second product's own Overview offers its own pair.

The data ends at the last second of the latest Friday before today (UTC days, as the demo's), so how many
records each release has does not depend on the hour or the weekday the test runs at.

Screenshots: tests/e2e/artifacts/34-two-products-*.png (git-ignored).
"""
from __future__ import annotations

import json
import random
import re
from datetime import datetime, time, timedelta, timezone

import pytest
from playwright.sync_api import expect

from tests.e2e.test_browser import settle, shot
from tests.e2e.test_browser_triage import _load
from tests.e2e.conftest import module_database

DAYS, PER_DAY, SEED = 8, 120, 11
SECOND = "leases"
SECOND_PER_DAY = 20


def _end() -> datetime:
    """The last second of the latest Friday before today (UTC): the demo's traffic depends on the weekday, so
    its releases have the same records (and open the same alerts) whatever day the test runs on."""
    today = datetime.now(timezone.utc).date()
    friday = today - timedelta(days=(today.weekday() - 4) % 7 or 7)
    return datetime.combine(friday + timedelta(days=1), time(0), timezone.utc) - timedelta(seconds=1)


def second_product_lines(end: datetime) -> list[str]:
    """The second product's log (JSONL): SECOND_PER_DAY records a day over the demo's days, release r1 from
    the first day, r2 from four days before the end (after the demo's 2026.11, before its 2026.12)."""
    rng = random.Random(34)
    first = end.date() - timedelta(days=DAYS - 1)
    out = []
    for offset in range(DAYS):
        day = first + timedelta(days=offset)
        release = "r1" if (end.date() - day).days > 3 else "r2"
        for i in range(SECOND_PER_DAY):
            ts = datetime.combine(day, time(6), timezone.utc) + timedelta(minutes=37 * i)
            # well above the default thresholds: a healthy product, r2 no worse than r1
            score = lambda mean: round(min(1.0, max(0.0, rng.gauss(mean, 0.03))), 3)  # noqa: E731
            out.append(json.dumps({
                "_id": f"lease_{offset}_{i}", "query": f"Can the landlord end lease {i}?", "answer": "An answer.",
                "context": ["A clause."], "feature": SECOND, "timestamp": ts.isoformat(), "release": release,
                "model": f"lease-model-{i % 3}", "session_id": f"lease_session_{offset}_{i // 2}",
                "evaluation": {"faithfulness": {"score": score(0.93)}, "answer_relevancy": {"score": score(0.9)},
                               "contextual_precision": {"score": score(0.9)},
                               "contextual_recall": {"score": score(0.9)}}}))
    return out


def _demo_release_alerts(db) -> dict:
    from store.collections import ALERTS
    from core.release_rule import RELEASE_RULE_ID as RULE_ID
    return {a["_id"]: a for a in db[ALERTS].find({"rule_id": RULE_ID, "feature": {"$ne": SECOND}})}


@pytest.fixture(scope="module")
def end() -> datetime:
    return _end()  # once for the module: both products' records end at the same second


@pytest.fixture(scope="module")
def e2e_db(mongo_uri, end):
    """This module's database (overrides the shared one): the demo, counted and judged, its release alerts open."""
    from demo.generate import generate_demo
    from jobs.runner import run_once
    from store.release_alerts import set_release_rule

    with module_database(mongo_uri, "two") as (db, uri):
        generate_demo(db, days=DAYS, per_day=PER_DAY, seed=SEED, end=end)
        set_release_rule(db, {"min_records": 20}, "test")  # a small demo
        run_once(db, "aggregate", full=True)
        run_once(db, "aggregate")  # the per-release aggregates (the refresh after a full rebuild builds them)
        run_once(db, "alerts")
        run_once(db, "report")
        yield db, uri


@pytest.fixture(scope="module")
def second_product(e2e_db, end, tmp_path_factory) -> dict:
    """The second product's log ingested from a file and counted as the worker counts it (the refresh, then
    the alerts); returns the demo's release alerts as they were before."""
    from jobs.ingest import ingest_paths
    from jobs.runner import run_once

    db, _ = e2e_db
    before = _demo_release_alerts(db)
    log = tmp_path_factory.mktemp("second-product") / "leases.jsonl"
    log.write_text("\n".join(second_product_lines(end)) + "\n")
    assert ingest_paths(db, [str(log)]).ingested == DAYS * SECOND_PER_DAY
    run_once(db, "aggregate")
    run_once(db, "alerts")
    return before


def test_two_products_keep_the_demo_release_alerts_and_the_compare_link(app_url, e2e_db, second_product,
                                                                         browser_page):
    from demo.generate import RELEASES
    from store.release_readers import line_orders

    db, _ = e2e_db
    page = browser_page
    previous, newest = RELEASES[-2][0], RELEASES[-1][0]

    # --- the database: every demo release alert open and unchanged; the lines kept apart ----------------------
    before, after = second_product, _demo_release_alerts(db)
    assert before, "the demo opened no release alert"
    assert set(after) == set(before)
    for key, alert in after.items():
        assert alert["state"] == "open", (key, alert["state"], alert.get("cleared"))
        assert alert["compare"] == {"by": "release", "a": previous, "b": newest}
        changed = {k for k in set(alert) | set(before[key]) if alert.get(k) != before[key].get(k)}
        assert changed <= {"updated_at"}, (key, {k: (before[key].get(k), alert.get(k)) for k in changed})
    orders = line_orders(db)
    assert orders[SECOND] == ["r2", "r1"]
    assert all(not {"r1", "r2"} & set(order) for line, order in orders.items() if line != SECOND), orders

    try:
        # --- the Overview (all features): its compare link names two releases of one demo feature ------------
        _load(page, app_url + "/overview")
        settle(page, "Trends")
        link = page.get_by_role("link", name=re.compile(r"^Compare the newest release"))
        expect(link).to_have_count(1)
        text = link.inner_text()
        found = re.search(r"Compare the newest release (\S+) with (\S+) \((\w+)\)", text)
        assert found, text
        assert (found.group(1), found.group(2)) == (newest, previous), text
        line = found.group(3)
        assert line != SECOND and orders[line][:2] == [newest, previous], (line, orders.get(line))
        href = link.get_attribute("href") or ""
        assert f"a={previous}" in href and f"b={newest}" in href, href
        shot(page, "34-two-products-overview")

        # --- following it opens Compare on those two releases ---------------------------------------------
        link.click()
        settle(page, "Summary.")
        assert "/compare" in page.url and f"a={previous}" in page.url and f"b={newest}" in page.url, page.url
        expect(page.get_by_role("combobox", name="A (before): release")).to_have_value(previous)
        expect(page.get_by_role("combobox", name="B (after): release")).to_have_value(newest)
        summary = page.locator("p").filter(has_text="Summary.").first
        expect(summary).to_contain_text(newest)
        expect(summary).to_contain_text(previous)
        shot(page, "34-two-products-compare")

        # --- the second product's own Overview offers its own pair -------------------------------------------
        _load(page, app_url + f"/overview?feature={SECOND}")
        settle(page, "Trends")
        expect(page.get_by_role("link", name=re.compile(r"^Compare the newest release"))).to_have_text(
            re.compile(rf"Compare the newest release r2 with r1 \({SECOND}\)"))
    except Exception:
        shot(page, "34-two-products-failure")
        raise
