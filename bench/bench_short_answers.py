"""Answer relevancy of short answers (issue 28, rule short_answer_kind): do right short answers pass, and do
short answers given to another question fail?

python bench/bench_short_answers.py [--n 400] [--seed 1]

Questions of ../shared/data/halueval_qa_dev.jsonl not in bench_judge's seed-0 sample (that sample stays held
out), `--n` of them drawn with `--seed`: each question's right answer (short spans copied from the context), and
the right answer of the next drawn question given to this one (off-topic, same form). Scored with the local
scorer, with the rule on and off (EVALBOARD_RULES_OFF=short_answer_kind), the pass rate of answer relevancy at
the default threshold, and its AUROC (right vs off-topic), per kind the question asks for.
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

import numpy as np

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(REPO / "bench"))


def draw(n: int, seed: int) -> list[dict]:
    import bench_judge as BJ
    held = {r["id"].rsplit("_", 1)[0] for r in BJ.load("halueval", 600)}
    rows = [json.loads(x) for x in (REPO.parent / "shared" / "data" / "halueval_qa_dev.jsonl").read_text().splitlines()]
    right = {r["id"].rsplit("_", 1)[0]: r for r in rows if not r["label_hallucinated"]}
    qs = sorted(q for q in right if q not in held)
    picked = [right[q] for q in np.random.default_rng(seed).choice(qs, n, replace=False)]
    out = []
    for i, r in enumerate(picked):
        other = picked[(i + 1) % len(picked)]
        out.append({"query": r["query"], "context": r["context"], "answer": r["answer"], "on_topic": True})
        out.append({"query": r["query"], "context": r["context"], "answer": other["answer"], "on_topic": False})
    return out


def score(cases: list[dict]) -> list[float | None]:
    import evaluators
    res = evaluators.score_many([{"id": str(i), "query": c["query"], "answer": c["answer"], "context": c["context"]}
                                 for i, c in enumerate(cases)])
    return [r["evaluation"]["answer_relevancy"]["score"] for r in res]


def auroc(pos, neg) -> float:
    pos, neg = np.asarray(pos, float), np.asarray(neg, float)
    return float(((pos[:, None] > neg[None, :]).sum() + 0.5 * (pos[:, None] == neg[None, :]).sum())
                 / (len(pos) * len(neg)))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--n", type=int, default=400)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--child", default=None, help=argparse.SUPPRESS)
    args = ap.parse_args()
    cases = draw(args.n, args.seed)
    if args.child:  # one configuration in its own process (the rules are read at import)
        Path(args.child).write_text(json.dumps(score(cases)))
        return
    from core.features import DEFAULT_FEATURE
    from core.metrics import get
    from evaluators.answer_kind import asked_kind
    threshold = get("answer_relevancy").thresholds[DEFAULT_FEATURE]  # a new feature's
    kinds = [asked_kind(c["query"]) or "other" for c in cases]
    print(f"{len(cases)} answers ({args.n} right, {args.n} off-topic); pass = relevancy >= {threshold}")
    print("| configuration | kind | n questions | right answers passing | off-topic answers failing | AUROC |")
    print("|---|---|---:|---:|---:|---:|")
    for name, off in (("without short_answer_kind", "short_answer_kind"), ("with it (shipped)", "")):
        out = REPO / f".bench-short-{os.getpid()}.json"
        env = {**os.environ, "EVALBOARD_RULES_OFF": off}
        subprocess.run([sys.executable, __file__, "--n", str(args.n), "--seed", str(args.seed), "--child", str(out)],
                       env=env, check=True)
        scores = json.loads(out.read_text())
        out.unlink()
        for kind in ["all", *sorted(set(kinds))]:
            idx = [i for i, k in enumerate(kinds) if kind in ("all", k) and scores[i] is not None]
            pos = [scores[i] for i in idx if cases[i]["on_topic"]]
            neg = [scores[i] for i in idx if not cases[i]["on_topic"]]
            if not pos or not neg:
                continue
            print(f"| {name} | {kind} | {len(pos)} | {np.mean(np.array(pos) >= threshold):.0%} | "
                  f"{np.mean(np.array(neg) < threshold):.0%} | {auroc(pos, neg):.3f} |")


if __name__ == "__main__":
    main()
