"""`python -m jobs estimate-judge [--days 7] [--feature F] [--job agreement|rescore|set-run]`: the LLM
judge's price before anything is spent.

Picks the records the job would send to the judge — the agreement job's daily sample (the same
stratified, hash-ordered picks `jobs/agreement.py` makes, less what is already judged), every record
of the window for a re-score, or the items of a JSONL file for a set run — and runs
`evaluators.cost.estimate` on them: the prompts are rendered and counted, nothing is sent. A large
window is estimated on a deterministic sample of at most `--sample` records and scaled up (said so).
"""
from __future__ import annotations

import hashlib
import json
import sys
from datetime import datetime, timedelta, timezone

from pymongo.database import Database

from core import agreement as ag
from core.timebuckets import bucket_range, today
from settings import get_settings
from store import agreement as store
from store.client import get_db
from store.scores import SCORING_PROJECTION
from store.thresholds import get_thresholds

JOBS = ("agreement", "rescore", "set-run")
DEFAULT_SAMPLE = 300


def _days(now: datetime, days: int) -> list:
    current = today(get_settings().timezone or "UTC", now)
    return [current - timedelta(days=i) for i in range(1, days + 1)]


def agreement_ids(db: Database, now: datetime, days: int, feature: str | None) -> list:
    """The records the agreement job would judge over the last `days` completed days."""
    from jobs.agreement import already_sampled, select_sample

    per_feature = get_settings().agreement_sample_per_feature
    ids: list = []
    for day in _days(now, days):
        start, end = bucket_range(day)
        chosen = select_sample(store.day_candidates(db, start, end), day.isoformat(), per_feature)
        ids += [d["_id"] for f, docs in chosen.items() if feature in (None, f) for d in docs
                if not already_sampled(d, day.isoformat(), ag.JUDGE)]
    return ids


def window_ids(db: Database, now: datetime, days: int, feature: str | None) -> list:
    """Every record of the last `days` completed days (and today's so far), for a re-score."""
    first = _days(now, days)[-1]
    start, _ = bucket_range(first)
    return [d["_id"] for d in store.day_candidates(db, start, now + timedelta(seconds=1))
            if feature in (None, d.get("feature"))]


def _sample(ids: list, limit: int) -> list:
    """At most `limit` ids, picked by a hash of the id (the same ids on every run)."""
    if len(ids) <= limit:
        return ids
    return sorted(ids, key=lambda i: hashlib.sha1(str(i).encode()).hexdigest())[:limit]


def read_items(path: str, feature: str | None) -> list[dict]:
    items = []
    with open(path, encoding="utf-8") as fh:
        for line in fh:
            line = line.strip()
            if not line:
                continue
            item = json.loads(line)
            if isinstance(item, dict) and feature in (None, item.get("feature")):
                items.append({"query": item.get("query") or "", "answer": item.get("answer") or "",
                              "context": item.get("context") or item.get("contexts") or [],
                              "expected_output": item.get("expected_output"), "feature": item.get("feature")})
    return items


def job_ids(db: Database, job: str, *, days: int, feature: str | None, now: datetime) -> list:
    """The ids of the records `job` would send to the judge."""
    return agreement_ids(db, now, days, feature) if job == "agreement" else window_ids(db, now, days, feature)


def items_for(db: Database, ids: list) -> list[dict]:
    from jobs.score import scoring_item

    return [scoring_item(d) for d in store.records_for_scoring(db, ids, SCORING_PROJECTION)]


def estimate_job(db: Database | None, job: str, *, days: int = 7, feature: str | None = None,
                 items_path: str | None = None, sample: int = DEFAULT_SAMPLE, now: datetime | None = None):
    """(Estimate for the whole job, how many records it covers, how many were rendered to count it)."""
    from evaluators.cost import estimate

    settings = get_settings()
    now = now or datetime.now(timezone.utc)
    if job == "set-run":
        items = read_items(items_path, feature) if items_path else []
        total = len(items)
        items = items[:sample]
    else:
        ids = job_ids(db, job, days=days, feature=feature, now=now)
        total = len(ids)
        items = items_for(db, _sample(ids, sample))
    est = estimate(items, "thorough", model=settings.judge_model,
                   thresholds=get_thresholds(db) if db is not None else None,
                   input_cost_per_1k=settings.judge_input_cost_per_1k,
                   output_cost_per_1k=settings.judge_output_cost_per_1k)
    if items and total > len(items):
        est = est.scaled(total / len(items))
    return est, total, len(items)


def report_lines(est, total: int, counted: int, job: str) -> list[str]:
    lines = [f"estimate-judge: job={job} model={est.model} records={total}"
             + (f" (counted on a sample of {counted}, scaled up)" if counted < total else ""),
             f"  calls={est.calls} input_tokens={est.input_tokens} output_tokens≈{est.output_tokens} "
             f"cost≈${est.cost_usd:.4f}"]
    for name, c in sorted(est.by_prompt.items()):
        lines.append(f"  {name:<22} calls={c.calls:<6} input={c.input_tokens:<9} output≈{c.output_tokens}")
    lines.append("  input tokens: " + ("counted with the model's own tokenizer" if est.exact_tokenizer else
                                       "counted with o200k_base (the model's own tokenizer is not known "
                                       "offline): an approximation"))
    lines.append("  output tokens: estimated from what each prompt asks for (the replies do not exist yet)")
    lines.append(f"  prices: ${get_settings().judge_input_cost_per_1k}/1k input, "
                 f"${get_settings().judge_output_cost_per_1k}/1k output "
                 "(EVALBOARD_JUDGE_INPUT_COST_PER_1K, EVALBOARD_JUDGE_OUTPUT_COST_PER_1K)")
    return lines


def cmd_estimate_judge(args) -> int:
    if args.job == "set-run" and not args.input:
        print("error: --job set-run needs --input FILE.jsonl (the set's items)", file=sys.stderr)
        return 2
    if args.days < 1 or args.sample < 1:
        print("error: --days and --sample must be at least 1", file=sys.stderr)
        return 2
    try:
        db = get_db() if args.job != "set-run" or args.with_thresholds else None
        est, total, counted = estimate_job(db, args.job, days=args.days, feature=args.feature,
                                           items_path=args.input, sample=args.sample)
    except (OSError, ValueError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps({**est.to_dict(), "job": args.job, "records_counted": counted}))
    else:
        print("\n".join(report_lines(est, total, counted, args.job)))
    return 0


def add_parser(sub) -> None:
    p = sub.add_parser("estimate-judge", help="print the LLM judge's calls, tokens and cost for a job, sending nothing")
    p.add_argument("--job", choices=JOBS, default="agreement")
    p.add_argument("--days", type=int, default=7, help="the last N completed days (agreement, rescore)")
    p.add_argument("--feature", help="only this feature")
    p.add_argument("--input", help="set-run: the set's items as JSONL")
    p.add_argument("--sample", type=int, default=DEFAULT_SAMPLE, help="count at most this many records, scale up")
    p.add_argument("--with-thresholds", action="store_true", help="set-run: read the thresholds from the database")
    p.add_argument("--json", action="store_true", help="one JSON object instead of the table")
    p.set_defaults(func=cmd_estimate_judge)
