"""How the ONNX path groups texts into runs (no model needed)."""
from __future__ import annotations

import random

from evaluators import embeddings as E


def test_length_batches_cover_every_text_once_with_similar_lengths():
    rng = random.Random(5)
    lengths = [rng.choice([3, 8, 9, 12, 20, 40, 41, 80, 256]) for _ in range(500)]
    order = sorted(range(len(lengths)), key=lengths.__getitem__)
    batches = list(E._length_batches(order, lengths))
    assert [i for b in batches for i in b] == order  # in length order, each once
    for b in batches:
        assert 1 <= len(b) <= E.BATCH
        assert lengths[b[-1]] <= E.SPREAD * lengths[b[0]] + 4  # little padding inside a run
    # runs are cut only when needed: the next text would break the spread or the size
    for b, nxt in zip(batches, batches[1:]):
        assert len(b) == E.BATCH or lengths[nxt[0]] > E.SPREAD * lengths[b[0]] + 4


def test_cache_key_is_a_hash_of_the_exact_text():
    assert E._key("Murder.") == E._key("Murder.") and len(E._key("Murder.")) == 16
    assert E._key("Murder.") != E._key("murder.") and E._key("") != E._key(" ")
