"""Unit tests: no I/O and no model. A unit test that loads the embedding model fails (it belongs in
tests/integration, where the model is loaded once per session)."""
from __future__ import annotations

import sys

import pytest


def _model_loaded() -> bool:
    embeddings = sys.modules.get("evaluators.embeddings")
    return embeddings is not None and (embeddings._model is not None or embeddings._encoder is not None)


@pytest.fixture(autouse=True, scope="module")  # module scope: before a module's own fixtures (which may score)
def loads_no_model(request):
    before = _model_loaded()
    yield
    if not before and _model_loaded():
        pytest.fail(f"{request.node.nodeid} loaded the embedding model: move it to tests/integration")
