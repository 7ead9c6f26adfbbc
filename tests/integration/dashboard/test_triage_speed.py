"""AppTest of Triage at speed (issue 13, point 2) against the real embedded server: search over
query and answer, source and session filters, the session view, the record panel with Prev/Next
and `?record=`, bulk changes, the re-score next to the logged score, and the CSV export."""
# ruff: noqa: F811  (the tests take the imported inv_db fixture as a parameter)
from __future__ import annotations

import csv
import io
from datetime import timedelta

import pytest

from .test_pages_investigate import (  # noqa: F401  (inv_db is a fixture)
    _clear_caches, failing_count, inv_db, match_count, open_page, week_filter,
)
from .conftest import APP


def open_with_params(page: str, **params):
    """The app opened on `page` with query parameters in the URL (as a link would)."""
    from streamlit.testing.v1 import AppTest

    _clear_caches()
    at = AppTest.from_file(APP, default_timeout=90)
    at.run()
    at.switch_page(page)
    for name, value in params.items():
        at.query_params[name] = value
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def shown_text(at) -> str:
    return " ".join(str(m.value) for m in at.markdown) + " " + " ".join(str(c.value) for c in at.caption)


# --- search, source, session -------------------------------------------------------------------

def test_search_covers_the_answer_and_stays_literal(inv_db):
    at = open_page("views/triage.py")
    phrase = "imprisonment up to 3 years"  # only in answers, never in a query
    at.text_input(key="triage_search").input(phrase).run()
    assert not at.exception
    lower, upper = week_filter(inv_db)["eb.failing_at"].values()
    independent = sum(
        1 for d in inv_db.records.find({"eb.passed": False})
        if lower <= d["timestamp"].replace(tzinfo=lower.tzinfo) < upper
        and (phrase.lower() in (d.get("answer") or "").lower() or phrase.lower() in (d.get("query") or "").lower()))
    assert independent > 0
    assert match_count(at) == independent
    assert all(phrase in inv_db.records.find_one({"_id": rid})["answer"] for rid in at.session_state["triage_page_ids"])
    # still a query search too, and regex metacharacters stay literal in both fields
    at.text_input(key="triage_search").input("section 10").run()
    assert match_count(at) == failing_count(inv_db, {"search": "section 10"}) > 0
    at.text_input(key="triage_search").input("up to .* years").run()
    assert "No records match" in " ".join(str(i.value) for i in at.info)


def test_source_and_session_filters(inv_db):
    at = open_page("views/triage.py")
    assert "test" in at.selectbox(key="triage_source").options
    at.selectbox(key="triage_source").select("test").run()
    assert match_count(at) == failing_count(inv_db, {"source": "test"}) > 0
    session = inv_db.records.find_one({"eb.passed": False, "session_id": {"$ne": None}})["session_id"]
    at.text_input(key="triage_session").input(session).run()
    want = failing_count(inv_db, {"session": session})
    assert match_count(at) == want > 0
    assert {inv_db.records.find_one({"_id": r})["session_id"] for r in at.session_state["triage_page_ids"]} == {session}
    at.text_input(key="triage_session").input('{"$ne": null}').run()  # text, never an operator
    assert "No records match" in " ".join(str(i.value) for i in at.info)


def test_session_link_shows_every_turn_in_order(inv_db):
    session = "chat_3"
    turns = list(inv_db.records.find({"session_id": session}).sort("timestamp", 1))
    assert len(turns) >= 2
    at = open_with_params("views/triage.py", session=session)
    assert any(f"Conversation {session}" in str(h.value) for h in at.subheader)
    text = shown_text(at)
    assert f"{len(turns)} turns, oldest first" in text
    positions = [text.find(f"**Turn {n}**") for n in range(1, len(turns) + 1)]
    assert all(p >= 0 for p in positions) and positions == sorted(positions)
    # each turn's query appears in time order
    queries = [text.find(t["query"].replace("?", "")) for t in turns]
    assert all(q >= 0 for q in queries) and queries == sorted(queries)
    # a turn opens in the record panel
    at.button(key=f"triage_turn_{turns[-1]['_id']}").click().run()
    assert at.session_state["triage_open"] == turns[-1]["_id"]
    at.button(key="triage_close_session").click().run()
    assert not any("Conversation" in str(h.value) for h in at.subheader)
    # a later link (a drill-down) does not keep an old conversation or record open
    at.query_params["session"] = "chat_4"  # (the same link again is not re-applied: the user's choices stick)
    at.run()
    assert any("Conversation chat_4" in str(h.value) for h in at.subheader)
    del at.query_params["session"]
    at.query_params["feature"] = "chat"
    at.run()
    assert not any("Conversation" in str(h.value) for h in at.subheader)
    assert "triage_open" not in at.session_state


# --- the record panel -------------------------------------------------------------------------

def test_record_link_opens_the_panel_and_prev_next_walk_the_list(inv_db):
    at = open_page("views/triage.py")
    ids = list(at.session_state["triage_page_ids"])
    at = open_with_params("views/triage.py", record=ids[0])
    assert at.session_state["triage_open"] == ids[0]
    assert any(f"Record {ids[0]}".replace("-", "\\-") in str(m.value) for m in at.markdown)
    at.button(key="triage_rec_next").click().run()
    assert at.session_state["triage_open"] == ids[1]
    at.button(key="triage_rec_prev").click().run()
    assert at.session_state["triage_open"] == ids[0]
    assert at.button(key="triage_rec_prev").disabled  # the first record of the list
    # past the end of the page: the first record of the next page
    at.session_state["triage_open"] = ids[-1]
    at.run()
    at.button(key="triage_rec_next").click().run()
    next_ids = at.session_state["triage_page_ids"]
    assert at.session_state["triage_page"] == 1 and next_ids[0] not in ids
    assert at.session_state["triage_open"] == next_ids[0]
    at.button(key="triage_close").click().run()
    assert "triage_open" not in at.session_state


def test_drill_down_link_filters_by_feature_period_and_metric(inv_db):
    from store.triage import latest_day

    end = latest_day(inv_db)
    start = end - timedelta(days=2)
    at = open_with_params("views/triage.py", feature="viability", start=start.isoformat(), end=end.isoformat(),
                          metric="faithfulness")
    want = sum(1 for d in inv_db.records.find({"feature": "viability"})
               if d["eb"].get("passed") is False and "faithfulness" in d["eb"].get("failed_metrics", [])
               and start <= d["timestamp"].date() <= end)
    assert match_count(at) == want > 0
    assert at.selectbox(key="triage_metric").value == "faithfulness"
    assert at.selectbox(key="triage_feature").value == "viability"


# --- columns, effective score, bulk -------------------------------------------------------------

def test_columns_and_the_rescore_next_to_the_logged_score(inv_db):
    at = open_page("views/triage.py")
    table = at.dataframe[0].value
    for column in ("Status", "Assignee", "Gaps", "Session", "Re-score", "Overall"):
        assert column in table.columns
    at.multiselect(key="triage_columns").set_value(["Time", "Query", "Overall", "Source"]).run()
    assert list(at.dataframe[0].value.columns) == ["Time", "Query", "Overall", "Source"]
    at.multiselect(key="triage_columns").set_value(["Query", "Overall", "Re-score"]).run()
    # re-score one logged record with the real scorer: the list shows it next to the logged overall
    rid = next(r for r in at.session_state["triage_page_ids"] if r.startswith("rec-"))  # one with an answer
    at.session_state["triage_open"] = rid
    at.run()
    at.button(key=f"triage_rescore_btn_{rid}").click().run()
    assert not at.exception, [e.value for e in at.exception]
    stored = inv_db.records.find_one({"_id": rid})
    assert stored["eb"]["score_source"] == "logged"
    rescore = stored["rescored"]["evaluation"]["overall_quality"]["score"]
    row = at.dataframe[0].value.iloc[at.session_state["triage_page_ids"].index(rid)]
    assert row["Overall"] == pytest.approx(stored["eb"]["scores"]["overall_quality"])
    assert float(row["Re-score"]) == pytest.approx(rescore, abs=0.005)  # shown with two decimals, "—" if none
    assert set(at.dataframe[0].value["Re-score"]) - {"—"} <= {f"{v / 100:.2f}" for v in range(101)}


def test_bulk_status_assignee_and_tag_are_validated_and_audited(inv_db):
    from store.errors import ValidationFailed
    from store.triage import bulk_update_triage

    ids = [d["_id"] for d in inv_db.records.find({"eb.passed": False}, {"_id": 1}).sort("_id", 1).limit(3)]
    for bad in ({"status": "done"}, {}, {"add_tag": "bad<tag>"}, {"assignee": "x" * 101}):
        with pytest.raises(ValidationFailed):
            bulk_update_triage(inv_db, ids, "lead", **bad)
    with pytest.raises(ValidationFailed):
        bulk_update_triage(inv_db, [], "lead", status="fixed")
    with pytest.raises(ValidationFailed):
        bulk_update_triage(inv_db, {"$gt": ""}, "lead", status="fixed")  # not a list of ids
    assert bulk_update_triage(inv_db, ids, "lead", status="investigating", assignee="asha", add_tag="bulk-1") == 3
    for rid in ids:
        triage = inv_db.records.find_one({"_id": rid})["triage"]
        assert triage["status"] == "investigating" and triage["assignee"] == "asha" and "bulk-1" in triage["tags"]
        fields = {h["field"] for h in triage["history"] if h.get("bulk")}
        assert fields == {"status", "assignee", "tags"}
        assert all(h["by"] == "lead" for h in triage["history"])
    assert bulk_update_triage(inv_db, ids, "lead", status="investigating") == 0  # nothing changes twice

    # the page: bulk edit mode, select rows, apply
    at = open_page("views/triage.py")
    at.toggle(key="triage_bulk").set_value(True).run()
    page_ids = at.session_state["triage_page_ids"]
    assert "0 selected" in shown_text(at)
    assert at.button(key="triage_bulk_apply").disabled
    try:
        at.session_state["triage_table_bulk"] = {"selection": {"rows": [0, 1], "columns": []}}
        at.run()
    except Exception:  # noqa: BLE001 - a selection that AppTest cannot set is covered by the browser test
        pytest.skip("AppTest cannot set a dataframe selection")
    assert "2 selected" in shown_text(at)
    at.selectbox(key="triage_bulk_status").select("fixed")
    at.text_input(key="triage_bulk_tag").input("bulk-2")
    at.button(key="triage_bulk_apply").click().run()
    assert not at.exception, [e.value for e in at.exception]
    for rid in page_ids[:2]:
        triage = inv_db.records.find_one({"_id": rid})["triage"]
        assert triage["status"] == "fixed" and "bulk-2" in triage["tags"] and triage["updated_by"] == "local"


# --- export -----------------------------------------------------------------------------------

def test_csv_has_context_reasons_triage_and_notes_in_the_tables_order(inv_db):
    from dashboard.components.export import csv_columns, to_csv
    from store.triage import iter_export, update_triage

    filt = week_filter(inv_db)
    first = next(d for d in iter_export(inv_db, filt, 5000, sort="overall_quality") if d["_id"].startswith("rec-"))
    update_triage(inv_db, first["_id"], "reviewer-a", status="investigating", note="=cmd|' /C calc'!A0")
    docs = list(iter_export(inv_db, filt, 5000, sort="overall_quality", descending=False))
    rows = list(csv.DictReader(io.StringIO(to_csv(docs))))
    assert len(rows) == failing_count(inv_db)
    assert list(rows[0]) == csv_columns()
    overall = [float(r["overall_quality"]) for r in rows if r["overall_quality"]]
    assert overall == sorted(overall)  # the table's sort: lowest first
    assert [r["_id"] for r in rows] == [d["_id"] for d in docs]
    top = next(r for r in rows if r["_id"] == first["_id"])
    assert first["context"][0] in top["context"]
    assert top["faithfulness_reason"] == first["evaluation"]["faithfulness"]["reason"]
    assert top["triage_status"] == "investigating"
    assert "reviewer-a" in top["notes"] and "calc" in top["notes"]
    assert not top["notes"].startswith("=")  # no formula reaches a spreadsheet
    newest = list(iter_export(inv_db, filt, 5000, sort="timestamp", descending=True))
    stamps = [d["timestamp"] for d in newest]
    assert stamps == sorted(stamps, reverse=True)
