"""The demo-data generator against the real embedded server: counts, quarantine, determinism,
incidents, content that matches the scores, --if-empty."""
from __future__ import annotations

import os
from collections import defaultdict
from datetime import datetime, timedelta, timezone
from statistics import mean

import pytest

from demo.generate import MALFORMED, build_payloads, generate_demo, plan_incidents
from demo.corpus import EXTRA_UNSUPPORTED, GENERIC, PASSAGES, TEMPLATES
from store.collections import RECORDS, REJECTED
from core import metrics
from core.timebuckets import bucket_day

END = datetime(2026, 11, 20, 15, 30, tzinfo=timezone.utc)
DAYS, PER_DAY, SEED = 28, 60, 3
N_REJECTED = sum(1 for _, rejected in MALFORMED if rejected)


@pytest.fixture(scope="module", autouse=True)
def utc_days():
    """The demo writes its records and incidents in UTC days (demo/generate.py), and these tests check its
    content against the default rules at a fixed END, day by day: they run with the product's days in UTC.
    (In a zone west of UTC an incident's last UTC day is not all one local day: in America/New_York the
    viability alert's last day is the 16th for an incident that ends on the 17th.)"""
    from settings import reset_settings

    before = os.environ.get("EVALBOARD_TIMEZONE")
    os.environ["EVALBOARD_TIMEZONE"] = "UTC"
    reset_settings()
    yield
    if before is None:
        os.environ.pop("EVALBOARD_TIMEZONE", None)
    else:
        os.environ["EVALBOARD_TIMEZONE"] = before
    reset_settings()


@pytest.fixture(scope="module")
def demo(mongo_uri):
    """One database loaded once with a small demo run; yields (db, summary line)."""
    from store.client import make_client

    client = make_client(mongo_uri)
    name = f"evalboard_demo_{os.getpid()}"
    db = client[name]
    from store.migrate import migrate
    migrate(db)
    summary = generate_demo(db, days=DAYS, per_day=PER_DAY, seed=SEED, end=END)
    yield db, summary
    client.drop_database(name)
    client.close()


def _payloads(seed: int = SEED):
    return build_payloads(DAYS, PER_DAY, seed, END)


def test_counts_features_and_summary(demo):
    db, summary = demo
    payloads, incidents = _payloads()
    stored = db[RECORDS].count_documents({})
    assert stored == len(payloads) - N_REJECTED
    assert summary.startswith(f"demo records={stored} rejected={N_REJECTED} days={DAYS} incidents: ")
    for incident in incidents:
        assert incident.describe() in summary
    assert "viability faithfulness drop" in summary
    assert set(db[RECORDS].distinct("feature")) == {"chat", "viability", "arguments", "clauses", "drafting"}
    assert db[RECORDS].count_documents({"source": "demo"}) == stored
    # records only in the requested range, none in the future
    first = db[RECORDS].find_one(sort=[("timestamp", 1)])["timestamp"].replace(tzinfo=timezone.utc)
    last = db[RECORDS].find_one(sort=[("timestamp", -1)])["timestamp"].replace(tzinfo=timezone.utc)
    assert first.date() >= (END - timedelta(days=DAYS - 1)).date() and last <= END
    # feature mix roughly chat 45 / clauses 20 / viability 20 / arguments 15
    counts = {f: db[RECORDS].count_documents({"feature": f}) for f in ("chat", "clauses", "viability", "arguments")}
    assert counts["chat"] > counts["clauses"] > 0 and counts["chat"] > 0.35 * stored
    assert counts["arguments"] < counts["chat"]


def test_malformed_payloads_quarantined_or_kept_with_issues(demo):
    db, _ = demo
    rejected = list(db[REJECTED].find({"source": "demo"}))
    assert len(rejected) == N_REJECTED
    reasons = " | ".join(r["reason"] for r in rejected)
    for expected in ("missing query", "unparseable timestamp ('not-a-date')", "faithfulness.score is not a number",
                     "evaluation is not an object"):
        assert expected in reasons
    kept = list(db[RECORDS].find({"demo_malformed": {"$exists": True}}))
    assert len(kept) == len(MALFORMED) - N_REJECTED
    by_kind = defaultdict(list)
    for doc in kept:
        by_kind[doc["demo_malformed"]].append(doc)
    assert all(d["eb"]["scores"]["answer_relevancy"] == 0.82 for d in by_kind["score_string"])
    assert all(d["feature"] == "drafting" for d in by_kind["unknown_feature"])
    [out_of_range] = by_kind["score_out_of_range"]
    assert out_of_range["eb"]["scores"]["contextual_recall"] is None
    assert any("outside 0..1" in issue for issue in out_of_range["eb"]["issues"])
    assert all(d["regeneration_attempts"] == 0 for d in by_kind["missing_regeneration"])
    # malformed ones are spread over the range, not bunched on one day
    days = {d["timestamp"].date() for d in kept}
    assert len(days) >= 5


def test_deterministic_for_a_seed_and_end_date(demo):
    db, _ = demo
    a, inc_a = _payloads()
    b, inc_b = _payloads()
    assert a == b and inc_a == inc_b
    c, _ = _payloads(seed=SEED + 1)
    assert {p["_id"] for p in a}.isdisjoint({p["_id"] for p in c})
    assert [p["evaluation"] for p in a[:50]] != [p["evaluation"] for p in c[:50]]
    # what is stored is exactly what the generator produced
    valid = {p["_id"]: p for p in a if p.get("demo_malformed") not in {k for k, r in MALFORMED if r}}
    stored = {d["_id"]: d for d in db[RECORDS].find({}, {"evaluation": 1})}
    assert set(stored) == set(valid)
    sample = sorted(stored)[:200]
    for _id in sample:
        if valid[_id].get("demo_malformed"):
            continue
        logged = [m for m in metrics.names() if m in valid[_id]["evaluation"]]  # what the product logs
        assert logged and {m: stored[_id]["evaluation"][m]["score"] for m in logged} == \
               {m: valid[_id]["evaluation"][m]["score"] for m in logged}


def _daily(db, feature: str, metric: str) -> dict:
    per_day = defaultdict(list)
    for doc in db[RECORDS].find({"feature": feature, "demo_malformed": {"$exists": False}},
                                {"timestamp": 1, "eb.scores": 1}):
        per_day[doc["timestamp"].date()].append(doc["eb"]["scores"][metric])
    return {day: mean(values) for day, values in per_day.items()}


def test_faithfulness_incident_visible(demo):
    db, _ = demo
    [drop] = [i for i in plan_incidents(DAYS, END) if i.key == "faithfulness_drop"]
    assert (drop.end - drop.start).days == 4
    daily = _daily(db, "viability", "faithfulness")
    incident_days = [d for d in daily if drop.start <= d <= drop.end]
    normal_days = [d for d in daily if not drop.start <= d <= drop.end]
    assert len(incident_days) == 5 and len(normal_days) >= 14
    assert all(daily[d] < 0.7 for d in incident_days), {d: daily[d] for d in incident_days}
    assert all(daily[d] > 0.8 for d in normal_days), {d: daily[d] for d in normal_days}
    # other features are not hit by it
    chat = _daily(db, "chat", "faithfulness")
    assert all(chat[d] > 0.8 for d in incident_days)


def test_regeneration_follows_failure_and_pass_rates(demo):
    db, _ = demo
    docs = list(db[RECORDS].find({"demo_malformed": {"$exists": False}},
                                 {"regeneration_attempts": 1, "eb": 1, "feature": 1, "timestamp": 1}))
    failed = [d for d in docs if d["eb"]["passed"] is False]
    first_try = [d for d in docs if d["regeneration_attempts"] == 0]
    assert failed and all(d["regeneration_attempts"] == 3 for d in failed)  # gave up after three
    assert all(d["eb"]["passed"] for d in first_try)
    assert {d["regeneration_attempts"] for d in docs} == {0, 1, 2, 3}
    # normal days: pass rate in the 85-97% band, regeneration rate under the 20% alert
    planned = plan_incidents(DAYS, END)
    normal = [d for d in docs if not any(i.start <= d["timestamp"].date() <= i.end for i in planned)]
    pass_rate = sum(d["eb"]["passed"] for d in normal) / len(normal)
    regen_rate = sum(d["regeneration_attempts"] > 0 for d in normal) / len(normal)
    assert 0.85 <= pass_rate <= 0.97, pass_rate
    assert 0.05 <= regen_rate <= 0.2, regen_rate
    # stricter features fail more than chat
    def rate(feature):
        rows = [d for d in normal if d["feature"] == feature]
        return sum(d["eb"]["passed"] for d in rows) / len(rows)
    assert rate("chat") > rate("arguments") and rate("chat") > rate("clauses")


def _average_precision(flags: list[bool]) -> float:
    hits, total = 0, 0.0
    for rank, flag in enumerate(flags, 1):
        if flag:
            hits += 1
            total += hits / rank
    return total / hits if hits else 0.0


def test_content_matches_scores():
    payloads, _ = _payloads()
    templates = {(t.feature, t.query): t for t in TEMPLATES}
    unsupported_all = {c for t in TEMPLATES for c in t.unsupported} | set(EXTRA_UNSUPPORTED)
    seen = defaultdict(int)
    for p in payloads:
        if p.get("demo_malformed"):
            continue
        t = templates[(p["feature"], p["query"])]
        limits = metrics.default_thresholds()[p["feature"]]
        ev = p["evaluation"]
        overall = sum(w * ev[m]["score"] for m, w in
                      zip(metrics.names(), (0.35, 0.30, 0.20, 0.15)))
        assert abs(ev["overall_quality"]["score"] - overall) < 1e-3
        has_unsupported = any(c in p["answer"] for c in unsupported_all)
        if ev["faithfulness"]["passed"]:
            assert not has_unsupported
        else:
            assert has_unsupported and "not supported" in ev["faithfulness"]["reason"]
            seen["unfaithful"] += 1
        relevant_texts = [PASSAGES[pid].text[:60] for pid in t.relevant]
        flags = [any(chunk[:40] == text[:40] for text in relevant_texts) for chunk in p["context"]]
        ap = _average_precision(flags)
        assert (ap >= limits["contextual_precision"]) == ev["contextual_precision"]["passed"]
        if not ev["contextual_precision"]["passed"]:
            assert "irrelevant" in ev["contextual_precision"]["reason"]
            seen["imprecise"] += 1
        if ev["answer_relevancy"]["score"] < 0.5:
            assert any(p["answer"].startswith(g) for g in GENERIC[p["feature"]])
        if not ev["contextual_recall"]["passed"]:
            assert "Missing" in ev["contextual_recall"]["reason"] or "Only part" in ev["contextual_recall"]["reason"]
            seen["incomplete"] += 1
        assert p["_id"].startswith("eval_") and p["timestamp"].endswith("Z")
        assert p["session_id"].startswith(p["feature"] + "_")
    assert seen["unfaithful"] and seen["imprecise"] and seen["incomplete"]


def test_only_if_empty_and_cli(db, capsys):
    from jobs.__main__ import main

    first = generate_demo(db, days=3, per_day=10, seed=1, only_if_empty=True, end=END)
    assert first.startswith("demo records=")
    count = db[RECORDS].count_documents({})
    assert count > 0
    again = generate_demo(db, days=3, per_day=10, seed=1, only_if_empty=True, end=END)
    assert "skipped" in again
    assert db[RECORDS].count_documents({}) == count
    assert main(["demo", "--days", "2", "--per-day", "5", "--if-empty"]) == 0
    assert "skipped" in capsys.readouterr().out
    assert db[RECORDS].count_documents({}) == count


def test_default_rules_catch_the_demo_incidents_and_notify(demo, monkeypatch):
    """Demo data -> aggregates -> the three default rules: the faithfulness drop and the
    regeneration spike become alerts on their own days (replayed quietly, resolved when they
    ended); what is open on the last day is delivered to a real webhook receiver and SMTP server."""
    import json
    import socket
    import threading
    from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

    from aiosmtpd.controller import Controller

    from jobs.aggregate import refresh
    from jobs.alerts import evaluate
    from jobs.notify import deliver
    from settings import reset_settings
    from store.collections import ALERTS, NOTIFICATIONS

    db, _ = demo
    posts, mails = [], []

    class Hook(BaseHTTPRequestHandler):
        def do_POST(self):  # noqa: N802
            posts.append(json.loads(self.rfile.read(int(self.headers["Content-Length"]))))
            self.send_response(200)
            self.end_headers()

        def log_message(self, *args):
            pass

    class Mailbox:
        async def handle_DATA(self, server, session, envelope):  # noqa: N802
            mails.append(envelope.rcpt_tos)
            return "250 OK"

    hook = ThreadingHTTPServer(("127.0.0.1", 0), Hook)
    threading.Thread(target=hook.serve_forever, daemon=True).start()
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        smtp_port = s.getsockname()[1]
    smtp = Controller(Mailbox(), hostname="127.0.0.1", port=smtp_port)
    smtp.start()
    monkeypatch.setenv("EVALBOARD_WEBHOOK_URL", f"http://127.0.0.1:{hook.server_address[1]}/hook")
    monkeypatch.setenv("EVALBOARD_SMTP_HOST", "127.0.0.1")
    monkeypatch.setenv("EVALBOARD_SMTP_PORT", str(smtp_port))
    reset_settings()
    try:
        # this demo is small (60 records a day, ~15 per feature): judge days of 5 records and more
        db["alert_rules"].update_many({"kind": "rule"}, {"$set": {"min_count": 5}})
        refresh(db, full=True, now=END)
        first = evaluate(db, now=END)
        incidents = {i.key: i for i in plan_incidents(DAYS, END)}

        def alerts(rule, feature):
            return list(db[ALERTS].find({"rule_id": rule, "feature": feature}))

        drop = incidents["faithfulness_drop"]
        [crit] = [a for a in alerts("rule:faithfulness", "viability")
                  if drop.start <= bucket_day(a["link"]["start"]) <= drop.end]
        assert crit["severity"] == "critical" and crit["state"] == "resolved" and crit["replayed"] is True
        assert bucket_day(crit["link"]["end"]) == drop.end  # one alert for the whole incident, not one per day
        assert crit["cleared_day"] == (drop.end + timedelta(days=1)).isoformat()  # the next day was good
        spike = incidents["regeneration_spike"]
        assert any(spike.start <= bucket_day(a["link"]["start"]) <= spike.end for a in alerts("rule:regen_rate", "__all__"))
        assert not alerts("rule:faithfulness", "chat")  # chat was never hit
        # only alerts still open on the last day notify, and each once
        open_now = list(db[ALERTS].find({"state": "open"}))
        assert open_now  # the "open now" regression of the last days
        assert {n["alert_id"] for n in db[NOTIFICATIONS].find()} == {a["_id"] for a in open_now}
        result = deliver(db, now=END)
        assert result["failed"] == 0 and len(posts) == len(open_now) and len(mails) == len(open_now)
        again = evaluate(db, now=END + timedelta(minutes=5))
        assert again["opened"] == 0 and db[ALERTS].count_documents({}) == first["opened"]
    finally:
        smtp.stop()
        hook.shutdown()
        reset_settings()
