"""The claim rules of issue 28 as pure functions (no model): what is a claim, which numbers are facts, which
entities and numbers are another form of the context's, and an added tail phrase."""
from __future__ import annotations

from evaluators import checks as C
from evaluators.text.claims import split_claims
from evaluators.text.negation import negation_count, without_non_denials
from evaluators.text.numbers import numbers
from evaluators.text.words import content_tokens, stem


def test_list_items_are_claims_and_headings_are_decided_by_form():
    answer = "## Method\nHere's how:\n- Mash the bananas\n- Season with salt\n- Fold in the flour gently\nKey Tips For Baking"
    claims = split_claims(answer)
    assert "Season with salt" in claims and "Mash the bananas" in claims
    assert not any(c in ("Method", "Here's how:", "Key Tips For Baking") for c in claims)


def test_sentences_about_the_passages_and_refusals_are_not_claims():
    answer = ("Preheat the oven to 220 °C (Passage 1). Passage 3 does not mention adding nuts. None of the passages "
              "says how long it keeps. I cannot provide a cooking time for a fan oven. Unable to answer the rest "
              "from the sources. The text doesn't cover gravy.")
    assert split_claims(answer) == ("Preheat the oven to 220 °C (Passage 1).",)


def test_counts_step_numbers_and_formulas_are_not_facts_to_look_up():
    assert numbers("The two main stones were limestone and granite.") == frozenset()
    assert numbers("Repeat step 4 and 5, then those three carriers.") == frozenset()
    assert numbers("Plants take in CO2 and release O2, splitting H2O.") == frozenset()
    assert numbers("It takes two hours at 180 °C.") == {2.0, 180.0}  # a count of hours is a fact


def test_unit_conversions_are_the_same_fact():
    conv = C.conversions("Preheat the oven to 220 °C. It stood about 146 metres high and weighed 21.5 kg. At 3,000 m.")
    assert C.converted(425.0, conv) and C.converted(480.0, conv) and C.converted(47.0, conv) and C.converted(3.0, conv)
    assert not C.converted(180.0, conv) and not C.converted(300.0, conv)


def test_unit_names_abbreviations_and_formulas_are_known_entities():
    ctx = {stem(w) for w in "united states america bc carbon dioxide water".split()}

    def find(st):
        return st if st in ctx else None

    for word in ("Fahrenheit", "Celsius", "US", "USA", "BC", "Christ", "H2O", "CO"):
        assert C.entity_alias_found(stem(word), find), word
    assert not C.entity_alias_found(stem("Britain"), find)


def test_an_added_tail_phrase_is_named():
    sentence = set(content_tokens("Let the chicken rest, loosely covered with foil, for 10 to 15 minutes before "
                                    "carving."))
    ctx = sentence | {"roast"}

    def find(st):
        return st if st in ctx else None

    added = C.added_span("Rest it loosely covered with foil for 10 to 15 minutes before carving and serving it with "
                         "roast potatoes.", sentence, find, set())
    assert added == ["serving", "roast", "potatoes"]
    # a faithful paraphrase adds no tail
    assert C.added_span("Rest the chicken under loose foil for 10 to 15 minutes before carving.", sentence, find,
                        set()) == []


def test_quantifier_negations_deny_nothing():
    assert negation_count(without_non_denials("Not all ovens have a fan, whether or not it is new.")) == 0
    assert negation_count(without_non_denials("The oven does not have a fan.")) == 1
