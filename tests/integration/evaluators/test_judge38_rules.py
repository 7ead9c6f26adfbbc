"""Issue 28 (judge38), with the real model through evaluators.score_one: the rules found on the web5 set's dev half,
each case as shipped and with the rule off. The context's bare "twice" is the answer's "two rounds" (times_words);
"shallower" for an infant's "4 cm deep" is a comparison, not the opposite (comparative_forms); an answer's "unless
it's needed" says what the context's "except where needed" says (exception_words)."""
from __future__ import annotations

from evaluators import score_one

from .test_web_answer_rules import _claims


def test_the_contexts_bare_twice_is_the_answers_two(rule_off):
    shipped = rule_off("times_words")
    out = score_one("how long should you wash your hands",
                    "Scrub with soap for at least 20 seconds, about two rounds of 'Happy Birthday'.",
                    ["The CDC recommends scrubbing your hands with soap for at least 20 seconds, about the time it "
                     "takes to hum the 'Happy Birthday' song from beginning to end twice."])
    assert _claims(out)[0]["supported"] is shipped, _claims(out)


def test_a_changed_count_is_still_flagged():
    out = score_one("how long should you wash your hands",
                    "Scrub with soap for at least 20 seconds, about five rounds of 'Happy Birthday'.",
                    ["The CDC recommends scrubbing your hands with soap for at least 20 seconds, about the time it "
                     "takes to hum the 'Happy Birthday' song from beginning to end twice."])
    assert _claims(out)[0]["supported"] is False, _claims(out)


def test_shallower_is_no_opposite_of_deep(rule_off):
    shipped = rule_off("comparative_forms")
    out = score_one("cpr compression depth for infants",
                    "Infants get shallower compressions of about 4 cm (1.5 in), using two fingers or two thumbs.",
                    ["For adults, push at least 2 inches (5 cm) deep.",
                     "For infants, compressions should be about 1.5 inches (4 cm) deep, using two fingers or two "
                     "thumbs."])
    why = " ".join(c.get("why") or "" for c in _claims(out))
    assert ("shallower" in why) is not shipped, _claims(out)


def test_unless_says_what_except_where_says(rule_off):
    shipped = rule_off("exception_words")
    out = score_one("does ap style use the oxford comma",
                    "The AP Stylebook generally leaves the serial comma out unless it's needed for clarity.",
                    ["The Chicago Manual of Style and the APA recommend the serial comma, while the AP Stylebook "
                     "generally omits the serial comma except where needed for clarity."])
    assert _claims(out)[0]["supported"] is shipped, _claims(out)  # off: read as a negation flip

