"""Memory of the score worker's scoring loop (issue 29): RSS and what holds it, without a database.

Scores fresh demo records (demo/generate.py's own generator: distinct texts, as in a soak) through
the scorer the score worker uses (FAST, evaluators.score_many) in batches, for `--seconds`; prints
RSS every `--every` seconds and, with `--trace`, the allocation sites that grew most (tracemalloc,
started after a warm-up batch). Run: `python bench/bench_score_memory.py --seconds 120 --trace`.
"""
from __future__ import annotations

import argparse
import os
import random
import sys
import time
import tracemalloc
from datetime import datetime, timedelta, timezone
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))


def rss_mb() -> float:
    with open(f"/proc/{os.getpid()}/status") as fh:
        for line in fh:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return 0.0


def records(rng: random.Random, n: int, start: int) -> list[dict]:
    from core import metrics
    from demo.generate import _record
    features = sorted(metrics.default_thresholds())
    features = [f for f in features if f != "default"]
    now = datetime.now(timezone.utc)
    out = []
    for i in range(n):
        doc = _record(rng, now - timedelta(minutes=i), rng.choice(features), f"s{start + i}", 0.0, [])
        out.append({"id": f"m{start + i}", "query": doc["query"], "answer": doc["answer"],
                    "context": doc["context"], "feature": doc["feature"], "history": []})
    return out


def halueval(n: int, start: int) -> list[dict]:
    """Real, distinct question/answer/context texts (HaluEval QA, ../shared/data), as bench_score_workers."""
    import json
    from bench_score_workers import DATA
    out = []
    with open(DATA) as fh:
        for i, line in enumerate(fh):
            if i < start:
                continue
            if len(out) >= n:
                break
            row = json.loads(line)
            out.append({"id": f"h{i}", "query": row["query"], "answer": row["answer"], "context": row["context"],
                        "feature": "chat", "history": []})
    return out


def cache_sizes() -> dict:
    from evaluators import embeddings
    from evaluators.text import claims, entities, negation, numbers, references, sentences, words
    sizes = {"embeddings": len(embeddings._cache)}
    for mod in (references, words, sentences, numbers, negation, entities, claims):
        for name, fn in vars(mod).items():
            if hasattr(fn, "cache_info") and fn.__module__ == mod.__name__:
                sizes[name] = fn.cache_info().currsize
    return sizes


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=float, default=120)
    parser.add_argument("--every", type=float, default=15)
    parser.add_argument("--batch", type=int, default=50)
    parser.add_argument("--trace", action="store_true")
    parser.add_argument("--halueval", action="store_true", help="real distinct texts instead of the demo's")
    args = parser.parse_args()
    import evaluators
    from core.modes import FAST
    rng = random.Random(29)
    make = (lambda n, start: halueval(n, start)) if args.halueval else (lambda n, start: records(rng, n, start))
    evaluators.score_many(make(args.batch, 0), mode=FAST)  # warm-up: the model loaded
    print(f"after warm-up: rss={rss_mb():.0f} MB load={os.getloadavg()[0]:.1f}", flush=True)
    if args.trace:
        tracemalloc.start(1)
        base = tracemalloc.take_snapshot()
    started = last = time.monotonic()
    scored = args.batch
    while time.monotonic() - started < args.seconds:
        batch = make(args.batch, scored)
        if not batch:
            break
        evaluators.score_many(batch, mode=FAST)
        scored += args.batch
        if time.monotonic() - last >= args.every:
            last = time.monotonic()
            print(f"t={last - started:.0f}s scored={scored} rss={rss_mb():.0f} MB caches={cache_sizes()}", flush=True)
    print(f"end: scored={scored} rss={rss_mb():.0f} MB load={os.getloadavg()[0]:.1f}", flush=True)
    if args.trace:
        top = tracemalloc.take_snapshot().compare_to(base, "lineno")[:12]
        for stat in top:
            print(f"  {stat.size_diff / 1e6:+.1f} MB {stat.count_diff:+d} blocks  {stat.traceback}")


if __name__ == "__main__":
    main()
