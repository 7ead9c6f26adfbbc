"""Speed benchmark of the local (fast) evaluator.

python bench/bench_evaluators.py [--n 400] [--threads 0]

Records: ~60-char query, ~400-char answer, 3 x ~300-char chunks, generated from word lists with a
fixed seed so every record (and every chunk) is distinct - no cache hits unless stated.
Reports cold start (import + model load, in a fresh process), single-record latency (p50/p90
after warm-up, each record new), batch throughput (score_many), and throughput when chunks repeat
(a pool of 50 chunks, as when the same documents are retrieved for many questions).
"""
from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]

WORDS = ("court section penalty murder imprisonment fine offence accused evidence trial judge appeal contract "
         "clause party breach notice payment cheque bank account liability damages tenant landlord lease "
         "property transfer registration witness statement police complaint bail custody sentence years "
         "months rupees company director shareholder dividend agreement termination arbitration award").split()


def sentence(rng, n_words):
    w = [rng.choice(WORDS) for _ in range(n_words)]
    if rng.random() < 0.4:
        w.insert(rng.randrange(len(w)), str(rng.randint(2, 2000)))
    return " ".join(w).capitalize() + "."


def text_of(rng, chars):
    """Whole sentences until about `chars` characters (the last one is cut to fit)."""
    out = ""
    while len(out) < chars - 20:
        out += (" " if out else "") + sentence(rng, rng.randint(9, 16))
    if len(out) > chars + 10:
        out = out[:chars].rsplit(" ", 1)[0] + "."
    return out


def record(rng, i, chunk_pool=None):
    q = text_of(rng, 70)[:60].rstrip(". ") + "?"
    ctx = [rng.choice(chunk_pool) for _ in range(3)] if chunk_pool else [text_of(rng, 290) for _ in range(3)]
    return {"id": f"r{i}", "query": q, "answer": text_of(rng, 390), "context": ctx}


def cold_start() -> float:
    code = ("import time; t=time.perf_counter(); import evaluators; from evaluators import embeddings; "
            "embeddings.warm_up(); print(time.perf_counter()-t)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=REPO, check=True)
    return float(out.stdout.strip().splitlines()[-1])


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--n", type=int, default=400)
    ap.add_argument("--single", type=int, default=100)
    args = ap.parse_args()
    load0 = os.getloadavg()[0]
    cold = cold_start()
    import evaluators
    from evaluators import embeddings

    info = embeddings.warm_up()
    rng = random.Random(7)
    for i in range(5):  # warm-up
        r = record(rng, i)
        evaluators.score_one(r["query"], r["answer"], r["context"])
    lat = []
    for i in range(args.single):
        r = record(rng, 1000 + i)
        t = time.perf_counter()
        evaluators.score_one(r["query"], r["answer"], r["context"])
        lat.append((time.perf_counter() - t) * 1000)
    lat.sort()
    items = [record(rng, 10_000 + i) for i in range(args.n)]
    t = time.perf_counter()
    evaluators.score_many(items)
    batch_rps = args.n / (time.perf_counter() - t)
    pool = [text_of(rng, 290) for _ in range(50)]
    items2 = [record(rng, 20_000 + i, pool) for i in range(args.n)]
    embeddings.clear_cache()
    t = time.perf_counter()
    evaluators.score_many(items2)
    pool_rps = args.n / (time.perf_counter() - t)
    res = {"load_avg_1m_before_after": [round(load0, 2), round(os.getloadavg()[0], 2)], "model": info, "cold_start_s": round(cold, 2), "single_p50_ms": round(statistics.median(lat), 1),
           "single_p90_ms": round(lat[int(0.9 * len(lat))], 1), "batch_records_per_s": round(batch_rps, 1),
           "batch_records_per_s_repeated_chunks": round(pool_rps, 1), "n": args.n,
           "avg_chars": {k: round(statistics.mean(len(x[k]) if k != "context" else sum(map(len, x[k])) / 3
                                                   for x in items)) for k in ("query", "answer", "context")}}
    print(json.dumps(res, indent=1))


if __name__ == "__main__":
    main()
