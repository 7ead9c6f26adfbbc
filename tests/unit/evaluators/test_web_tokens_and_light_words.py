"""Issue 28 (judge33): the pure helpers of rules web_tokens, light_words and exclusions (evaluators/checks.py)."""
from __future__ import annotations

import pytest

from evaluators import checks as C


@pytest.mark.parametrize("text, expected", [
    ("Log in at routerlogin.net to finish.", ["routerlogin.net"]),
    ("See https://example.com/help?a=1, then www.acme.io.", ["https://example.com/help?a=1", "www.acme.io"]),
    ("Write to Support@Acme.co.uk.", ["support@acme.co.uk"]),
    ("Edit config.yaml and run setup.sh", ["config.yaml", "setup.sh"]),
    ("In the U.S. and the U.K., e.g. in 3.10 or at 4.5 p.m.", []),  # abbreviations and numbers are not web tokens
    ("", []),
])
def test_web_tokens(text, expected):
    assert C.web_tokens(text) == expected


def test_light_words_are_verbs_and_particles_not_content():
    assert {"let", "go", "back", "up"} <= C.LIGHT_WORDS
    assert not {"vinegar", "password", "expens"} & C.LIGHT_WORDS


@pytest.mark.parametrize("context, claim, agree", [
    ("takes 6 to 8 weeks, not including mailing time", "6-8 weeks plus mailing time", True),
    ("costs $50 excluding tax", "$50, and tax is extra", True),
    ("costs $50 excluding tax", "$50 including tax", False),
    ("takes 6 to 8 weeks", "6-8 weeks plus mailing time", False),  # no exclusion in the context
])
def test_an_exclusion_and_an_addition_agree(context, claim, agree):
    assert bool(C.EXCLUSION_RE.search(context) and C.ADDITIVE_RE.search(claim)) is agree


def test_code_spans():
    assert C.code_spans("Run `git  push --force` or `ls`; not `x`") == ["git push --force", "ls"]
    assert C.code_spans("no spans here") == []


def test_units_by_name_and_symbol_share_a_slot():
    from evaluators.text.numbers import number_slots

    assert number_slots("95 milligrams, 70 to 140 mg") == {"mg": {"95", "70", "140"}}  # both ends (range_slots)
    assert number_slots("8 ounces") == number_slots("8 oz")


@pytest.mark.parametrize("n, others, agree", [
    (238900.0, {238855.0}, True), (240000.0, {238855.0}, True), (3.8, {3.84}, True),
    (20.0, {24.0}, False),  # one significant digit: too coarse to say what it stands for
    (95.0, {95.0}, False),  # equal: no rounding (the exact checks take it)
    (3.8, {3.9}, False), (float("nan"), {1.0}, False), (True, {1.0}, False),
])
def test_rounds_to(n, others, agree):
    from evaluators.text.numbers import rounds_to

    assert rounds_to(n, others) is agree


def test_hedged_numbers():
    from evaluators.text.numbers import hedged_numbers

    assert hedged_numbers("roughly 238,900 miles, about $60, 12 weeks") == {238900.0, 60.0}


def test_decimals_of_a_number_with_thousands_separators_are_kept():
    from evaluators.text.numbers import numbers

    assert numbers("Everest is 8,848.86 metres (29,031.7 ft) tall") == {8848.86, 29031.7}
    assert numbers("1,000,000 people; 12,34,567 rupees") == {1000000.0, 1234567.0}


def test_calendar_days_are_days():
    assert [d for d, _, _ in C.durations("less than 21 calendar days")] == [21.0]
