"""Personal data never reaches the database, the logs or an export (issue 31): a fixture full of it
goes in by file (`python -m jobs ingest`, one record unreadable) and straight into `records` (adopt);
a reviewer's note carries some too. Then every collection, the log output and both exports are
searched for the raw values. Also: report mode, and `python -m jobs redact` over older records."""
from __future__ import annotations

import json
import logging
import re
from datetime import datetime, timedelta, timezone

from settings import reset_settings

NOW = datetime(2026, 5, 4, 10, 0, tzinfo=timezone.utc)
RAW = {  # value -> the other spellings the fixture uses
    "ravi.kumar@gmail.com": ["RAVI.KUMAR@gmail.com"], "+91 98765 43210": ["9876543210", "98765-43210"],
    "2345 6789 0124": ["234567890124"], "ABCPK1234F": [], "SBIN0001234": [], "50100123456789": [],
    "4111 1111 1111 1111": [], "192.168.10.20": [], "Ramesh Chandra Gupta": [], "anita.iyer@yahoo.co.in": [],
    "+44 20 7946 0958": [], "7012345678": [],
}


def _all_raw() -> list[str]:
    values = [v for key, more in RAW.items() for v in (key, *more)]
    return values + [re.sub(r"\D", "", v) for v in values if re.sub(r"\D", "", v) and len(re.sub(r"\D", "", v)) > 9]


def _payload(i: int) -> dict:
    return {
        "_id": f"priv-{i}", "session_id": f"sess-{i}", "feature": "chat",
        "timestamp": (NOW - timedelta(hours=i)).isoformat(),
        "query": "Ramesh Chandra Gupta (ravi.kumar@gmail.com, +91 98765 43210) asks: is Section 138 NI Act made out?",
        "answer": "Yes. Reach him on 9876543210; his Aadhaar 2345 6789 0124 and PAN ABCPK1234F are on file.",
        "context": ["Client: RAVI.KUMAR@gmail.com, mobile 98765-43210, Aadhaar 234567890124.",
                    "Section 138 of the NI Act: dishonour of cheque for insufficiency of funds."],
        "expected_output": "Pay into A/c No. 50100123456789, IFSC SBIN0001234.",
        "history": ["I paid by card 4111 1111 1111 1111 from 192.168.10.20"],
        "notes": "call +44 20 7946 0958",
        "evaluation": {"faithfulness": {"score": 0.9, "threshold": 0.8, "passed": True,
                                        "reason": "supported: the mobile 9876543210 is in chunk 1"},
                       "answer_relevancy": {"score": 0.9}, "contextual_precision": {"score": 0.9},
                       "contextual_recall": {"score": 0.9}},
        "regeneration_attempts": 0,
    }


def _dump_everything(db) -> str:
    """Every document of every collection, but the admin's term list (it is the list of names to hide)."""
    return "\n".join(json.dumps(doc, default=str, ensure_ascii=False)
                     for name in db.list_collection_names() for doc in db[name].find({"_id": {"$ne": "privacy_terms"}}))


def test_no_raw_value_is_stored_logged_or_exported(db, tmp_path, capsys, caplog):
    from dashboard.components.export import to_csv, to_jsonl
    from jobs.__main__ import main
    from jobs.adopt import adopt_logged_records
    from store.privacy import daily_counts, set_terms
    from store.triage import build_filter, iter_export, update_triage

    set_terms(db, "# clients\nRamesh Chandra Gupta\n", "admin")
    bad = dict(_payload(9), timestamp="next tuesday, call 7012345678")  # unreadable: quarantined
    path = tmp_path / "fixture.jsonl"
    path.write_text("\n".join(json.dumps(p) for p in [_payload(1), _payload(2), bad]) + "\n")
    caplog.set_level(logging.INFO)  # what the jobs log at (pymongo's DEBUG echoes this test's own raw insert)
    assert main(["ingest", str(path)]) == 0
    db.records.insert_one({**_payload(3), "query": "anita.iyer@yahoo.co.in asks about Article 21"})  # the product
    assert adopt_logged_records(db)["adopted"] == 1
    update_triage(db, "priv-1", "admin", note="Spoke to Ramesh Chandra Gupta on 9876543210")
    docs = list(iter_export(db, build_filter(start=NOW - timedelta(days=3), end=NOW), 100))
    assert len(docs) == 3
    exports = to_jsonl(docs) + to_csv(docs)
    out = capsys.readouterr()
    everything = "\n".join([_dump_everything(db), out.out, out.err, caplog.text, exports])
    leaked = [v for v in _all_raw() if v.lower() in everything.lower()]
    assert leaked == []

    rec = db.records.find_one({"_id": "priv-1"})
    assert rec["query"].startswith("[NAME_1] ([EMAIL_1], [PHONE_1])")
    assert "[PHONE_1]" in rec["answer"] and "[PHONE_1]" in rec["context"][0]  # the same value, the same token
    assert "[AADHAAR_1]" in rec["answer"] and "[AADHAAR_1]" in rec["context"][0]
    assert rec["eb"]["redactions"]["PHONE"] == 5 and rec["context"][1].startswith("Section 138 of the NI Act")
    assert "[NAME_1]" in rec["triage"]["notes"][0]["text"]
    adopted = db.records.find_one({"_id": "priv-3"})
    assert adopted["query"] == "[EMAIL_1] asks about Article 21" and adopted["eb"]["redactions"]["EMAIL"] == 2
    quarantined = db.rejected.find_one({})
    assert len(quarantined["original_sha256"]) == 64 and quarantined["redactions"]["PHONE"] >= 1
    by_source = {row["source"]: row for row in daily_counts(db, now=datetime.now(timezone.utc))}
    assert by_source["evallog:fixture.jsonl"]["records"] == 2 and by_source["mongodb"]["counts"]["EMAIL"] == 2


def test_report_mode_counts_only_and_redact_job_cleans_older_records(db, tmp_path, monkeypatch, capsys):
    from jobs.__main__ import main
    from jobs.ingest import ingest_paths
    from jobs.redact import redact_stored

    monkeypatch.setenv("EVALBOARD_PRIVACY_SOURCES", "evallog=report")
    reset_settings()
    path = tmp_path / "old.jsonl"
    path.write_text("\n".join(json.dumps(_payload(i)) for i in range(1, 4)) + "\n")
    assert ingest_paths(db, [str(path)]).ingested == 3
    rec = db.records.find_one({"_id": "priv-1"})
    assert "9876543210" in rec["answer"] and rec["eb"]["redactions"]["PHONE"] == 5  # counted, kept
    assert rec["eb"]["redactions_reported_only"] is True

    monkeypatch.delenv("EVALBOARD_PRIVACY_SOURCES")
    reset_settings()
    dry = redact_stored(db, apply=False)
    assert dry["changed"] == 3 and "9876543210" in db.records.find_one({"_id": "priv-1"})["answer"]
    done = redact_stored(db, apply=True, page=2)  # two pages: the position is kept between them
    assert done["changed"] == 3 and done["found"]["PHONE"] == 15  # 5 a record
    rec = db.records.find_one({"_id": "priv-1"})
    assert "9876543210" not in json.dumps(rec, default=str) and "[PHONE_1]" in rec["context"][0]
    assert rec["eb"]["redactions"]["PHONE"] == 5 and "redactions_reported_only" not in rec["eb"]
    assert redact_stored(db, apply=True)["changed"] == 0  # idempotent
    capsys.readouterr()
    assert main(["redact", "--apply"]) == 0
    assert "records: 3 read, 0 changed; replaced: nothing" in capsys.readouterr().out
    assert ingest_paths(db, [str(path)]).duplicates == 3  # the same file again: the same (redacted) records
