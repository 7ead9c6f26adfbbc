"""Issue 17 text rules: chunk citations are references, numbering/headings are structure, sentences about
the context are not claims, percentage forms are one number."""
from __future__ import annotations

import pytest

from evaluators import text as T


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
    assert T.strip_citations(raw) == clean
    assert T.find_references(raw) == refs
    # their numbers are not figures, their words not names
    assert T.numbers(raw) == T.numbers(clean)
    assert not {"passag", "sourc", "doc"} & set(T.entities(raw))


def test_statute_numbers_and_doc_page_citations_are_kept_apart():
    # "Section 2", "(1)" of a statute are facts, not references
    assert T.strip_citations("Section 2 of the Act applies to sub-section (1).") == \
        "Section 2 of the Act applies to sub-section (1)."
    assert T.find_references("Section 2 of the Act applies.") == []
    assert T.find_citations("April 2023. [mu_no02_feb25_pr.pdf:3]") == [("mu_no02_feb25_pr.pdf", 3)]


def test_a_references_only_line_is_no_claim():
    assert T.split_claims("The fee is 5%.\nSources: 1, 3") == ("The fee is 5%.",)


@pytest.mark.parametrize("answer, claims", [
    ("Argument 1: Dishonour of a cheque is an offence.\nArgument 2: Notice must be sent within 30 days.",
     ("Dishonour of a cheque is an offence.", "Notice must be sent within 30 days.")),
    ("(a) The fee is 5 percent. (b) Step 3: File the form within 30 days.",
     ("The fee is 5 percent.", "File the form within 30 days.")),
    ("Grounds for bail\n1. The sixty days have expired.\n2. The accused is ready to furnish bail.",
     ("The sixty days have expired.", "The accused is ready to furnish bail.")),
])
def test_numbering_and_headings_are_structure(answer, claims):
    assert T.split_claims(answer) == claims


def test_a_provision_heading_keeps_its_number():
    assert T.split_claims("Section 103: Whoever commits murder shall be punished.") == \
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
    assert T.split_claims(answer) == ("Goods suppliers register above 40 lakh.",)
    assert T.about_context_sentences(answer) == (sentence,)


def test_a_sentence_about_the_context_with_a_figure_of_its_own_is_checked():
    assert not T.is_about_context("The context does not mention the fee of Rs 500.")


def test_framing_is_stripped_but_the_claim_stays():
    assert T.split_claims("The context states that the fee is waived.") == ("The fee is waived.",)


@pytest.mark.parametrize("a, b", [("39 percentage", "39 %"), ("39 per cent", "39%"), ("12 pct", "12 percent")])
def test_percentage_forms_are_one_number(a, b):
    assert T.numbers(a) == T.numbers(b) and T.numbers(a)


def test_a_case_name_v_is_not_a_sentence_end():
    assert T.split_sentences("As held in Arora Traders v. ColdChain Co. the court refused it. Next.") == \
        ("As held in Arora Traders v. ColdChain Co. the court refused it.", "Next.")


def test_negative_prefixes_and_bars_negate():
    ctx = set(T.content_tokens("The complainant gave no explanation for the delay."))
    assert T.prefixed_negations("an unexplained delay", ctx) == 1
    assert T.prefixed_negations("an unexplained delay", set(T.content_tokens("an unexplained delay"))) == 0
    assert T.prefixed_negations("the offence is non-bailable", set(T.content_tokens("the offence is bailable"))) == 1
    assert T.prefixed_negations("it is non-bailable", set(T.content_tokens("it is cognizable and non-bailable"))) == 0
    assert T.negation_count("Section 142 bars cognizance of a late complaint.") == 1


def test_case_names_and_company_forms_do_not_end_a_sentence():
    assert T.split_sentences("In Mehta v. Sood Logistics Pvt. Ltd. the delay was not condoned. It was dismissed.") \
        == ("In Mehta v. Sood Logistics Pvt. Ltd. the delay was not condoned.", "It was dismissed.")
    assert len(T.split_sentences("In Nair Foods v. ColdChain Co. the court refused the claim.")) == 1


@pytest.mark.parametrize("word", ["bars", "barred", "forbids", "precludes", "prohibits", "refusing"])
def test_verbs_that_deny_count_as_negations(word):
    # "Section 142 bars cognizance" says what "No court shall take cognizance" says
    assert T.negation_count(f"Section 142 {word} cognizance of a late complaint.") % 2 == \
        T.negation_count("No court shall take cognizance of a late complaint.") % 2


@pytest.mark.parametrize("sentence", [
    "Viability: weak unless there is a documented reason for the delay.",
    "Viability of the complaint against you: weak if your resignation predates the offence.",
    "Chances of success: good, given the written notice.",
    "Risk: low.",
    "Overall: a strong case on the direct loss.",
    "Prognosis - favourable with treatment.",
])
def test_the_answers_own_graded_assessment_is_not_a_claim(sentence):
    from evaluators import text as T

    answer = "Section 142 requires the complaint within one month of the cause of action. " + sentence
    assert T.is_assessment(sentence)
    assert T.split_claims(answer) == ("Section 142 requires the complaint within one month of the cause of action.",)
    assert T.assessment_sentences(answer) == (sentence,)


@pytest.mark.parametrize("sentence", [
    "Verdict: the court dismissed the appeal.",  # a fact under the label, not a grade
    "Viability: strong, provided the fifteen-day payment period has expired.",  # a figure: checked
    "Risk: 3 in 10 cases fail on limitation.",
    "The risk is low because the notice was sent in time.",  # no label: a claim like any other
])
def test_a_labelled_fact_or_figure_is_still_checked(sentence):
    from evaluators import text as T

    assert not T.is_assessment(sentence)
    assert T.split_claims("Section 142 requires the complaint within one month. " + sentence)[1:]
