"""Issue 20 in headless Chromium: a queue made from a Triage selection, ten records labelled with the
keyboard (F / H, then →), and each judge's accuracy on those labels.

Screenshots: tests/e2e/artifacts/2x-*.png (git-ignored).
"""
from __future__ import annotations

import time

from store import labels as store_labels
from store import queues as store_queues
from tests.e2e.conftest import ADMIN
from tests.e2e.test_browser import settle, shot
from tests.e2e.test_browser_triage import _grid_row, _load


def test_queue_from_triage_label_ten_with_the_keyboard_then_judge_accuracy(app_url, e2e_db, browser_page):
    page = browser_page
    try:
        _flow(app_url, e2e_db, page)
    except Exception:
        shot(page, "29-labelling-failure")
        raise


def _flow(app_url, e2e_db, page):
    db, _ = e2e_db
    before = {q["_id"] for q in store_queues.list_queues(db)}
    # --- Triage: select ten rows, send them to a queue ----------------------------------------
    _load(page, f"{app_url}/triage")
    settle(page, "match")
    page.get_by_text("Bulk edit", exact=True).click()
    settle(page, "selected")
    grid = page.locator('[data-testid="stDataFrame"]').first
    for row in range(10):
        _grid_row(page, grid, row)
    settle(page, "10 selected")
    page.get_by_role("button", name="Send 10 to an annotation queue…").click()
    settle(page, "From the Triage selection (10 records)")
    page.get_by_role("textbox", name="Name").fill("e2e triage ten")
    page.get_by_role("button", name="Create queue").click()
    settle(page, "created with 10 records")
    (queue_id,) = {q["_id"] for q in store_queues.list_queues(db)} - before
    shot(page, "20-labelling-queue-created")

    # --- label ten records with the keyboard ------------------------------------------------------
    started = time.monotonic()
    for i in range(10):
        settle(page, f"{i} of 10")
        page.evaluate("document.activeElement && document.activeElement.blur()")  # keys go to the page
        page.keyboard.press("h" if i % 3 == 0 else "f")
        settle(page, "How the judges scored it")  # revealed only after the label
        page.keyboard.press("ArrowRight")
    settle(page, "Nothing left for you in this queue")
    seconds = time.monotonic() - started
    mine = store_labels.current_labels(db, queue_id, annotator=ADMIN[0])
    assert len(mine) == 10 and sum(d["verdict"] == "hallucinated" for d in mine) == 4
    assert seconds < 120, f"ten labels took {seconds:.0f} s"
    shot(page, "21-labelling-done")

    # --- each judge's accuracy on those labels ---------------------------------------------------------
    _load(page, f"{app_url}/judge-accuracy")
    settle(page, "Judge accuracy on your labels")
    page.get_by_role("combobox", name="Labels from").click()
    page.get_by_role("option").filter(has_text="e2e triage ten").first.click()
    settle(page, "10 labelled records")
    assert page.get_by_text("logged judge").count() >= 1
    shot(page, "22-judge-accuracy")
