"""Quality benchmark: AUROC of the local hallucination score against HaluEval labels.

python bench/bench_quality.py [--data ../shared/data/halueval_qa_dev.jsonl] [--limit N]

Also reports the plain answer-word-overlap baseline (share of the answer's lower-cased words
not found in the context) on the same records, AUROC by rank statistics (no sklearn).
"""
from __future__ import annotations

import argparse
import json
import re
import time
from pathlib import Path

import numpy as np

REPO = Path(__file__).resolve().parents[1]


def auroc(scores, labels) -> float:
    """Mann-Whitney AUROC with average ranks for ties."""
    s = np.asarray(scores, dtype=float)
    y = np.asarray(labels, dtype=bool)
    order = np.argsort(s, kind="mergesort")
    ranks = np.empty(len(s))
    sorted_s = s[order]
    i = 0
    while i < len(s):
        j = i
        while j + 1 < len(s) and sorted_s[j + 1] == sorted_s[i]:
            j += 1
        ranks[order[i:j + 1]] = (i + j) / 2.0 + 1
        i = j + 1
    n_pos, n_neg = y.sum(), (~y).sum()
    return float((ranks[y].sum() - n_pos * (n_pos + 1) / 2) / (n_pos * n_neg))


def overlap_hallucination(answer: str, context: list[str]) -> float:
    words = re.findall(r"\w+", answer.lower())
    ctx = set(re.findall(r"\w+", " ".join(context).lower()))
    if not words:
        return 0.0
    return 1.0 - sum(w in ctx for w in words) / len(words)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--data", default=str(REPO.parent / "shared" / "data" / "halueval_qa_dev.jsonl"))
    ap.add_argument("--limit", type=int, default=0)
    ap.add_argument("--batch", type=int, default=256)
    args = ap.parse_args()
    rows = [json.loads(line) for line in open(args.data, encoding="utf-8") if line.strip()]
    if args.limit:
        rows = rows[: args.limit]
    from evaluators import score_many

    t0 = time.perf_counter()
    hs, labels, base, by_len = [], [], [], []
    for i in range(0, len(rows), args.batch):
        chunk = rows[i:i + args.batch]
        out = score_many([{k: r[k] for k in ("id", "query", "answer", "context")} for r in chunk])
        for r, o in zip(chunk, out):
            h = o.get("hallucination_score")
            hs.append(0.5 if h is None else h)  # no claims: undecided
            labels.append(bool(r["label_hallucinated"]))
            base.append(overlap_hallucination(r["answer"], r["context"]))
            by_len.append(len(r["answer"].split()))
    secs = time.perf_counter() - t0
    hs, labels, base, by_len = map(np.asarray, (hs, labels, base, by_len))
    print(f"records={len(rows)} seconds={secs:.1f}")
    print(f"AUROC evaluator hallucination_score: {auroc(hs, labels):.4f}")
    print(f"AUROC word-overlap baseline:         {auroc(base, labels):.4f}")
    multi = by_len >= 4
    if multi.sum() and (labels[multi].any() and (~labels[multi]).any()):
        print(f"  answers of >= 4 words (n={multi.sum()}): evaluator {auroc(hs[multi], labels[multi]):.4f}, "
              f"overlap {auroc(base[multi], labels[multi]):.4f}")


if __name__ == "__main__":
    main()
