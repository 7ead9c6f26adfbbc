"""Golden sets in the dashboard (issue 30), through AppTest on the demo: the demo ships a set per feature
with two runs; "Add to set…" in the Triage record panel makes a new version with exactly that record,
again adds nothing, and the item outlives its record; Compare shows two runs side by side."""
from __future__ import annotations

import pytest

from tests.integration.dashboard.conftest import clear_dashboard_caches


@pytest.fixture(scope="module")
def sets_db(mongo_uri):
    from tests.integration.dashboard.conftest import seed_demo

    seeding = seed_demo(mongo_uri)
    yield next(seeding)
    next(seeding, None)


def _open(page: str, **params):
    from streamlit.testing.v1 import AppTest

    from tests.integration.dashboard.conftest import APP

    clear_dashboard_caches()
    at = AppTest.from_file(APP, default_timeout=90)
    at.run()
    at.switch_page(page)
    for key, value in params.items():
        at.query_params[key] = value
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def test_demo_sets_runs_and_compare_by_run(sets_db):
    from store import sets

    made = sets.list_sets(sets_db)
    main = [s for s in made if s["name"] in {"arguments-golden", "chat-golden", "clauses-golden", "viability-golden"}]
    assert len(main) == 4 and all(s["count"] >= 20 for s in main)
    assert all(s["versions"] == 2 for s in main)  # the queue's labels, then the incident days' failing records
    runs = sets.list_runs(sets_db, "clauses-golden")
    assert [r["name"] for r in runs] == ["release 2026.12", "release 2026.11"] and runs[0]["baseline"] == runs[1]["_id"]

    at = _open("views/sets.py", set="clauses-golden")
    assert at.title[0].value == "Golden sets"
    assert at.selectbox(key="sets_name").value == "clauses-golden"
    assert any("Gate" in str(e.value) for e in [*at.success, *at.error])

    at = _open("views/compare.py", by="run", a=runs[1]["_id"], b=runs[0]["_id"])
    assert at.selectbox(key="compare_run_b").value == runs[0]["_id"]
    table = at.table[0].value
    recall = table[(table["Feature"] == "clauses") & (table["Metric"] == "Contextual recall")].iloc[0]
    assert recall["B − A mean [95 %]"].startswith("−0.")  # the regressed metric, as in the product's records
    assert any(s.value == "Items that flipped" for s in at.subheader)


def test_add_to_set_from_the_record_panel(sets_db):
    from store import sets
    from store.collections import RECORDS

    rid = sets_db[RECORDS].find_one({"eb.passed": False}, {"_id": 1})["_id"]
    at = _open("views/triage.py", record=rid)
    at.selectbox(key="triage_rec_to_set_set").set_value("__new__").run()
    at.text_input(key="triage_rec_to_set_new").set_value("e2e-golden").run()
    at.button(key="triage_rec_to_set_add").click().run()
    assert not at.exception, [e.value for e in at.exception]
    version = sets.get_version(sets_db, "e2e-golden")
    assert (version["_id"], version["keys"]) == ("e2e-golden@1", [rid])

    at.run()  # the next render lists the new set
    at.selectbox(key="triage_rec_to_set_set").set_value("e2e-golden").run()
    at.button(key="triage_rec_to_set_add").click().run()
    assert sets.get_version(sets_db, "e2e-golden")["_id"] == "e2e-golden@1"  # already there: nothing added

    sets_db[RECORDS].delete_one({"_id": rid})
    assert [i["key"] for i in sets.version_items(sets_db, version)] == [rid]
