"""evaluators/meaning.py with hand-made vectors (no model): the question's expansion by its closest retrieved
sentence, a follow-up's history, and the two scales."""
from __future__ import annotations

from types import SimpleNamespace

import numpy as np
import pytest

from evaluators import meaning as M


def _unit(*xs) -> np.ndarray:
    v = np.zeros(8, dtype=np.float32)
    v[: len(xs)] = xs
    return v / np.linalg.norm(v)


def _record(q, sentences, source, query="How many years in jail for killing a person?", history=None, vecs=None):
    table = dict(vecs or {})
    return SimpleNamespace(query=query, q_vec=q, history=history or [], aspects=tuple(query.split()[:5]),
                           context=[f"chunk {i}" for i in sorted(set(source))],
                           ctx=SimpleNamespace(sentences=[f"s{i}" for i in range(len(sentences))],
                                               vecs=np.stack(sentences), source=list(source)),
                           vec=lambda t: table[t])


def test_history_text_keeps_the_last_three_turns():
    assert M.history_text(["a", " ", "b", "c", "d"]) == "b c d"
    assert M.history_text(None) == "" and M.history_text(["", None]) == ""


def test_question_parts_and_texts_to_embed():
    assert M.question_parts("My cheque bounced. Can I sue?") == ["My cheque bounced.", "Can I sue?"]
    assert M.texts_to_embed("Can I sue?", []) == []  # one part: the question's own vector serves
    assert M.texts_to_embed("My cheque bounced. Can I sue?", ["earlier"]) == ["earlier", "My cheque bounced.",
                                                                              "Can I sue?"]


def test_no_expansion_from_an_unrelated_sentence_full_from_a_close_one():
    q = _unit(1, 0)
    far = _unit(0.1, 1)  # cos ~0.1 < 0.15
    p = _record(q, [far], [0])
    qx, used = M.expanded_question(p, q)
    assert used is None and np.allclose(qx, q)
    near = _unit(0.5, 0.866)  # cos 0.5 >= 0.35: full weight
    qx, used = M.expanded_question(_record(q, [far, near], [0, 1]), q)
    assert used == 1 and np.allclose(qx, (q + near) / np.linalg.norm(q + near), atol=1e-6)


def test_chunk_scale_ends():
    q = _unit(1, 0)
    # one sentence per chunk; with no expansion (sentences far from q) sem = cos(q, sentence)
    low = _unit(0.10, 1)
    p = _record(q, [low], [0])
    assert M.chunk_meaning(p) == [0.0]
    # a sentence identical to the question: cos 1 with q and with the expanded q
    p = _record(q, [q.copy()], [0])
    assert M.chunk_meaning(p) == [1.0]


def test_a_short_follow_up_leans_on_its_history_more_than_a_full_question():
    q = _unit(1, 0)
    h = _unit(0, 1)
    short = _record(q, [q], [0], query="What about the fee?", history=["earlier turn"], vecs={"earlier turn": h})
    short.aspects = ("fee",)
    full = _record(q, [q], [0], query="What is the registration fee for a lease deed in Delhi?",
                   history=["earlier turn"], vecs={"earlier turn": h})
    full.aspects = ("registr", "fee", "leas", "deed", "delhi")
    v_short, v_full = M.question_vector(short), M.question_vector(full)
    assert float(v_short @ h) > float(v_full @ h) > 0
    assert float(v_short @ h) == pytest.approx(M.HISTORY_WEIGHT / np.hypot(1, M.HISTORY_WEIGHT), abs=1e-5)
    alone = _record(q, [q], [0], query="What about the fee?")
    assert np.allclose(M.question_vector(alone), q)
