"""Issue 9 regressions with the real model: section-number forms and acronyms align with the context,
chunk numbers in reasons start at 1, relevancy reasons name real gaps."""
from __future__ import annotations

import pytest

import evaluators

MURDER_CTX = ["Section 103 BNS \u2014 Punishment for murder: Whoever commits murder shall be punished with death "
              "or imprisonment for life, and shall also be liable to fine."]
CHEQUE_CTX = ["Section 138 of the Negotiable Instruments Act, 1881 makes the dishonour of a cheque for "
              "insufficiency of funds an offence punishable with imprisonment up to two years, or with fine up to "
              "twice the amount of the cheque, or with both."]


def faith(r):
    """The share of supported claims (faithfulness itself is computed from the hallucination score, issue 28)."""
    return r["details"]["faithfulness"]["supported_share"]


@pytest.mark.parametrize("citation", ["According to Section 103 of BNS", "Under s. 103 BNS", "Under Sec. 103 of the BNS",
                                      "U/s 103 BNS", "Under BNS 103", "Under Section 103 of the Bharatiya Nyaya Sanhita"])
def test_section_number_forms_are_faithful(model, citation):
    r = evaluators.score_one("What is the punishment for murder under the BNS?",
                             f"{citation}, murder is punishable with death or imprisonment for life.", MURDER_CTX)
    assert faith(r) == 1.0, r["evaluation"]["faithfulness"]["reason"]
    assert r["hallucination_score"] < 0.3


def test_a_wrong_section_number_is_still_caught(model):
    r = evaluators.score_one("What is the punishment for murder under the BNS?",
                             "According to Section 101 of BNS, murder is punishable with death or imprisonment "
                             "for life.", MURDER_CTX)
    assert faith(r) == 0.0 and "101" in r["evaluation"]["faithfulness"]["reason"]


@pytest.mark.parametrize("answer, context", [
    ("Section 138 of the NI Act makes dishonour of a cheque for insufficient funds an offence.", CHEQUE_CTX),
    ("Section 138 of the Negotiable Instruments Act makes dishonour of a cheque for insufficient funds an offence.",
     ["Section 138 of the NI Act makes the dishonour of a cheque for insufficiency of funds an offence."]),
    ("The Reserve Bank of India says regulated entities shall provide a Key Fact Statement to the borrower before "
     "the execution of the contract.",
     ["RBI: regulated entities shall provide a KFS to the borrower before the execution of the contract."]),
    ("Section 154 of the CrPC dealt with first information reports.",
     ["Section 154 of the Code of Criminal Procedure, 1973 dealt with first information reports (FIRs)."]),
])
def test_acronyms_and_expansions_align(model, answer, context):
    r = evaluators.score_one("What does the law say?", answer, context)
    assert faith(r) == 1.0, r["evaluation"]["faithfulness"]["reason"]


def test_an_acronym_with_no_expansion_in_the_context_is_still_an_unknown_entity(model):
    r = evaluators.score_one("What does Section 138 provide?",
                             "Section 138 of the IT Act makes dishonour of a cheque for insufficient funds an offence.",
                             CHEQUE_CTX)
    assert faith(r) == 0.0 and "IT" in r["evaluation"]["faithfulness"]["reason"]


def test_precision_reason_numbers_chunks_from_one(model):
    r = evaluators.score_one("What is the punishment for murder under the BNS?",
                             "Murder is punishable with death or imprisonment for life.",
                             ["The monsoon usually reaches Kerala in the first week of June.", MURDER_CTX[0]])
    rel = r["details"]["contextual_precision"]["chunk_relevance"]
    assert [c["relevant"] for c in rel] == [False, True]
    assert "irrelevant: #1)" in r["evaluation"]["contextual_precision"]["reason"]


IVF_CTX = ["A complete IVF cycle at Malpani Infertility Clinic, including ICSI and a blastocyst transfer, costs "
           "approximately Rs 3,00,000. Medicines are billed separately, about Rs 1,45,000.",
           "Embryo freezing and storage are charged additionally."]
IVF_ANSWER = ("A complete [IVF](https://www.drmalpani.com/ivf) cycle at our clinic, including ICSI and a blastocyst "
              "transfer, costs approximately Rs 3,00,000. Medications would typically cost about Rs 1,45,000 more, "
              "and embryo freezing and storage are additional. For a specific quotation based on your individual "
              "needs, it's best to book a consultation call.")


def test_direct_answer_with_a_typo_and_framing_in_the_question_is_relevant(model):
    r = evaluators.score_one("what is the cost of one circle of IVF/ICSI at your facility?", IVF_ANSWER, IVF_CTX)
    rel = r["evaluation"]["answer_relevancy"]
    assert rel["score"] >= 0.75, rel
    assert r["details"]["answer_relevancy"]["missing_aspects"] == []
    assert "circle" not in rel["reason"] and "facility" not in rel["reason"]


def test_relevancy_reason_names_a_real_gap(model):
    r = evaluators.score_one("What is the cost and the success rate of IVF at your clinic?",
                             "A complete IVF cycle costs approximately Rs 3,00,000.", IVF_CTX)
    missing = r["details"]["answer_relevancy"]["missing_aspects"]
    assert "success" in missing and "rate" in missing and "clinic" not in missing
