"""A number taken from elsewhere in the context and attached to this fact (issue 17, `context_swap`)."""
from __future__ import annotations

from evaluators.text.numbers import number_slots, slot_conflicts


def test_numbers_are_read_with_the_word_that_follows_them():
    slots = number_slots("Adoptive parents get 12 weeks; the fee is 10% or 1,500 rupees.")
    assert slots["week"] == {"12"} and slots["%"] == {"10"} and {"1500"} in slots.values() and len(slots) == 3
    assert number_slots("Section 138 of the NI Act") == {}  # a stopword after the number says no unit


def test_a_swapped_number_conflicts_and_two_facts_do_not():
    sentence = "Adoptive parents of a child under 3 months get 12 weeks of paid leave."
    assert slot_conflicts("Adoptive parents of a child under 3 months get 26 weeks.", sentence) == ["26 week"]
    assert slot_conflicts("Adoptive parents of a child under 3 months get 12 weeks.", sentence) == []
    # the claim gives this sentence's number too: it states two facts, it did not swap one
    assert slot_conflicts("Birthing parents get 26 weeks and adoptive parents 12 weeks.", sentence) == []
    # no number for that unit in the sentence: nothing to conflict with (other rules judge it)
    assert slot_conflicts("It takes 3 days.", sentence) == []
