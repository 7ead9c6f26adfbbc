"""Issue 28 follow-up (judge29), with the real model through evaluators.score_one: a grounded-looking answer that
contradicts its context without a negation word ("lifetime warranty that also covers accidental water damage"
against "limited two-year warranty ... does not cover damage caused by liquids") is not faithful, and the reason
says why in words; a faithful paraphrase of the same context is not flagged."""
from __future__ import annotations

import pytest

from evaluators import checks as C
from evaluators import rules
from evaluators import score_one
from evaluators.text import claims, entities, negation, numbers, references, sentences, words

NEW_RULES = {"contradiction", "quantity_mismatch", "claim_split"}
CONTEXT = ["The Aquila X2 headphones come with a limited two-year warranty from the date of purchase. "
           "The warranty covers manufacturing defects in materials and workmanship. "
           "It does not cover damage caused by liquids, drops or misuse.",
           "To make a claim, contact support with your order number and a photo of the fault."]
QUERY = "What warranty do the Aquila X2 headphones have?"


def _set_off(off) -> None:
    rules.switch_off(off)
    for mod in (references, words, sentences, numbers, negation, entities, claims, C):
        for obj in vars(mod).values():
            if hasattr(obj, "cache_clear"):
                obj.cache_clear()


@pytest.fixture(params=["shipped", "contradiction only"])
def rule_set(request):
    """Each test twice: with the rules as shipped (the three new rules on) and with contradiction alone of
    them (quantity_mismatch and claim_split off, as first measured); the cached text functions cleared
    around the switch."""
    before = {n for n in rules.NAMES if not rules.on(n)}
    _set_off(set(rules.DEFAULT_OFF) | (set() if request.param == "shipped" else NEW_RULES - {"contradiction"}))
    yield request.param
    _set_off(before)


def _faith(out: dict) -> tuple[bool, list[dict]]:
    ev = out["evaluation"]["faithfulness"]
    return ev["passed"], out["details"]["faithfulness"]["claims"]


@pytest.mark.usefixtures("model")
def test_the_lifetime_warranty_answer_is_not_faithful_and_says_why(rule_set):
    out = score_one(QUERY, "The Aquila X2 headphones come with a lifetime warranty that also covers accidental "
                           "water damage.", CONTEXT)
    passed, claims = _faith(out)
    assert passed is False and out["hallucination_score"] > 0.5
    assert "says 'lifetime' where the context says 'limited'" in claims[0]["why"]
    if rule_set == "shipped":
        # claim_split: both halves of the compound claim are checked, each unsupported for its own reason
        assert [c["supported"] for c in claims] == [False, False]
        assert "says 'covers' where the context says 'does not cover'" in claims[1]["why"]


@pytest.mark.usefixtures("model")
def test_a_length_of_time_given_otherwise(rule_set):
    ctx = ["Every Kestrel kettle comes with a two-year warranty from the date of purchase."]
    q = "How long is the Kestrel kettle warranty?"
    lifetime = score_one(q, "Every Kestrel kettle comes with a lifetime warranty.", ctx)
    months = score_one(q, "Every Kestrel kettle comes with a 24-month warranty.", ctx)
    if rule_set == "shipped":  # quantity_mismatch: "lifetime" conflicts, "24-month" is the same length
        assert _faith(lifetime)[0] is False
        assert "says 'lifetime' where the context says 'two-year'" in _faith(lifetime)[1][0]["why"]
        assert _faith(months)[0] is True
    else:  # contradiction alone (quantity_mismatch off): both are misjudged, see BENCHMARKS.md
        assert _faith(lifetime)[0] is True and _faith(months)[0] is False


@pytest.mark.usefixtures("model")
def test_a_faithful_paraphrase_is_not_flagged(rule_set):
    answers = ["The Aquila X2 headphones have a limited two-year warranty that also covers manufacturing defects, "
               "but damage from liquids is not covered."]
    if rule_set == "shipped":  # "24-month" for "two-year" needs quantity_mismatch (without it: 24 is missing)
        answers.append("You get a 24-month limited warranty on the Aquila X2; it covers manufacturing defects in "
                       "materials and workmanship.")
    for answer in answers:
        out = score_one(QUERY, answer, CONTEXT)
        passed, claims = _faith(out)
        assert passed is True, claims
        assert all(c["supported"] for c in claims), claims
        assert out["hallucination_score"] < 0.5


@pytest.mark.usefixtures("model", "rule_set")
def test_a_contradiction_without_a_negation_word_in_a_recipe():
    ctx = ["Roast the bird breast side up for about 20 minutes per 500 g, plus an extra 20 minutes. "
           "Rest it under loose foil for 10 to 15 minutes before carving."]
    out = score_one("How do I roast a chicken?", "Roast it breast side down for about 20 minutes per 500 g plus "
                                                  "20 minutes, then rest it under foil before carving.", ctx)
    passed, claims = _faith(out)
    assert passed is False
    assert any("says 'down' where the context says 'up'" in (c["why"] or "") for c in claims)
    same = score_one("How do I roast a chicken?", "Roast it breast side up for about 20 minutes per 500 g plus "
                                                   "20 minutes, then rest it under foil before carving.", ctx)
    assert _faith(same)[0] is True
