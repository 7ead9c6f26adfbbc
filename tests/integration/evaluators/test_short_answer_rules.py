"""Issue 28 (judge31), with the real model through evaluators.score_one: a right short answer of the kind its
question asks for passes answer relevancy although the context says it away from the sentences nearest the
question (a multi-hop answer; rule short_answer_kind), another question's answer of the same form still fails;
"1/2 cup" where the context says "half a cup" is faithful (rule fractions); an answer that says what it can and
then what the sources leave open is not a refusal (partial_refusal). Each case as shipped and without the rule."""
from __future__ import annotations

import pytest

from evaluators import rules, score_one

from .test_polarity_rules import _set_off

MULTI_HOP = ["Javier Mora is a Spanish kickboxer. In 2009 he lost a title fight at the Max Schmeling Halle in "
             "Berlin to Alexey Ignashov.",
             "Alexey Ignashov is a Russian heavyweight kickboxer who has fought in K-1 since 2001."]
QUESTION = "What is the nationality of the man who defeated Javier Mora in Max Schmeling Halle?"


@pytest.fixture(params=["shipped", "without"])
def rule_set(request):
    before = {n for n in rules.NAMES if not rules.on(n)}
    _set_off(set(rules.DEFAULT_OFF) | (set() if request.param == "shipped" else {"short_answer_kind", "fractions", "partial_refusal"}))
    yield request.param
    _set_off(before)


def test_a_right_short_answer_found_away_from_the_question_is_relevant(rule_set):
    relevancy = score_one(QUESTION, "Russian", MULTI_HOP)["evaluation"]["answer_relevancy"]
    assert relevancy["passed"] is (rule_set == "shipped"), relevancy
    if rule_set == "shipped":
        assert "kind the question asks for (a name)" in relevancy["reason"]


def test_another_questions_short_answer_is_not_relevant(rule_set):
    relevancy = score_one(QUESTION, "George Harrison", MULTI_HOP)["evaluation"]["answer_relevancy"]
    assert relevancy["passed"] is False, relevancy


def test_a_fraction_in_digits_is_the_contexts_fraction_in_words(rule_set):
    context = ["Pour half a cup of baking soda down the drain, then a cup of white vinegar.",
               "Wait 15 minutes, then flush the drain with hot water."]
    out = score_one("How do I unclog a drain without chemicals?",
                    "Pour 1/2 cup of baking soda down the drain, then 1 cup of white vinegar; wait 15 minutes and "
                    "flush with hot water.", context)
    faith = out["evaluation"]["faithfulness"]
    assert faith["passed"] is (rule_set == "shipped"), (faith, out["details"]["faithfulness"]["claims"])


LEAVE = ["Employees get 18 days of annual leave a year, accrued at 1.5 days a month. Up to 10 unused days may be "
         "carried forward and must be used by 31 March."]
LEAVE_Q = "How many days of annual leave do I get and can I carry them forward?"


def test_an_answer_that_then_names_what_is_left_open_is_not_a_refusal(rule_set):
    answer = ("The policy gives 18 days of annual leave a year and lets you carry forward up to 10 days, to be used "
              "by 31 March. It does not say whether part-time employees get a pro-rated entitlement, so I cannot "
              "answer that.")
    relevancy = score_one(LEAVE_Q, answer, LEAVE)["evaluation"]["answer_relevancy"]
    assert relevancy["passed"] is (rule_set == "shipped"), relevancy


def test_a_plain_refusal_still_declines(rule_set):
    relevancy = score_one(LEAVE_Q, "I cannot answer that from the documents.", LEAVE)["evaluation"]["answer_relevancy"]
    assert relevancy["passed"] is False and "declines" in relevancy["reason"], relevancy
