"""Evalboard evaluators: RAG answer-quality metrics (local fast mode, optional LLM judge).

Public API: Score, EVALUATOR_VERSION, score_one, score_many, thresholds, embeddings, judge;
metrics (the registry: one module per catalog metric); the BeyondChats reader is formats/beyondchats.py. See evaluators/README.md.
"""
from __future__ import annotations

from . import thresholds
from .types import Score

EVALUATOR_VERSION = "local-1.2"

__all__ = ["Score", "EVALUATOR_VERSION", "score_one", "score_many", "thresholds"]


def __getattr__(name):  # keep `import evaluators` light: the model stack loads on first scoring call
    if name in ("score_one", "score_many"):
        from . import pipeline

        return getattr(pipeline, name)
    if name in ("embeddings", "judge", "text", "retrieval", "pipeline", "prompts",
                "metrics"):
        import importlib

        return importlib.import_module(f".{name}", __name__)
    raise AttributeError(name)
