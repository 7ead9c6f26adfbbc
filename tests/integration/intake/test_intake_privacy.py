"""Personal data sent to the HTTP intake never reaches the database, the logs or an export (issue 31): records by
`/api/records` (one of them unreadable: quarantined) and a trace by OTLP (real uvicorn on loopback). Every
collection is searched once the trace is assembled, with the log output and an export; and while a trace waits to
be assembled (its spans staged in two batches, a trace that will be quarantined beside it) `intake_spans` and
`intake_traces` are searched before the assembly, then the record is checked against the one its whole raw text
gives (same placeholders, counted once)."""
from __future__ import annotations

import json
import logging
import re
from datetime import datetime, timedelta, timezone
from pathlib import Path

import httpx

from core.privacy import STAGED, Policy, redact_record
from intake.mapping import trace_to_record
from intake.otlp import Limits, decode_traces
from intake.writing import assemble_ready
from store.collections import INTAKE_SPANS, INTAKE_TRACES, PRIVACY_DAILY, RECORDS, REJECTED

OTLP = Path(__file__).resolve().parents[2] / "data" / "otlp"
NOW = datetime.now(timezone.utc).replace(microsecond=0)
QUESTION = "Ramesh Chandra Gupta (ravi.kumar@gmail.com, +91 98765 43210) asks: what is the notice period?"
ANSWER = "One month. Reach him on 9876543210; his Aadhaar 2345 6789 0124 and PAN ABCPK1234F are on file."
CHUNK = "Tenant: RAVI.KUMAR@gmail.com, mobile 98765-43210, Aadhaar 234567890124. Section 4.1: one month's notice."
TRACE_ID = "5b8efff798038103d269b633813fc60c"  # the OpenInference fixture's
RAW = ["Ramesh Chandra Gupta", "ravi.kumar@gmail.com", "+91 98765 43210", "9876543210", "98765-43210",
       "2345 6789 0124", "234567890124", "ABCPK1234F", "4111 1111 1111 1111", "192.168.10.20", "7012345678"]


def _record(i: int, **changes) -> dict:
    return {"_id": f"api-{i}", "session_id": f"s-{i}", "feature": "chat", "query": QUESTION, "answer": ANSWER,
            "context": [CHUNK, "Section 138 of the NI Act: dishonour of cheque."],
            "history": ["I paid by card 4111 1111 1111 1111 from 192.168.10.20"],
            "timestamp": (NOW - timedelta(hours=i)).isoformat(), **changes}


def _trace() -> dict:
    """The OpenInference fixture with the client's details in the question, the answer and a document."""
    text = (OTLP / "openinference.json").read_text()
    text = text.replace("What is the notice period for ending a residential lease?", QUESTION)
    data = json.loads(text)
    for span in data["resourceSpans"][0]["scopeSpans"][0]["spans"]:
        span["startTimeUnixNano"] = str(int((NOW - timedelta(minutes=5)).timestamp() * 1e9))
        span["endTimeUnixNano"] = str(int((NOW - timedelta(minutes=4)).timestamp() * 1e9))
        for attr in span.get("attributes", []):
            if attr["key"] in ("output.value", "llm.output_messages.0.message.content"):
                attr["value"] = {"stringValue": ANSWER}
            elif attr["key"] == "retrieval.documents.0.document.content":
                attr["value"] = {"stringValue": CHUNK}
    return data


def _post(intake, path: str, body) -> httpx.Response:
    return httpx.post(intake.url + path, content=json.dumps(body), headers={"content-type": "application/json"})


def _everything(db) -> str:
    """Every document of every collection but the admin's term list (it is the list of names to hide)."""
    return "\n".join(json.dumps(doc, default=str, ensure_ascii=False)
                     for name in db.list_collection_names() for doc in db[name].find({"_id": {"$ne": "privacy_terms"}}))


def _leaked(text: str) -> list[str]:
    digits = [re.sub(r"\D", "", v) for v in RAW if len(re.sub(r"\D", "", v)) > 9]
    return [v for v in RAW + digits if v.lower() in text.lower()]


def test_nothing_personal_is_stored_logged_or_exported_from_the_intake(intake, db, capsys, caplog):
    from dashboard.components.export import to_csv, to_jsonl
    from store.privacy import set_terms
    from store.triage import build_filter, iter_export

    set_terms(db, "# clients\nRamesh Chandra Gupta\n", "admin")
    caplog.set_level(logging.INFO)
    bad = _record(9, timestamp="next tuesday, call 7012345678")  # unreadable: quarantined
    answer = _post(intake, "/api/records", [_record(1), _record(2), bad]).json()
    assert (answer["ingested"], answer["rejected"]) == (2, 1)
    assert _post(intake, "/v1/traces", _trace()).status_code == 200
    assert assemble_ready(db, now=datetime.now(timezone.utc) + timedelta(minutes=1))["records"] == 1
    docs = list(iter_export(db, build_filter(start=NOW - timedelta(days=2), end=NOW + timedelta(hours=1)), 100))
    assert len(docs) == 3
    out = capsys.readouterr()
    everything = "\n".join([_everything(db), out.out, out.err, caplog.text, to_jsonl(docs), to_csv(docs)])
    assert _leaked(everything) == []

    rec = db[RECORDS].find_one({"_id": "api-1"})
    assert rec["query"].startswith("[NAME_1] ([EMAIL_1], [PHONE_1])") and "[PHONE_1]" in rec["context"][0]
    assert "[AADHAAR_1]" in rec["answer"] and "[AADHAAR_1]" in rec["context"][0]
    assert rec["eb"]["redactions"]["PHONE"] == 3 and rec["context"][1].startswith("Section 138 of the NI Act")
    traced = db[RECORDS].find_one({"source": "otlp"})
    assert traced["query"].startswith("[NAME_1] ([EMAIL_1], [PHONE_1])") and "[PHONE_1]" in traced["answer"]
    assert "[PHONE_1]" in traced["context"][0] and traced["eb"]["redactions"]["AADHAAR"] >= 2
    quarantined = db[REJECTED].find_one({})
    assert len(quarantined["original_sha256"]) == 64 and quarantined["redactions"]["PHONE"] >= 1


def _batches(data: dict) -> tuple[dict, dict]:
    """The trace as two export batches: the children (retriever, LLM) first, the root later."""
    spans = data["resourceSpans"][0]["scopeSpans"][0]["spans"]

    def only(kept):
        copy = json.loads(json.dumps(data))
        copy["resourceSpans"][0]["scopeSpans"][0]["spans"] = kept
        return copy
    return only([s for s in spans if s.get("parentSpanId")]), only([s for s in spans if not s.get("parentSpanId")])


def _unanswered() -> dict:
    """A second trace (another id) whose root has a question but no answer: it will be quarantined. Its
    metadata is JSON text with the phone right after an escaped newline (`\\n9876543210`)."""
    data = _trace()
    spans = data["resourceSpans"][0]["scopeSpans"][0]["spans"]
    root = next(s for s in spans if not s.get("parentSpanId"))
    root["traceId"] = "0af7651916cd43dd8448eb211c80319c"
    root["attributes"] = [a for a in root["attributes"] if a["key"] not in ("output.value", "metadata")] + [
        {"key": "metadata", "value": {"stringValue": json.dumps({"note": "client line:\n9876543210, mail ravi.kumar@gmail.com"})}}]
    data["resourceSpans"][0]["scopeSpans"][0]["spans"] = [root]
    return data


def test_staged_spans_hold_no_personal_data_and_the_record_counts_them_once(intake, db):
    from store.privacy import set_terms

    set_terms(db, "# clients\nRamesh Chandra Gupta\n", "admin")
    children, root = _batches(_trace())
    for body in (children, root, _unanswered()):  # three requests: nothing is assembled (the server's assembler is off)
        assert _post(intake, "/v1/traces", body).status_code == 200
    assert db[INTAKE_TRACES].count_documents({"state": "open"}) == 2 and db[RECORDS].count_documents({}) == 0

    # before assembly: the staged spans and the traces hold tokens, never the values
    staged = _everything(db)
    assert _leaked(staged) == [] and "9876543210" not in staged
    batches = [set(STAGED.findall(json.dumps(row["spans"]))) for row in db[INTAKE_SPANS].find({"trace_id": TRACE_ID})]
    # the e-mail (and the phone, the Aadhaar number) of the chunk and of the question: one token in both batches
    assert len(batches) == 2 and {kind for kind, _letters in batches[0] & batches[1]} >= {"EMAIL", "PHONE"}

    assert assemble_ready(db, now=datetime.now(timezone.utc) + timedelta(minutes=1)) == {
        "records": 1, "duplicates": 0, "quarantined": 1}
    everything = _everything(db)
    assert _leaked(everything) == [] and "9876543210" not in everything
    assert not STAGED.search(everything)  # every token became a numbered placeholder
    assert not any("spans" in row for row in db[INTAKE_SPANS].find())  # the staged text is gone

    # the record is the one its raw text would have given: same placeholders, counted once
    rec = db[RECORDS].find_one({"source": "otlp"})
    raw_spans = decode_traces(json.dumps(_trace()).encode(), "application/json", Limits(1000, 100_000))[0].spans
    payload = trace_to_record(raw_spans).payload
    expected, counts = redact_record({**payload, "eb": {}}, Policy(terms=(("NAME", "Ramesh Chandra Gupta"),)))
    assert (rec["query"], rec["answer"], rec["context"]) == (expected["query"], expected["answer"], expected["context"])
    assert rec["query"].startswith("[NAME_1] ([EMAIL_1], [PHONE_1])") and "[PHONE_1]" in rec["answer"]
    assert "[EMAIL_1]" in rec["context"][0] and "[AADHAAR_1]" in rec["context"][0] and "[AADHAAR_1]" in rec["answer"]
    assert rec["eb"]["redactions"] == counts == expected["eb"]["redactions"] and counts["PHONE"] >= 3
    daily = list(db[PRIVACY_DAILY].find({"source": "otlp"}))
    assert len(daily) == 1 and daily[0]["records"] == 1 and daily[0]["counts"] == counts

    quarantined = db[REJECTED].find_one({"source": "otlp"})
    kept = json.dumps(quarantined["raw"], default=str)
    assert "[PHONE_1]" in kept and "[EMAIL_1]" in kept and quarantined["redactions"]["PHONE"] >= 1
