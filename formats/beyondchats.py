"""BeyondChats conversation + context JSON (reference 001) -> items to score.

`pairs_from_beyondchats` is pure (no I/O; also used by the Playground); the format part below
sniffs, pairs conversation files with context files and yields the records to ingest.
"""
from __future__ import annotations

import re
from pathlib import Path
from typing import Any, Iterator

from core.content_id import content_hash
from core.versions import version_source
from formats.errors import FormatError
from formats.files import Items
from formats.sniffing import Sniffed

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


# --- the format: sniffing, pairing files, items to ingest ------------------------------------

NAME = "beyondchats"
CONVERSATION, CONTEXT = "beyondchats-conversation", "beyondchats-context"
KINDS = (CONVERSATION, CONTEXT)
DEFAULT_FEATURE = "chat"
NO_FEATURE = {CONVERSATION: ("BeyondChats", DEFAULT_FEATURE)}


def claims(obj: dict) -> str | None:
    if "conversation_turns" in obj:
        return CONVERSATION
    if isinstance(obj.get("data"), dict) and "vector_data" in obj["data"]:
        return CONTEXT
    return None


def _suffix_number(path: Path) -> str | None:
    match = re.search(r"(\d+)\D*$", path.stem)
    return match.group(1).lstrip("0") or "0" if match else None


def pair_files(conversations: list[Path], contexts: list[Path]) -> list[tuple[Path, Path]]:
    if len(conversations) == 1 and len(contexts) == 1:
        return [(conversations[0], contexts[0])]
    by_number = {_suffix_number(p): p for p in contexts}
    pairs = []
    for conv in conversations:
        ctx = by_number.get(_suffix_number(conv))
        if ctx is None:
            raise FormatError(f"{conv}: no context file with the same number suffix")
        pairs.append((conv, ctx))
    return pairs


def read(files: list[Sniffed], *, feature: str | None = None, ground_truth: str | None = None
         ) -> Iterator[tuple[str, Items]]:
    """(source name, items) for each conversation + context pair (paired when iterated)."""
    conversations = [s for s in files if s.kind == CONVERSATION]
    contexts = [s for s in files if s.kind == CONTEXT]
    if not conversations and not contexts:
        return
    if len(conversations) != len(contexts):
        raise FormatError(f"BeyondChats needs conversation + context pairs; got {len(conversations)} "
                          f"conversation file(s) and {len(contexts)} context file(s)")
    by_path = {s.path: s for s in files}
    for conv, ctx in pair_files([s.path for s in conversations], [s.path for s in contexts]):
        yield f"beyondchats:{conv.name}", payloads(by_path[conv], by_path[ctx], feature or DEFAULT_FEATURE)


def payloads(conv: Sniffed, ctx: Sniffed, feature: str) -> Items:
    (conversation, conv_notes), (context, ctx_notes) = conv.take(), ctx.take()
    if not isinstance(conversation, dict) or "conversation_turns" not in conversation:
        raise FormatError(f"{conv.path}: not a BeyondChats conversation (no conversation_turns)")
    if not isinstance(context, dict) or not isinstance(context.get("data"), dict):
        raise FormatError(f"{ctx.path}: not a BeyondChats context file (no data.vector_data)")
    try:
        pairs = pairs_from_beyondchats(conversation, context)
    except Exception as exc:  # noqa: BLE001 - the file's structure, not one record, is broken
        raise FormatError(f"{conv.path}: cannot read the conversation: {exc.__class__.__name__}: {exc}") from exc
    for pair in pairs:
        try:
            chat_id = pair.get("chat_id")
            yield {
                "_id": content_hash({"chat_id": chat_id, "turn": pair.get("turn"), "answer": pair.get("answer")},
                                    "bc_"),
                "session_id": f"beyondchats_{chat_id}" if chat_id is not None else None,
                "query": pair.get("query"),
                "answer": pair.get("answer"),
                "context": pair.get("context"),
                **({"history": pair["history"]} if pair.get("history") else {}),  # earlier turns, for a follow-up
                "timestamp": pair.get("created_at"),
                "feature": feature,
                "beyondchats": {"chat_id": chat_id, "turn": pair.get("turn")},
                **version_source(conversation, context),
            }, None, conv_notes + ctx_notes, ""
        except Exception as exc:  # noqa: BLE001 - this pair alone
            yield pair, f"could not be read: {exc.__class__.__name__}: {exc}", [], ""
