"""Issue 17: the hallucination score is explained in words next to the number (scale, what drove it)."""
from __future__ import annotations

from dashboard.components import score_view


def _result(value, claims, about=()):
    return {"hallucination_score": value, "evaluation": {"faithfulness": {"reason": "no context"}},
            "details": {"faithfulness": {"claims": claims, "about_context": list(about)}}}


def test_a_false_claim_is_named_as_what_drove_the_score():
    claims = [{"text": "The fee is Rs. 500.", "supported": True, "score": 0.9},
              {"text": "The drawer must pay a penalty of Rs. 5,00,000.", "supported": False, "score": 0.1,
               "why": "number/date/amount mismatch: 5,00,000 not in context"}]
    text = score_view.hallucination_explanation(_result(0.75, claims, ["The passages do not mention the fee."]))
    assert text.startswith("0.75 on a scale where 0 = fully grounded, 1 = nothing supported: high.")
    assert "1 of 2 claim(s) unsupported" in text and "penalty of Rs. 5,00,000" in text
    assert "5,00,000 not in context" in text and "1 sentence(s) about the context, not checked" in text


def test_a_grounded_answer_and_a_missing_score_read_plainly():
    ok = score_view.hallucination_explanation(_result(0.04, [{"text": "A.", "supported": True, "score": 0.95}]))
    assert ": low." in ok and "0 of 1 claim(s) unsupported" in ok and "still supported" in ok
    none = score_view.hallucination_explanation(_result(None, []))
    assert none.startswith("No hallucination score") and "no context" in none
    assert score_view.hallucination_explanation(None).startswith("No hallucination score")
