"""AppTest of the Alerts page's QA workflow: an all-features alert names its features,
acknowledge with comment/assignee/snooze, each channel's state with Send test (delivered by
the real notify job to a real webhook receiver), and the change history as diffs."""
from __future__ import annotations

from datetime import datetime, timedelta, timezone

from settings import reset_settings

from dashboard.components.alert_format import RULES_TAB

from .test_pages_monitor import open_page, open_tab, texts


def _insert_all_features_alert(db, alert_id: str) -> None:
    now = datetime.now(timezone.utc)
    day = now.replace(hour=0, minute=0, second=0, microsecond=0) - timedelta(days=1)
    db["alerts"].insert_one({
        "_id": alert_id, "rule_id": "rule:pass_rate", "rule_name": "Daily pass rate below 90%",
        "feature": "__all__", "severity": "warning", "channel": "qa", "state": "open",
        "message": "Pass rate 82.0% below 90.0% (all features) — driven by clauses 61%, arguments 25%",
        "metric": "pass_rate", "comparison": "lt", "threshold": 0.9, "value": 0.82,
        "drivers": [{"feature": "clauses", "share": 0.61, "value": 0.55, "count": 120},
                    {"feature": "arguments", "share": 0.25, "value": 0.8, "count": 110}],
        "evidence": [{"bucket": day, "value": 0.82, "count": 400}],
        "link": {"feature": "__all__", "start": day, "end": day},
        "first_day": day.date().isoformat(), "last_day": day.date().isoformat(),
        "opened_at": now, "acknowledged_at": None, "acknowledged_by": None, "resolved_at": None,
        "resolved_by": None,
    })


def test_all_features_alert_shows_drivers_and_acknowledge_takes_comment_assignee_snooze(make_app, seeded_db):
    _insert_all_features_alert(seeded_db, "wf-alert-1")
    at = open_page(make_app(), "views/alerts.py")
    shown = texts(at.markdown)
    assert "Driven by" in shown and "clauses **61%**" in shown and "arguments **25%**" in shown
    labels = [link.proto.label for link in at.get("page_link")]
    assert "clauses: failing records" in labels and "arguments: failing records" in labels
    at.text_area(key="alerts_ack_comment_wf-alert-1").input("clauses retriever lost its index")
    at.text_input(key="alerts_ack_assignee_wf-alert-1").input("erin")
    at.selectbox(key="alerts_ack_snooze_wf-alert-1").set_value("1d")
    at.button(key="alerts_ack_wf-alert-1").click().run()
    assert not at.exception, [e.value for e in at.exception]
    doc = seeded_db["alerts"].find_one({"_id": "wf-alert-1"})
    assert doc["state"] == "acknowledged" and doc["acknowledged_by"] == "local"
    assert doc["ack_comment"] == "clauses retriever lost its index" and doc["assignee"] == "erin"
    snooze = doc["snoozed_until"].replace(tzinfo=timezone.utc) if doc["snoozed_until"].tzinfo is None \
        else doc["snoozed_until"]
    assert timedelta(hours=23) < snooze - datetime.now(timezone.utc) <= timedelta(days=1)
    at.segmented_control(key="alerts_state").set_value("acknowledged").run()
    shown = texts(at.markdown)
    assert "assigned to **erin**" in shown and "clauses retriever lost its index" in shown
    # the change history (with the rules) reads as a diff
    frames = [f.value for f in open_tab(at, RULES_TAB).dataframe]
    history = next(f for f in frames if "Change" in f.columns)
    day = (datetime.now(timezone.utc) - timedelta(days=1)).date().isoformat()
    assert any(line.startswith(f"alert “Daily pass rate below 90%” (all features, {day}) · alert acknowledged")
               and line.endswith("by local") for line in history["Change"])
    assert not any("wf-alert-1" in line for line in history["Change"])  # no internal ids


def test_channels_state_and_send_test_through_the_outbox(make_app, seeded_db, monkeypatch):
    from jobs.notify import deliver

    from ..jobs.test_alerts_notify import Receiver

    monkeypatch.delenv("EVALBOARD_WEBHOOK_URL", raising=False)
    monkeypatch.delenv("EVALBOARD_SMTP_HOST", raising=False)
    reset_settings()
    at = open_tab(open_page(make_app(), "views/alerts.py"), "Notifications")
    shown = texts(at.markdown)
    assert "not configured (`EVALBOARD_WEBHOOK_URL is not set`)" in shown
    assert "not configured (`EVALBOARD_SMTP_HOST is not set`)" in shown
    assert at.button(key="alerts_send_test").disabled

    receiver = Receiver()
    monkeypatch.setenv("EVALBOARD_WEBHOOK_URL", receiver.url)
    reset_settings()
    try:
        at = open_tab(open_page(make_app(), "views/alerts.py"), "Notifications")
        shown = texts(at.markdown)
        # shown as it is (a code span), not with Markdown escapes
        assert "✅ **Webhook (Slack-compatible)** — configured: `http://127.0.0.1/…`" in shown
        assert "secret" not in shown  # the webhook's secret path is not shown
        before = seeded_db["notifications"].count_documents({"transition": "test"})
        at.button(key="alerts_send_test").click().run()
        assert not at.exception, [e.value for e in at.exception]
        assert any("Test message queued for 1" in s.value for s in at.success)
        assert seeded_db["notifications"].count_documents({"transition": "test"}) == before + 1
        assert not receiver.posts  # the page never sends: the worker does
        assert deliver(seeded_db)["sent"] >= 1
        assert any("Test notification" in p["text"] for p in receiver.posts)
        at = open_tab(open_page(make_app(), "views/alerts.py"), "Notifications")
        captions = texts(at.caption)
        assert "Last delivery: never" in captions  # e-mail: never
        assert any(line.startswith("Last delivery: 20") for line in captions.splitlines())  # webhook: just now
    finally:
        receiver.close()
        monkeypatch.delenv("EVALBOARD_WEBHOOK_URL", raising=False)
        reset_settings()


def test_rule_editor_shows_what_each_rule_sees_and_is_blind_to(make_app, seeded_db):
    """The seeded demo has ~40 records a day in all: per-feature rules with 50 a day can judge no
    feature day by day, so the table says how each feature is watched (pooled, count test) or not."""
    from core import evidence
    from core import rules as core_rules
    from store.aggregates import daily_history
    from store.alerts import list_rules

    at = open_tab(open_page(make_app(), "views/alerts.py"), RULES_TAB)
    table = next(f.value for f in at.dataframe if "Sees" in f.columns)
    assert "Blind to" in table.columns
    rules = {r["name"]: r for r in list_rules(seeded_db)}
    history = daily_history(seeded_db, datetime.now(timezone.utc) - timedelta(days=evidence.MAX_POOL_DAYS + 2))
    for _, row in table.iterrows():
        rule = rules[row["Rule"]]
        if evidence.is_agreement_rule(rule):  # judged on the agreement figures (none in this database)
            assert row["Sees"] == "—" and row["Blind to"] == "every feature (no data yet)"
            continue
        expected = core_rules.condition(rule).coverage(history)  # the rule kind's own reading
        blind = sorted(f for f, (mode, _) in expected.items() if mode == "blind")
        assert row["Blind to"] == (", ".join(blind) or "—"), row["Rule"]
    per_feature = table[table["Rule"] == "Feature pass rate below 80% for 2 days"].iloc[0]
    assert "(pooled)" in per_feature["Sees"] or "(count test)" in per_feature["Sees"]
    assert "(daily)" not in per_feature["Sees"]  # no feature has 50 records a day here
    shown = texts(at.markdown)
    assert "pooling up to" in shown or "a test on the counts" in shown


def test_trends_for_these_days_keeps_a_week_on_each_side_and_marks_the_alert_days(make_app, seeded_db):
    from urllib.parse import parse_qs

    from dashboard.components import filters

    _insert_all_features_alert(seeded_db, "wf-alert-ctx")
    at = open_page(make_app(), "views/alerts.py")
    links = [link.proto for link in at.get("page_link") if link.proto.label == "Trends for these days"]
    assert links
    day = datetime.now(timezone.utc).date() - timedelta(days=1)  # the inserted alert's one day
    wanted = {"start": (day - timedelta(days=7)).isoformat(), "end": filters.today().isoformat(),
              "mark": f"{day.isoformat()}..{day.isoformat()}", "feature": "all", "metric": "pass_rate"}
    assert any({k: v[0] for k, v in parse_qs(link.query_string).items()} == wanted for link in links)
    # the Overview opened with those parameters shows the fortnight and says which days are the alert's
    over = make_app()
    over.query_params.update(wanted)
    over = open_page(over, "views/overview.py")
    shown = texts(over.caption)
    assert f"The alert's days, {day} to {day}, are shaded red" in shown
    assert over.date_input[0].value == (day - timedelta(days=7), filters.today())


def test_notifications_name_their_alert_in_words_not_by_id(make_app, seeded_db):
    _insert_all_features_alert(seeded_db, "wf-alert-words")
    seeded_db["notifications"].insert_one({
        "_id": "wf-alert-words|opened|webhook", "alert_id": "wf-alert-words", "transition": "opened",
        "channel": "qa", "channel_type": "webhook", "target": "https://hooks.example.org/…", "status": "sent",
        "attempts": 1, "last_error": None, "created_at": datetime.now(timezone.utc), "sent_at": None})
    at = open_tab(open_page(make_app(), "views/alerts.py"), "Notifications")
    frame = next(f.value for f in at.dataframe if "Transition" in f.value.columns)
    row = frame[frame["Alert"].str.startswith("Daily pass rate below 90%")]
    assert not row.empty and "wf-alert-words" not in " ".join(frame["Alert"])


def test_overview_calls_a_logged_rise_under_a_judge_alert_a_possible_judge_change(make_app, seeded_db):
    day = datetime.now(timezone.utc).replace(hour=0, minute=0, second=0, microsecond=0) - timedelta(days=1)
    seeded_db["alerts"].insert_one({
        "_id": "wf-judge", "rule_id": "rule:judge_leniency", "rule_name": "Faithfulness: logged judge more lenient",
        "feature": "chat", "severity": "warning", "channel": "ai", "state": "open", "metric": "faithfulness",
        "statistic": "mean_diff_change", "comparison": "gt", "threshold": 0.05, "value": 0.09,
        "evidence": [{"bucket": day, "value": 0.09, "count": 30}], "link": {"feature": "chat", "start": day, "end": day},
        "first_day": day.date().isoformat(), "last_day": day.date().isoformat(), "opened_at": day})
    try:
        at = open_page(make_app(), "views/overview.py")
        warnings = texts(at.warning)
        assert "Possible judge change: Faithfulness — chat" in warnings and "not an improvement" in warnings
    finally:
        seeded_db["alerts"].delete_one({"_id": "wf-judge"})


def _days_no_alert_starts_on(db, offsets) -> datetime:
    """The first day `offsets` days back on which none of the demo's own (replayed) alerts starts: the
    demo's incidents sit where its calendar puts them, so a fixed offset could share their caption."""
    taken = {a.get("first_day") for a in db["alerts"].find({}, {"first_day": 1})}
    midnight = datetime.now(timezone.utc).replace(hour=0, minute=0, second=0, microsecond=0)
    return next(d for d in (midnight - timedelta(days=k) for k in offsets) if d.date().isoformat() not in taken)


def test_a_replayed_alert_is_dated_by_its_days_in_the_data(make_app, seeded_db):
    day = _days_no_alert_starts_on(seeded_db, range(12, 20))
    now = datetime.now(timezone.utc)
    seeded_db["alerts"].insert_one({
        "_id": "wf-replayed", "rule_id": "rule:feature_pass_rate", "rule_name": "Feature pass rate below 80% for 2 days",
        "feature": "clauses", "severity": "warning", "channel": "qa", "state": "resolved", "replayed": True,
        "message": "Pass rate 70.0% below 80.0% (feature clauses, 2 days)", "metric": "pass_rate",
        "comparison": "lt", "threshold": 0.8, "value": 0.7,
        "evidence": [{"bucket": day, "value": 0.72, "count": 60}, {"bucket": day + timedelta(days=1), "value": 0.7,
                                                                   "count": 61}],
        "link": {"feature": "clauses", "start": day, "end": day + timedelta(days=1)},
        "first_day": day.date().isoformat(), "last_day": (day + timedelta(days=1)).date().isoformat(),
        "cleared_day": (day + timedelta(days=2)).date().isoformat(), "opened_at": now, "resolved_at": now,
        "resolved_by": "auto"})
    try:
        at = make_app()
        at.session_state["alerts_state"] = "resolved"
        at = open_page(at, "views/alerts.py")
        span = f"{day.date()} to {(day + timedelta(days=1)).date()}"
        found = [str(c.value).replace("\\", "") for c in at.caption if "past incident" in str(c.value)]
        [caption] = [c for c in found if f"past incident found in the history: {span}" in c]
        assert f"cleared {(day + timedelta(days=2)).date()}" in caption and " · raised " not in caption
        assert "resolved by" not in caption  # the replay's own time is not the incident's
        assert caption.count(span) == 1  # the days are said once
    finally:
        seeded_db["alerts"].delete_one({"_id": "wf-replayed"})


def test_overview_says_no_data_before_instead_of_a_delta(make_app, seeded_db):
    """The seeded demo has 21 days: a 28-day period's previous 28 days hold no data at all."""
    from dashboard.views.overview import no_comparison

    at = open_page(make_app(), "views/overview.py")
    records = next(m for m in at.metric if m.label == "Records")
    assert records.proto.delta == "no data before"
    day = datetime(2026, 11, 1, tzinfo=timezone.utc)
    docs = [{"bucket": day + timedelta(days=i)} for i in range(10)]
    assert no_comparison(docs, docs[:4]) == "only 4 days of data before"
    assert no_comparison(docs, docs[:5]) is None and no_comparison(docs, []) == "no data before"
