"""Issue 33: what the LLM judge costs on the demo, with and without the cascade, and the noise job's cost.

python bench/bench_judge_cost.py [--days 14] [--per-day 60] [--sample-days 7] [--per-feature 10]

On a fresh embedded server: the demo (`--days` x `--per-day`, seed 7, ending now), then the agreement sample of
the last `--sample-days` days (`--per-feature` a feature and day) judged by the local chat-completions server
of the tests (tests/integration/evaluators/conftest.py), which reports the tokens it was really sent and
answered (so the cost is the configured price of real token counts; the answers themselves are canned):
  every     EVALBOARD_JUDGE_CASCADE=false: every sampled record judged (thorough)
  cascade   band 0.10, disagree on, audit 5 % (the defaults): the share the judge sees, and the cost
  noise     the noise job on the same demo: 3 runs x 30 records a feature
Prices: the defaults (gpt-4o-mini, $0.15 / $0.60 per million tokens in / out). The judge-accuracy figure on
the demo's labels needs a real judge (the canned answers have no opinion): not measured here.
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


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--days", type=int, default=14)
    ap.add_argument("--per-day", type=int, default=60)
    ap.add_argument("--sample-days", type=int, default=7)
    ap.add_argument("--per-feature", type=int, default=10)
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
                out = one(server.uri, name, args, judge.url, env)
                judged = sum(n for k, n in out["reasons"].items() if k in ("band", "disagree", "audit", "every"))
                out["judged_share"] = round(judged / out["records"], 3) if out["records"] else None
                print(json.dumps(out))
    finally:
        judge.close()
    print(json.dumps({"load_after": os.getloadavg()}))


if __name__ == "__main__":
    main()
