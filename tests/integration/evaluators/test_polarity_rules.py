"""Issue 28 (judge30), with the real model through evaluators.score_one: contradictions said with a phrase or a
compound are not faithful and say why in words (rule contrast_words); faithful answers whose context negates in
another clause, or prevents what the answer negates, are not flagged (negation_clause); a claim joining two
facts keeps its number (number_neighbours, shipped since judge38). Each case is run as shipped and with the three
rules off; the number case with number_neighbours on (shipped) and off."""
from __future__ import annotations

import pytest

from evaluators import checks as C
from evaluators import numfacts as NF
from evaluators import polarity as P
from evaluators import rules
from evaluators import score_one
from evaluators.text import claims, entities, negation, numbers, references, sentences, words

NEW_RULES = {"contrast_words", "negation_clause", "number_neighbours"}


def _set_off(off) -> None:
    rules.switch_off(off)
    for mod in (references, words, sentences, numbers, negation, entities, claims, C, P, NF):
        for obj in vars(mod).values():
            if hasattr(obj, "cache_clear"):
                obj.cache_clear()


@pytest.fixture(params=["shipped", "without the new rules"])
def rule_set(request):
    before = {n for n in rules.NAMES if not rules.on(n)}
    _set_off(set(rules.DEFAULT_OFF) | (set() if request.param == "shipped" else NEW_RULES))
    yield request.param
    _set_off(before)


def _faith(out: dict) -> tuple[bool, list[dict]]:
    return out["evaluation"]["faithfulness"]["passed"], out["details"]["faithfulness"]["claims"]


BOIL = ["At sea level water boils at 100 °C. Higher up the air pressure is lower, so water boils at a lower "
        "temperature. Because the water is cooler, food takes longer to cook at high altitude."]


@pytest.mark.usefixtures("model")
def test_faster_where_the_context_says_takes_longer(rule_set):
    out = score_one("Why does food cook differently at altitude?",
                    "Water boils at a lower temperature up high. Because the water is cooler, food cooks faster at "
                    "high altitude.", BOIL)
    passed, claims = _faith(out)
    if rule_set == "shipped":
        assert passed is False and out["hallucination_score"] > 0.5
        assert any("says 'faster' where the context says 'takes longer'" in (c["why"] or "") for c in claims)
    else:  # missed without the rule (the antonym list has no "takes longer")
        assert passed is True


@pytest.mark.usefixtures("model")
def test_a_swapped_compound_in_a_product_answer(rule_set):
    ctx = ["For bathroom ceilings use a water-based paint with a mould inhibitor; it dries in two hours and "
           "brushes clean with water."]
    out = score_one("What paint should I use on a bathroom ceiling?",
                    "For bathroom ceilings use an oil-based paint with a mould inhibitor.", ctx)
    passed, claims = _faith(out)
    if rule_set == "shipped":
        assert passed is False
        assert "says 'oil-based' where the context says 'water-based'" in claims[0]["why"]


@pytest.mark.usefixtures("model")
def test_faithful_answers_are_not_flagged(rule_set):
    moon = score_one("Why does the Moon shine?", "The Moon shines by reflected sunlight.",
                     ["The Moon does not make its own light; we see sunlight reflected from its surface."])
    guac = score_one("How do I keep guacamole green?",
                     "To keep it for a few hours, press cling film onto the surface so it does not brown.",
                     ["If you need to keep it for a few hours, press cling film onto the surface to stop it turning "
                      "brown."])
    boil = score_one("Why does food cook differently at altitude?",
                     "Water boils at a lower temperature up high, so food takes longer to cook at high altitude.", BOIL)
    if rule_set == "shipped":
        for out in (moon, guac, boil):
            assert _faith(out)[0] is True and out["hallucination_score"] < 0.5
    else:  # the negation flips these two answers without negation_clause
        assert _faith(moon)[1][0]["why"].startswith("negation flip")
        assert _faith(guac)[1][0]["why"].startswith("negation flip")
        assert _faith(boil)[0] is True


@pytest.fixture(params=["number_neighbours on", "number_neighbours off"])
def number_rule(request):
    before = {n for n in rules.NAMES if not rules.on(n)}
    _set_off(set(rules.DEFAULT_OFF) | ({"number_neighbours"} if request.param == "number_neighbours off" else set()))
    yield request.param
    _set_off(before)


@pytest.mark.usefixtures("model")
def test_a_claim_joining_two_facts_keeps_its_number(number_rule):
    ctx = ["The Great Pyramid of Giza was built for the pharaoh Khufu around 2560 BC, at the start of a long "
           "period of pyramid building along the Nile.",
           "Originally it stood about 146 metres high. For almost 4,000 years it was the tallest structure in "
           "the world."]
    q = "How tall was the Great Pyramid?"
    out = score_one(q, "The Great Pyramid was built for Khufu around 2560 BC and first stood about 146 metres tall.",
                    ctx)
    claims = _faith(out)[1]
    if number_rule == "number_neighbours on":
        assert all(c["supported"] for c in claims) and out["hallucination_score"] < 0.5
    else:  # 146 read as "in the context but not with this fact"
        assert "not with this fact: 146" in (claims[0]["why"] or "")
    # a figure moved onto another fact stays unsupported either way
    moved = score_one(q, "It was the tallest structure in the world for almost 146 years.", ctx)
    assert _faith(moved)[0] is False
