"""Issue 17: a follow-up turn of a BeyondChats conversation is stored with the turns before it and scored with
them as its question context (real MongoDB-wire server, real model)."""
from __future__ import annotations

import json

from jobs.ingest import ingest_paths
from jobs.score import scoring_item
from store.collections import RECORDS

CONV = {"chat_id": 9101, "conversation_turns": [
    {"turn": 1, "role": "User", "message": "How do I register a rent agreement for my flat?",
     "created_at": "2026-11-20T10:00:00Z"},
    {"turn": 2, "role": "AI/Chatbot", "message": "Register it at the sub-registrar's office within four months.",
     "created_at": "2026-11-20T10:00:05Z"},
    {"turn": 3, "role": "User", "message": "What about the fee?", "created_at": "2026-11-20T10:01:00Z"},
    {"turn": 4, "role": "AI/Chatbot", "message": "It is 1 % of the total rent for the whole term, at most Rs 30,000.",
     "created_at": "2026-11-20T10:01:05Z"},
]}
CTX = {"status": "success", "data": {"vector_data": [
    {"id": 1, "text": "A lease for any term exceeding one year must be registered at the office of the sub-registrar "
                      "within four months of execution."},
    {"id": 2, "text": "The fee for registering a lease deed is 1 % of the total rent payable for the whole term, "
                      "subject to a maximum of Rs 30,000."}]}}


def test_follow_up_turn_is_stored_and_scored_with_its_earlier_turns(db, tmp_path):
    (tmp_path / "chat-conversation-01.json").write_text(json.dumps(CONV))
    (tmp_path / "context_vectors-01.json").write_text(json.dumps(CTX))
    summary = ingest_paths(db, [str(tmp_path / "chat-conversation-01.json"), str(tmp_path / "context_vectors-01.json")],
                           "beyondchats")
    assert summary.ingested == 2 and summary.rejected == 0
    first = db[RECORDS].find_one({"session_id": "beyondchats_9101", "query": CONV["conversation_turns"][0]["message"]})
    follow = db[RECORDS].find_one({"session_id": "beyondchats_9101", "query": "What about the fee?"})
    assert "history" not in first
    assert follow["history"] == [CONV["conversation_turns"][0]["message"], CONV["conversation_turns"][1]["message"]]
    item = scoring_item(follow)
    assert item["history"] == follow["history"] and scoring_item(first)["history"] == []
    assert scoring_item({**follow, "history": "not a list"})["history"] == []  # whatever a record holds

    import evaluators

    scored = evaluators.score_many([item, {**item, "id": "alone", "history": []}])
    with_turns, alone = (r["details"]["answer_relevancy"]["meaning"]["similarity"] for r in scored)
    assert with_turns > alone  # the follow-up read with its conversation is closer to what was answered
