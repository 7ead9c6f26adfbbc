"""Text rules of judge36-37 without the model: stem_forms (measured, not shipped: rules.DEFAULT_OFF; a doubled
consonant before -ing/-ed comes off and a four-letter plural is its singular, only while the rule is on) and
fraction_swaps' reading of "<share> of <thing>"."""
from __future__ import annotations

import pytest

from evaluators import rules
from evaluators.text import words


@pytest.fixture
def stem_forms():
    before = {n for n in rules.NAMES if not rules.on(n)}

    def switch(on: bool) -> None:
        rules.switch_off(before - {"stem_forms"} if on else before | {"stem_forms"})
        words.stem.cache_clear()
    yield switch
    rules.switch_off(before)
    words.stem.cache_clear()


@pytest.mark.parametrize("a, b", [("scarring", "scars"), ("stopped", "stops"), ("planning", "plans"),
                                  ("eggs", "egg"), ("SSDs", "SSD"), ("days", "day")])
def test_forms_meet_only_with_the_rule_on(stem_forms, a, b):
    stem_forms(True)
    assert words.stem(a) == words.stem(b)
    stem_forms(False)
    assert words.stem(a) != words.stem(b)


@pytest.mark.parametrize("word", ["falling", "missed", "buzzing", "bias", "plus", "this"])
def test_doubled_l_s_z_and_short_non_plurals_stay(stem_forms, word):
    stem_forms(True)
    on = words.stem(word)
    stem_forms(False)
    assert on == words.stem(word)


def test_a_share_of_that_thing_names_the_thing():
    from evaluators import checks as C

    assert C.fraction_swaps("exceeds half of that maximum", ["one-half of the maximum term, or one-third of the "
                                                            "maximum for a first offence"]) == []
    assert C.fraction_swaps("two-thirds of the states", ["three-fourths of the states (38 of 50)"]) == [
        "two-thirds of the states"]
