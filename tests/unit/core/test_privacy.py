"""The privacy stage's rules (core/privacy): no findings on legal text, recall on personal values,
consistent placeholders, report mode, idempotence. The sets are built by tests/data/make_privacy_sets.py."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from core.privacy import REDACT, REPORT, Policy, Redactor, detect, parse_terms, redact_payload, redact_record
from core.privacy.detectors import maybe_personal
from core.privacy.checksums import luhn_valid, verhoeff_digit, verhoeff_valid

DATA = Path(__file__).resolve().parents[2] / "data"
TERMS = parse_terms((DATA / "privacy_terms.txt").read_text(encoding="utf-8"))


def test_checksums_on_known_numbers():
    assert luhn_valid("4111111111111111") and not luhn_valid("4111111111111112")
    assert verhoeff_valid("2363") and not verhoeff_valid("2364")  # the textbook Verhoeff example
    assert verhoeff_valid("23456789012" + verhoeff_digit("23456789012"))


def test_the_laws_words_are_left_alone():
    sentences = [s for s in (DATA / "privacy_legal.txt").read_text(encoding="utf-8").splitlines() if s.strip()]
    assert len(sentences) >= 2000
    found = [(s, [(s[f.start:f.end], f.kind) for f in detect(s, TERMS)]) for s in sentences]
    assert [f for f in found if f[1]] == []


def test_personal_values_are_found():
    items = [json.loads(line) for line in (DATA / "privacy_personal.jsonl").read_text(encoding="utf-8").splitlines()]
    total = hits = 0
    missed = []
    for item in items:
        findings = detect(item["text"], TERMS)
        assert maybe_personal(item["text"], TERMS)  # the record-wide first look never skips one
        for value in item["values"]:
            total += 1
            start = item["text"].index(value["value"])
            end = start + len(value["value"])
            kind_ok = (lambda f: True) if value["kind"] == "NAME" else (lambda f, k=value["kind"]: f.kind == k)
            if any(f.start <= start and f.end >= end and kind_ok(f) for f in findings):
                hits += 1
            else:
                missed.append((value, item["text"]))
    assert total >= 500
    assert hits / total >= 0.98, missed[:10]
    assert {v["kind"] for i in items for v in i["values"]} >= {"EMAIL", "PHONE", "CARD", "AADHAAR", "PAN", "IFSC",
                                                                "BANK_ACCOUNT", "IP", "NAME"}


def _record() -> dict:
    return {"_id": "r1", "session_id": "s1", "feature": "chat",
            "query": "Ramesh Chandra Gupta (ravi@example.in, +91 98765 43210) asks about Section 138 NI Act",
            "answer": "Call 9876543210 or write to RAVI@example.in; Aadhaar 2345 6789 0124 is on file.",
            "context": ["Client phone: 98765-43210. Aadhaar: 234567890124.", "Section 138: dishonour of cheque."],
            "expected_output": "IFSC SBIN0001234, A/c No. 50100123456789",
            "history": ["My card 4111 1111 1111 1111 was charged"],
            "evaluation": {"faithfulness": {"score": 0.9, "reason": "supported: ravi@example.in"}},
            "eb": {"issues": ["regeneration_attempts '9876543210' not a count, not used"]}}


def test_placeholders_are_typed_and_consistent_within_a_record():
    doc, counts = redact_record(_record(), Policy(REDACT, TERMS))
    assert doc["query"] == "[NAME_1] ([EMAIL_1], [PHONE_1]) asks about Section 138 NI Act"
    assert doc["answer"] == "Call [PHONE_1] or write to [EMAIL_1]; Aadhaar [AADHAAR_1] is on file."
    assert doc["context"][0] == "Client phone: [PHONE_1]. Aadhaar: [AADHAAR_1]."
    assert doc["context"][1] == "Section 138: dishonour of cheque."
    assert doc["expected_output"] == "IFSC [IFSC_1], A/c No. [BANK_ACCOUNT_1]"
    assert doc["history"] == ["My card [CARD_1] was charged"]
    assert doc["evaluation"]["faithfulness"] == {"score": 0.9, "reason": "supported: [EMAIL_1]"}
    assert "[PHONE_1]" in doc["eb"]["issues"][0]
    assert doc["eb"]["redactions"] == counts == {"AADHAAR": 2, "BANK_ACCOUNT": 1, "CARD": 1, "EMAIL": 3, "IFSC": 1,
                                                 "NAME": 1, "PHONE": 4}
    assert doc["_id"] == "r1" and doc["session_id"] == "s1"
    assert _record()["query"].startswith("Ramesh")  # the input is not changed


def test_redacting_again_changes_nothing_and_numbering_continues():
    policy = Policy(REDACT, TERMS)
    once, _ = redact_record(_record(), policy)
    twice, counts = redact_record(once, policy)
    assert twice == once and counts == {}
    more = dict(once, answer=once["answer"] + " New mail: other@example.org")
    again, counts = redact_record(more, policy)
    assert again["answer"].endswith("New mail: [EMAIL_2]") and counts == {"EMAIL": 1}


def test_report_mode_counts_and_keeps_the_text():
    doc, counts = redact_record(_record(), Policy(REPORT, TERMS))
    assert doc["query"] == _record()["query"] and counts["PHONE"] == 4
    assert doc["eb"]["redactions"] == counts


def test_a_term_list_may_give_kinds_of_its_own():
    policy = Policy(REDACT, parse_terms("# clients\nCLIENT: Shree Balaji Traders\nSunita Devi\n"))
    redactor = Redactor(policy)
    assert redactor.text("shree  balaji traders v. Sunita Devi") == "[CLIENT_1] v. [NAME_1]"


@pytest.mark.parametrize("payload", ["mail a@b.co now", {"query": "x@y.in", "n": [1, "9876543210 call"]}])
def test_quarantined_payloads_are_redacted_whatever_their_shape(payload):
    redacted, counts = redact_payload(payload, Policy())
    assert "@" not in json.dumps(redacted) and "9876543210" not in json.dumps(redacted) and counts


def test_the_default_demo_corpus_has_nothing_to_find():
    from demo.corpus import EXTRA_UNSUPPORTED, GENERIC, PASSAGES, TEMPLATES
    texts = [p.text for p in PASSAGES.values()] + list(EXTRA_UNSUPPORTED) + [g for v in GENERIC.values() for g in v]
    texts += [t for tpl in TEMPLATES for t in (tpl.query, tpl.intro, *tpl.unsupported, *(c for _p, c in tpl.claims))]
    assert [(t, detect(t)) for t in texts if detect(t)] == []


@pytest.mark.parametrize("text", ["eval_f4205638-0023-4415-82cc-08613de579e0", "chat_a62147d7-e5e4-4298-91db-004355903099",
                                  "2026-11-23T09:00:00.000Z", "1763888400000"])
def test_ids_and_timestamps_of_a_quarantined_payload_are_not_personal(text):
    assert detect(text) == []


def test_staging_tokens_are_consistent_per_salt_and_numbered_when_the_record_is_written():
    from core.privacy import STAGED, StagingRedactor

    policy = Policy(terms=(("NAME", "Ramesh Gupta"),))
    first = StagingRedactor(policy, "a" * 32).text("Ramesh Gupta: ravi@x.in, +91 98765 43210")
    second = StagingRedactor(policy, "a" * 32).text("call 98765-43210 or RAVI@x.in")  # another batch of the trace
    assert len(STAGED.findall(first)) == 3 and set(STAGED.findall(second)) < set(STAGED.findall(first))
    assert StagingRedactor(policy, "b" * 32).text("ravi@x.in") not in first  # another trace: another token
    assert "98765" not in first + second and "ravi" not in (first + second).lower()
    doc, counts = redact_record({"_id": "r", "query": first, "answer": second + " and 9123456789", "eb": {}},
                                Policy(mode=REPORT))  # even in report mode a token is a placeholder (no raw value left)
    assert doc["query"] == "[NAME_1]: [EMAIL_1], [PHONE_1]" and doc["answer"] == "call [PHONE_1] or [EMAIL_1] and 9123456789"
    assert counts == {"EMAIL": 2, "NAME": 1, "PHONE": 3} == doc["eb"]["redactions"]
