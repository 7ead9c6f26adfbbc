"""Issue 17 text rules: chunk citations are references, numbering/headings are structure, sentences about
the context are not claims, percentage forms are one number."""
from __future__ import annotations

import pytest

from evaluators.text.claims import (about_context_sentences, assessment_sentences, is_about_context, is_assessment, split_claims)
from evaluators.text.entities import entities
from evaluators.text.negation import negation_count, prefixed_negations
from evaluators.text.numbers import numbers
from evaluators.text.references import find_citations, find_references, strip_citations
from evaluators.text.sentences import split_sentences
from evaluators.text.words import content_tokens


@pytest.mark.parametrize("raw, clean, refs", [
    ("Dishonour is an offence (Passage 1).", "Dishonour is an offence.", [1]),
    ("Notice is due within 30 days [2], and payment within 15 days [Doc 3].",
     "Notice is due within 30 days, and payment within 15 days.", [2, 3]),
    ("As described in Passage 1, the fee is 5%.", "the fee is 5%.", [1]),
    ("According to Source 2, bail is granted.", "bail is granted.", [2]),
    ("Passage 2 states that the fee is Rs 500.", "the fee is Rs 500.", [2]),
    ("The fee is 5% (Sources 1 and 3).", "The fee is 5%.", [1, 3]),
    ("Leave is 26 weeks [1, 3].", "Leave is 26 weeks.", [1, 3]),
])
def test_chunk_citations_are_references_not_facts(raw, clean, refs):
    assert strip_citations(raw) == clean
    assert find_references(raw) == refs
    # their numbers are not figures, their words not names
    assert numbers(raw) == numbers(clean)
    assert not {"passag", "sourc", "doc"} & set(entities(raw))


def test_statute_numbers_and_doc_page_citations_are_kept_apart():
    # "Section 2", "(1)" of a statute are facts, not references
    assert strip_citations("Section 2 of the Act applies to sub-section (1).") == \
        "Section 2 of the Act applies to sub-section (1)."
    assert find_references("Section 2 of the Act applies.") == []
    assert find_citations("April 2023. [mu_no02_feb25_pr.pdf:3]") == [("mu_no02_feb25_pr.pdf", 3)]


def test_a_references_only_line_is_no_claim():
    assert split_claims("The fee is 5%.\nSources: 1, 3") == ("The fee is 5%.",)


@pytest.mark.parametrize("answer, claims", [
    ("Argument 1: Dishonour of a cheque is an offence.\nArgument 2: Notice must be sent within 30 days.",
     ("Dishonour of a cheque is an offence.", "Notice must be sent within 30 days.")),
    ("(a) The fee is 5 percent. (b) Step 3: File the form within 30 days.",
     ("The fee is 5 percent.", "File the form within 30 days.")),
    ("Grounds for bail\n1. The sixty days have expired.\n2. The accused is ready to furnish bail.",
     ("The sixty days have expired.", "The accused is ready to furnish bail.")),
])
def test_numbering_and_headings_are_structure(answer, claims):
    assert split_claims(answer) == claims


def test_a_provision_heading_keeps_its_number():
    assert split_claims("Section 103: Whoever commits murder shall be punished.") == \
        ("Section 103: Whoever commits murder shall be punished.",)


@pytest.mark.parametrize("sentence", [
    "The passages do not mention the fee.",
    "The context does not say whether a fee is payable.",
    "Cheque bounce is not mentioned in the provided documents.",
    "There is no information about the fee.",
    "I cannot confirm whether one applies.",
])
def test_sentences_about_the_context_are_not_claims(sentence):
    answer = "Goods suppliers register above 40 lakh. " + sentence
    assert split_claims(answer) == ("Goods suppliers register above 40 lakh.",)
    assert about_context_sentences(answer) == (sentence,)


def test_a_sentence_about_the_context_with_a_figure_of_its_own_is_checked():
    assert not is_about_context("The context does not mention the fee of Rs 500.")


def test_framing_is_stripped_but_the_claim_stays():
    assert split_claims("The context states that the fee is waived.") == ("The fee is waived.",)


@pytest.mark.parametrize("a, b", [("39 percentage", "39 %"), ("39 per cent", "39%"), ("12 pct", "12 percent")])
def test_percentage_forms_are_one_number(a, b):
    assert numbers(a) == numbers(b) and numbers(a)


def test_a_case_name_v_is_not_a_sentence_end():
    assert split_sentences("As held in Arora Traders v. ColdChain Co. the court refused it. Next.") == \
        ("As held in Arora Traders v. ColdChain Co. the court refused it.", "Next.")


def test_negative_prefixes_and_bars_negate():
    ctx = set(content_tokens("The complainant gave no explanation for the delay."))
    assert prefixed_negations("an unexplained delay", ctx) == 1
    assert prefixed_negations("an unexplained delay", set(content_tokens("an unexplained delay"))) == 0
    assert prefixed_negations("the offence is non-bailable", set(content_tokens("the offence is bailable"))) == 1
    assert prefixed_negations("it is non-bailable", set(content_tokens("it is cognizable and non-bailable"))) == 0
    assert negation_count("Section 142 bars cognizance of a late complaint.") == 1


def test_case_names_and_company_forms_do_not_end_a_sentence():
    assert split_sentences("In Mehta v. Sood Logistics Pvt. Ltd. the delay was not condoned. It was dismissed.") \
        == ("In Mehta v. Sood Logistics Pvt. Ltd. the delay was not condoned.", "It was dismissed.")
    assert len(split_sentences("In Nair Foods v. ColdChain Co. the court refused the claim.")) == 1


@pytest.mark.parametrize("word", ["bars", "barred", "forbids", "precludes", "prohibits", "refusing"])
def test_verbs_that_deny_count_as_negations(word):
    # "Section 142 bars cognizance" says what "No court shall take cognizance" says
    assert negation_count(f"Section 142 {word} cognizance of a late complaint.") % 2 == \
        negation_count("No court shall take cognizance of a late complaint.") % 2


@pytest.mark.parametrize("sentence", [
    "Viability: weak unless there is a documented reason for the delay.",
    "Viability of the complaint against you: weak if your resignation predates the offence.",
    "Chances of success: good, given the written notice.",
    "Risk: low.",
    "Overall: a strong case on the direct loss.",
    "Prognosis - favourable with treatment.",
])
def test_the_answers_own_graded_assessment_is_not_a_claim(sentence):
    answer = "Section 142 requires the complaint within one month of the cause of action. " + sentence
    assert is_assessment(sentence)
    assert split_claims(answer) == ("Section 142 requires the complaint within one month of the cause of action.",)
    assert assessment_sentences(answer) == (sentence,)


@pytest.mark.parametrize("sentence", [
    "Verdict: the court dismissed the appeal.",  # a fact under the label, not a grade
    "Viability: strong, provided the fifteen-day payment period has expired.",  # a figure: checked
    "Risk: 3 in 10 cases fail on limitation.",
    "The risk is low because the notice was sent in time.",  # no label: a claim like any other
])
def test_a_labelled_fact_or_figure_is_still_checked(sentence):
    assert not is_assessment(sentence)
    assert split_claims("Section 142 requires the complaint within one month. " + sentence)[1:]
