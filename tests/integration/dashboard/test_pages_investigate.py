"""AppTest of the investigate pages (Triage with the record view, Playground)
against the real embedded server, with records built through the real parser,
and the real embedding model for scoring."""
from __future__ import annotations

import os
import random
from datetime import datetime, timedelta, timezone

import pytest

from .conftest import APP, REPO, _names, point_app_at  # noqa: E402
from .test_pages_monitor import markdown_table  # noqa: E402

METACHAR_QUERY = "What does s. 138 (NI Act) say about [cheques]*? $100+ ^fine|jail"
ODD_ID = "odd-record-1"
HTML_ID = "html-record-1"


def _raw_records(now: datetime) -> list[dict]:
    rng = random.Random(7)
    features = ["chat", "viability", "arguments", "clauses"]
    out = []
    for i in range(80):
        feature = features[i % 4]
        good = i % 3 != 0
        faith = rng.uniform(0.86, 1.0) if good else rng.uniform(0.2, 0.6)
        out.append({
            "_id": f"rec-{i:03d}",
            "session_id": f"chat_{i // 4}",
            "query": f"What is the punishment under section {100 + i}?" if i != 6 else METACHAR_QUERY,
            "answer": f"Section {100 + i} provides imprisonment up to {i % 7 + 1} years.",
            "context": [f"Section {100 + i}: whoever commits the offence shall be punished with imprisonment "
                        f"up to {i % 7 + 1} years.", "Section 2: definitions."],
            "evaluation": {
                "faithfulness": {"score": faith, "threshold": 0.8, "passed": faith >= 0.8, "reason": "r"},
                "answer_relevancy": {"score": 0.9, "threshold": 0.7, "passed": True, "reason": "r"},
                "contextual_precision": {"score": 0.9 if good else 0.5, "threshold": 0.75, "passed": good,
                                         "reason": "r"},
                "contextual_recall": {"score": 0.95, "threshold": 0.7, "passed": True, "reason": "r"},
            },
            "regeneration_attempts": 0 if good else 2,
            "timestamp": (now - timedelta(hours=i)).isoformat(),
            "feature": feature,
        })
    # odd: no answer, context not a list, a score out of range, a string number, no feature
    out.append({"_id": ODD_ID, "query": "odd one?", "context": 42, "timestamp": now.isoformat(),
                "evaluation": {"faithfulness": {"score": 1.7}, "answer_relevancy": "0.1"},
                "regeneration_attempts": "many"})
    # HTML and markdown in the answer must be shown as text
    out.append({"_id": HTML_ID, "query": "<b>bold?</b>", "timestamp": now.isoformat(), "feature": "chat",
                "answer": "<script>alert(1)</script> [link](http://evil.example) :red[x] **bold**",
                "context": ["<img src=x onerror=alert(1)>"],
                "evaluation": {"faithfulness": {"score": 0.1, "threshold": 0.8, "passed": False, "reason": "<i>"}}})
    return out


@pytest.fixture(scope="module")
def inv_db(mongo_uri, tmp_path_factory):
    from store.client import make_client
    from store.records import ensure_indexes, insert_records
    from store.schema import ParsedRecord, parse_record
    from store.thresholds import get_thresholds

    name = f"evalboard_inv_{os.getpid()}_{next(_names)}"
    previous = os.environ.get("MONGODB_URI")
    previous_users = os.environ.get("EVALBOARD_USERS_FILE")
    os.environ["EVALBOARD_USERS_FILE"] = str(tmp_path_factory.mktemp("users") / "none.toml")  # local mode
    point_app_at(mongo_uri.rstrip("/") + "/" + name)
    client = make_client(mongo_uri)
    db = client[name]
    from store.migrate import migrate
    migrate(db)
    ensure_indexes(db)
    now = datetime.now(timezone.utc).replace(microsecond=0) - timedelta(minutes=5)
    thresholds = get_thresholds(db)
    docs = []
    for raw in _raw_records(now):
        parsed = parse_record(raw, thresholds, source="test")
        assert isinstance(parsed, ParsedRecord), parsed
        docs.append(parsed.doc)
    insert_records(db, docs)
    yield db
    client.drop_database(name)
    client.close()
    point_app_at(previous)
    if previous_users is None:
        os.environ.pop("EVALBOARD_USERS_FILE", None)
    else:
        os.environ["EVALBOARD_USERS_FILE"] = previous_users


def _clear_caches() -> None:
    import streamlit as st

    st.cache_data.clear()
    from dashboard.common import database
    database.clear()


def open_page(page: str, **session):
    from streamlit.testing.v1 import AppTest

    _clear_caches()
    at = AppTest.from_file(APP, default_timeout=90)
    for key, value in session.items():
        at.session_state[key] = value
    at.run()
    at.switch_page(page)
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def match_count(at) -> int:
    for md in at.markdown:
        text = str(md.value)
        if "match**" in text:
            return int(text.split("**")[1].split()[0].replace(",", ""))
    raise AssertionError("no count shown: " + " | ".join(str(m.value) for m in at.markdown))


def week_filter(db, extra: dict | None = None) -> dict:
    """What the page shows by default: failing records of the last 7 days of data."""
    from store.triage import build_filter, latest_day

    end = latest_day(db)
    return build_filter(start=end - timedelta(days=6), end=end, only_failing=True, **(extra or {}))


def failing_count(db, extra: dict | None = None) -> int:
    return db.records.count_documents(week_filter(db, extra))


# --- Triage ---------------------------------------------------------------------------------

def test_triage_lists_failing_records_with_their_count(inv_db):
    at = open_page("views/triage.py")
    assert at.title[0].value == "Triage"
    want = failing_count(inv_db)
    # independent count: failing = eb.passed false
    independent = sum(1 for d in inv_db.records.find({}, {"eb": 1}) if d["eb"].get("passed") is False)
    assert want == independent > 25  # more than one page
    assert match_count(at) == want
    table = at.dataframe[0].value
    assert len(table) == 25
    assert list(table["Overall"].dropna()) == sorted(table["Overall"].dropna())  # lowest first
    # the next page holds the rest
    at.button(key="triage_next").click().run()
    assert len(at.dataframe[0].value) == want - 25
    assert not at.exception


def test_triage_filters_by_feature_status_and_literal_search(inv_db):
    from store.triage import update_triage

    at = open_page("views/triage.py")
    at.selectbox(key="triage_feature").select("viability").run()
    assert match_count(at) == failing_count(inv_db, {"feature": "viability"}) > 0
    assert set(at.dataframe[0].value["Feature"]) == {"viability"}

    rid = at.session_state["triage_page_ids"][0]
    update_triage(inv_db, rid, "tester", status="investigating")
    _clear_caches()
    at.selectbox(key="triage_status").select("investigating").run()
    assert match_count(at) == 1
    at.selectbox(key="triage_status").select("new").run()  # no triage.status counts as new
    assert match_count(at) == failing_count(inv_db, {"feature": "viability"}) - 1

    at.selectbox(key="triage_status").select("__any__").run()
    at.selectbox(key="triage_feature").select("__all__").run()
    at.text_input(key="triage_search").input("(NI Act) say about [cheques]*? $100+ ^fine|jail").run()
    assert not at.exception
    assert match_count(at) == 1
    assert at.dataframe[0].value["Query"][0] == METACHAR_QUERY
    for attack in (".*", '{"$gt": ""}', "$where", "a|b", "\\"):
        at.text_input(key="triage_search").input(attack).run()
        assert not at.exception, attack
        assert "No records match" in " ".join(str(i.value) for i in at.info), attack


def test_setting_a_status_writes_triage_with_user_and_history(inv_db):
    at = open_page("views/triage.py")
    rid = at.session_state["triage_page_ids"][1]
    at.selectbox(key="triage_pick").select(rid).run()
    assert not at.exception
    at.selectbox(key=f"triage_status_{rid}").select("wont_fix")
    at.text_input(key=f"triage_assignee_{rid}").input("asha")
    at.text_input(key=f"triage_tags_{rid}").input("retrieval, section-numbers")
    at.text_area(key=f"triage_note_{rid}_0").input("Wrong section retrieved <b>x</b>")
    [save] = [b for b in at.button if b.label == "Save triage"]
    save.click().run()
    assert not at.exception, [e.value for e in at.exception]
    triage = inv_db.records.find_one({"_id": rid})["triage"]
    assert triage["status"] == "wont_fix"
    assert triage["assignee"] == "asha"
    assert triage["tags"] == ["retrieval", "section-numbers"]
    assert triage["notes"][0]["text"] == "Wrong section retrieved <b>x</b>"
    assert triage["notes"][0]["by"] == "local"
    fields = {h["field"]: h for h in triage["history"]}
    assert fields["status"]["old"] == "new" and fields["status"]["new"] == "wont_fix"
    assert all(h["by"] == "local" for h in triage["history"])
    assert {"status", "assignee", "tags", "note"} <= set(fields)
    # the view shows the new state, and the history
    assert any(m.label == "Status" and m.value == "Won't fix" for m in at.metric)
    assert at.text_area(key=f"triage_note_{rid}_1").value == ""  # a fresh note box


def test_rescore_writes_rescored_and_keeps_the_logged_evaluation(inv_db):
    rid = "rec-003"
    before = inv_db.records.find_one({"_id": rid})
    at = open_page("views/triage.py", triage_open=rid)
    at.button(key=f"triage_rescore_btn_{rid}").click().run()
    assert not at.exception, [e.value for e in at.exception]
    after = inv_db.records.find_one({"_id": rid})
    assert after["evaluation"] == before["evaluation"]
    assert after["rescored"]["by"] == "local"
    assert after["rescored"]["mode"] == "fast"
    assert after["rescored"]["evaluation"]["faithfulness"]["score"] is not None
    assert after["eb"]["score_source"] == "logged"  # logged numbers stay the effective ones
    labels = [str(d.value.columns.tolist()) for d in at.dataframe]
    assert any("Logged" in x and "New" in x for x in labels)  # side by side
    said = next(c.value for c in at.caption if c.value.startswith("Hallucination score: ")).replace("\\", "")
    assert "0 = fully grounded, 1 = nothing supported" in said and "What drove it" in said


def test_export_jsonl_reimports_as_duplicates(inv_db, tmp_path):
    from dashboard.components.export import to_csv, to_jsonl
    from jobs.ingest import ingest_paths
    from store.triage import iter_export

    at = open_page("views/triage.py")
    assert {b.proto.label for b in at.get("download_button")} == {"Download CSV", "Download JSONL"}
    filt = week_filter(inv_db)
    docs = list(iter_export(inv_db, filt, 5000))
    assert len(docs) == failing_count(inv_db)
    path = tmp_path / "regression.jsonl"
    path.write_text(to_jsonl(docs))
    before = inv_db.records.count_documents({})
    summary = ingest_paths(inv_db, [str(path)], "auto")
    assert summary.ingested == 0 and summary.rejected == 0
    assert summary.duplicates == len(docs)
    assert inv_db.records.count_documents({}) == before
    # and into a fresh database it brings back the same ids
    fresh = inv_db.client[inv_db.name + "_re"]
    try:
        summary = ingest_paths(fresh, [str(path)], "auto")
        assert summary.ingested == len(docs)
        assert {d["_id"] for d in fresh.records.find({}, {"_id": 1})} == {d["_id"] for d in docs}
    finally:
        inv_db.client.drop_database(fresh.name)
    csv_text = to_csv(docs)
    assert csv_text.count("\n") >= len(docs) + 1 and csv_text.startswith("_id,timestamp,feature")


def test_odd_and_html_records_open_without_crashing(inv_db):
    at = open_page("views/triage.py", triage_open=ODD_ID)
    warnings = " ".join(str(w.value) for w in at.warning)
    assert "Data gaps" in warnings and "missing answer" in warnings
    assert "no answer logged" in " ".join(str(m.value) for m in at.markdown)

    at = open_page("views/triage.py", triage_open=HTML_ID)
    rendered = [str(m.value) for m in at.markdown]
    assert not any("<script>" in t for t in rendered)  # escaped: "\<script\>"
    assert any("\\<script\\>" in t for t in rendered)
    assert all(not getattr(m.proto, "allow_html", False) for m in at.markdown)
    at.button(key=f"triage_rescore_btn_{HTML_ID}").click().run()
    assert not at.exception


def test_unknown_record_link_says_not_found(inv_db):
    at = open_page("views/triage.py", triage_open="does-not-exist")
    assert "not found" in " ".join(str(w.value) for w in at.warning)


# --- Playground --------------------------------------------------------------------------------

def test_playground_scores_the_murder_example(inv_db):
    at = open_page("views/playground.py")
    assert at.title[0].value == "Playground"
    at.button(key="playground_example").click().run()
    assert at.text_area(key="playground_query").value == "What is the punishment for murder?"
    at.button(key="playground_score").click().run()
    assert not at.exception, [e.value for e in at.exception]
    metrics = next(d.value for d in at.dataframe if "Metric" in d.value.columns and "Reason" in d.value.columns)
    faith = metrics.set_index("Metric").loc["Faithfulness"]
    assert faith["Score"] < 0.5 and "fail" in faith["Result"]
    assert "10" in faith["Reason"] or "unsupported" in faith["Reason"]
    claims = next(d.value for d in at.dataframe if "Claim" in d.value.columns)
    assert (claims["Supported"] == "❌ no").all()
    assert any(m.label == "Recommendation" for m in at.metric)
    assert any(m.label == "Latency" for m in at.metric)
    # the hallucination score in words next to the number: its scale and what drove it (issue 17)
    said = next(c.value for c in at.caption if c.value.startswith("Hallucination score: ")).replace("\\", "")
    assert "0 = fully grounded, 1 = nothing supported" in said and "claim(s) unsupported" in said
    assert "Worst claim" in said and "What drove it: the worst claim" in said

    at.button(key="playground_example_good").click().run()
    at.button(key="playground_score").click().run()
    metrics = next(d.value for d in at.dataframe if "Metric" in d.value.columns and "Reason" in d.value.columns)
    assert metrics.set_index("Metric").loc["Faithfulness"]["Score"] >= 0.8


def test_playground_beyondchats_paste(inv_db):
    import json

    at = open_page("views/playground.py")
    at.text_area(key="playground_bc_conv").input("{not json").run()
    at.text_area(key="playground_bc_ctx").input("{}").run()
    assert any("not valid JSON" in str(e.value) for e in at.error)
    conversation = {"chat_id": 1, "conversation_turns": [
        {"turn": 1, "role": "User", "message": "What is the punishment for murder?"},
        {"turn": 2, "role": "AI/Chatbot", "message": "Murder is punished with death or imprisonment for life."},
        {"turn": 3, "role": "User", "message": "And for attempt to murder?"},
        {"turn": 4, "role": "AI/Chatbot", "message": "Attempt to murder carries up to 10 years and a fine."},
    ]}
    context = {"data": {"vector_data": [
        {"id": 1, "text": "Section 103: Whoever commits murder shall be punished with death or imprisonment for life."},
        {"id": 2, "text": "Section 109: attempt to murder, imprisonment up to ten years and fine."},
    ]}}
    at.text_area(key="playground_bc_conv").input(json.dumps(conversation))
    at.text_area(key="playground_bc_ctx").input(json.dumps(context)).run()
    assert not at.error
    turn = at.selectbox(key="playground_bc_turn")
    assert len(turn.options) == 2
    turn.select(0).run()
    at.button(key="playground_bc_score").click().run()
    assert not at.exception
    metrics = next(d.value for d in at.dataframe if "Metric" in d.value.columns and "Reason" in d.value.columns)
    assert metrics.set_index("Metric").loc["Faithfulness"]["Score"] is not None



# --- store.triage writes -------------------------------------------------------------------------

def test_update_triage_validates_and_records_every_change(db):
    from store.errors import ValidationFailed
    from store.triage import update_triage

    db.records.insert_one({"_id": "r1", "query": "q", "timestamp": datetime.now(timezone.utc)})
    for kwargs in ({"status": "closed"}, {"status": {"$set": 1}}, {"assignee": "x" * 101}, {"tags": "bad<tag>"},
                   {"note": 5}, {"tags": [{"$gt": ""}]}):
        with pytest.raises(ValidationFailed):
            update_triage(db, "r1", "ann", **kwargs)
    with pytest.raises(ValidationFailed):
        update_triage(db, "missing", "ann", status="fixed")
    with pytest.raises(ValidationFailed):
        update_triage(db, "r1", "", status="fixed")
    triage = update_triage(db, "r1", "ann", status="investigating", assignee="bo", tags=["a", "a", " b "],
                           note="first")
    assert triage["status"] == "investigating" and triage["tags"] == ["a", "b"]
    assert update_triage(db, "r1", "ann", status="investigating") == triage  # no change, no history
    triage = update_triage(db, "r1", "cy", status="fixed", assignee="", note="second")
    assert triage["assignee"] is None
    assert [n["text"] for n in triage["notes"]] == ["first", "second"]
    assert [(h["field"], h["old"], h["new"], h["by"]) for h in triage["history"]] == [
        ("status", "new", "investigating", "ann"), ("assignee", None, "bo", "ann"), ("tags", [], ["a", "b"], "ann"),
        ("note", None, "first", "ann"), ("status", "investigating", "fixed", "cy"), ("assignee", "bo", None, "cy"),
        ("note", None, "second", "cy")]
    assert all(isinstance(h["at"], datetime) for h in triage["history"])


def test_save_rescore_never_touches_evaluation_and_fills_unscored_records(db):
    from store.records import insert_records
    from store.schema import parse_record
    from store.thresholds import get_thresholds
    from store.scores import save_rescore

    now = datetime.now(timezone.utc).isoformat()
    logged = parse_record({"_id": "L", "query": "q", "answer": "a", "timestamp": now, "feature": "chat",
                           "evaluation": {"faithfulness": {"score": 0.9}}}, get_thresholds(db)).doc
    unscored = parse_record({"_id": "U", "query": "q", "answer": "a", "timestamp": now, "feature": "chat"},
                            get_thresholds(db)).doc
    insert_records(db, [logged, unscored])
    stamped = {d["_id"]: d["ingested_at"] for d in db.records.find({}, {"ingested_at": 1})}
    result = {"mode": "fast", "hallucination_score": 0.7,
              "evaluation": {"faithfulness": {"score": 0.3, "threshold": 0.8, "passed": False},
                             "answer_relevancy": {"score": 0.9}, "overall_quality": {"score": 0.5}},
              "details": {"faithfulness": {"claims": []}}}
    save_rescore(db, "L", result, "ann", evaluator_version="t")
    save_rescore(db, "U", result, "ann", evaluator_version="t")
    L, U = db.records.find_one({"_id": "L"}), db.records.find_one({"_id": "U"})
    assert L["evaluation"] == logged["evaluation"] and L["eb"]["score_source"] == "logged"
    assert L["rescored"]["by"] == "ann" and L["rescored"]["evaluation"]["faithfulness"]["score"] == 0.3
    assert "evaluation" not in U
    assert U["eb"]["score_source"] == "rescored" and U["eb"]["passed"] is False
    assert U["eb"]["scores"]["faithfulness"] == 0.3 and "needs_scoring" not in U["eb"]
    # the unscored record got its first scores: it joins the aggregates like a new record (a new stamp),
    # no day is recomputed for it; the logged record's effective scores did not change at all
    from store.state import AGGREGATE
    state = db.evalboard_state.find_one({"_id": AGGREGATE}) or {}
    assert not state.get("dirty_days")
    assert U["ingested_at"] > stamped["U"] and L["ingested_at"] == stamped["L"]
    # a second re-score of the now-scored record changes counted scores: its day is recomputed
    save_rescore(db, "U", {**result, "evaluation": {**result["evaluation"], "faithfulness": {"score": 0.9}}},
                 "ann", evaluator_version="t")
    state = db.evalboard_state.find_one({"_id": AGGREGATE})
    assert state["dirty_days"] == [U["timestamp"].date().isoformat()]


def test_playground_with_a_judge_that_is_down_falls_back_to_fast(inv_db, monkeypatch):
    import socket

    import streamlit as st
    from settings import reset_settings

    with socket.socket() as s:  # a port nobody listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    monkeypatch.setenv("OPENAI_BASE_URL", f"http://127.0.0.1:{port}/v1")
    monkeypatch.setenv("EVALBOARD_JUDGE_MAX_RETRIES", "0")
    monkeypatch.setenv("EVALBOARD_JUDGE_TIMEOUT_S", "2")
    reset_settings()
    from dashboard.components.record_view import judge
    judge.clear()
    try:
        at = open_page("views/playground.py")
        mode = at.radio(key="playground_mode")
        assert not mode.disabled and list(mode.options) == ["fast", "balanced", "thorough"]
        mode.set_value("thorough").run()
        at.button(key="playground_example").click().run()
        at.button(key="playground_score").click().run()
        assert not at.exception
        assert any("judge failed" in str(w.value) for w in at.warning)  # fell back, said why
        metrics = next(d.value for d in at.dataframe if "Metric" in d.value.columns and "Reason" in d.value.columns)
        assert metrics.set_index("Metric").loc["Faithfulness"]["Score"] < 0.5  # the local score stands

        at.checkbox(key="playground_fallback").uncheck().run()
        at.button(key="playground_score").click().run()
        assert not at.exception
        assert any("judge failed" in str(e.value) for e in at.error)
    finally:
        monkeypatch.delenv("OPENAI_BASE_URL")
        reset_settings()
        judge.clear()
        st.cache_data.clear()


def test_a_judged_score_a_person_asks_for_is_in_the_ledger_and_stops_at_the_budget(inv_db, monkeypatch):
    """Playground in thorough mode (issue 33): the judge's calls are added to the day's spend (job
    "playground", reason "asked"); once the day's budget is spent the next score is local, says why, and
    opens no judge call."""
    import streamlit as st
    from core import cascade as C
    from core.timebuckets import today
    from dashboard.components.record_view import judge
    from settings import reset_settings
    from store.judge_spend import day_rows
    from tests.integration.evaluators.conftest import Server

    server = Server()
    server.usage = (1000, 200)  # $0.016 a call at the prices below
    for name, value in {"OPENAI_BASE_URL": server.url, "EVALBOARD_JUDGE_MAX_RETRIES": "0",
                        "EVALBOARD_JUDGE_INPUT_COST_PER_1K": "0.01", "EVALBOARD_JUDGE_OUTPUT_COST_PER_1K": "0.03",
                        "EVALBOARD_JUDGE_BUDGET_USD": "0.02"}.items():
        monkeypatch.setenv(name, value)
    reset_settings()
    judge.clear()

    def ledger() -> dict:  # the day's playground row (the module's other tests may have written to it)
        rows = [r for r in day_rows(inv_db, today().isoformat()) if r["job"] == "playground"]
        return rows[0] if rows else {}
    before = ledger()

    def more(row: dict, key: str, reason: str | None = None) -> float:
        if reason:
            return (row.get("reasons") or {}).get(reason, 0) - (before.get("reasons") or {}).get(reason, 0)
        return (row.get(key) or 0) - (before.get(key) or 0)
    try:
        at = open_page("views/playground.py")
        at.radio(key="playground_mode").set_value("thorough").run()
        at.button(key="playground_example").click().run()
        at.button(key="playground_score").click().run()
        assert not at.exception, [e.value for e in at.exception]
        row, calls = ledger(), len(server.requests)
        assert more(row, "", C.ASKED) == 1 and more(row, "", C.BUDGET) == 0 and more(row, "calls") == calls >= 1
        assert more(row, "cost_usd") == pytest.approx(0.016 * calls) and more(row, "input_tokens") == 1000 * calls
        assert more(row, "cost_usd") <= 0.02 + 0.016 + 1e-9  # the cap passed by one call at most
        at.button(key="playground_score").click().run()  # the day's $0.02 is spent now
        assert not at.exception
        assert any("budget is spent" in str(w.value) for w in at.warning)
        assert len(server.requests) == calls  # no new call opened
        row = ledger()
        assert more(row, "", C.ASKED) == 1 and more(row, "", C.BUDGET) == 1
    finally:
        server.close()
        for name in ("OPENAI_BASE_URL", "EVALBOARD_JUDGE_BUDGET_USD"):
            monkeypatch.delenv(name)
        reset_settings()
        judge.clear()
        st.cache_data.clear()


def test_a_viewer_can_look_but_not_change(inv_db, tmp_path, monkeypatch):
    from dashboard.auth import User, add_user
    from settings import reset_settings

    users = tmp_path / "users.toml"
    add_user("ada", "admin-password", "admin", users)  # issue 18: a users file needs an admin
    add_user("vera", "viewer-password", "viewer", users)
    monkeypatch.setenv("EVALBOARD_USERS_FILE", str(users))
    reset_settings()
    try:
        # not signed in: the page itself refuses (even when run directly, without app.py's login)
        from streamlit.testing.v1 import AppTest
        _clear_caches()
        direct = AppTest.from_file(str(REPO / "dashboard" / "views" / "triage.py"), default_timeout=60).run()
        assert any("sign in" in str(e.value).lower() for e in direct.error)
        assert not direct.dataframe

        at = open_page("views/triage.py", auth_user=User("vera", "viewer"), triage_open="rec-000")
        assert match_count(at) > 0
        assert not [b for b in at.button if b.label in ("Save triage", "Re-score")]
        infos = " ".join(str(i.value) for i in at.info)
        assert "Only a reviewer" in infos
    finally:
        monkeypatch.delenv("EVALBOARD_USERS_FILE")
        reset_settings()


def test_the_record_panel_shows_every_reason_in_full(inv_db):
    """The score table cuts long reasons; "Reasons in full" shows each one whole."""
    from dashboard.components.safe_text import safe_md

    def reasons_of(rid):
        evaluation = (inv_db.records.find_one({"_id": rid}) or {}).get("evaluation") or {}
        return [v["reason"] for v in evaluation.values() if isinstance(v, dict) and isinstance(v.get("reason"), str)
                and v["reason"].strip()]

    at = open_page("views/triage.py")
    rid = next(r for r in at.session_state["triage_page_ids"] if reasons_of(r))
    at.selectbox(key="triage_pick").select(rid).run()
    assert not at.exception, [e.value for e in at.exception]
    assert "Reasons in full" in [e.label for e in at.expander]
    reasons = reasons_of(rid)
    shown = "\n".join(str(m.value) for m in at.markdown)
    assert reasons and all(safe_md(r) in shown for r in reasons)


# --- privacy (issue 31): the pages show placeholders, never the values -----------------------------

def test_triage_and_data_health_show_placeholders_not_personal_data(inv_db, tmp_path):
    import json as _json

    from jobs.ingest import ingest_paths

    now = datetime.now(timezone.utc) - timedelta(minutes=30)
    raw = {"_id": "private-1", "feature": "chat", "timestamp": now.isoformat(),
           "query": "Is Section 138 made out? Reach me at meera.nair@gmail.com or +91 98111 22334.",
           "answer": "Yes; the notice to meera.nair@gmail.com was served.",
           "context": ["Section 138 NI Act. Complainant e-mail meera.nair@gmail.com, phone 9811122334."],
           "evaluation": {"faithfulness": {"score": 0.3, "threshold": 0.8, "passed": False, "reason": "r"}}}
    path = tmp_path / "private.jsonl"
    path.write_text(_json.dumps(raw) + "\n")
    assert ingest_paths(inv_db, [str(path)]).ingested == 1
    at = open_page("views/triage.py", triage_open="private-1")
    shown = "\n".join(str(m.value) for m in at.markdown) + "\n".join(str(c.value) for c in at.caption)
    assert "meera" not in shown.lower() and "98111" not in shown and "9811122334" not in shown
    assert "EMAIL\\_1" in shown and "PHONE\\_1" in shown  # md-escaped [EMAIL_1], [PHONE_1]
    at = open_page("views/health.py")
    assert "Personal data" in [s.value for s in at.subheader]
    table = markdown_table(at, "source", "records")
    row = table[table["source"] == "evallog:private.jsonl"].iloc[0]
    assert row["records"] == 1 and row["EMAIL"] == 3 and row["PHONE"] == 2
