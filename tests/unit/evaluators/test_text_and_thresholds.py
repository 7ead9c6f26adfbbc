"""Pure text utilities, thresholds and the overall formula (no model, no I/O)."""
from __future__ import annotations

import pytest

from evaluators import EVALUATOR_VERSION, Score
from evaluators.text.claims import split_claims
from evaluators.text.entities import entities
from evaluators.text.negation import negation_count
from evaluators.text.numbers import months, numbers
from evaluators.text.references import find_citations
from evaluators.text.sentences import split_sentences
from evaluators.text.words import query_aspects, stem
from evaluators.metrics.contextual_precision import average_precision


def test_sentences_split_glued_and_protect_abbreviations():
    s = split_sentences("It was published in the 19th century.First for Women is a magazine. "
                          "Sec. 103 applies. Rs. 50,000 is due.\n- a bullet point here")
    assert s == ("It was published in the 19th century.", "First for Women is a magazine.",
                 "Sec. 103 applies.", "Rs. 50,000 is due.", "a bullet point here")


def test_claims_split_at_conjunctions_and_skip_questions_and_pleasantries():
    claims = split_claims("Murder is punishable with death or life imprisonment, and the court may also "
                            "impose a heavy fine. Is that clear? I hope this helps!")
    assert claims == ("Murder is punishable with death or life imprisonment", "the court may also impose a heavy fine.")
    assert split_claims("Delhi") == ("Delhi",)
    assert split_claims("Based on the provided context, **NYS** began in April 2023. Here is what I found: "
                          "The fine is 10 rupees.") == ("NYS began in April 2023.", "The fine is 10 rupees.")
    assert split_claims("Thanks!") == ()
    assert split_claims("") == ()


def test_numbers_amounts_percent_and_words():
    n = numbers("a fine of Rs. 50,000, 2 lakh, 15% and ten days [doc.pdf:3]")
    assert {50000.0, 200000.0, ("%", 15.0), 10.0} <= n
    assert 3.0 not in n  # citation page numbers are not claims


def test_numbers_times_compounds_and_glued_amounts():
    assert numbers("open 2:00 PM to 4:30 PM") == frozenset({2.0, 4.3})
    assert numbers("twenty-five years and Single Room2000/-") == frozenset({25.0, 2000.0})
    assert numbers("for the first time, one of them") == frozenset()
    assert numbers("costs Rs 3,00,000 or 1.5 million") == frozenset({300000.0, 1_500_000.0})


def test_non_factual_sentences_are_not_claims_unless_they_carry_facts():
    assert split_claims("I understand your concern about the long-term health of the baby.") == ()
    assert split_claims("It\u2019s essential to weigh all options and think it over.") == ()
    assert split_claims("I recommend booking the Monday slot at 2 PM.") != ()


def test_negation_entities_months_citations():
    assert negation_count("Murder is not punishable") == 1
    assert negation_count("Murder is punishable") == 0
    ents = entities("According to Section 103 of BNS, murder is punished in New Delhi.")
    assert "bns" in ents and "delhi" in ents and "accord" not in ents
    assert months("In April 2023 it may rain in May") == frozenset({"apr", "may"})
    assert find_citations("As stated [mu_no02.pdf:3] and [b.pdf: 12].") == [("mu_no02.pdf", 3), ("b.pdf", 12)]


def test_stemming_matches_word_forms():
    assert stem("punishment") == stem("punishable") == stem("punished")
    assert query_aspects("What is the punishment for attempt to murder?") == (
        stem("punishment"), stem("attempt"), stem("murder"))


def test_average_precision_is_rank_weighted():
    assert average_precision([True, False, False]) == pytest.approx(1.0)
    assert average_precision([False, False, True]) == pytest.approx(1 / 3)
    assert average_precision([True, False, True]) == pytest.approx((1 + 2 / 3) / 2)
    assert average_precision([False, False]) == 0.0
    assert average_precision([]) is None


def test_score_value_object():
    s = Score(None, "no claims", {})
    assert s.to_dict() == {"value": None, "reason": "no claims", "details": {}}
    assert EVALUATOR_VERSION.startswith("local-")
