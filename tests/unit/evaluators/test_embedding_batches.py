"""The embedding cache's key (no model needed). That a text's vector does not depend on the texts encoded
with it is checked with the real model: tests/integration/evaluators/test_batch_independence.py."""
from __future__ import annotations

from evaluators import embeddings as E


def test_cache_key_is_a_hash_of_the_exact_text():
    assert E._key("Murder.") == E._key("Murder.") and len(E._key("Murder.")) == 16
    assert E._key("Murder.") != E._key("murder.") and E._key("") != E._key(" ")
