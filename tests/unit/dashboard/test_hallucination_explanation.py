"""The hallucination score is explained in words next to the number (issue 17)."""
from __future__ import annotations

from dashboard.components.score_view import hallucination_explanation


def _result(value, claims, about=()):
    return {"hallucination_score": value,
            "evaluation": {"faithfulness": {"score": None if value is None else 0.5, "reason": "no retrieved context"}},
            "details": {"faithfulness": {"claims": claims, "about_context": list(about)}}}


def test_names_the_share_unsupported_and_the_worst_claim():
    text = hallucination_explanation(_result(0.96, [
        {"text": "Bail is granted.", "supported": True, "score": 0.8},
        {"text": "The fine is Rs 5,000.", "supported": False, "score": 0.1, "why": "5,000 not in context"}]))
    assert text.startswith("0.96 (high; 0 = fully grounded, 1 = nothing supported).")
    assert "1 of 2 claim(s) unsupported" in text and "The fine is Rs 5,000." in text and "5,000 not in context" in text


def test_a_grounded_answer_reads_low_and_counts_unchecked_sentences():
    text = hallucination_explanation(_result(0.12, [{"text": "Bail is granted.", "supported": True, "score": 0.9}],
                                             about=["The passages do not mention the fee."]))
    assert text.startswith("0.12 (low;") and "0 of 1 claim(s) unsupported" in text
    assert "1 sentence(s) about the context not checked" in text


def test_no_score_says_why():
    assert hallucination_explanation(_result(None, [])) == "No hallucination score: no retrieved context."
    assert hallucination_explanation(None).startswith("No hallucination score")
