"""Issue 28 (judge36), with the real model through evaluators.score_one: the rules found on the web3 set's dev half
(answers in the styles of four chat-model families). Each case as shipped and with the rule off, so each test shows
the rule's own effect: the context's "the first ten" is the answer's "the first 10" (context_counts); a number in a
sentence that goes on about the best one ("He noticed ... in 1928") is with the claim's fact (anaphor_numbers);
"rather than burning out" denies what "don't burn out" denies (contrast_denials); a negated claim another sentence
negates the same way is no flip (negation_elsewhere); a number another, as well matching sentence gives for the
same unit is no swap (slot_elsewhere); "always" where the context says "often" is an overclaim, not the other way
round (certainty)."""
from __future__ import annotations

import json
from pathlib import Path

from evaluators import score_one

from .test_web_answer_rules import _claims, _why

WEB3 = Path(__file__).resolve().parents[2] / "data" / "web3_cases.jsonl"


def test_the_contexts_first_ten_is_the_answers_first_10(rule_off):
    shipped = rule_off("context_counts")
    out = score_one("what is the bill of rights", "The first 10 amendments to the Constitution are the Bill of Rights.",
                    ["The first ten amendments to the Constitution, ratified in 1791, are known as the Bill of Rights."])
    assert _claims(out)[0]["supported"] is shipped, _claims(out)
    if not shipped:
        assert "10 not in context" in _why(out)


def test_a_number_in_the_sentence_that_goes_on_is_with_the_fact(rule_off):
    shipped = rule_off("anaphor_numbers")
    out = score_one("who discovered penicillin",
                    "Alexander Fleming discovered penicillin at St Mary's Hospital in London in 1928.",
                    ["Penicillin was discovered by Alexander Fleming at St Mary's Hospital in London. He noticed a "
                     "mould killing bacteria on a culture plate in 1928.",
                     "Mass production began during the Second World War in 1942."])
    assert _claims(out)[0]["supported"] is shipped, _claims(out)


def test_a_number_from_an_unrelated_sentence_is_still_displaced():
    out = score_one("who discovered penicillin", "Alexander Fleming discovered penicillin in London in 1942.",
                    ["Penicillin was discovered by Alexander Fleming at St Mary's Hospital in London.",
                     "Mass production began during the Second World War in 1942."])
    assert _claims(out)[0]["supported"] is False, _claims(out)


def test_rather_than_denies_what_dont_denies(rule_off):
    shipped = rule_off("contrast_denials")
    out = score_one("how long do led bulbs last", "Rather than burning out suddenly, LED bulbs slowly get dimmer over "
                    "time.", ["LED bulbs don't usually burn out suddenly; instead, they slowly get dimmer over time."])
    assert _claims(out)[0]["supported"] is shipped, _claims(out)


def test_a_negation_another_sentence_says_is_no_flip(rule_off):
    shipped = rule_off("negation_elsewhere")
    out = score_one("how long is a senator's term",
                    "Senators serve six-year terms and there is no limit on how many terms a senator can serve.",
                    ["U.S. senators serve six-year terms, and a third of the seats are elected every two years.",
                     "There are no term limits for senators or representatives."])
    assert ("negation flip" in " ".join(c["why"] or "" for c in _claims(out))) is not shipped, _claims(out)


def test_a_number_an_as_well_matching_sentence_gives_is_no_swap(rule_off):
    shipped = rule_off("slot_elsewhere")
    from evaluators import rules

    from .test_polarity_rules import _set_off
    _set_off({n for n in rules.NAMES if not rules.on(n)} | {"range_slots"})  # "3-5" against "5 to 8": no swap either
    rec = next(r for r in map(json.loads, WEB3.read_text(encoding="utf-8").splitlines()) if r["id"] == "boil-corn-1")
    assert rec["split"] == "dev" and rec["label"] == "faithful"  # looked at while building the rule
    out = score_one(rec["query"], rec["answer"], rec["contexts"])
    assert ("different number" in _why(out)) is not shipped, _claims(out)


def test_a_swapped_number_from_a_less_matching_sentence_is_still_caught():
    out = score_one("how much paid leave do parents get",
                    "Adoptive parents of a child under 3 months get 26 weeks of paid leave.",
                    ["Birthing parents are entitled to 26 weeks of paid maternity leave.",
                     "Adoptive parents of a child under 3 months receive 12 weeks of paid leave."])
    assert "different number for this: 26 week" in _why(out), _claims(out)


ROUTER = ["The router's admin password is often printed on a sticker on its underside."]


def test_always_where_the_context_says_often_is_an_overclaim(rule_off):
    shipped = rule_off("certainty")
    out = score_one("where is the router password",
                    "The router's admin password is always printed on a sticker on its underside.", ROUTER)
    assert _claims(out)[0]["supported"] is not shipped, _claims(out)
    if shipped:
        assert "says 'always' where the context says 'often'" in _why(out)


def test_often_where_the_context_says_always_says_less():
    out = score_one("where is the router password",
                    "The router's admin password is often printed on a sticker on its underside.",
                    ["The router's admin password is always printed on a sticker on its underside."])
    assert _claims(out)[0]["supported"] is True, _claims(out)


def test_a_short_names_plural_is_the_same_entity_with_the_rule_on():
    from evaluators import rules

    from .test_polarity_rules import _set_off

    before = {n for n in rules.NAMES if not rules.on(n)}
    ctx = ["RAM is much faster than storage drives like SSDs and hard drives, but it holds far less data."]
    try:
        for on in (False, True):
            _set_off(set(rules.DEFAULT_OFF) - ({"acronym_plurals"} if on else set()))
            out = score_one("what is ram", "RAM is much faster than an SSD or a hard drive.", ctx)
            assert ("entity not in context: SSD" in _why(out)) is not on, _claims(out)
    finally:
        _set_off(before)


SOUND = ["In water, sound moves at about 1,480 m/s, and in steel it can reach about 5,960 m/s.",
         "The speed of sound in air increases with temperature, by about 0.6 m/s for every degree Celsius."]


def test_a_number_in_the_claims_unit_is_no_conversion_of_another_unit(rule_off):
    shipped = rule_off("conversion_units")
    out = score_one("how fast does sound travel", "The speed of sound in air rises by about 6 m/s for each degree "
                    "Celsius.", SOUND)
    assert _claims(out)[0]["supported"] is not shipped, _claims(out)
    if shipped:
        assert "6 not in context" in _why(out)


def test_a_real_conversion_still_passes(rule_off):
    rule_off("conversion_units")
    out = score_one("how fast is sound in steel", "In steel, sound can reach about 5.96 km/s.", SOUND)
    assert _claims(out)[0]["supported"] is True, _claims(out)


def test_both_ends_of_a_range_carry_its_unit(rule_off):
    shipped = rule_off("range_slots")
    out = score_one("how long does an ev take to charge", "A DC fast charger takes a battery from 20% to 80% in "
                    "around 20 minutes to an hour.",
                    ["DC fast chargers can take a battery from 20% to 80% in about 20 to 60 minutes."])
    assert ("different number" in _why(out)) is not shipped, _claims(out)


def test_a_passages_own_no_denies_nothing(rule_off):
    shipped = rule_off("context_particles")
    out = score_one("can dogs eat grapes", "Grapes, raisins, currants and sultanas can cause sudden kidney failure in "
                    "dogs.", ["No. Grapes, raisins, currants and sultanas can cause sudden kidney failure in dogs."])
    assert _claims(out)[0]["supported"] is shipped, _claims(out)


OIL = ["Toyota recommends changing synthetic oil every 10,000 miles or 12 months, whichever comes first."]


def test_a_number_in_another_unit_is_unsupported(rule_off):
    shipped = rule_off("unit_swaps")
    out = score_one("how often to change synthetic oil", "Toyota recommends changing synthetic oil every 10,000 "
                    "kilometers or 12 months.", OIL)
    assert _claims(out)[0]["supported"] is not shipped, _claims(out)
    if shipped:
        assert "10,000 km (the context: 10,000 mi)" in _why(out)


def test_the_same_quantity_converted_is_no_unit_swap():
    out = score_one("how often to change synthetic oil", "Toyota recommends changing synthetic oil about every "
                    "16,000 kilometers (10,000 miles) or 12 months.", OIL)
    assert _claims(out)[0]["supported"] is True, _claims(out)


def test_a_count_followed_by_a_unit_is_an_amount(rule_off):
    shipped = rule_off("count_units")
    out = score_one("how big do goldfish get", "Common goldfish can grow to 10 to 12 inches within their first two "
                    "years.", ["Single-tailed common and comet goldfish can grow to 10 to 12 inches (25-30 cm)."])
    assert _claims(out)[0]["supported"] is not shipped, _claims(out)
    if shipped:
        assert "2 not in context" in _why(out)


def test_a_sentence_about_the_sources_in_the_passive_is_no_claim(rule_off):
    shipped = rule_off("meta_forms")
    out = score_one("how often should grout be sealed", "Seal cement grout about once a year. Installation cost "
                    "isn't covered in these sources.", ["Cement-based grout should be resealed about once a year."])
    assert len(_claims(out)) == (1 if shipped else 2), _claims(out)


def test_a_short_step_of_a_longer_answer_opens_with_a_verb_not_a_name(rule_off):
    shipped = rule_off("step_verbs")
    out = score_one("how to season a cast iron pan", "Coat the pan with a thin layer of vegetable oil. Bake for an "
                    "hour.", ["Apply a very thin layer of vegetable oil to the pan, then baking it upside down at "
                              "450°F for 1 hour."])
    assert ("entity not in context: Bake" in " ".join(c["why"] or "" for c in _claims(out))) is not shipped, \
        _claims(out)


def test_a_short_answer_alone_is_still_a_name():
    out = score_one("what is the capital of australia", "Sydney.", ["Canberra is the capital of Australia."])
    assert _claims(out)[0]["supported"] is False, _claims(out)


GARLIC = ["Harvest garlic when the lower third of the leaves have turned brown, usually in early summer."]


def test_another_share_of_the_same_thing_is_unsupported(rule_off):
    shipped = rule_off("fraction_swaps")
    out = score_one("when to harvest garlic", "Harvest garlic when the lower half of the leaves have turned brown, "
                    "usually in early summer.", GARLIC)
    assert _claims(out)[0]["supported"] is not shipped, _claims(out)
    if shipped:
        assert "another share for this: half of the leaves" in _why(out)


def test_the_same_share_is_supported():
    out = score_one("when to harvest garlic", "Harvest it once a third of the leaves have turned brown, usually in "
                    "early summer.", GARLIC)
    assert _claims(out)[0]["supported"] is True, _claims(out)


WHALES = ["Blue whales feed mainly on krill. Females are generally larger than males."]


def test_a_comparison_the_other_way_round_is_unsupported(rule_off):
    shipped = rule_off("comparison_swaps")
    out = score_one("how big are blue whales", "Among blue whales, males are generally larger than females.", WHALES)
    assert _claims(out)[0]["supported"] is not shipped, _claims(out)


def test_the_same_comparison_is_supported():
    out = score_one("how big are blue whales", "Females are usually larger than males.", WHALES)
    assert _claims(out)[0]["supported"] is True, _claims(out)
