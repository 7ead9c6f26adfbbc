"""Issue 33: what the LLM judge costs on the demo, with and without the cascade, and the noise job's cost.

python bench/bench_judge_cost.py [--days 14] [--per-day 60] [--sample-days 7] [--per-feature 10]

On a fresh embedded server: the demo (`--days` x `--per-day`, seed 7, ending now), then the agreement sample of
the last `--sample-days` days (`--per-feature` a feature and day) judged by the local chat-completions server
of the tests (tests/integration/evaluators/conftest.py), which reports the tokens it was really sent and
answered (so the cost is the configured price of real token counts; the answers themselves are canned):
  every     EVALBOARD_JUDGE_CASCADE=false: every sampled record judged (thorough)
  cascade   band 0.10, disagree on, audit 5 % (the defaults): the share the judge sees, and the cost
  noise     the noise job on the same demo: 3 runs x 30 records a feature
  accuracy  the demo's human-labelled records (demo/labels.py) scored locally only, with every record judged,
            and through the cascade, by a judge with an opinion: tests/integration/jobs/judge_fakes.TruthAnswers
            scores faithfulness and relevancy at the demo's hidden truth plus N(0, `--sigma`); each one's
            accuracy on the humans' labels (core.labels.judge_accuracy), and what the cascade judged
Prices: the defaults (gpt-4o-mini, $0.15 / $0.60 per million tokens in / out).
"""
from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import tempfile
import time
from datetime import datetime, timezone
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))
os.environ.setdefault("HF_HUB_OFFLINE", "1")

from settings import reset_settings  # noqa: E402
from store.client import make_client  # noqa: E402
from store.server import EmbeddedServer  # noqa: E402


def one(server_uri: str, name: str, args, judge_url: str, env: dict) -> dict:
    from demo.generate import generate_demo
    from jobs.agreement import run_agreement
    from jobs.judge_noise import run_noise
    from store.judge_spend import day_rows
    from store.migrate import migrate

    for k, v in {"OPENAI_BASE_URL": judge_url, "EVALBOARD_JUDGE_MAX_RETRIES": "0", **env}.items():
        os.environ[k] = v
    reset_settings()
    db = make_client(server_uri, timeout_ms=120_000)[name]
    migrate(db)
    now = datetime.now(timezone.utc)
    generate_demo(db, days=args.days, per_day=args.per_day, seed=7, end=now)
    t0 = time.perf_counter()
    if name == "noise":
        counts = run_noise(db, now, runs=3, days=args.sample_days, per_feature=30)
    else:
        counts = run_agreement(db, now, days=args.sample_days, per_feature=args.per_feature)
    wall = time.perf_counter() - t0
    rows = day_rows(db, now.date().isoformat())
    reasons: dict[str, int] = {}
    for r in rows:
        for k, n in (r.get("reasons") or {}).items():
            reasons[k] = reasons.get(k, 0) + int(n)
    return {"config": name, "records": sum(reasons.values()), "reasons": reasons,
            "calls": sum(int(r.get("calls") or 0) for r in rows),
            "input_tokens": sum(int(r.get("input_tokens") or 0) for r in rows),
            "output_tokens": sum(int(r.get("output_tokens") or 0) for r in rows),
            "cost_usd": round(sum(float(r.get("cost_usd") or 0) for r in rows), 6), "wall_s": round(wall, 1),
            "job": {k: v for k, v in counts.items() if isinstance(v, (int, float, str))}}


def accuracy(server_uri: str, args, judge_server) -> dict:
    """Judge accuracy on the demo's labels: local only, every record judged, the cascade (same judge)."""
    import evaluators
    from core import cascade as C
    from demo.generate import generate_demo
    from evaluators.judge import judge_from_settings
    from jobs.cascade import CascadeScorer
    from store.collections import RECORDS
    from store.migrate import migrate
    from store.thresholds import get_thresholds
    from tests.integration.jobs.judge_fakes import TruthAnswers, accuracy_on_labels, labelled_items

    for k, v in {"OPENAI_BASE_URL": judge_server.url, "EVALBOARD_JUDGE_MAX_RETRIES": "0",
                 "EVALBOARD_JUDGE_CASCADE": "true"}.items():
        os.environ[k] = v
    reset_settings()
    db = make_client(server_uri, timeout_ms=120_000)["accuracy"]
    migrate(db)
    now = datetime.now(timezone.utc)
    generate_demo(db, days=args.days, per_day=args.per_day, seed=7, end=now)
    judge_server.answer_fn = TruthAnswers(db[RECORDS].find({}, {"query": 1, "answer": 1, "evaluation": 1}),
                                          sigma=args.sigma)
    items, human = labelled_items(db)
    thresholds = get_thresholds(db)
    out: dict = {"config": "accuracy", "labelled": len(items), "sigma": args.sigma}
    for name, policy in (("local", None), ("every", C.Policy(on=False)), ("cascade", None)):
        t0 = time.perf_counter()
        if name == "local":
            results = evaluators.score_many(items, mode="fast", thresholds=thresholds)
        else:
            judge = judge_from_settings()
            scorer = CascadeScorer(db, f"bench-{name}", thresholds=thresholds, judge=judge, now=now, policy=policy)
            results = [r for i in range(0, len(items), 32) for r in scorer(items[i:i + 32])]
            out[name + "_reasons"] = scorer.counts
            out[name + "_calls"] = judge.usage.calls
        by_id = {r["id"]: r for r in results}
        out[name] = accuracy_on_labels(by_id, human)
        out[name + "_wall_s"] = round(time.perf_counter() - t0, 1)
    judge_server.answer_fn = None
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--days", type=int, default=14)
    ap.add_argument("--per-day", type=int, default=60)
    ap.add_argument("--sample-days", type=int, default=7)
    ap.add_argument("--per-feature", type=int, default=10)
    ap.add_argument("--sigma", type=float, default=0.05, help="the accuracy judge's noise on its scores")
    ap.add_argument("--only", choices=("every", "cascade", "noise", "accuracy"), action="append",
                    help="run only these parts (default: all)")
    args = ap.parse_args()
    from tests.integration.evaluators.conftest import Server

    judge = Server()
    judge.count_usage = True
    print(json.dumps({"machine": platform.platform(), "cpus": os.cpu_count(), "load": os.getloadavg(),
                      "at": datetime.now(timezone.utc).isoformat(timespec="seconds"), **vars(args)}))
    try:
        with tempfile.TemporaryDirectory() as tmp, EmbeddedServer(Path(tmp) / "data", 0) as server:
            for name, env in (("every", {"EVALBOARD_JUDGE_CASCADE": "false"}), ("cascade", {"EVALBOARD_JUDGE_CASCADE": "true"}),
                              ("noise", {})):
                if args.only and name not in args.only:
                    continue
                out = one(server.uri, name, args, judge.url, env)
                judged = sum(n for k, n in out["reasons"].items() if k in ("band", "disagree", "audit", "every"))
                out["judged_share"] = round(judged / out["records"], 3) if out["records"] else None
                print(json.dumps(out))
            if not args.only or "accuracy" in args.only:
                print(json.dumps(accuracy(server.uri, args, judge)))
    finally:
        judge.close()
    print(json.dumps({"load_after": os.getloadavg()}))


if __name__ == "__main__":
    main()
