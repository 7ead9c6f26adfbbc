"""Fuzzing the text functions of the local scorer (issue 28): no input raises. Strategies mix the forms real
answers take (chunk references and ranges, numbers with units, list markers, headings, unicode) with arbitrary
text; every function the claim checks call on an answer is run on each."""
from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from evaluators import text as T

_PIECES = st.sampled_from([
    "(Passages 1-2)", "[2-3]", "Passage 2-3", "[1, 3]", "(Source 2 \u2013 4)", "Sources: 1, 3", "[doc.pdf:3]",
    "according to Passage 1, ", "Passage 3 states that ", "[999-1]", "(Passages 0-0)", "[3\u20132]",
    "350\u00b0F", "180 \u00b0C", "Rs. 20 lakh", "twenty-five", "10%", "1,000,000", "2:30 PM", "1990-2000",
    "\n- ", "\n1. ", "\n## ", "**Step 4:** ", "Ingredients:", "\u2022 ", "(a) ", "iv. ", "Step 4 and 5",
    "Caf\u00e9 cr\u00e8me", "\u00e9t\u00e9", "\u4e2d\u6587", "\U0001F600", "\u200b", "U.S.A.", "N.I. Act", "e.g. ", "vs. ",
    "not ", "no longer ", "unable to answer.", "I cannot provide", "The passages do not say",
    ". ", "? ", "; ", ", and ", " but ", ":", "", " ",
])
_TEXT = st.lists(st.one_of(_PIECES, st.text(max_size=30)), max_size=25).map("".join)
_FAST = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow], derandomize=True,
                 database=None)  # the same examples on every run: CI is not where a new input is found


def _run_all(text: str) -> None:
    T.find_references(text)
    T.strip_citations(text)
    T.find_citations(text)
    T.split_sentences(text)
    T.split_claims(text)
    T.numbers(text)
    T.months(text)
    T.entities(text)
    T.content_tokens(text)
    T.content_words(text)
    T.acronyms(text)
    T.expansions(text)
    T.number_slots(text)
    T.negation_count(text)
    T.query_aspects(text)
    for sent in T.split_sentences(text)[:5]:
        T.is_heading(sent)
        T.strip_structure(sent)
        T.is_about_context(sent)
        T.is_pleasantry(sent)
        T.slot_conflicts(sent, text)


@_FAST
@given(_TEXT)
def test_no_answer_like_text_raises(text):
    _run_all(text)


@_FAST
@given(st.text(max_size=200))
def test_no_arbitrary_unicode_raises(text):
    _run_all(text)


def test_range_references_are_read_as_ranges():
    assert T.find_references("Bake it (Passages 1-2).") == [1, 2]
    assert T.find_references("Bake it [2-3].") == [2, 3]
    assert T.find_references("Passage 2-3 says to bake it.") == [2, 3]
    assert T.find_references("[3\u20132]") == [2, 3]


def test_very_long_and_empty_inputs():
    long = ("Preheat the oven to 200 \u00b0C (Passage 1). " * 400) + "\n- Step 4 and 5 [2-3]" * 200
    _run_all(long)
    _run_all("")
    assert T.split_claims("") == () and T.find_references("") == []
