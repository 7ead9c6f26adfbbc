"""AppTest of the Labelling and Judge accuracy pages on the demo data (its finished queue included)."""
from __future__ import annotations

from core import labels as L
from dashboard.common import md_escape
from store import labels, queues
from dashboard.components.alert_format import RULES_TAB
from tests.integration.dashboard.test_pages_monitor import markdown_table, open_page, open_tab, texts

PAGE = "views/labelling.py"
ACCURACY = "views/label_accuracy.py"


def _queue(db, name="ten", size=10):
    existing = [q for q in queues.list_queues(db) if q["name"] == name]
    if existing:
        return queues.get_queue(db, existing[0]["_id"])
    return queues.create_queue(db, name, {"size": size, "order": "random"}, "local")


def test_label_with_the_buttons_scores_hidden_until_saved(make_app, seeded_db):
    q = _queue(seeded_db)
    at = make_app(seeded_db)
    at.query_params["queue"] = q["_id"]
    at = open_page(at, PAGE)
    first = labels.next_record(seeded_db, q["_id"], "local")
    assert md_escape(first) in texts(at.caption)
    assert "How the judges scored it" not in texts(at.markdown)  # no anchoring
    # mark the first claim unsupported, then Hallucinated
    at.button(key=f"lab_claim_{first}_0").click().run()
    assert not at.exception
    at.button(key="lab_hallucinated").click().run()
    assert not at.exception
    (mine,) = labels.current_labels(seeded_db, q["_id"], annotator="local", record_id=first)
    assert mine["verdict"] == L.HALLUCINATED and mine["unsupported_claims"] == [0]
    assert "How the judges scored it" in texts(at.markdown)
    at.button(key="lab_next").click().run()
    second = labels.next_record(seeded_db, q["_id"], "local")
    assert second != first and md_escape(second) in texts(at.caption)
    assert "How the judges scored it" not in texts(at.markdown)
    # undo brings the first record back, its label withdrawn (the versions stay)
    at.button(key="lab_undo").click().run()
    assert not at.exception
    assert labels.current_labels(seeded_db, q["_id"], annotator="local", record_id=first) == []
    assert len(labels.history(seeded_db, q["_id"], first)) == 2
    assert md_escape(first) in texts(at.caption)


def test_demo_queue_agreement_and_judge_accuracy(make_app, seeded_db):
    demo = next(q for q in queues.list_queues(seeded_db) if q["name"].startswith("Demo"))
    at = make_app(seeded_db)
    at.query_params["queue"] = demo["_id"]
    at = open_page(at, PAGE)
    assert "Cohen's" not in texts(at.markdown)  # read only when asked
    at.toggle(key="lab_admin_on").set_value(True).run()
    kappa = labels.agreement(seeded_db, demo["_id"])["pairs"][0]["kappa"]
    assert f"Cohen's κ {kappa:.2f}" in texts(at.markdown)
    at = open_page(make_app(seeded_db), ACCURACY)
    assert at.title[0].value == "Judge accuracy on your labels"
    table = markdown_table(at, "judge", "metric", "n")  # a Markdown table, not a grid (issue 29)
    assert L.LOGGED in set(table["judge"])
    answers = labels.human_answers(seeded_db)
    settled = sum(1 for a in answers.values() if a.get("verdict"))
    logged = table[(table["judge"] == L.LOGGED) & (table["metric"] == "Faithfulness")].iloc[0]
    assert logged["n"] == settled
    assert "/triage?record=" in texts(at.markdown)  # disagreeing records, one click away
    queries = {r.get("query") for r in labels.labelled_records(seeded_db, list(answers)) if r.get("query")}
    shown = texts(at.markdown)
    assert any(f"- [{md_escape(q[:120])}" in shown for q in queries)  # named by their query (issue 34)


def test_threshold_suggestion_from_labels_is_previewed_then_saved_and_audited(make_app, seeded_db):
    import pytest

    from store.alerts import list_audit
    from store.thresholds import get_thresholds, set_thresholds

    answers = labels.human_answers(seeded_db)
    recs = [r for r in labels.labelled_records(seeded_db, list(answers)) if r["feature"] == "chat"]
    pairs = [(r["eb"]["scores"]["faithfulness"], answers[r["_id"]]["verdict"] == L.HALLUCINATED) for r in recs
             if answers[r["_id"]].get("verdict") and r["eb"]["scores"].get("faithfulness") is not None]
    expected = round(L.suggest_threshold([p[0] for p in pairs], [p[1] for p in pairs]).threshold, 2)
    if abs(get_thresholds(seeded_db)["chat"]["faithfulness"] - expected) < 1e-9:
        # the labels already agree with the threshold in force (nothing to preview): an admin had moved it
        set_thresholds(seeded_db, "chat", {**get_thresholds(seeded_db)["chat"], "faithfulness": round(expected - 0.1, 2)},
                       "admin")
    before = len(list_audit(seeded_db, limit=1000))
    at = open_tab(open_page(make_app(seeded_db), "views/alerts.py"), RULES_TAB)
    at.selectbox(key="alerts_thr_feature").set_value("chat").run()
    assert f"**Faithfulness**: {expected:.2f}" in texts(at.markdown)
    at.button(key="thr_sugg_faithfulness").click().run()
    assert not at.exception
    assert any("would flip" in w.value for w in at.warning), texts(at.warning)
    assert len(list_audit(seeded_db, limit=1000)) == before  # a suggestion alone changes nothing
    at.button(key="alerts_thr_confirm").click().run()
    assert not at.exception
    assert get_thresholds(seeded_db)["chat"]["faithfulness"] == pytest.approx(expected)
    assert len(list_audit(seeded_db, limit=1000)) == before + 1


def test_annotator_labels_and_a_viewer_cannot_label(make_app, seeded_db, tmp_path, monkeypatch):
    from dashboard.access import SESSION_KEY
    from dashboard.auth import User, add_user
    from settings import reset_settings

    users = tmp_path / "users.toml"
    add_user("ada", "ada-password", "admin", users)  # a users file needs an admin (issue 18)
    add_user("nora", "nora-password", "annotator", users)
    add_user("vic", "vic-password", "viewer", users)
    monkeypatch.setenv("EVALBOARD_USERS_FILE", str(users))
    reset_settings()
    try:
        q = _queue(seeded_db, "roles", size=12)
        for name, role, may_label in (("nora", "annotator", True), ("vic", "viewer", False)):
            at = make_app(seeded_db)
            at.session_state[SESSION_KEY] = User(name, role)
            at.query_params["queue"] = q["_id"]
            at = open_page(at, PAGE)
            assert at.button(key="lab_faithful").disabled is (not may_label)
            if may_label:
                rid = labels.next_record(seeded_db, q["_id"], name)
                at.button(key="lab_faithful").click().run()
                assert labels.current_labels(seeded_db, q["_id"], annotator=name, record_id=rid)
                assert not at.toggle(key="lab_admin_on").disabled  # reading is allowed
            else:
                assert "Only a annotator (or higher) can label records" in texts(at.info)
    finally:
        monkeypatch.delenv("EVALBOARD_USERS_FILE")
        reset_settings()
