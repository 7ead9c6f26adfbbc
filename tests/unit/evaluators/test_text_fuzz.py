"""Fuzzing the text functions of the local scorer (issue 28): no input raises. Strategies mix the forms real
answers take (chunk references and ranges, numbers with units, list markers, headings, unicode) with arbitrary
text; every function the claim checks call on an answer is run on each."""
from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from evaluators.checks import code_spans, web_tokens
from evaluators.text.claims import is_about_context, is_pleasantry, split_claims
from evaluators.text.entities import acronyms, entities, expansions
from evaluators.text.negation import negation_count
from evaluators.text.numbers import hedged_numbers, months, number_slots, numbers, rounds_to, slot_conflicts
from evaluators.text.references import find_citations, find_references, strip_citations
from evaluators.text.sentences import is_heading, split_sentences, strip_structure
from evaluators.text.words import content_tokens, content_words, query_aspects

_PIECES = st.sampled_from([
    "(Passages 1-2)", "[2-3]", "Passage 2-3", "[1, 3]", "(Source 2 \u2013 4)", "Sources: 1, 3", "[doc.pdf:3]",
    "according to Passage 1, ", "Passage 3 states that ", "[999-1]", "(Passages 0-0)", "[3\u20132]",
    "350\u00b0F", "180 \u00b0C", "Rs. 20 lakh", "twenty-five", "10%", "1,000,000", "2:30 PM", "1990-2000",
    "\n- ", "\n1. ", "\n## ", "**Step 4:** ", "Ingredients:", "\u2022 ", "(a) ", "iv. ", "Step 4 and 5",
    "Caf\u00e9 cr\u00e8me", "\u00e9t\u00e9", "\u4e2d\u6587", "\U0001F600", "\u200b", "U.S.A.", "N.I. Act", "e.g. ", "vs. ",
    "1/2", "1 1/2 ", "\u00bd", "3\u00be", "two and a half ", "half a ", "a dozen ", "an hour", "24/7",
    "routerlogin.net", "`git push`", "about 238,900 ", "roughly 3.85", "95 milligrams", "https://a.io/x?y=1",
    "me@ex.co.uk", "config.yaml", "not including ", "plus ",
    "not ", "no longer ", "unable to answer.", "I cannot provide", "The passages do not say",
    ". ", "? ", "; ", ", and ", " but ", ":", "", " ",
])
_TEXT = st.lists(st.one_of(_PIECES, st.text(max_size=30)), max_size=25).map("".join)
_FAST = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow], derandomize=True,
                 database=None)  # the same examples on every run: CI is not where a new input is found


def _run_all(text: str) -> None:
    find_references(text)
    strip_citations(text)
    find_citations(text)
    split_sentences(text)
    split_claims(text)
    numbers(text)
    numbers(text, fraction_words=True)
    months(text)
    entities(text)
    content_tokens(text)
    content_words(text)
    acronyms(text)
    expansions(text)
    number_slots(text)
    negation_count(text)
    query_aspects(text)
    web_tokens(text)
    code_spans(text)
    for n in hedged_numbers(text):
        rounds_to(n, numbers(text))
    for sent in split_sentences(text)[:5]:
        is_heading(sent)
        strip_structure(sent)
        is_about_context(sent)
        is_pleasantry(sent)
        slot_conflicts(sent, text)


@_FAST
@given(_TEXT)
def test_no_answer_like_text_raises(text):
    _run_all(text)


@_FAST
@given(st.text(max_size=200))
def test_no_arbitrary_unicode_raises(text):
    _run_all(text)


def test_range_references_are_read_as_ranges():
    assert find_references("Bake it (Passages 1-2).") == [1, 2]
    assert find_references("Bake it [2-3].") == [2, 3]
    assert find_references("Passage 2-3 says to bake it.") == [2, 3]
    assert find_references("[3\u20132]") == [2, 3]


def test_very_long_and_empty_inputs():
    long = ("Preheat the oven to 200 \u00b0C (Passage 1). " * 400) + "\n- Step 4 and 5 [2-3]" * 200
    _run_all(long)
    _run_all("")
    assert split_claims("") == () and find_references("") == []
