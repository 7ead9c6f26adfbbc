"""Issue 28 (judge33), with the real model through evaluators.score_one, on web answers of a kind the dev sets lack
(a QA lead's own Playground pastes): a domain the context does not give is an unsupported entity whatever its case
(rule web_tokens: "routerlogin.net" read as supported before); the question's own "us" is the answer's "U.S."
(rule question_names); "6-8 weeks plus mailing time" agrees with "6 to 8 weeks, not including mailing time"
(rule exclusions: a negation flip and a contradiction before); "then let go" for "then release it" adds nothing
(rule light_words); "After that, let it sit" orders the answer's own steps, not against "rest before fluffing" (rule
before_after); a list item's verb before a name ("Tick Cookies and ...") is no entity (rule initial_words); a claim
joining a sentence and the next of its passage adds no phrase (rule next_sentence). Each case as shipped and with
the rule off, so each test shows the rule's own effect; the cases the rules must not excuse are tested too."""
from __future__ import annotations

import pytest

from evaluators import rules, score_one

from .test_polarity_rules import _set_off

ROUTER = ["To reset your NETGEAR router to factory settings, locate the Reset button on the back of the router. "
          "Using a paper clip, press and hold the Reset button for at least seven seconds, then release it.",
          "The router reboots and the Power LED blinks during the process. All settings, including the WiFi name and "
          "password, return to the factory defaults."]
PASSPORT = ["Routine passport service takes 6 to 8 weeks from the day the application is received, not including "
            "mailing time.", "Expedited service costs an additional $60 and takes 2 to 3 weeks."]


@pytest.fixture(params=["shipped", "rule off"])
def rule_off(request):
    """A function turning the named rule off for the "rule off" run (nothing for "shipped")."""
    before = {n for n in rules.NAMES if not rules.on(n)}
    _set_off(set(rules.DEFAULT_OFF))

    def switch(name: str) -> bool:
        if request.param == "rule off":
            _set_off(set(rules.DEFAULT_OFF) | {name})
        return request.param == "shipped"
    yield switch
    _set_off(before)


def _claims(out) -> list[dict]:
    return out["details"]["faithfulness"]["claims"]


def test_a_domain_the_context_does_not_give_is_unsupported(rule_off):
    shipped = rule_off("web_tokens")
    out = score_one("how to reset a netgear router",
                    "Log in at routerlogin.net with the default password to set up your network again.", ROUTER)
    claim = _claims(out)[0]
    assert claim["supported"] is not shipped, claim
    if shipped:
        assert "entity not in context: routerlogin.net" in claim["why"], claim


def test_a_domain_the_context_gives_is_supported():
    out = score_one("where do I log in to my router?", "You log in at routerlogin.net.",
                    ["Open a browser and go to www.routerlogin.net to log in to the router."])
    assert "routerlogin" not in (_claims(out)[0]["why"] or ""), _claims(out)


def test_the_questions_us_is_the_answers_us(rule_off):
    shipped = rule_off("question_names")
    out = score_one("how long does it take to renew a us passport",
                    "Renewing a U.S. passport takes 6-8 weeks from the day your application is received.", PASSPORT)
    why = _claims(out)[0]["why"] or ""
    assert ("entity not in context: US" in why) is not shipped, _claims(out)


def test_plus_mailing_time_is_not_including_mailing_time(rule_off):
    shipped = rule_off("exclusions")
    out = score_one("how long does it take to renew a us passport",
                    "Routine service takes 6-8 weeks after your application arrives, plus mailing time.", PASSPORT)
    claim = _claims(out)[0]
    assert claim["supported"] is shipped, claim


def test_including_mailing_time_still_contradicts_not_including_it():
    out = score_one("how long does it take to renew a us passport",
                    "Routine service takes 6-8 weeks after your application arrives, including mailing time.", PASSPORT)
    assert _claims(out)[0]["supported"] is False, _claims(out)


def test_let_go_for_release_adds_nothing(rule_off):
    shipped = rule_off("light_words")
    out = score_one("how to reset a netgear router",
                    "Press and hold the Reset button with a paper clip for at least 7 seconds, then let go.", ROUTER)
    why = _claims(out)[0]["why"] or ""
    assert ('adds "let go"' in why) is not shipped, _claims(out)


RICE = ["Brown rice takes longer to cook than white rice. Simmer it, covered, for 40 to 45 minutes.",
        "Let the rice rest off the heat for 10 minutes before fluffing it with a fork."]
CHROME = ["On your computer, open Chrome. At the top right, click More (the three dots), then Delete browsing data.",
          "Check the boxes next to Cookies and other site data and Cached images and files, then click Delete data."]


def test_after_that_orders_the_answers_own_steps(rule_off):
    shipped = rule_off("before_after")
    out = score_one("how long to cook brown rice",
                    "After that, take it off the heat and let it sit for 10 minutes, then fluff it with a fork.", RICE)
    assert ("says 'after' where the context says 'before'" in (_claims(out)[0]["why"] or "")) is not shipped, out


def test_after_an_event_the_context_puts_before_still_contradicts():
    out = score_one("how long to cook brown rice", "Let the rice rest for 10 minutes after fluffing it with a fork.",
                    RICE)
    assert _claims(out)[0]["supported"] is False, _claims(out)


def test_a_list_items_verb_before_a_name_is_not_an_entity(rule_off):
    shipped = rule_off("initial_words")
    out = score_one("how to clear cache in chrome", "Tick Cookies and other site data and Cached images and files.",
                    CHROME)
    assert ("entity not in context: Tick" in (_claims(out)[0]["why"] or "")) is not shipped, _claims(out)


def test_a_claim_joining_a_sentence_and_the_next_adds_nothing(rule_off):
    shipped = rule_off("next_sentence")
    out = score_one("how to clear cache in chrome",
                    "Open Chrome and click the three-dot More menu in the top-right corner.", CHROME)
    assert ("adds " in (_claims(out)[0]["why"] or "")) is not shipped, _claims(out)
