"""Relevance by meaning: answer relevancy and chunk relevance (contextual precision) judged with the embedding
model, not by the words a question and an answer share.

Users ask in everyday words ("My friend gave me a cheque that bounced. Can I take him to court?"); statutes
and policies are written in their own words ("Section 138 NI Act - Dishonour of cheque for insufficiency of
funds"). Word overlap calls a correct answer off-topic there; cosine similarity of the question's vector to the
answer's or the chunk's vector does much better, and better still with the question *expanded by its own
paraphrase in the domain's words*: the retrieved sentence that is closest in meaning to the question (pseudo-
relevance feedback). The expansion is weighted by how close that sentence is, so a retrieval that found nothing
related expands nothing.

    q       = the question's vector; for a follow-up turn of a conversation, mixed with the vector of the
              earlier turns (`history`), so "what about the fee?" means the fee of the earlier question
    qx      = norm(q + e * best),  best = the context sentence most similar to q, e = clip((cos(q, best) - 0.15)
              / 0.2): no expansion below 0.15, full from 0.35
    answer  : sem = 0.5 * cos(answer, q) + 0.5 * cos(answer, qx)   (answer = mean of its claim vectors)
              value = clip((sem - ANSWER_LOW) / (ANSWER_HIGH - ANSWER_LOW))
    chunk   : sem = 0.5 * max cos(q, sentence) + 0.5 * max cos(qx, sentence)  over the chunk's sentences
              value = clip((sem - CHUNK_LOW) / (CHUNK_HIGH - CHUNK_LOW))

The four calibration numbers are fixed points of the scale (value 0 and 1), chosen on the `everyday_words`
dev set (tests/data/everyday_cases.jsonl) with leave-one-domain-out checks (bench/bench_quality.py prints
them); the ranking (AUROC) does not depend on them. The local metrics take the larger of this value and their
word-based one, so an answer that words its points like the question loses nothing.
"""
from __future__ import annotations

import numpy as np

from .text.claims import is_pleasantry
from .text.sentences import split_sentences
from .text.words import content_tokens

ANSWER_LOW, ANSWER_HIGH = 0.30, 0.50  # sem -> value 0 .. 1: off-topic p90 (sem ~0.35) -> 0.25, on-topic minimum (~0.47) -> 0.85
CHUNK_LOW, CHUNK_HIGH = 0.22, 0.45  # the relevant/irrelevant cut (sem ~0.335) lands at 0.5
EXPAND_FROM, EXPAND_FULL = 0.15, 0.35
HISTORY_WEIGHT = 0.7  # the earlier turns' share of a follow-up question's vector


def _clip(x: float) -> float:
    return float(min(1.0, max(0.0, x)))


def _norm(v: np.ndarray) -> np.ndarray:
    n = float(np.linalg.norm(v))
    return v / n if n > 0 else v


def history_text(history) -> str:
    """The earlier turns of a conversation as one text (the last three, oldest first); '' for none."""
    turns = [t.strip() for t in (history or []) if isinstance(t, str) and t.strip()]
    return " ".join(turns[-3:])


def texts_to_embed(query: str, history) -> list[str]:
    """The texts this module needs vectors for beyond the local metrics' own: the earlier turns and the
    question's sentences (for naming the part of a question an answer leaves out)."""
    out = []
    h = history_text(history)
    if h:
        out.append(h)
    parts = question_parts(query)
    if len(parts) > 1:
        out += parts
    return out


def question_parts(query: str) -> list[str]:
    """The sentences of a question ("My friend gave me a cheque that bounced." / "Can I take him to court?")."""
    return [s for s in (x.strip() for x in split_sentences(query or "")) if s]


def question_vector(p) -> np.ndarray:
    """The question's vector; a follow-up turn's mixed with its conversation's earlier turns."""
    h = history_text(getattr(p, "history", None))
    if not h or not p.query.strip():
        return p.q_vec
    # a short question ("what about the fee?", <= 3 content words) leans on the turns before it; a question
    # that says what it asks about, less so
    w = HISTORY_WEIGHT if len(p.aspects) <= 3 else HISTORY_WEIGHT / 2
    return _norm(p.q_vec + w * p.vec(h))


def expanded_question(p, q: np.ndarray) -> tuple[np.ndarray, int | None]:
    """(qx, index of the context sentence that expanded it, None when none did)."""
    if not len(p.ctx.sentences):
        return q, None
    sims = p.ctx.vecs @ q
    i = int(np.argmax(sims))
    e = _clip((float(sims[i]) - EXPAND_FROM) / (EXPAND_FULL - EXPAND_FROM))
    if e <= 0:
        return q, None
    return _norm(q + e * p.ctx.vecs[i]), i


def _views(p):
    cache = getattr(p, "_meaning_views", None)
    if cache is None:
        q = question_vector(p)
        qx, used = expanded_question(p, q)
        cache = (q, qx, used)
        try:
            p._meaning_views = cache
        except AttributeError:  # a frozen or slotted record: recompute next time
            pass
    return cache


def answer_meaning(p, units: list[str], vecs: np.ndarray) -> dict:
    """How close in meaning the answer is to the question: {value, similarity, similarity_expanded,
    expanded_by, weakest_part}. `units` are the answer's claims (or sentences), `vecs` their vectors."""
    q, qx, used = _views(p)
    a = _norm(vecs.mean(axis=0))
    s_q, s_x = float(a @ q), float(a @ qx)
    sem = 0.5 * s_q + 0.5 * s_x
    out = {"value": _clip((sem - ANSWER_LOW) / (ANSWER_HIGH - ANSWER_LOW)), "similarity": round(s_q, 4),
           "similarity_expanded": round(s_x, 4),
           "expanded_by": None if used is None else p.ctx.sentences[used][:200]}
    parts = question_parts(p.query)
    if len(parts) > 1:  # the question part the answer is furthest from
        sims = [float(p.vec(s) @ a) for s in parts]
        out["weakest_part"] = parts[int(np.argmin(sims))]
        out["part_similarities"] = [round(x, 4) for x in sims]
    return out


def chunk_meaning(p) -> list[float]:
    """Per chunk (in order): how close in meaning its best sentence is to the question, 0..1."""
    q, qx, _ = _views(p)
    if not len(p.ctx.sentences):
        return [0.0] * len(p.context)
    src = np.asarray(p.ctx.source)
    s_q, s_x = p.ctx.vecs @ q, p.ctx.vecs @ qx
    out = []
    for i in range(len(p.context)):
        idx = np.nonzero(src == i)[0]
        if not len(idx):
            out.append(0.0)
            continue
        sem = 0.5 * float(s_q[idx].max()) + 0.5 * float(s_x[idx].max())
        out.append(_clip((sem - CHUNK_LOW) / (CHUNK_HIGH - CHUNK_LOW)))
    return out


def off_topic_reason(p, meaning: dict, units: list[str], missing: list[str] | None = None) -> str:
    """A reason for a low relevancy that names the real gap: the question (part) the answer does not take
    up (the part that says the most: "Someone tricked me into giving them my car.", not "What can I do?"), what
    the answer talks about instead, and the question's words it never comes to (at most four)."""
    parts = question_parts(p.query)
    part = max(parts, key=lambda x: len(set(content_tokens(x)))) if parts else p.query.strip()
    about = units[0] if units else p.answer.strip()
    about = about if len(about) <= 90 else about[:87].rstrip() + "..."
    part = part if len(part) <= 120 else part[:117].rstrip() + "..."
    words = [m for m in (missing or []) if len(m) > 2 and not is_pleasantry(m)][:4]
    return (f"The answer does not take up \"{part}\"" + (f" (never comes to: {', '.join(words)})" if words else "")
            + f"; it talks about: \"{about}\".")


def partial_reason(p, meaning: dict) -> str:
    """A reason for a middling relevancy judged by meaning: the question (part) the answer takes up least."""
    part = meaning.get("weakest_part") or p.query.strip()
    part = part if len(part) <= 120 else part[:117].rstrip() + "..."
    return f"The answer is on the question's topic but only partly takes up \"{part}\"."


def real_gaps(p, missing: list[str]) -> list[str]:
    """The question's words an answer leaves out that name a real gap when the answer is judged by meaning:
    those the retrieved context uses too (the domain's word the answer could have used: "negligence").
    A word the context never uses ("friend", "gave", "bounced") is the asker's everyday phrasing. With no
    context, every missing word counts."""
    if not p.ctx.sentences:
        return list(missing)
    return [m for m in missing if m in p.ctx.tokens]
