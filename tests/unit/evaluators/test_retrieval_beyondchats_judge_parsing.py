"""Retrieval heuristics, BeyondChats pairing, judge JSON handling and offline token counts."""
from __future__ import annotations

import pytest

from evaluators import prompts as P
from evaluators.metrics.answer_relevancy import RelevancyVerdict
from evaluators.metrics.faithfulness import FaithfulnessVerdict
from formats.beyondchats import pairs_from_beyondchats
from evaluators.judge import _extract_json, count_tokens
from evaluators.retrieval import evaluate_fast, quality_level


def test_retrieval_fast_recommendations():
    good = evaluate_fast(["cheque", "dishonour"], {"cheque", "dishonour", "bank"}, [0.9, 0.9])
    assert good.recommendation == "ANSWER" and good.quality in ("excellent", "good")
    none = evaluate_fast(["cheque"], set(), [])
    assert none.recommendation == "EXTERNAL" and "No contexts retrieved" in none.issues
    weak = evaluate_fast(["cheque", "bounce", "penalty"], {"bank"}, [0.2, 0.1])
    assert weak.recommendation == "CLARIFY" and weak.missing_aspects == ["cheque", "bounce", "penalty"]
    mid = evaluate_fast(["cheque", "penalty"], {"cheque"}, [0.6, 0.6])
    assert mid.recommendation == "REFINE" and mid.quality == "partial"
    assert quality_level(0.86) == "excellent" and quality_level(0.1) == "poor"


def test_beyondchats_pairs_each_ai_answer_with_preceding_user_message():
    conv = {"chat_id": 7, "conversation_turns": [
        {"turn": 1, "role": "AI/Chatbot", "message": "Hello, how can I help?", "created_at": "t1"},
        {"turn": 2, "role": "User", "message": "What is IVF?", "created_at": "t2"},
        {"turn": 3, "role": "AI/Chatbot", "message": "IVF is in vitro fertilisation.", "created_at": "t3"},
        {"turn": 4, "role": "AI/Chatbot", "message": "It costs about 3 lakh.", "created_at": "t4"},
        {"turn": 5, "role": "User", "message": "Thanks", "created_at": "t5"},
    ]}
    ctx = {"status": "success", "data": {"vector_data": [{"id": 1, "text": "IVF is ..."}, {"id": 2, "text": ""}]}}
    pairs = pairs_from_beyondchats(conv, ctx)
    assert [(p["turn"], p["query"]) for p in pairs] == [(3, "What is IVF?"), (4, "What is IVF?")]
    assert pairs[0] == {"query": "What is IVF?", "answer": "IVF is in vitro fertilisation.", "context": ["IVF is ..."],
                        "history": ["Hello, how can I help?"], "turn": 3, "chat_id": 7, "created_at": "t3"}
    assert pairs_from_beyondchats({}, {}) == []


def test_beyondchats_follow_up_turn_carries_the_turns_before_its_question():
    """Issue 17: "what about the fee?" is scored with the conversation's earlier turns as its question context."""
    conv = {"chat_id": 8, "conversation_turns": [
        {"turn": 1, "role": "User", "message": "How do I register a rent agreement?"},
        {"turn": 2, "role": "AI/Chatbot", "message": "Register it at the sub-registrar's office within 4 months."},
        {"turn": 3, "role": "User", "message": "What about the fee?"},
        {"turn": 4, "role": "AI/Chatbot", "message": "The registration fee is 1 % of the total rent."},
    ]}
    first, follow_up = pairs_from_beyondchats(conv, {"data": {"vector_data": []}})
    assert first["history"] == []
    assert follow_up["query"] == "What about the fee?"
    assert follow_up["history"] == ["How do I register a rent agreement?",
                                    "Register it at the sub-registrar's office within 4 months."]


def test_extract_json_accepts_fences_and_rejects_prose():
    assert _extract_json('```json\n{"score": 0.5}\n```') == {"score": 0.5}
    assert _extract_json('Sure! {"score": 1} done') == {"score": 1}
    with pytest.raises(ValueError):
        _extract_json("I think the answer is fine.")


def test_schema_validation_and_prompt_rendering():
    v = FaithfulnessVerdict.model_validate(
        {"statements": [{"statement": "x", "supported": True, "supporting_chunk_ids": [0]}]})
    assert v.statements[0].supporting_chunk_ids == [0]
    with pytest.raises(Exception):
        RelevancyVerdict.model_validate({"score": 3})
    text = P.render("faithfulness", query="Q?", answer="A.", chunks=["one", "two"])
    assert "[0] one" in text and "[1] two" in text and '"statements"' in text


def test_token_counting_is_offline_and_handles_unknown_models():
    assert count_tokens("hello world", "gpt-4o-mini") == 2
    assert count_tokens("hello world", "my-local-llama") == 2  # falls back to o200k_base
    assert count_tokens("", "gpt-4o-mini") == 0
