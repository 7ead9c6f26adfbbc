"""Issue 28 (judge30): the rules contrast_words and negation_clause (evaluators/polarity.py) and number_neighbours
(evaluators/numfacts.py), as pure functions over text (no model). Positive and negative cases in general English
across domains: recipes, how-tos, science, history, products."""
from __future__ import annotations

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from evaluators import numfacts as NF
from evaluators import polarity as P
from evaluators import rules

# --- contrast_words ----------------------------------------------------------------------------------------------


def test_a_phrase_for_the_opposite_pole_contradicts():
    # science / cooking: "faster" against "takes longer"
    assert P.contrasts("Cooler boiling water means food cooks faster at altitude.",
                       "Because the water is cooler, food takes longer to cook at high altitude.") \
        == (("faster", "takes longer"),)
    # products / how-to: the same, in another domain and tense
    assert P.contrasts("Updates download faster over a wired connection.",
                       "Updates take longer to download over Wi-Fi than over a wired connection.") \
        == (("faster", "take longer"),)
    # history: "succeeded" against a passive of failure
    assert P.contrasts("Efforts to tax the nobility and the clergy succeeded.",
                       "Attempts to tax the privileged nobility and clergy were blocked.") \
        == (("succeeded", "were blocked"),)
    # DIY: a change against "the same"
    assert P.contrasts("Set the new shelf higher than before.", "Set the new shelf at the same height as before.") \
        == (("higher than before", "same"),)


def test_a_compound_with_its_first_part_swapped_contradicts():
    # history of technology, and a product how-to
    assert P.contrasts("It combined metal type, water-based ink and a screw press.",
                       "His system combined metal type, an oil-based ink and a screw press.") \
        == (("water-based", "oil-based"),)
    assert P.contrasts("Use an oil-based paint for the bathroom ceiling.",
                       "Use a water-based paint for the bathroom ceiling, as it dries quickly.") \
        == (("oil-based", "water-based"),)


def test_faithful_wordings_are_not_contrasts():
    # the same phrase on both sides
    assert P.contrasts("Beans take longer to cook at altitude.", "At altitude beans take longer to cook.") == ()
    assert P.contrasts("Use a water-based paint for the ceiling.", "Use a water-based paint for the bathroom ceiling.") \
        == ()
    # lengths in a compound are the quantity rule's, not a swap ("five-year" / "two-year")
    assert P.contrasts("The warranty lasts for a five-year period.", "The warranty lasts for a two-year period.") == ()
    # compounds about different things (the word after them differs)
    assert P.contrasts("Use gluten-free flour for the batter.", "Use dairy-free milk and plain flour for the batter.") \
        == ()
    # a passive of failure and a plain claim that does not say the opposite
    assert P.contrasts("The reform bill passed in 1832 after the Lords gave way.",
                       "The reform bill was blocked twice by the Lords before it passed in 1832.") == ()
    # "takes less time" is "faster": agreement, not a contradiction
    assert P.contrasts("The battery charges faster with the new cable.",
                       "With the new cable the battery takes less time to charge.") == ()
    # what the antonym list already finds is left to the contradiction rule
    assert P.contrasts("Roast it breast side down.", "Roast the bird breast side up.") == ()


# --- negation_clause ---------------------------------------------------------------------------------------------


def test_a_negation_in_another_clause_or_verb_phrase_denies_nothing():
    # science: the negation is about another clause of the sentence
    assert P.flip_holds("The Moon shines by reflected sunlight.",
                        "The Moon does not make its own light; we see sunlight reflected from its surface.") is False
    # a negation inside the subject's relative clause; the main verb phrase says the claim
    assert P.flip_holds("Visitors may still enter the garden for free.",
                        "Visitors who are not members of the club may still enter the garden for free.") is False
    # recipe and product: one side prevents what the other negates
    assert P.flip_holds("Press cling film onto the surface so it does not brown.",
                        "Press cling film onto the surface to stop it turning brown.") is False
    assert P.flip_holds("Charge the battery so it does not overheat.",
                        "Charge the battery in a cool place to prevent it overheating.") is False


def test_a_negation_of_the_claims_own_words_still_flips():
    assert P.flip_holds("Opened items can be returned.", "Opened items cannot be returned.") is True
    assert P.flip_holds("The charger is not included in the box.", "The charger is included in the box.") is True
    # the negating clause is the one about the claim, though another clause follows
    assert P.flip_holds("The museum is open on Mondays.",
                        "The museum is not open on Mondays; it opens on Tuesdays.") is True
    # history: "failed" denies "succeeded"-like wording only where it covers the claim's words
    assert P.flip_holds("The harvest was enough to feed the city.",
                        "The harvest was not enough to feed the city, and bread prices rose.") is True


# --- number_neighbours -------------------------------------------------------------------------------------------


def test_a_number_given_next_to_the_claims_words_in_another_sentence_is_with_its_fact():
    ctx = ["The Great Pyramid was built for Khufu around 2560 BC.", "It originally stood about 146 metres tall."]
    assert NF.said_with(146.0, "The Great Pyramid was built for Khufu around 2560 BC and first stood about 146 "
                               "metres tall", ctx) is True
    assert NF.said_with(3.0, "The film won three Oscars in 1998.",
                        ["In 1998 it won 3 Oscars, among them best picture.", "The film was released in 1997."]) is True


def test_a_number_moved_to_another_fact_or_a_label_is_not():
    # recipe: 20 minutes is the roasting time, not the resting time; "minutes" alone is not a shared word
    assert NF.said_with(20.0, "Rest it for 20 minutes before carving.",
                        ["Roast for 20 minutes per 500 g.", "Rest it for 10 minutes before carving."]) is False
    # a number that names a thing: which step is the fact
    assert NF.said_with(4.0, "Step 4 tightens the bolts.", ["Tighten the bolts in step 4 of the guide."]) is False
    assert NF.said_with(101.0, "Section 101 covers murder by a group.", ["Section 101 defines murder."]) is False
    # dates and percentages are never matched this way
    assert NF.said_with(("%", 20.0), "Prices rose by 20% in May.", ["In May prices rose by 20%."]) is False


# --- the switches ------------------------------------------------------------------------------------------------


def test_the_new_rules_are_named_and_switchable():
    for name in ("contrast_words", "negation_clause", "number_neighbours"):
        assert name in rules.NAMES
    # shipped: each better on a set and worse on none (number_neighbours since judge38, on today's eleven sets)
    for name in ("contrast_words", "negation_clause", "number_neighbours"):
        assert name not in rules.DEFAULT_OFF


_PIECES = st.sampled_from(list("abcdefghijklmnopqrstuvwxyz0123456789 -;:,.'\u2014\u2019")
                          + ["not ", "takes longer ", "was blocked ", "-based ", " than before", "stop ", "may ",
                             "Section ", "twenty ", "\u00e9t\u00e9 ", "\U0001f600"])
_TEXT = st.lists(_PIECES, max_size=40).map("".join)


@settings(max_examples=200, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(_TEXT, _TEXT)
@example("", "")
@example("-based -based", "a-based b-based c")
@example("not not ; ; may", "; not may -")
def test_no_input_raises(a, b):
    assert isinstance(P.contrasts(a, b), tuple)
    assert P.flip_holds(a, b) in (True, False)
    for n in (20.0, 3.0, ("%", 5.0)):
        assert NF.said_with(n, a, [b, a]) in (True, False)
