"""Issue 34: a list of numbers reads the same with or without spaces; short bulleted claims are claims."""
from __future__ import annotations

from evaluators.text.claims import split_claims
from evaluators.text.numbers import numbers
from evaluators.text.sentences import is_heading


def test_number_lists_are_compared_as_lists():
    assert numbers("sections 1, 2, 3") == numbers("sections 1,2,3") == frozenset({1.0, 2.0, 3.0})
    assert numbers("10,20,30") == frozenset({10.0, 20.0, 30.0})
    assert numbers("1,000,000") == frozenset({1_000_000.0})  # thousands stay one number
    assert numbers("Rs. 12,34,567") == frozenset({1_234_567.0})  # and so do Indian groupings


def test_bulleted_claims_are_extracted():
    answer = ("The lease has these terms:\n• The rent is 500 per month\n- The deposit is two months of rent\n"
              "1. The term is one year\n2) Pets are not allowed\nGrounds for termination\n"
              "The landlord may end it for unpaid rent.")
    claims = split_claims(answer)
    for claim in ("The rent is 500 per month", "The deposit is two months of rent", "The term is one year",
                  "Pets are not allowed", "The landlord may end it for unpaid rent."):
        assert claim in claims, claims
    assert "Grounds for termination" not in claims and is_heading("Grounds for termination")
    assert not is_heading("Pets are not allowed")
