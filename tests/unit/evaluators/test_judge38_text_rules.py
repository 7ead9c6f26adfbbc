"""Text rules of judge38 without the model, each with its rule on and off: times_words (the context's bare "twice"
is the number 2), comparative_forms (a comparative is not the opposite of its antonym's base form) and
exception_words (an answer's "unless X" is its own exception). Found on web5's dev half (BENCHMARKS.md)."""
from __future__ import annotations

import pytest

from evaluators import checks, rules
from evaluators.text import numbers as N


@pytest.fixture
def rule():
    """switch(name, on): that rule on or off, the rest as shipped; the cached text functions cleared."""
    before = {n for n in rules.NAMES if not rules.on(n)}

    def clear() -> None:
        for mod in (N, checks):
            for obj in vars(mod).values():
                if hasattr(obj, "cache_clear"):
                    obj.cache_clear()

    def switch(name: str, on: bool) -> None:
        rules.switch_off(before - {name} if on else before | {name})
        clear()
    yield switch
    rules.switch_off(before)
    clear()


CONTEXT = ("The CDC recommends scrubbing your hands with soap for at least 20 seconds, about the time it takes to hum "
           "the 'Happy Birthday' song from beginning to end twice.")


def test_the_contexts_bare_twice_is_two(rule):
    rule("times_words", True)
    assert 2.0 in N.numbers(CONTEXT, fraction_words=True)
    assert 3.0 in N.numbers("Stir thrice before serving.", fraction_words=True)
    assert 2.0 not in N.numbers("Hum the song twice.")  # an answer's own bare "twice" is still no number
    assert ("×", 2.0) in N.numbers("It costs twice the fee.", fraction_words=True)  # a multiple stays a multiple
    rule("times_words", False)
    assert 2.0 not in N.numbers(CONTEXT, fraction_words=True)


INFANTS = "For infants, compressions should be about 1.5 inches (4 cm) deep, using two fingers or two thumbs."


def test_a_comparative_is_not_the_opposite_of_the_base_form(rule):
    claim = "Infants get the same rate, with shallower compressions of about 4 cm (1.5 in)."
    rule("comparative_forms", True)
    assert checks.contradictions(claim, INFANTS) == []
    # base against base is still the opposite
    assert checks.contradictions("For infants, compressions should be about 4 cm shallow.", INFANTS) \
        == [("shallow", "deep")]
    rule("comparative_forms", False)
    assert checks.contradictions(claim, INFANTS) == [("shallower", "deep")]


def test_comparatives_are_told_from_base_forms_within_their_group():
    deep = checks._GROUP_FORMS[next(g for g, (a, _) in enumerate(checks._ANTONYM_GROUPS) if a.startswith("deep"))]
    assert checks._comparative("shallower", deep) and checks._comparative("deeper", deep)
    assert not checks._comparative("deep", deep) and not checks._comparative("shallow", deep)
    raise_ = checks._GROUP_FORMS[next(g for g, (a, _) in enumerate(checks._ANTONYM_GROUPS) if a.startswith("raise"))]
    assert not checks._comparative("lower", raise_)  # the verb: "lower the heat" is still the opposite of "raise"


def test_lower_the_heat_is_still_the_opposite_of_raise_it(rule):
    rule("comparative_forms", True)
    assert checks.contradictions("Lower the heat under the pan for the sauce.",
                                 "Raise the heat under the pan for the sauce.") == [("lower", "raise")]


AP = ("The Chicago Manual of Style and the APA recommend the serial comma, while the Associated Press Stylebook "
      "generally omits it except where needed for clarity.")


def test_the_answers_unless_is_its_own_exception(rule):
    claim = "AP style generally leaves it out unless it's needed for clarity."
    rule("exception_words", True)
    assert checks.contradictions(claim, AP) == []
    rule("exception_words", False)
    assert checks.contradictions(claim, AP) == [("needed", "except where needed")]
    # without its own exception, the plain word the sentence only allows as an exception is still flagged
    rule("exception_words", True)
    assert checks.contradictions("AP style says the comma is needed for clarity in every list.", AP) != []


def test_only_the_same_exception_counts():
    assert checks.same_exception("AP leaves it out unless it's needed for clarity.", AP)
    assert not checks.same_exception("AP leaves it out unless the list is short.", AP)
    assert not checks.same_exception("AP leaves it out for clarity.", AP)  # no exception of its own
