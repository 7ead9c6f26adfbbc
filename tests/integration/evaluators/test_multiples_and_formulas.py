"""Issue 28 (judge32), with the real model through evaluators.score_one: "twice the annual fees" where the context
caps liability at the fees is an unsupported multiple (rule multiples: the demo's seeded clause hallucination,
which before read only as weak support), "two times the cheque amount" for "twice the cheque amount" is the same
multiple; "CO2" where the context says "carbon dioxide" is not a word missing from the context (rule units_names,
now in the word check as in the entity check). Each case as shipped and without the rule."""
from __future__ import annotations

import re

import pytest

from evaluators import rules, score_one

from .test_polarity_rules import _set_off

CAP = ["Clause 12: each Party's aggregate liability \"shall not exceed the fees paid in the twelve (12) months "
       "preceding the claim\".", "Indemnity under Clause 11 and fraud are carved out of the cap."]
CHEQUE = ["The offence is punishable with imprisonment up to two years, or fine up to twice the cheque amount, "
          "or both."]
GASES = ["Magma contains dissolved gases, mainly water vapour, carbon dioxide and sulfur dioxide. As it rises and the "
         "pressure drops, these gases form bubbles, much like opening a bottle of fizzy drink."]


@pytest.fixture(params=["shipped", "without"])
def rule_set(request):
    before = {n for n in rules.NAMES if not rules.on(n)}
    _set_off(set(rules.DEFAULT_OFF) | (set() if request.param == "shipped" else {"multiples", "units_names"}))
    yield request.param
    _set_off(before)


def _claim(out) -> dict:
    return out["details"]["faithfulness"]["claims"][0]


def test_a_multiple_the_context_does_not_give_is_a_number_mismatch(rule_set):
    out = score_one("Find a limitation of liability clause with a cap on damages.",
                    "Liability is capped at twice the annual fees.", CAP)
    claim = _claim(out)
    assert claim["supported"] is False, claim
    if rule_set == "shipped":
        assert "2\u00d7 not in context" in claim["why"], claim
        assert out["evaluation"]["faithfulness"]["score"] < 0.2, out["evaluation"]["faithfulness"]


def test_two_times_is_twice(rule_set):
    out = score_one("What is the penalty for a dishonoured cheque?",
                    "Imprisonment up to two years, or a fine of up to two times the cheque amount.", CHEQUE)
    assert out["evaluation"]["faithfulness"]["passed"] is True, out["details"]["faithfulness"]["claims"]


def test_a_formula_for_a_named_gas_is_not_a_missing_word(rule_set):
    out = score_one("Why does gas make volcanoes erupt?",
                    "Gases like CO2 come out of solution as the pressure falls.", GASES)
    why = _claim(out)["why"] or ""
    assert bool(re.search(r"\bco\b", why, re.IGNORECASE)) is (rule_set == "without"), _claim(out)
