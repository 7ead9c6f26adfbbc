"""AppTest of the monitor pages (Overview, Features, Alerts, Reports, Data health)
against a real embedded server with demo data (fixtures in conftest.py)."""
from __future__ import annotations

import json
import re
import socket
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pandas as pd
import pytest

from dashboard.common import fmt_pct, fmt_score, md_escape
from dashboard.components.alert_format import RULES_TAB

ALL = "__all__"
PAGES = Path(__file__).resolve().parents[3] / "dashboard" / "views"


def open_page(at, page: str):
    """Run the app once (st.navigation registers its pages), then open `page`."""
    at.run()
    at.switch_page(page)
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def open_tab(at, label: str, key: str | None = None):
    """Open a tab of a page whose tabs run only when open (`key`: the tabs' key, the Alerts page's by
    default), as a click on it would."""
    from dashboard.components.alert_format import TAB_KEY

    at.session_state[key or TAB_KEY] = label
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def overview_charts(at) -> list:
    """Every Overview trend chart: each trends tab opened in turn (only the open tab's charts are built)."""
    from dashboard.components.page_tabs import TREND_TAB_KEY, TREND_TABS

    found = []
    for tab in TREND_TABS:
        found += list(open_tab(at, tab, TREND_TAB_KEY).get("vega_lite_chart"))
    return found


def _cells(line: str) -> list[str]:
    """A Markdown table row's cells as a reader sees them: split on unescaped pipes, escapes and the
    invisible word joiners (no_autolinks) taken out."""
    parts = [re.sub(r"^:[a-z]+-background\[(.*)\]$", r"\1", p.strip())  # a tinted row's cells
             for p in re.split(r"(?<!\\)\|", line.strip())[1:-1]]
    return [re.sub(r"\\(.)", r"\1", p).replace("\u2060", "") for p in parts]


def _numbers(column: pd.Series) -> pd.Series:
    try:
        return pd.to_numeric(column)
    except (TypeError, ValueError):
        return column


def markdown_tables(at) -> list[pd.DataFrame]:
    """Every Markdown table on the page (components/plain_table.py draws small tables so), "—" read as empty
    and numeric columns as numbers."""
    tables = []
    for element in at.markdown:
        lines = [ln for ln in str(element.value).splitlines() if ln.strip().startswith("|")]
        if len(lines) < 2 or not re.fullmatch(r"\|(?:\s*-+:?\s*\|)+", lines[1].strip()):
            continue
        rows = [[None if c == "—" else c for c in _cells(ln)] for ln in lines[2:]]
        frame = pd.DataFrame(rows, columns=_cells(lines[0]))
        tables.append(frame.apply(_numbers))
    return tables


def markdown_table(at, *columns: str) -> pd.DataFrame:
    """The page's Markdown table that has these columns."""
    return next(t for t in markdown_tables(at) if set(columns) <= set(t.columns))


def metric(at, label: str):
    found = [m for m in at.metric if m.label == label]
    assert found, f"no metric {label!r} in {[m.label for m in at.metric]}"
    return found[0]


def texts(elements) -> str:
    return "\n".join(str(e.value) for e in elements)


def daily(db, feature: str, start, end) -> list[dict]:
    """The daily aggregates of the local days start..end (EVALBOARD_TIMEZONE: a bucket is local midnight)."""
    from core.timebuckets import bucket_day, days_range
    from store.aggregates import get_aggregates

    docs = get_aggregates(db, "day", *days_range(start, end), [feature])
    return [d for d in docs if d["feature"] == feature and start <= bucket_day(d["bucket"]) <= end]


def latest_day(db):
    from core.timebuckets import bucket_day, today

    return max(bucket_day(d["bucket"]) for d in daily(db, ALL, today() - timedelta(days=730), today() + timedelta(days=2)))


def expected_kpis(docs: list[dict]) -> dict:
    """The KPI numbers computed independently from the aggregate documents."""
    count = sum(d.get("count") or 0 for d in docs)
    passed = sum(d.get("passed") or 0 for d in docs)
    failing = sum(d.get("failing") or 0 for d in docs)
    blocks = [(d.get("metrics") or {}).get("faithfulness") or {} for d in docs]
    weighted = [(b["mean"], b["n"]) for b in blocks if b.get("mean") is not None and b.get("n")]
    faith = sum(m * n for m, n in weighted) / sum(n for _, n in weighted) if weighted else None
    return {"count": count, "pass_rate": passed / (passed + failing) if passed + failing else None,
            "faithfulness": faith}


# --- Overview ------------------------------------------------------------------------------

def test_overview_kpis_equal_the_aggregates(make_app, seeded_db):
    at = open_page(make_app(), "views/overview.py")
    assert at.title[0].value == "Overview"
    end = latest_day(seeded_db)
    want = expected_kpis(daily(seeded_db, ALL, end - timedelta(days=27), end))
    assert want["count"] > 0
    assert metric(at, "Records").value == f"{want['count']:,}"
    assert metric(at, "Pass rate").value == fmt_pct(want["pass_rate"])
    assert metric(at, "Faithfulness").value == fmt_score(want["faithfulness"])
    assert len(overview_charts(at)) >= 7  # 5 scores, pass rate, regeneration, volume
    assert not at.error


def test_overview_follows_query_params_from_alert_links(make_app, seeded_db):
    end = latest_day(seeded_db)
    start = end - timedelta(days=4)
    at = make_app()
    at.run()
    at.switch_page("views/overview.py")
    at.query_params.update({"feature": "viability", "start": start.isoformat(), "end": end.isoformat()})
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    assert at.selectbox(key="overview_feature").value == "viability"
    want = expected_kpis(daily(seeded_db, "viability", start, end))
    assert metric(at, "Records").value == f"{want['count']:,}"
    # the weekly toggle redraws the trends without errors
    at.segmented_control(key="overview_granularity").set_value("Weekly").run()
    assert not at.exception
    # a hostile parameter is ignored, not passed to a query
    at2 = make_app()
    at2.run()
    at2.switch_page("views/overview.py")
    at2.query_params.update({"feature": '{"$ne": 1}', "start": "yesterday"})
    at2.run()
    assert not at2.exception
    assert at2.selectbox(key="overview_feature").value == ALL


def test_overview_empty_database_says_how_to_get_data(make_app, db):
    at = open_page(make_app(db), "views/overview.py")
    assert "No data yet" in texts(at.info)


def test_pages_survive_gaps_and_odd_values_in_aggregates(make_app, db):
    """None means, a missing metrics block, a string count: pages show "—", never crash."""
    day = datetime.now(timezone.utc).replace(hour=0, minute=0, second=0, microsecond=0)
    docs = []
    for i, feature in enumerate(["chat", "viability", ALL]):
        docs.append({"_id": f"{day.date()}|{feature}", "bucket": day, "feature": feature, "count": 3, "passed": None,
                     "failing": None, "pass_rate": None,
                     "metrics": {"faithfulness": {"mean": None, "p10": None, "p50": None, "p90": None, "n": 0}},
                     "regen_rate": None, "regen_mean": None, "missing_scores": 3, "computed_at": day})
        prev = day - timedelta(days=1)
        docs.append({"_id": f"{prev.date()}|{feature}", "bucket": prev, "feature": feature, "count": "12"})
    db["aggregates_daily"].insert_many(docs)
    monday = day - timedelta(days=day.weekday())
    db["aggregates_weekly"].insert_one({"_id": f"{monday.date()}|{ALL}", "bucket": monday, "feature": ALL,
                                        "count": 3, "metrics": None})
    at = open_page(make_app(db), "views/overview.py")
    assert metric(at, "Pass rate").value == "—"
    assert metric(at, "Faithfulness").value == "—"
    at.segmented_control(key="overview_granularity").set_value("Weekly").run()
    assert not at.exception, [e.value for e in at.exception]
    at = open_page(make_app(db), "views/features.py")
    assert not at.exception


# --- Features ------------------------------------------------------------------------------

def test_features_page_shows_heatmap_quadrant_and_thresholds(make_app, seeded_db):
    from dashboard.components.page_tabs import FEATURE_DETAIL_TABS as DETAIL_TABS, FEATURE_DETAILS_KEY as DETAILS_KEY

    at = open_page(make_app(), "views/features.py")
    assert at.title[0].value == "Features"
    assert len(at.get("vega_lite_chart")) == 3  # 2 heatmaps and the trend: the other tabs run when opened
    tabs = [tab.label for tab in at.tabs]
    assert any("Precision vs faithfulness" in label for label in tabs) and "Thresholds in force" in tabs
    at.selectbox(key="features_trend_metric").set_value("pass_rate").run()
    assert not at.exception
    open_tab(at, DETAIL_TABS[1], DETAILS_KEY)
    assert len(at.get("vega_lite_chart")) == 3  # 2 heatmaps and the quadrant
    diagnosis = next(df.value for df in at.dataframe if "Diagnosis" in df.value.columns)
    assert {"chat", "viability"} <= set(diagnosis["Feature"])
    open_tab(at, DETAIL_TABS[3], DETAILS_KEY)
    thresholds = next(df.value for df in at.dataframe if "Faithfulness" in df.value.columns)
    assert thresholds.set_index("Feature").loc["clauses", "Faithfulness"] == pytest.approx(0.95)


# --- Alerts --------------------------------------------------------------------------------

def _insert_alert(db, alert_id: str) -> None:
    now = datetime.now(timezone.utc)
    day = now.replace(hour=0, minute=0, second=0, microsecond=0) - timedelta(days=2)
    db["alerts"].insert_one({
        "_id": alert_id, "rule_id": "test-rule", "rule_name": "Test: pass rate below 90% <b>bold</b>",
        "feature": "viability", "severity": "critical", "channel": "qa", "state": "open",
        "message": "viability pass rate 0.81 < 0.90", "metric": "pass_rate", "comparison": "lt",
        "threshold": 0.9, "value": 0.81, "evidence": [{"bucket": day, "value": 0.81}],
        "link": {"feature": "viability", "start": day.date().isoformat(), "end": day.date().isoformat()},
        "opened_at": now, "acknowledged_at": None, "acknowledged_by": None, "resolved_at": None,
        "resolved_by": None,
    })


def test_alert_acknowledge_and_resolve_record_who(make_app, seeded_db):
    _insert_alert(seeded_db, "test-alert-1")
    at = open_page(make_app(), "views/alerts.py")
    assert md_escape("Test: pass rate below 90%") in texts(at.markdown)  # drawn as "Test: pass rate..."
    assert "\\<b\\>bold\\</b\\>" in texts(at.markdown)  # the rule name is escaped, not HTML
    links = [link for link in at.get("page_link")]
    assert links, "an alert links to Overview and Triage"
    at.button(key="alerts_ack_test-alert-1").click().run()
    assert not at.exception, [e.value for e in at.exception]
    doc = seeded_db["alerts"].find_one({"_id": "test-alert-1"})
    assert doc["state"] == "acknowledged" and doc["acknowledged_by"] == "local"
    at.segmented_control(key="alerts_state").set_value("acknowledged").run()
    at.button(key="alerts_resolve_test-alert-1").click().run()
    doc = seeded_db["alerts"].find_one({"_id": "test-alert-1"})
    assert doc["state"] == "resolved" and doc["resolved_by"] == "local"


def test_viewer_cannot_acknowledge_or_edit(make_app, seeded_db, tmp_path, monkeypatch):
    from dashboard.auth import User, add_user
    from settings import reset_settings

    users = tmp_path / "users.toml"
    add_user("ada", "admin-password", "admin", users)  # issue 18: a users file needs an admin
    add_user("vera", "long-enough-pw", "viewer", users)
    monkeypatch.setenv("EVALBOARD_USERS_FILE", str(users))
    reset_settings()
    _insert_alert(seeded_db, "test-alert-viewer")
    at = make_app()
    at.session_state["auth_user"] = User("vera", "viewer")
    open_page(at, "views/alerts.py")
    assert at.button(key="alerts_ack_test-alert-viewer").disabled
    assert any("Only a reviewer" in i.value for i in at.info)
    open_tab(at, RULES_TAB)
    assert at.button(key="alerts_thr_save").disabled
    assert any("Only a admin" in i.value or "Only an admin" in i.value for i in at.info)
    monkeypatch.delenv("EVALBOARD_USERS_FILE")
    reset_settings()


def test_threshold_editor_refuses_invalid_and_audits_valid(make_app, seeded_db):
    from store.alerts import list_audit
    from store.thresholds import get_thresholds

    before_doc = seeded_db["alert_rules"].find_one({"_id": "threshold:chat"})
    before_audit = len(list_audit(seeded_db, limit=1000))
    at = open_tab(open_page(make_app(), "views/alerts.py"), RULES_TAB)
    at.selectbox(key="alerts_thr_feature").set_value("chat").run()
    at.number_input(key="alerts_thr_chat_faithfulness").set_value(1.5)
    at.button(key="alerts_thr_save").click().run()
    assert not at.exception, [e.value for e in at.exception]
    assert any("Not saved" in e.value for e in at.error), texts(at.error)
    assert at.number_input(key="alerts_thr_chat_faithfulness").value == 1.5  # the form keeps what was typed
    assert seeded_db["alert_rules"].find_one({"_id": "threshold:chat"}) == before_doc
    assert len(list_audit(seeded_db, limit=1000)) == before_audit

    from store.thresholds import preview_change

    expected = preview_change(seeded_db, "chat", {**get_thresholds(seeded_db)["chat"], "faithfulness": 0.82})
    at.number_input(key="alerts_thr_chat_faithfulness").set_value(0.82)
    at.button(key="alerts_thr_save").click().run()
    assert not at.exception
    assert not any("Not saved" in e.value for e in at.error), texts(at.error)
    # first the preview: how many of the last 7 days' records would flip; nothing saved yet
    assert any(f"{expected['flips']} records in the last 7 days would flip" in w.value for w in at.warning), \
        texts(at.warning)
    assert len(list_audit(seeded_db, limit=1000)) == before_audit
    at.button(key="alerts_thr_confirm").click().run()
    assert not at.exception
    assert any("Saved chat thresholds" in s.value for s in at.success)
    # the save returns at once: the worker is asked to recompute now, in its recompute lane (issue 29),
    # and the editor follows it
    assert "aggregate" in seeded_db["evalboard_state"].find_one({"_id": "jobs_wanted:recompute"})["jobs"]
    at.run()
    assert any("pass/fail of chat is recomputed by the worker" in i.value for i in at.info), texts(at.info)
    assert get_thresholds(seeded_db)["chat"]["faithfulness"] == pytest.approx(0.82)
    audit = list_audit(seeded_db, limit=1000)
    assert len(audit) == before_audit + 1
    assert "local" in json.dumps(audit[0], default=str)


def test_notifications_failed_delivery_is_highlighted(make_app, seeded_db):
    seeded_db["notifications"].insert_one({
        "_id": "test-notification-1", "alert_id": "test-alert-1", "transition": "opened",
        "channel_type": "webhook", "target": "https://hooks.example.com/services/SECRET-TOKEN",
        "status": "failed", "attempts": 5, "last_error": "HTTP 500 from receiver",
        "next_attempt_at": None, "created_at": datetime.now(timezone.utc), "sent_at": None,
    })
    at = open_tab(open_page(make_app(), "views/alerts.py"), "Notifications")
    errors = texts(at.error)
    assert "HTTP 500 from receiver" in errors
    assert "SECRET-TOKEN" not in errors  # webhook secrets are not shown
    at.button(key="alerts_retry_test-notification-1").click().run()
    assert not at.exception
    assert seeded_db["notifications"].find_one({"_id": "test-notification-1"})["status"] == "pending"


# --- Reports -------------------------------------------------------------------------------

def test_build_report_now_is_queued_for_the_worker_and_read_when_done(make_app, seeded_db):
    from jobs.runner import run_tick

    seeded_db["reports"].delete_many({})
    seeded_db["report_requests"].delete_many({})
    seeded_db["evalboard_state"].delete_one({"_id": "jobs_wanted"})
    at = open_page(make_app(), "views/reports.py")
    at.button(key="reports_build").click().run(timeout=60)
    # the worker is asked for the report job at once, beside any tick (the request lane)
    assert "report" in seeded_db["evalboard_state"].find_one({"_id": "jobs_wanted"})["jobs"]
    assert not at.exception, [e.value for e in at.exception]
    # the page only queued it: nothing was built in the dashboard's process
    assert seeded_db["reports"].count_documents({}) == 0
    [request] = list(seeded_db["report_requests"].find())
    assert request["state"] == "queued" and request["requested_by"]
    assert any("queued" in s.value for s in at.success), texts(at.success)
    assert "queued" in texts(at.caption)
    run_tick(seeded_db, worker="test")  # the worker's next tick builds it
    assert seeded_db["report_requests"].find_one({"_id": request["_id"]})["state"] == "done"
    at.run(timeout=60)
    assert not at.exception, [e.value for e in at.exception]
    assert seeded_db["reports"].count_documents({"_id": request["_id"]}) == 1
    assert any("built" in s.value for s in at.success), texts(at.success)
    assert at.selectbox(key="reports_week").value is not None
    assert len(at.get("download_button")) == 2
    bodies = {(doc.get("markdown") or "").strip()[:300] for doc in seeded_db["reports"].find({}, {"markdown": 1})}
    assert any(m.value.strip()[:300] in bodies for m in at.markdown), "the selected report's Markdown is rendered"


# --- Data health ---------------------------------------------------------------------------

def test_health_counts_and_reingest_of_a_fixed_record(make_app, seeded_db):
    from store.records import quarantine

    raw = {"_id": "reingest-me-1", "query": "What is Section 138 of the NI Act?", "answer": "Dishonour of cheque.",
           "context": ["Section 138: dishonour of cheque"], "feature": "chat",
           "evaluation": {"faithfulness": {"score": 0.9}}}
    quarantine(seeded_db, [(raw, "missing timestamp", "test.jsonl")])
    rejected = seeded_db["rejected"].find_one({"raw._id": "reingest-me-1"})
    at = open_page(make_app(), "views/health.py")
    assert metric(at, "Database").value == "up"
    assert metric(at, "Total").value == f"{seeded_db['records'].estimated_document_count():,}"
    assert "health_edit_" + str(rejected["_id"]) not in at.session_state  # a closed entry builds no payload
    at.session_state[f"health_open_{rejected['_id']}"] = True  # open the entry (as a click on it)
    at.run()
    assert "missing timestamp" in texts(at.markdown)
    area = at.text_area(key=f"health_edit_{rejected['_id']}")
    # still broken: the new reason is shown, nothing inserted
    area.set_value(json.dumps({**raw, "timestamp": "not a date"}))
    at.button(key=f"health_reingest_{rejected['_id']}").click().run()
    assert not at.exception
    assert any("unparseable timestamp" in e.value for e in at.error), texts(at.error)
    assert seeded_db["records"].find_one({"_id": "reingest-me-1"}) is None
    # fixed: inserted, quarantine entry marked with who and when
    at.text_area(key=f"health_edit_{rejected['_id']}").set_value(
        json.dumps({**raw, "timestamp": "2026-10-01T10:00:00Z"}))
    at.button(key=f"health_reingest_{rejected['_id']}").click().run()
    assert not at.exception, [e.value for e in at.exception]
    record = seeded_db["records"].find_one({"_id": "reingest-me-1"})
    assert record is not None and record["feature"] == "chat"
    entry = seeded_db["rejected"].find_one({"_id": rejected["_id"]})
    assert entry["status"] == "reingested" and entry["reingested_by"] == "local"
    assert any("Re-ingested" in s.value for s in at.success)


# --- outage --------------------------------------------------------------------------------

def _closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_database_down_shows_a_message_not_a_traceback(make_app, seeded_db, monkeypatch):
    """Each page run on its own (no navigation run first: one 3 s server-selection wait per page)."""
    import streamlit as st
    from streamlit.testing.v1 import AppTest

    from dashboard.common import database
    from settings import reset_settings
    from store.client import reset_client

    monkeypatch.setenv("MONGODB_URI", f"mongodb://127.0.0.1:{_closed_port()}/down")
    reset_settings()
    reset_client()
    for page in ("overview", "features", "alerts", "reports", "health"):
        st.cache_data.clear()
        database.clear()
        at = AppTest.from_file(str(PAGES / f"{page}.py"), default_timeout=60).run()
        assert not at.exception, (page, [e.value for e in at.exception])
        assert any("not reachable" in e.value for e in at.error), (page, texts(at.error))
        assert any(b.label == "Retry" for b in at.button), page
    reset_client()
    reset_settings()


def test_uri_shown_without_credentials():
    from store.health import redact_uri

    assert redact_uri("mongodb://qa:s3cret@db.example.com:27017/evalboard?authSource=admin&tls=true") \
        == "mongodb://db.example.com:27017/evalboard"
    assert redact_uri("mongodb+srv://u:p@cluster0.abc.mongodb.net/x") == "mongodb+srv://cluster0.abc.mongodb.net/x"
    assert redact_uri("mongodb://127.0.0.1:27018/evalboard") == "mongodb://127.0.0.1:27018/evalboard"


def test_closed_boxes_build_nothing_until_opened(make_app, seeded_db):
    """Issue 29: Data health's recent runs and term list are built only while their box is open (each closed
    table or editor cost a new browser tab its drawing); opened, they are there."""
    at = open_page(make_app(), "views/health.py")
    assert "health_privacy_terms" not in at.session_state
    tables = len(at.dataframe)
    at.session_state["health_privacy_terms_open"] = True
    at.session_state["health_recent_open"] = True
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    assert at.text_area(key="health_privacy_terms") is not None
    assert len(at.dataframe) == tables + 1  # the recent runs
