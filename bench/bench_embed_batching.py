"""Speed and batch-independence of the embedding path (issue 30: a set item's score must not depend on the
items scored beside it).

python bench/bench_embed_batching.py [--repeat 3]

Records: tests/data/rag_cases.jsonl (340) + the first 160 of tests/data/web_cases.jsonl = 500 real RAG
records. Per repeat, from an empty cache: `embeddings.encode` of their unique texts (texts/s) and
`pipeline.score_many` of the 500 records (records/s), wall and process CPU seconds (CPU seconds move less
with the load of a shared machine). Then the largest difference between a text's vector encoded alone
and inside the whole batch (0 when batch-independent). Prints the load average before and after.
`--ab` instead times, interleaved in one process, the encoder before issue 30 (texts sorted by token length,
runs of up to 64 of similar length, padded; re-created here) against the shipped one (each text alone).
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

import numpy as np

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from evaluators import embeddings, pipeline  # noqa: E402
from evaluators.prepared import texts_to_embed  # noqa: E402


def records() -> list[dict]:
    data = REPO / "tests" / "data"
    rows = [json.loads(x) for x in (data / "rag_cases.jsonl").read_text().splitlines() if x.strip()]
    rows += [json.loads(x) for x in (data / "web_cases.jsonl").read_text().splitlines() if x.strip()][:160]
    return [{"id": r["id"], "query": r["query"], "answer": r["answer"], "context": r["contexts"]} for r in rows]


def batched_before(enc, texts: list[str]) -> np.ndarray:
    """The ONNX encode as it was: runs of <= 64 texts whose lengths are within 1.5x + 4 tokens, padded."""
    encs = enc.tokenizer.encode_batch(texts)
    order = sorted(range(len(texts)), key=lambda i: len(encs[i].ids))
    runs, run = [], []
    for i in order:
        if run and (len(run) >= 64 or len(encs[i].ids) > 1.5 * len(encs[run[0]].ids) + 4):
            runs.append(run)
            run = []
        run.append(i)
    runs += [run] if run else []
    out = np.empty((len(texts), embeddings.DIM), dtype=np.float32)
    for idx in runs:
        ids = np.zeros((len(idx), len(encs[idx[-1]].ids)), dtype=np.int64)
        mask = np.zeros_like(ids)
        for row, i in enumerate(idx):
            ids[row, :len(encs[i].ids)], mask[row, :len(encs[i].ids)] = encs[i].ids, 1
        hidden = enc.session.run(None, {"input_ids": ids, "attention_mask": mask, "token_type_ids": 0 * ids})[0]
        m = mask[..., None].astype(np.float32)
        vecs = (hidden * m).sum(axis=1) / m.sum(axis=1)
        out[idx] = vecs / np.linalg.norm(vecs, axis=1, keepdims=True)
    return out


def ab(texts: list[str], repeat: int) -> None:
    enc = embeddings.get_encoder().__self__
    for k in range(repeat):
        for name, fn in (("batched (before)", lambda: batched_before(enc, texts)),
                         ("each alone (after)", lambda: enc.encode(texts))):
            w, c = timed(fn)
            print(f"round {k} {name}: {len(texts) / w:.0f} texts/s ({w:.2f} s wall, {c:.2f} CPU-s), "
                  f"load {os.getloadavg()[0]:.1f}")


def timed(fn) -> tuple[float, float]:
    w, c = time.perf_counter(), time.process_time()
    fn()
    return time.perf_counter() - w, time.process_time() - c


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--ab", action="store_true")
    args = ap.parse_args()
    recs = records()
    texts = list(dict.fromkeys(t for r in recs for t in texts_to_embed(r["query"], r["answer"], r["context"],
                                                                         None, None)))
    print(f"load before: {os.getloadavg()}; {len(recs)} records, {len(texts)} unique texts; "
          f"{embeddings.warm_up()}")
    if args.ab:
        return ab(texts, args.repeat)
    for k in range(args.repeat):
        embeddings.clear_cache()
        w, c = timed(lambda: embeddings.encode(texts))
        embeddings.clear_cache()
        w2, c2 = timed(lambda: pipeline.score_many(recs))
        print(f"round {k}: encode {len(texts) / w:.0f} texts/s ({w:.2f} s wall, {c:.2f} CPU-s); "
              f"score_many {len(recs) / w2:.0f} records/s ({w2:.2f} s wall, {c2:.2f} CPU-s)")
    embeddings.clear_cache()
    together = embeddings.get_encoder()(texts)
    alone = np.stack([embeddings.get_encoder()([t])[0] for t in texts[:200]])
    diff = np.abs(together[:200] - alone).max()
    cos = (together[:200] * alone).sum(axis=1).min()
    print(f"alone vs in the batch, first 200 texts: max |diff| {diff:.2e}, min cosine {cos:.6f}")
    print(f"load after: {os.getloadavg()}")


if __name__ == "__main__":
    main()
