"""Local metrics with the real model on hand-made cases, including the reference-000 examples."""
from __future__ import annotations

import pytest

import evaluators
from evaluators import embeddings

MURDER_CTX = ["Section 103 of BNS states: Murder shall be punished with death or life imprisonment"]


def ev(r, metric):
    return r["evaluation"][metric]["score"]


def share(r):
    """The share of supported claims (faithfulness itself is computed from the hallucination score, issue 28)."""
    return r["details"]["faithfulness"]["supported_share"]


def test_model_singleton_and_vectors(model):
    assert embeddings.get_encoder() is model
    v = embeddings.encode(["murder", "murder", "homicide"])
    assert v.shape == (3, 384)
    assert float(v[0] @ v[0]) == pytest.approx(1.0, abs=1e-2)
    assert float(v[0] @ v[2]) > 0.4


def test_faithfulness_reference_examples(model):
    q = "What is the punishment for murder?"
    good = evaluators.score_one(q, "According to Section 103 of BNS, murder is punishable with death or life "
                                   "imprisonment", MURDER_CTX)
    assert share(good) == 1.0 and good["evaluation"]["faithfulness"]["passed"] is True
    claim = good["details"]["faithfulness"]["claims"][0]
    assert claim["supported"] and claim["chunk_ids"] == [0] and "Section 103" in claim["best_sentence"]
    bad = evaluators.score_one(q, "Murder is punishable with 10 years imprisonment and a fine of Rs. 50,000",
                               MURDER_CTX)
    assert share(bad) == 0.0 and ev(bad, "faithfulness") < 0.8
    uns = bad["evaluation"]["faithfulness"]["unsupported_claims"]
    assert len(uns) == 1 and "mismatch" in uns[0]["why"] and "50,000" in uns[0]["why"]
    assert bad["hallucination_score"] > 0.8 > 0.2 > good["hallucination_score"]


def test_faithfulness_negation_entity_and_paraphrase(model):
    q = "What is the punishment for murder?"
    neg = evaluators.score_one(q, "Murder is not punishable with death or life imprisonment.", MURDER_CTX)
    assert share(neg) == 0.0
    assert "negation" in neg["evaluation"]["faithfulness"]["unsupported_claims"][0]["why"]
    ent = evaluators.score_one(q, "The Supreme Court of Kerala decides murder cases under Section 103.", MURDER_CTX)
    assert share(ent) == 0.0
    assert "entity not in context" in ent["evaluation"]["faithfulness"]["unsupported_claims"][0]["why"]
    para_ctx = ["The Consolidated Appropriations Act of 2023 required states to begin the process of redetermining "
                "Medicaid eligibility for its members, which New York State (NYS) began in April 2023."]
    para = evaluators.score_one(
        "When did NYS begin redetermining Medicaid eligibility?",
        "New York State started the Medicaid eligibility redetermination process in April 2023. "
        "It will finish in May 2025.", para_ctx)
    claims = para["details"]["faithfulness"]["claims"]
    assert [c["supported"] for c in claims] == [True, False]
    assert share(para) == 0.5
    # one of two claims carries a date the context lacks: flagged (the learned score weighs an absent
    # number/date strongly), though a single-claim answer made only of that date would score higher still
    assert para["hallucination_score"] > 0.5
    only_bad = evaluators.score_one("When did NYS begin redetermining Medicaid eligibility?",
                                    "It will finish in May 2025.", para_ctx)
    assert only_bad["hallucination_score"] > para["hallucination_score"]


def test_number_taken_from_another_fact_is_flagged(model):
    r = evaluators.score_one(
        "What is the application fee and the deadline?",
        "The application fee is Rs 30. The deadline is 30 days.",
        ["The application fee is Rs 500 for every applicant. The deadline for filing the appeal is 30 days "
         "from the order."])
    claims = r["details"]["faithfulness"]["claims"]
    assert [c["supported"] for c in claims] == [False, True]
    assert "not with this fact" in claims[0]["why"]


@pytest.mark.xfail(strict=False, reason="written before issue 17's relevancy by meaning: the off-topic answer scored "
                   "0.343 at 5abd511, 0.517 from 798ad62 (meaning.py), and be05891 names only question words the "
                   "context uses (not 'attempt'); now 0.454 (int8), 0.468 (float32 and torch alike, so not the "
                   "transformers/tokenizers versions): the rule or this test is to re-tune")
def test_answer_relevancy_attempt_to_murder(model):
    q = "What is the punishment for attempt to murder?"
    good = evaluators.score_one(q, "According to Section 109 of BNS, attempt to murder is punishable with life "
                                   "imprisonment or imprisonment up to 10 years, plus fine", MURDER_CTX)
    off = evaluators.score_one(q, "Murder is a serious crime under Indian law. The Bharatiya Nyaya Sanhita "
                                  "replaced the IPC in 2023", MURDER_CTX)
    assert ev(good, "answer_relevancy") >= 0.85
    assert ev(off, "answer_relevancy") < 0.45
    assert off["evaluation"]["answer_relevancy"]["passed"] is False
    assert "attempt" in off["evaluation"]["answer_relevancy"]["reason"]


def test_short_direct_answer_is_relevant_when_it_is_what_the_context_says(model):
    q = "The Oberoi family is part of a hotel company that has a head office in what city?"
    ctx = ["The Oberoi family is an Indian family that is famous for its involvement in hotels, namely through "
           "The Oberoi Group. The Oberoi Group is a hotel company with its head office in Delhi."]
    direct = evaluators.score_one(q, "Delhi", ctx)
    assert ev(direct, "answer_relevancy") >= 0.7 and share(direct) == 1.0
    elsewhere = evaluators.score_one(q, "Bananas", ctx)
    assert ev(elsewhere, "answer_relevancy") < 0.3


def test_contextual_precision_and_recall_reference_examples(model):
    q = "What is Section 138 of NI Act about?"
    relevant = "Section 138: Dishonour of cheque for insufficiency of funds in the account."
    noise = ["Section 302 IPC: Murder is punishable with death.", "Contract Act Section 10: What agreements are contracts."]
    last = evaluators.score_one(q, "Section 138 deals with dishonour of cheques.", noise + [relevant])
    assert ev(last, "contextual_precision") == pytest.approx(1 / 3, abs=0.01)
    rel = last["details"]["contextual_precision"]["chunk_relevance"]
    assert [r["relevant"] for r in rel] == [False, False, True]
    first = evaluators.score_one(q, "Section 138 deals with dishonour of cheques.", [relevant] + noise)
    assert ev(first, "contextual_precision") == pytest.approx(1.0)  # rank-weighted: relevant chunk first
    assert first["details"]["contextual_precision"]["share_relevant"] == pytest.approx(1 / 3)

    exp = ("Section 138 covers dishonour of cheque for insufficient funds. Section 141 makes companies liable "
           "for offences. Section 142 sets the procedure for cognizance of offences.")
    rec = evaluators.score_one("What are the provisions for cheque bouncing?", "Section 138 applies.",
                               ["Section 138 covers dishonour of a cheque for insufficient funds."], expected_output=exp)
    assert ev(rec, "contextual_recall") == pytest.approx(1 / 3, abs=1e-3)
    none = evaluators.score_one("What are the provisions for cheque bouncing?", "Section 138 applies.", [relevant])
    assert ev(none, "contextual_recall") is None
    assert none["evaluation"]["contextual_recall"]["reason"] == "no expected answer given"


def test_degenerate_inputs_have_documented_results(model):
    r = evaluators.score_one("What is IVF?", "", [])
    assert ev(r, "faithfulness") is None and r["evaluation"]["faithfulness"]["reason"] == "no retrieved context"
    assert ev(r, "contextual_precision") is None and r["hallucination_score"] is None
    no_claims = evaluators.score_one("What is IVF?", "", ["IVF is in vitro fertilisation."])
    assert ev(no_claims, "faithfulness") is None
    assert no_claims["evaluation"]["faithfulness"]["reason"] == "no claims"
    assert r["evaluation"]["overall_quality"]["score"] is None
    assert r["evaluation"]["overall_quality"]["passed"] is None
    r3 = evaluators.score_one("?", "???", ["", " "])
    assert ev(r3, "answer_relevancy") is None and ev(r3, "faithfulness") is None
    assert r3["evaluation"]["answer_relevancy"]["reason"] == "answer has no content words"
    r2 = evaluators.score_one("What is IVF?", "IVF is in vitro fertilisation.", [])
    assert ev(r2, "faithfulness") is None and r2["evaluation"]["faithfulness"]["reason"] == "no retrieved context"


def test_no_retrieved_context_is_unscorable_for_the_context_metrics(model):
    """Issue 9: a record without context must not look perfect on relevancy alone; the context metrics
    are None with one reason (the verdict rule lives in the catalog), never a silent value."""
    for ctx in ([], ["", "   "]):
        r = evaluators.score_one("What is the punishment for murder?", "Murder is punishable with death.", ctx,
                                 expected_output="Death or imprisonment for life.")
        for metric in ("faithfulness", "contextual_precision", "contextual_recall"):
            assert ev(r, metric) is None, (ctx, metric)
            assert r["evaluation"][metric]["reason"] == "no retrieved context"
            assert r["evaluation"][metric]["passed"] is None
        assert r["hallucination_score"] is None
        assert ev(r, "answer_relevancy") > 0.7  # relevancy is still scored, on its own


def test_full_output_shape_extras_and_overall(model):
    r = evaluators.score_one(
        "When did NYS begin redetermining Medicaid eligibility?",
        "New York State began redetermining Medicaid eligibility in April 2023. [mu_no02_feb25_pr.pdf:3]",
        ["The Consolidated Appropriations Act of 2023 required states to begin the process of redetermining "
         "Medicaid eligibility for its members, which New York State (NYS) began in April 2023."],
        expected_output="NYS began in April 2023", feature="viability")
    e = r["evaluation"]
    assert set(e) == {"faithfulness", "answer_relevancy", "contextual_precision", "contextual_recall",
                      "citation_accuracy", "overall_quality"}
    assert e["citation_accuracy"]["score"] is None  # cites a document page, not a retrieved chunk by number
    assert e["faithfulness"]["threshold"] == 0.85 and e["overall_quality"]["threshold"] == 0.75
    expect = (0.35 * ev(r, "faithfulness") + 0.30 * ev(r, "answer_relevancy") + 0.20 * ev(r, "contextual_precision")
              + 0.15 * ev(r, "contextual_recall"))
    assert e["overall_quality"]["score"] == pytest.approx(expect, abs=1e-3)
    x = r["extra_metrics"]
    assert x["citation_quality"]["score"] == pytest.approx(1.0) and x["correctness"]["score"] == pytest.approx(1.0)
    assert x["completeness"]["score"] is not None
    assert r["retrieval"]["recommendation"] in ("ANSWER", "REFINE", "EXTERNAL", "CLARIFY")
    assert r["retrieval"]["mode_used"] == "fast"
    assert r["judge_usage"] == {"calls": 0, "input_tokens": 0, "output_tokens": 0, "cost_usd": 0.0}
    assert r["latency_ms"]["total"] > 0 and r["mode"] == "fast"


def test_score_many_keeps_order_isolates_bad_items_and_matches_score_one(model):
    items = [
        {"id": 1, "query": "What is the punishment for murder?", "answer": "Death or life imprisonment.",
         "context": MURDER_CTX},
        {"id": 2, "query": None, "answer": "x"},
        "not a dict",
        {"id": 4, "query": "What is the punishment for murder?", "answer": "Ten years in prison.",
         "context": MURDER_CTX * 2},
    ]
    out = evaluators.score_many(items)
    assert [o.get("id") for o in out] == [1, 2, None, 4]
    assert "error" in out[1] and "query" in out[1]["error"] and "error" in out[2]
    one = evaluators.score_one(items[0]["query"], items[0]["answer"], items[0]["context"])
    assert out[0]["evaluation"] == one["evaluation"]
    assert out[3]["evaluation"]["faithfulness"]["score"] == 0.0
