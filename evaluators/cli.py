"""`python -m evaluators score --input IN.jsonl --output OUT.jsonl [--mode fast|balanced|thorough]
[--feature chat] [--fallback-fast] [--batch-size 64] [--details]`

One output line per input line, in order; a bad line gives {"id"?, "error"} in its place. The last
stderr line is `scored=N errors=K seconds=S`. Only this module reads settings (for the judge).
"""
from __future__ import annotations

import argparse
import json
import sys
import time

from . import limits

CONTRACT_KEYS = ("mode", "evaluation", "hallucination_score", "latency_ms")
UNDECIDED = 0.5  # hallucination_score written for answers without claims (see README)


def _parse(line: str):
    try:
        obj = json.loads(line)
    except json.JSONDecodeError as exc:
        return None, f"invalid JSON: {exc.msg} at column {exc.colno}"
    if not isinstance(obj, dict):
        return None, "line is not a JSON object"
    too_large = limits.record_problem(obj)  # refused before scoring: bounded work per line
    if too_large:
        return None, too_large
    return obj, None


def run(args) -> int:
    from . import pipeline
    from .judge import JudgeNotConfigured, judge_from_settings

    judge = None
    if args.mode != "fast":
        judge = judge_from_settings()
        if judge is None and not args.fallback_fast:
            print(f"error: {JudgeNotConfigured()}", file=sys.stderr)
            return 2
        if judge is None:
            print("warning: no judge configured; scoring in fast mode (--fallback-fast)", file=sys.stderr)
    t0 = time.perf_counter()
    scored = errors = 0
    fin = sys.stdin if args.input == "-" else open(args.input, encoding="utf-8")
    fout = sys.stdout if args.output == "-" else open(args.output, "w", encoding="utf-8")
    try:
        batch: list = []

        def flush():
            nonlocal scored, errors
            items = [b[0] for b in batch if b[0] is not None]
            results = iter(pipeline.score_many(items, mode=args.mode, judge=judge,
                                               fallback_to_fast=args.fallback_fast, feature=args.feature)
                           if items else [])
            for obj, err in batch:
                if obj is None:
                    out = {"error": err}
                else:
                    res = next(results)
                    if "error" in res:
                        out = {"id": obj.get("id"), "error": res["error"]}
                    else:
                        out = {"id": obj.get("id"), **{k: res[k] for k in CONTRACT_KEYS}}
                        if out["hallucination_score"] is None:
                            # the contract promises a number: an answer with no checkable claim
                            # (a bare "yes", an empty answer) is undecided, said in its own field
                            out["hallucination_score"] = UNDECIDED
                            out["hallucination_note"] = "no checkable claims in the answer: undecided (0.5)"
                        if args.details:
                            out.update({k: res[k] for k in res if k not in out})
                if "error" in out:
                    errors += 1
                else:
                    scored += 1
                fout.write(json.dumps(out, ensure_ascii=False) + "\n")
            fout.flush()
            batch.clear()

        for line in fin:
            if not line.strip():
                continue
            batch.append(_parse(line))
            if len(batch) >= args.batch_size:
                flush()
        if batch:
            flush()
    finally:
        if fin is not sys.stdin:
            fin.close()
        if fout is not sys.stdout:
            fout.close()
    print(f"scored={scored} errors={errors} seconds={time.perf_counter() - t0:.2f}", file=sys.stderr)
    return 0


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(prog="python -m evaluators")
    sub = ap.add_subparsers(dest="command", required=True)
    sc = sub.add_parser("score", help="score a JSON Lines file")
    sc.add_argument("--input", required=True, help="JSON Lines input ('-' = stdin)")
    sc.add_argument("--output", required=True, help="JSON Lines output ('-' = stdout)")
    sc.add_argument("--mode", choices=("fast", "balanced", "thorough"), default="fast")
    sc.add_argument("--feature", default=None, help="feature for thresholds when a record has none")
    sc.add_argument("--fallback-fast", action="store_true", help="without a judge, score balanced/thorough as fast")
    sc.add_argument("--batch-size", type=int, default=64)
    sc.add_argument("--details", action="store_true", help="also write details/extra_metrics/retrieval/judge_usage")
    args = ap.parse_args(argv)
    return run(args)
