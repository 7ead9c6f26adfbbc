"""BeyondChats conversation + context JSON (reference 001) -> items to score. Pure, no I/O."""
from __future__ import annotations

from typing import Any

AI_ROLES = {"ai/chatbot", "ai", "chatbot", "assistant", "bot"}
USER_ROLES = {"user", "human", "customer"}


def _context_texts(context: dict) -> list[str]:
    data = (context or {}).get("data", context) or {}
    vectors = data.get("vector_data", []) if isinstance(data, dict) else []
    out = []
    for v in vectors or []:
        text = v.get("text") if isinstance(v, dict) else v if isinstance(v, str) else None
        if isinstance(text, str) and text.strip():
            out.append(text)
    return out


MAX_HISTORY = 4  # earlier turns kept with a follow-up question (the scorer reads the last three)


def pairs_from_beyondchats(conversation: dict, context: dict) -> list[dict[str, Any]]:
    """Each AI answer paired with the user message just before it (AI messages with no preceding
    user message are skipped; consecutive AI messages after one user message each pair with it).
    Items: {query, answer, context, history, turn, chat_id, created_at}; `history` = the messages of the
    conversation before that user message (oldest first, at most MAX_HISTORY), so a follow-up ("what
    about the fee?") is scored with the turns it follows as its question context."""
    turns = (conversation or {}).get("conversation_turns") or []
    ctx = _context_texts(context)
    chat_id = (conversation or {}).get("chat_id")
    out = []
    last_user = None
    said: list[str] = []  # every message so far, in order
    history: list[str] = []  # the messages before `last_user`
    for t in turns:
        if not isinstance(t, dict):
            continue
        role = str(t.get("role", "")).strip().lower()
        msg = t.get("message")
        if not isinstance(msg, str):
            continue
        if role in USER_ROLES:
            history = [m for m in said if m.strip()][-MAX_HISTORY:]
            last_user = msg
        elif role in AI_ROLES and last_user is not None:
            out.append({"query": last_user, "answer": msg, "context": list(ctx), "history": list(history),
                        "turn": t.get("turn"), "chat_id": chat_id, "created_at": t.get("created_at")})
        if role in USER_ROLES or role in AI_ROLES:
            said.append(msg)
    return out
