"""Golden sets in headless Chromium on the demo (issue 30, "Done when"), both flows on one app start:

(a) Triage: two failing rows selected → "Add to set…" → a new set's version holds exactly those two
records; adding them again makes no new version; the Sets page shows the version and its items, and still
does after the source record is deleted from the database.
(b) Compare shows two runs of the demo's clauses set side by side (opened from the set's Runs tab), the
regressed metric marked, and the items that flipped.

Screenshots: tests/e2e/artifacts/30-*.png (git-ignored).
"""
from __future__ import annotations

import re

from playwright.sync_api import expect

from store import sets as store_sets
from store.collections import GOLDEN_SETS
from tests.e2e.test_browser import pick, settle, shot
from tests.e2e.test_browser_triage import _grid_row, _load

NAME = "e2e-golden"


def test_add_to_set_from_triage_and_compare_two_runs(app_url, e2e_db, browser_page):
    db, _ = e2e_db
    page = browser_page
    try:
        _add_from_triage(app_url, db, page)
        _compare_two_runs(app_url, db, page)
    except Exception:
        shot(page, "30-failure")
        raise


def _record_id(page) -> str:
    heading = page.get_by_role("dialog").locator("h4").first
    expect(heading).to_contain_text("Record ")
    return heading.text_content().split("Record ", 1)[1].strip()


def _add_from_triage(app_url, db, page) -> None:
    _load(page, f"{app_url}/triage")
    settle(page, "match")
    expect(page.get_by_role("switch", name="Only failing records")).to_be_checked()  # Triage's default list
    grid = page.locator('[data-testid="stDataFrame"]').first
    _grid_row(page, grid, 0)  # the first two rows' record ids, read from the record panel
    first = _record_id(page)
    page.get_by_role("dialog").get_by_role("button", name="Next ›").click()
    expect(page.get_by_role("dialog").locator("h4").first).not_to_have_text(f"Record {first}")
    second = _record_id(page)
    page.get_by_role("dialog").get_by_label("Close").first.click()
    settle(page)
    for rid in (first, second):  # failing: some metric under its threshold
        rec = db.records.find_one({"_id": rid})
        assert any(isinstance(v, dict) and v.get("passed") is False for v in rec["evaluation"].values()), rid

    page.get_by_text("Bulk edit", exact=True).click()
    settle(page, "selected")
    grid = page.locator('[data-testid="stDataFrame"]').first
    _grid_row(page, grid, 0)
    _grid_row(page, grid, 1)
    settle(page, "2 selected")
    page.get_by_role("button", name=re.compile("Add to set…")).click()
    page.get_by_role("textbox", name="New set's name").fill(NAME)
    page.keyboard.press("Tab")  # commit the text before the click
    settle(page)
    page.get_by_role("button", name="Add 2 records").click()
    settle(page, f"{NAME}@1: 2 added (2 items)")  # the toast
    shot(page, "30-added-from-triage")
    version = store_sets.get_version(db, f"{NAME}@1")
    assert sorted(version["keys"]) == sorted([first, second]) and version["count"] == 2

    if not page.get_by_role("button", name="Add 2 records").is_visible():  # the popover closed with the rerun
        page.get_by_role("button", name=re.compile("Add to set…")).click()
        page.get_by_role("combobox", name="Golden set").wait_for()
    pick(page, "Golden set", NAME)  # the set just made is offered now
    page.get_by_role("button", name="Add 2 records").click()
    settle(page, f"Already in {NAME}@1: nothing added")
    assert [v["_id"] for v in db[GOLDEN_SETS].find({"name": NAME})] == [f"{NAME}@1"]

    _open_set(app_url, page)
    db.records.delete_one({"_id": first})  # the source record goes; the frozen copy stays
    assert db.records.count_documents({"_id": first}) == 0
    _open_set(app_url, page)
    shot(page, "30-set-after-source-deleted")
    items = store_sets.version_items(db, store_sets.get_version(db, f"{NAME}@1"))
    assert sorted(i["key"] for i in items) == sorted([first, second])


def _open_set(app_url, page) -> None:
    """The Sets page on the new set's first version: two items, in one version."""
    _load(page, f"{app_url}/sets?set={NAME}@1")
    page.get_by_role("heading", name="Golden sets").first.wait_for()
    settle(page, "Items")
    expect(page.get_by_role("combobox", name="Set", exact=True)).to_have_value(NAME)
    expect(page.get_by_role("combobox", name="Version")).to_have_value(f"{NAME}@1")
    items = page.locator('[data-testid="stMetric"]').filter(has_text="Items").first
    expect(items.locator('[data-testid="stMetricValue"]')).to_have_text("2")


def _compare_two_runs(app_url, db, page) -> None:
    runs = store_sets.list_runs(db, "clauses-golden")  # the demo's two runs: before and after the regression
    assert len(runs) == 2
    newest, baseline = runs
    _load(page, f"{app_url}/sets?set=clauses-golden&run={newest['_id']}")
    page.get_by_role("tab", name="Runs").click()
    link = page.get_by_role("link", name=re.compile(f"Compare with {baseline['_id']}"))
    link.click()
    settle(page, "Summary.")
    assert "by=run" in page.url and f"a={baseline['_id']}" in page.url and f"b={newest['_id']}" in page.url, page.url
    expect(page.get_by_role("combobox", name="A (before): golden-set run")).to_have_value(re.compile(baseline["name"]))
    expect(page.get_by_role("combobox", name="B (after): golden-set run")).to_have_value(re.compile(newest["name"]))
    summary = page.locator("p").filter(has_text="Summary.").first
    expect(summary).to_contain_text(baseline["name"])
    expect(summary).to_contain_text(newest["name"])
    row = page.locator("tr").filter(has_text=re.compile(r"^\s*clauses\s*Contextual recall"))
    expect(row.first).to_contain_text(re.compile(r"−0\.\d+ \[−0\.\d+, −0\.\d+\]"))  # B − A with its interval
    expect(row.first).to_contain_text("▼ worse")  # the demo's regressed metric
    page.get_by_role("heading", name="Items that flipped").wait_for()
    shot(page, "30-compare-runs")
