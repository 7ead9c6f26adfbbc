"""A text's vector, and so a record's scores, do not depend on the texts encoded with it (issue 30: a set
item scored in a 2,000-item run must score as it does alone). The int8 model quantises a run's activations
with one scale for the whole input, so texts sharing a run moved each other's vectors (cosine ~0.98)."""
from __future__ import annotations

import numpy as np

from evaluators import embeddings, pipeline

TEXT = "Murder is punishable with death or imprisonment for life under Section 302 of the Indian Penal Code."
NEAR = [  # about its length: the encoder used to run these in one batch with it
    "The tenant may withhold rent only after giving the landlord written notice of the defect.",
    "Under Section 420, cheating and dishonestly inducing delivery of property carries up to seven years and a fine.",
    "Arbitration awards are final and binding; a court may set one aside only on the narrow grounds of Section 34!!",
]
FAR = [
    "Yes.",
    "A cheque dishonoured for insufficient funds is an offence under Section 138 of the Negotiable Instruments Act "
    "if the payee sends notice within thirty days and the drawer fails to pay within fifteen days of receiving it; "
    "the punishment may extend to two years, or a fine of twice the cheque amount, or both. " * 3,
]


def test_a_text_embeds_the_same_alone_and_in_a_batch_of_other_lengths(model):
    alone = model([TEXT])[0]
    for batch in ([TEXT, *NEAR, *FAR], [*NEAR[:2], TEXT, *FAR], [NEAR[2], TEXT], [TEXT, NEAR[0]]):
        together = model(batch)[batch.index(TEXT)]
        assert np.array_equal(alone, together), float(np.abs(alone - together).max())
    embeddings.clear_cache()  # and through the cached encode, whatever was encoded first
    first = embeddings.encode([*NEAR, *FAR, TEXT])[-1]
    embeddings.clear_cache()
    assert np.array_equal(first, embeddings.encode([TEXT])[0])


def test_a_record_scores_the_same_alone_and_among_others(model):
    rec = {"id": "r", "query": "What is the punishment for murder?", "answer": TEXT + " The fine is unlimited.",
           "context": [TEXT, NEAR[0]], "feature": "chat"}
    others = [{"id": f"o{i}", "query": "What is the penalty for cheating?", "answer": n, "context": [NEAR[1], FAR[1]],
               "feature": "chat"} for i, n in enumerate(NEAR)]
    embeddings.clear_cache()
    among = pipeline.score_many([*others, rec])[-1]
    embeddings.clear_cache()
    alone = pipeline.score_many([rec])[0]
    for metric, value in alone["evaluation"].items():
        assert value["score"] == among["evaluation"][metric]["score"], metric
