"""Speed benchmark of the local (fast) evaluator.

python bench/bench_evaluators.py [--size typical|real|both] [--n 300] [--single 60]
                                 [--backend onnx|torch] [--variant int8|fp32]

Two record sizes, generated from word lists with a fixed seed so every record (and every chunk) is
distinct - no cache hits unless stated:
  typical  the reference-000 record: ~60-char query, ~390-char answer, 3 x ~290-char chunks
  real     real RAG answers: ~650-char answer, 3 chunks of ~430 chars (~1,300 chars of context)
Reports, per size: single-record latency (p50/p90 after warm-up, each record new), batch
throughput (score_many of --n records), and throughput when chunks repeat (a pool of 50 chunks, as
when the same documents are retrieved for many questions). Once: cold start (import + model load +
one encode, fresh process), time to the first result line of `python -m evaluators score` on a
200-line input (fresh process), and the BeyondChats sample turns (34 and 38 chunks) scored one by one
as in the Playground, and real text at the real size (the BeyondChats answers with 3 of their
chunks cut to ~430 chars each, cache cleared, so each record is new). --backend/--variant choose the embedding path (EVALBOARD_EMBED_BACKEND /
EVALBOARD_EMBED_ONNX) so the torch path (before) and the ONNX path (after) run the same bench.
"""
from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
BEYONDCHATS = REPO.parent / "shared" / "data" / "beyondchats"

WORDS = ("court section penalty murder imprisonment fine offence accused evidence trial judge appeal contract "
         "clause party breach notice payment cheque bank account liability damages tenant landlord lease "
         "property transfer registration witness statement police complaint bail custody sentence years "
         "months rupees company director shareholder dividend agreement termination arbitration award").split()
SIZES = {"typical": {"answer": 390, "chunk": 290}, "real": {"answer": 650, "chunk": 430}}


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


def record(rng, i, size, chunk_pool=None):
    s = SIZES[size]
    q = text_of(rng, 70)[:60].rstrip(". ") + "?"
    ctx = [rng.choice(chunk_pool) for _ in range(3)] if chunk_pool else [text_of(rng, s["chunk"]) for _ in range(3)]
    return {"id": f"r{i}", "query": q, "answer": text_of(rng, s["answer"]), "context": ctx}


def cold_start(env) -> float:
    code = ("import time; t=time.perf_counter(); import evaluators; from evaluators import embeddings; "
            "embeddings.warm_up(); print(time.perf_counter()-t)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=REPO, check=True, env=env)
    return float(out.stdout.strip().splitlines()[-1])


def cli_first_result(env, n=200) -> dict:
    """Seconds from starting `python -m evaluators score` to its first output line, and to the end."""
    rng = random.Random(11)
    with tempfile.TemporaryDirectory() as tmp:
        inp = Path(tmp) / "in.jsonl"
        inp.write_text("".join(json.dumps(record(rng, i, "real")) + "\n" for i in range(n)))
        t = time.perf_counter()
        proc = subprocess.Popen([sys.executable, "-m", "evaluators", "score", "--input", str(inp), "--output", "-"],
                                cwd=REPO, env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        proc.stdout.readline()
        first = time.perf_counter() - t
        rest = sum(1 for _ in proc.stdout)
        proc.wait()
        return {"first_result_s": round(first, 2), "all_s": round(time.perf_counter() - t, 2), "lines": rest + 1}


def beyondchats_turns(evaluators) -> list[dict]:
    from evaluators import embeddings
    from formats.beyondchats import pairs_from_beyondchats

    out = []
    for i in ("01", "02"):
        conv = BEYONDCHATS / f"sample-chat-conversation-{i}.json"
        ctx = BEYONDCHATS / f"sample_context_vectors-{i}.json"
        if not conv.exists():
            continue
        pairs = pairs_from_beyondchats(json.loads(conv.read_text()), json.loads(ctx.read_text()))
        embeddings.clear_cache()  # the first turn pays for its chunks, as a fresh Playground would
        times = []
        for p in pairs:
            t = time.perf_counter()
            evaluators.score_one(p["query"], p["answer"], p["context"])
            times.append(round(time.perf_counter() - t, 3))
        out.append({"sample": i, "chunks": len(pairs[0]["context"]) if pairs else 0,
                    "first_turn_s": times[0] if times else None, "max_s": max(times, default=None),
                    "turns": len(times)})
    return out


def _cut(text: str, chars: int) -> str:
    """`text` cut to about `chars` characters at a sentence end (or a word)."""
    if len(text) <= chars:
        return text
    head = text[:chars]
    end = max(head.rfind(". "), head.rfind("? "), head.rfind("! "))
    return head[:end + 1] if end > chars // 2 else head.rsplit(" ", 1)[0]


def real_text_records() -> list[dict]:
    """Real text at the real-RAG size: every BeyondChats answer (65-850 chars) with its question and
    3 of its conversation's chunks cut to ~430 chars, a different 3 for every turn (no repeats)."""
    from formats.beyondchats import pairs_from_beyondchats

    out = []
    for i in ("01", "02"):
        conv = BEYONDCHATS / f"sample-chat-conversation-{i}.json"
        if not conv.exists():
            continue
        ctx = BEYONDCHATS / f"sample_context_vectors-{i}.json"
        for t, p in enumerate(pairs_from_beyondchats(json.loads(conv.read_text()), json.loads(ctx.read_text()))):
            chunks = [_cut(p["context"][(3 * t + k) % len(p["context"])], 430) for k in range(3)]
            out.append({"id": f"bc{i}-{t}", "query": p["query"], "answer": p["answer"], "context": chunks})
    return out


def bench_real_text(evaluators, embeddings) -> dict:
    items = real_text_records()
    if not items:
        return {}
    lat = []
    for r in items:
        embeddings.clear_cache()  # each record new, as in the generated sets
        t = time.perf_counter()
        evaluators.score_one(r["query"], r["answer"], r["context"])
        lat.append((time.perf_counter() - t) * 1000)
    embeddings.clear_cache()
    t = time.perf_counter()
    evaluators.score_many(items)
    rps = len(items) / (time.perf_counter() - t)
    lat.sort()
    return {"records": len(items), "single_p50_ms": round(statistics.median(lat), 1), "single_max_ms": round(lat[-1], 1),
            "batch_records_per_s": round(rps, 1),
            "avg_chars": {"answer": round(statistics.mean(len(x["answer"]) for x in items)),
                          "context_total": round(statistics.mean(sum(map(len, x["context"])) for x in items))}}


def bench_size(evaluators, embeddings, size: str, n: int, single: int) -> dict:
    rng = random.Random(7)
    for i in range(5):  # warm-up
        r = record(rng, i, size)
        evaluators.score_one(r["query"], r["answer"], r["context"])
    lat = []
    for i in range(single):
        r = record(rng, 1000 + i, size)
        t = time.perf_counter()
        evaluators.score_one(r["query"], r["answer"], r["context"])
        lat.append((time.perf_counter() - t) * 1000)
    lat.sort()
    items = [record(rng, 10_000 + i, size) for i in range(n)]
    t = time.perf_counter()
    evaluators.score_many(items)
    batch_rps = n / (time.perf_counter() - t)
    pool = [text_of(rng, SIZES[size]["chunk"]) for _ in range(50)]
    items2 = [record(rng, 20_000 + i, size, pool) for i in range(n)]
    embeddings.clear_cache()
    t = time.perf_counter()
    evaluators.score_many(items2)
    pool_rps = n / (time.perf_counter() - t)
    return {"single_p50_ms": round(statistics.median(lat), 1), "single_p90_ms": round(lat[int(0.9 * len(lat))], 1),
            "batch_records_per_s": round(batch_rps, 1), "batch_records_per_s_repeated_chunks": round(pool_rps, 1),
            "avg_chars": {"query": round(statistics.mean(len(x["query"]) for x in items)),
                          "answer": round(statistics.mean(len(x["answer"]) for x in items)),
                          "context_total": round(statistics.mean(sum(map(len, x["context"])) for x in items))}}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--size", choices=("typical", "real", "both"), default="both")
    ap.add_argument("--n", type=int, default=300)
    ap.add_argument("--single", type=int, default=60)
    ap.add_argument("--backend", choices=("onnx", "torch"), default=None)
    ap.add_argument("--variant", choices=("int8", "fp32"), default=None)
    args = ap.parse_args()
    if args.backend:
        os.environ["EVALBOARD_EMBED_BACKEND"] = args.backend
    if args.variant:
        os.environ["EVALBOARD_EMBED_ONNX"] = args.variant
    env = dict(os.environ)
    load0 = os.getloadavg()[0]
    res: dict = {"cold_start_s": round(cold_start(env), 2), "cli": cli_first_result(env)}
    import evaluators
    from evaluators import embeddings

    res["model"] = embeddings.warm_up()
    for size in (("typical", "real") if args.size == "both" else (args.size,)):
        res[size] = bench_size(evaluators, embeddings, size, args.n, args.single)
    res["real_text_3_chunks"] = bench_real_text(evaluators, embeddings)
    res["beyondchats"] = beyondchats_turns(evaluators)
    res["n"] = args.n
    res["load_avg_1m_before_after"] = [round(load0, 2), round(os.getloadavg()[0], 2)]
    print(json.dumps(res, indent=1))


if __name__ == "__main__":
    main()
