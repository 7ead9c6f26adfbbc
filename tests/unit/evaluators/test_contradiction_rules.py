"""Issue 28 follow-up (judge29): contradictions without a negation word, lengths of time given otherwise, and
compound claims split so that each half is checked (evaluators/checks.py, evaluators/text/claims.py; no model)."""
from __future__ import annotations

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from evaluators import checks as C
from evaluators import rules
from evaluators.text.claims import split_claims, split_compound


@pytest.fixture
def claim_split_on():
    """The claim_split rule on for the test (the cached text functions cleared around it), as it was after."""
    before = {n for n in rules.NAMES if not rules.on(n)}

    def set_off(off):
        rules.switch_off(off)
        split_claims.cache_clear()

    set_off(before - {"claim_split"})
    yield
    set_off(before)


# --- contradiction -------------------------------------------------------------------------------------------

def test_opposite_words_with_matching_surroundings_contradict():
    assert C.contradictions("Roast it breast side down for about 20 minutes per 500 g.",
                            "Roast the bird breast side up for about 20 minutes per 500 g, plus 20 minutes.") \
        == [("down", "up")]
    assert C.contradictions("Add the layers back in the same order.", "Add the layers back in reverse order.") \
        == [("same", "reverse")]
    # word order may change: "grind finely" / "a coarse grind"
    assert C.contradictions("Grind the coffee finely, like breadcrumbs.",
                            "Use a coarse grind, similar to breadcrumbs.") == [("finely", "coarse")]
    assert C.contradictions("The headphones come with a lifetime warranty.",
                            "The headphones come with a limited two-year warranty.") == [("lifetime", "limited")]


def test_a_faithful_paraphrase_is_not_a_contradiction():
    assert C.contradictions("Put the bird in breast side up and roast it for 20 minutes per 500 g.",
                            "Roast the bird breast side up for about 20 minutes per 500 g.") == []
    # an antonym about something else: no surrounding word in common
    assert C.contradictions("Store the flour in a cool, dry cupboard.",
                            "Bake the loaf in a hot oven until risen.") == []
    # both poles in the claim ("from top to bottom") say nothing against the sentence
    assert C.contradictions("Paint the wall from top to bottom.", "Paint the wall starting at the top.") == []
    # a negation near the word: "not up" may well mean "down"; the negation rule judges it
    assert C.contradictions("Do not roast it breast side down.", "Roast the bird breast side up.") == []


def test_a_plain_claim_against_a_denial_is_a_contradiction_and_limits_are_not():
    assert C.contradictions("It covers accidental water damage.",
                            "It does not cover damage caused by liquids.") == [("covers", "does not cover")]
    # "not exceeding twenty" is a limit, not a denial; "no arrest ... without permission" denies nothing
    assert C.contradictions("The Ombudsman can award twenty lakh rupees.",
                            "The Ombudsman may award compensation not exceeding twenty lakh rupees.") == []
    assert C.contradictions("A person can be arrested with permission.",
                            "No arrest shall be made without the permission of an officer.") == []
    # a claim with its own negation ("non-discriminatory") is left to the negation rule
    assert C.contradictions("Charges must be non-discriminatory.", "Charges shall not be discriminatory.") == []


# --- quantity_mismatch ---------------------------------------------------------------------------------------

def test_durations_are_read_in_days_whatever_their_form():
    got = {w: d for d, w, _ in C.durations("a limited two-year warranty, refunds within 30 days, a 6-month trial, "
                                            "half an hour, a lifetime guarantee, a five-year-old child")}
    assert got == {"two-year": 730.5, "30 days": 30.0, "6-month": pytest.approx(182.64), "half an hour":
                   pytest.approx(1 / 48), "lifetime": float("inf")}  # an age is not a duration


def test_a_life_term_is_an_unbounded_length_of_time():
    """(judge32) "life imprisonment", "imprisonment for life", "banned for life", "a life sentence" are unbounded like
    "lifetime": the demo's seeded "Cheating ... is punishable with life imprisonment" against "up to three years"
    conflicts; "quality of life" is no length of time."""
    for text in ("punishable with life imprisonment", "imprisonment for life", "banned for life", "a life sentence"):
        assert [w for _, w, _ in C.durations(text)] == ["life"], text
    assert C.durations("the quality of life") == ()
    sentence = "Whoever cheats shall be punished with imprisonment for a term which may extend to three years."
    assert C.duration_conflicts("Cheating is punishable with life imprisonment.", sentence, [3 * 365.25]) \
        == [("life", "three years")]


def test_a_length_of_time_given_otherwise_conflicts():
    sentence = "The headphones come with a limited two-year warranty from the date of purchase."
    assert C.duration_conflicts("They have a lifetime warranty.", sentence, [730.5]) == [("lifetime", "two-year")]
    assert C.duration_conflicts("Refunds are given within 30 days.", "Refunds are given within 14 days.", [14.0]) \
        == [("30 days", "14 days")]
    # the same length in other units, or a length the context gives elsewhere, is no conflict
    assert C.duration_conflicts("They have a 24-month warranty.", sentence, [730.5]) == []
    assert C.duration_conflicts("Take it out half an hour before.", "Take it out 30 minutes before.", [30 / 1440]) == []
    assert C.duration_conflicts("Returns within 30 days.", "Returns within 14 days.", [14.0, 30.0]) == []
    assert C.duration_conflicts("It has a warranty.", sentence, [730.5]) == []


def test_a_number_that_is_a_context_duration_in_other_units_is_not_missing():
    assert C.same_duration(24.0, "a 24 months warranty", [730.5])
    assert C.same_duration(0.5, "wait half an hour", [30 / 1440])
    assert not C.same_duration(30.0, "a month has 30 days", [29.5])  # close is not the same
    assert not C.same_duration(24.0, "24 people", [730.5])  # only a number written with its time unit


# --- claim_split ---------------------------------------------------------------------------------------------

@pytest.mark.usefixtures("claim_split_on")
def test_compound_claims_are_split_at_also_joins():
    assert split_claims("The headphones come with a lifetime warranty that also covers accidental water damage.") \
        == ("The headphones come with a lifetime warranty", "covers accidental water damage.")
    assert split_claims("Preheat the oven to 220 C and also grease the large baking tin with butter.") \
        == ("Preheat the oven to 220 C", "grease the large baking tin with butter.")


@pytest.mark.usefixtures("claim_split_on")
def test_a_part_too_small_to_be_a_claim_stays_with_its_neighbour():
    assert split_claims("Mix flour, sugar, and eggs in a bowl.") == ("Mix flour, sugar, and eggs in a bowl.",)
    assert split_claims("Preheat the oven and also grease the tin.") == ("Preheat the oven and also grease the tin.",)
    assert split_compound("Season it well; rest it.") == ["Season it well; rest it."]


_WORDS = st.sampled_from(["up", "down", "not", "does", "cover", "covers", "half", "an", "hour", "two-year", "lifetime",
                          "30", "days", "and also", "that also", ";", ",", "the", "warranty", "non", "finely", "é", "",
                          "unless", "except", "where", "needed", "shallower", "deep", "lower", "raise", "twice"])
_TEXT = st.one_of(st.text(max_size=300), st.lists(_WORDS, max_size=40).map(" ".join))


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow], derandomize=True,
          database=None)  # the same examples on every run (a randomised run found "; ; " once: kept below)
@given(_TEXT, _TEXT)
@example("; ; ", "")
def test_no_input_raises(a, b):
    assert isinstance(C.contradictions(a, b), list)
    assert isinstance(C.same_exception(a, b), bool)
    assert isinstance(C.duration_conflicts(a, b, [d for d, _, _ in C.durations(b)]), list)
    assert isinstance(C.same_duration(2.0, a, (730.5,)), bool)
    parts = split_compound(a)
    assert parts and all(isinstance(x, str) for x in parts)
