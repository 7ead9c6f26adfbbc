"""One Playground-sized request at the input limits (evaluators/limits.py): wall time and peak memory.

    HF_HUB_OFFLINE=1 .venv/bin/python bench/bench_limits.py

Scores one request with the longest answer and the largest context the limits allow
(prose-like sentences, so claims and sentence matching do real work), after a warm-up,
and prints seconds and the process's peak RSS growth.
"""
from __future__ import annotations

import random
import resource
import time

from evaluators import limits, score_one
from evaluators.embeddings import warm_up

WORDS = ("the court held that the contract was void because the clause limited liability for negligence "
         "section murder punishment imprisonment fine notice party supplier customer within days").split()


def prose(chars: int, rng: random.Random) -> str:
    out, size = [], 0
    while size < chars:
        sentence = " ".join(rng.choice(WORDS) for _ in range(rng.randint(8, 20))).capitalize() + f" {size}. "
        out.append(sentence)
        size += len(sentence)
    return "".join(out)[:chars]


def main() -> int:
    rng = random.Random(5)
    warm_up()
    score_one("warm up?", "Warm.", ["Warm up."])
    rss0 = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    chunk = limits.MAX_CONTEXT_CHARS // limits.MAX_CHUNKS
    contexts = [prose(chunk, rng) for _ in range(limits.MAX_CHUNKS)]
    answer = prose(limits.MAX_ANSWER_CHARS, rng)
    assert limits.input_problem("q", answer, contexts) is None
    t0 = time.perf_counter()
    score_one(prose(200, rng), answer, contexts, expected_output=prose(2000, rng))
    seconds = time.perf_counter() - t0
    grew = (resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - rss0) / 1024
    print(f"at the limits ({limits.describe()}): {seconds:.2f} s, peak RSS +{grew:.0f} MB")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
