"""Issue 17: answer relevancy and contextual precision judge meaning, not shared words. Questions in everyday
words against chunks in legal words (tests/data/everyday_cases.jsonl, written by make_rag_cases.py)."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import evaluators
from core.metrics import get as metric

ROWS = {r["id"]: r for r in (json.loads(x) for x in
                             (Path(__file__).resolve().parents[2] / "data" / "everyday_cases.jsonl").open())}


def _auroc(pos, neg) -> float:
    return sum((p > n) + 0.5 * (p == n) for p in pos for n in neg) / (len(pos) * len(neg))


def _relevant_first(row: dict) -> list[str]:
    return [c for c, r in zip(row["contexts"], row["chunk_relevant"]) if r] + \
           [c for c, r in zip(row["contexts"], row["chunk_relevant"]) if not r]


@pytest.mark.parametrize("key,feature", [("cheque_court", "chat"), ("murder_years", "chat"), ("tricked_car", "chat"),
                                         ("false_case", "chat"), ("draft_cheque", "arguments")])
def test_correct_grounded_answers_in_everyday_words_pass(model, key, feature):
    row = ROWS[f"everyday-{key}"]
    ctx = _relevant_first(row)
    n_rel = sum(row["chunk_relevant"])
    r = evaluators.score_one(row["query"], row["answers"][0]["answer"], ctx, feature=feature)
    for m in ("answer_relevancy", "contextual_precision"):
        e = r["evaluation"][m]
        assert e["passed"] is True and e["score"] >= metric(m).thresholds[feature], (m, e)
    flags = [c["relevant"] for c in r["details"]["contextual_precision"]["chunk_relevance"]]
    assert flags[:n_rel] == [True] * n_rel  # the statute sections are relevant to the everyday question
    if key != "murder_years":  # there the neighbours (death by negligence; defamation's "two years' jail") are
        assert not all(flags)  # close in meaning too; the whole-set test below bounds such false calls


@pytest.mark.parametrize("key", ["cheque_court", "tricked_car", "false_case", "draft_cheque"])
def test_off_topic_answers_fail_and_the_reason_names_the_gap(model, key):
    row = ROWS[f"everyday-{key}"]
    r = evaluators.score_one(row["query"], row["answers"][1]["answer"], _relevant_first(row))
    e = r["evaluation"]["answer_relevancy"]
    assert e["passed"] is False and e["score"] < 0.5, e
    assert "does not take up" in e["reason"] and "talks about" in e["reason"], e["reason"]
    assert "What can I do?" not in e["reason"] and "How can I protect myself?" not in e["reason"]  # the telling part
    # the question's words it names are the domain's words the context uses, not the asker's everyday ones
    named = re.search(r"never comes to: ([^)]*)\)", e["reason"])
    ctx = " ".join(row["contexts"]).lower()
    for word in (named.group(1).split(", ") if named else []):
        assert word.lower()[:4] in ctx, (word, e["reason"])
        assert word.lower() not in ("friend", "gave", "bounced", "tricked", "scared"), e["reason"]


def test_reason_never_lists_greetings_and_filler_for_a_relevant_answer(model):
    ctx = ["Model Tenancy Act, 2021 - Section 11. The security deposit shall not exceed two months' rent for "
           "residential premises and shall be refunded to the tenant at the time of taking over vacant possession "
           "of the premises, after making due deductions of any liability of the tenant."]
    r = evaluators.score_one("Hi, I gave three months rent as deposit. Can my landlord keep it after I leave?",
                             "No. The deposit for a flat cannot be more than two months' rent, and the landlord must "
                             "refund it when you hand back vacant possession, minus only what you owe.", ctx)
    e = r["evaluation"]["answer_relevancy"]
    assert e["passed"] is True, e
    assert not re.search(r"\b(Hi|gave|three|months)\b", e["reason"]), e["reason"]


def test_whole_set_separates_relevant_from_irrelevant(model):
    """AUROC >= 0.85 for chunk relevance (per-chunk labels) and for answer relevancy (on- vs off-topic)."""
    items = [{"id": f"{k}/{j}", "query": r["query"], "answer": a["answer"], "context": r["contexts"]}
             for k, r in ROWS.items() for j, a in enumerate(r["answers"])]
    out = {o["id"]: o for o in evaluators.score_many(items)}
    chunk_pos, chunk_neg, on, off = [], [], [], []
    for k, r in ROWS.items():
        rel = out[f"{k}/0"]["details"]["contextual_precision"]["chunk_relevance"]
        for c, lab in zip(rel, r["chunk_relevant"]):
            (chunk_pos if lab else chunk_neg).append(c["score"])
        on.append(out[f"{k}/0"]["evaluation"]["answer_relevancy"]["score"])
        off.append(out[f"{k}/1"]["evaluation"]["answer_relevancy"]["score"])
    assert _auroc(chunk_pos, chunk_neg) >= 0.85
    assert _auroc(on, off) >= 0.85
    assert sum(s >= 0.5 for s in chunk_pos) / len(chunk_pos) >= 0.8  # relevant chunks are called relevant
    assert sum(s >= 0.5 for s in chunk_neg) / len(chunk_neg) <= 0.2


RENT_CTX = ["Registration Act, 1908 - Section 17: a lease of immovable property from year to year, or for any term "
            "exceeding one year, must be registered at the office of the sub-registrar within four months of execution.",
            "Registration fee: the fee for registering a lease deed is 1 % of the total rent payable for the whole term, "
            "subject to a maximum of Rs 30,000, paid at the sub-registrar's office.",
            "The Motor Vehicles Act requires every vehicle to be registered with the registering authority."]


def test_follow_up_turn_is_scored_with_the_earlier_turns_as_its_question(model):
    """A follow-up ("What about the fee?") means the fee of the earlier question; with the conversation's
    earlier turns as its question context its answer and the fee chunk score as relevant as they are."""
    history = ["How do I register a rent agreement for my flat?",
               "Register it at the sub-registrar's office within four months of signing."]
    answer = "It is 1 % of the total rent for the whole term, at most Rs 30,000, paid at the sub-registrar's office."
    alone = evaluators.score_one("What about the fee?", answer, RENT_CTX)
    follow = evaluators.score_one("What about the fee?", answer, RENT_CTX, history=history)
    m_alone = alone["details"]["answer_relevancy"]["meaning"]["similarity"]
    m_follow = follow["details"]["answer_relevancy"]["meaning"]["similarity"]
    assert m_follow > m_alone + 0.05  # the question, read with its conversation, is what the answer answers
    assert follow["evaluation"]["answer_relevancy"]["passed"] is True
    rel = [c["relevant"] for c in follow["details"]["contextual_precision"]["chunk_relevance"]]
    rel_alone = [c["relevant"] for c in alone["details"]["contextual_precision"]["chunk_relevance"]]
    assert rel_alone == [False, True, False]  # alone, "the fee" is only the fee chunk's business
    assert rel == [True, True, False]  # with the conversation: the lease registration too, not vehicles
    batch = evaluators.score_many([{"id": 1, "query": "What about the fee?", "answer": answer, "context": RENT_CTX,
                                    "history": history}])[0]
    assert batch["details"]["answer_relevancy"]["meaning"]["similarity"] == pytest.approx(m_follow, abs=0.03)
    bad = evaluators.score_many([{"id": 2, "query": "q", "answer": "a", "history": "not a list"}])[0]
    assert "history" in bad["error"]
