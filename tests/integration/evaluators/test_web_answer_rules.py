"""Issue 28 (judge33), with the real model through evaluators.score_one, on web answers of a kind the dev sets lack
(a QA lead's own Playground pastes): a domain the context does not give is an unsupported entity whatever its case
(rule web_tokens: "routerlogin.net" read as supported before); the question's own "us" is the answer's "U.S."
(rule question_names); "6-8 weeks plus mailing time" agrees with "6 to 8 weeks, not including mailing time"
(rule exclusions: a negation flip and a contradiction before); "then let go" for "then release it" adds nothing
(rule light_words); "After that, let it sit" orders the answer's own steps, not against "rest before fluffing" (rule
before_after); a list item's verb before a name ("Tick Cookies and ...") is no entity (rule initial_words); a claim
joining a sentence and the next of its passage adds no phrase (rule next_sentence). Each case as shipped and with
the rule off, so each test shows the rule's own effect; the cases the rules must not excuse are tested too.
judge34: "95 mg" is "95 milligrams" (rule unit_words); "roughly 238,900 miles" is 238,855 rounded (rule rounding;
not without the hedge, not to one significant digit); "American" is "U.S." (rule demonyms); a command in
backticks the context does not give is unsupported (rule code_spans)."""
from __future__ import annotations


from evaluators import score_one


ROUTER = ["To reset your NETGEAR router to factory settings, locate the Reset button on the back of the router. "
          "Using a paper clip, press and hold the Reset button for at least seven seconds, then release it.",
          "The router reboots and the Power LED blinks during the process. All settings, including the WiFi name and "
          "password, return to the factory defaults."]
PASSPORT = ["Routine passport service takes 6 to 8 weeks from the day the application is received, not including "
            "mailing time.", "Expedited service costs an additional $60 and takes 2 to 3 weeks."]


def _claims(out) -> list[dict]:
    return out["details"]["faithfulness"]["claims"]


def _why(out) -> str:
    """The first claim's reason ("" when supported without one)."""
    return _claims(out)[0]["why"] or ""


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
    assert "routerlogin" not in _why(out), _claims(out)


def test_the_questions_us_is_the_answers_us(rule_off):
    shipped = rule_off("question_names")
    out = score_one("how long does it take to renew a us passport",
                    "Renewing a U.S. passport takes 6-8 weeks from the day your application is received.", PASSPORT)
    why = _why(out)
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
    why = _why(out)
    assert ('adds "let go"' in why) is not shipped, _claims(out)


RICE = ["Brown rice takes longer to cook than white rice. Simmer it, covered, for 40 to 45 minutes.",
        "Let the rice rest off the heat for 10 minutes before fluffing it with a fork."]
CHROME = ["On your computer, open Chrome. At the top right, click More (the three dots), then Delete browsing data.",
          "Check the boxes next to Cookies and other site data and Cached images and files, then click Delete data."]


def test_after_that_orders_the_answers_own_steps(rule_off):
    shipped = rule_off("before_after")
    out = score_one("how long to cook brown rice",
                    "After that, take it off the heat and let it sit for 10 minutes, then fluff it with a fork.", RICE)
    assert ("says 'after' where the context says 'before'" in _why(out)) is not shipped, out


def test_after_an_event_the_context_puts_before_still_contradicts():
    out = score_one("how long to cook brown rice", "Let the rice rest for 10 minutes after fluffing it with a fork.",
                    RICE)
    assert _claims(out)[0]["supported"] is False, _claims(out)


def test_a_list_items_verb_before_a_name_is_not_an_entity(rule_off):
    shipped = rule_off("initial_words")
    out = score_one("how to clear cache in chrome", "Tick Cookies and other site data and Cached images and files.",
                    CHROME)
    assert ("entity not in context: Tick" in _why(out)) is not shipped, _claims(out)


def test_a_claim_joining_a_sentence_and_the_next_adds_nothing(rule_off):
    shipped = rule_off("next_sentence")
    out = score_one("how to clear cache in chrome",
                    "Open Chrome and click the three-dot More menu in the top-right corner.", CHROME)
    assert ("adds " in _why(out)) is not shipped, _claims(out)


# judge34: units by name or symbol, hedged roundings, demonyms, commands in backticks
COFFEE = ["An 8-ounce cup of brewed coffee contains about 95 milligrams of caffeine on average, though it can range "
          "from 70 to 140 mg."]
MOON = ["The Moon is an average of 238,855 miles (384,400 km) away from Earth."]
JAPAN = ["U.S. citizens with a valid passport can visit Japan for tourism for up to 90 days without a visa."]
GIT = ["To undo the last commit but keep your changes staged, run git reset --soft HEAD~1.",
       "If the commit has already been pushed, use git revert instead, which creates a new commit that undoes it."]


def test_milligrams_and_mg_are_one_unit(rule_off):
    shipped = rule_off("unit_words")
    out = score_one("how much caffeine is in a cup of coffee",
                    "A typical 8 oz cup of brewed coffee has around 95 mg of caffeine.", COFFEE)
    assert ("different number" in _why(out)) is not shipped, _claims(out)


def test_a_hedged_rounding_is_the_contexts_number(rule_off):
    shipped = rule_off("rounding")
    out = score_one("how far is the moon from earth", "The Moon is roughly 238,900 miles from Earth on average.",
                    MOON)
    assert _claims(out)[0]["supported"] is shipped, _claims(out)


def test_an_unhedged_or_coarse_number_is_still_checked():
    for answer in ("The Moon is 238,900 miles from Earth on average.",  # no hedge: a different number
                   "The Moon is about 200,000 miles from Earth on average."):  # one significant digit
        out = score_one("how far is the moon from earth", answer, MOON)
        assert _claims(out)[0]["supported"] is False, (answer, _claims(out))


def test_american_is_us(rule_off):
    shipped = rule_off("demonyms")
    out = score_one("do i need a visa to visit japan", "As an American you can visit Japan for up to 90 days "
                    "without a visa.", JAPAN)
    assert ("entity not in context: American" in _why(out)) is not shipped, _claims(out)


def test_a_command_the_context_does_not_give_is_unsupported(rule_off):
    shipped = rule_off("code_spans")
    answer = "- Keep the changes: `git reset --soft HEAD~1`\n- Already pushed? Run `git push --force` to overwrite it."
    out = score_one("how to undo the last git commit", answer, GIT)
    claims = _claims(out)
    assert claims[0]["supported"] is True, claims  # the context's own command
    assert ("git push --force" in (claims[-1]["why"] or "")) is shipped, claims


DOGS = ["Grapes and raisins are toxic to dogs and can cause sudden kidney failure, even in small amounts."]
EVEREST = ["Mount Everest's elevation of 8,848.86 metres (29,031.7 ft) was announced jointly by China and Nepal."]


def test_a_leading_no_answers_the_question(rule_off):
    shipped = rule_off("answer_particles")
    out = score_one("can dogs eat grapes", "No. Grapes are poisonous for dogs and can cause sudden kidney failure.",
                    DOGS)
    assert ("negation flip" in _why(out)) is not shipped, _claims(out)


def test_a_rounding_of_a_decimal_with_thousands_separators(rule_off):
    shipped = rule_off("decimals")
    out = score_one("how tall is mount everest", "Everest is about 8,849 metres tall, as China and Nepal announced.",
                    EVEREST)
    assert _claims(out)[0]["supported"] is shipped, _claims(out)
