"""`python -m jobs judge-noise [--runs 3] [--days 7] [--per-feature 30]`: the judge's noise floor (issue 33).

A stratified sample (per feature, over passing and failing, like the agreement sample: jobs/agreement.py
`select_sample`) of the last `days` completed days is judged `runs` times (evaluators/noise.py). Stored
(store/judge_noise.py): per feature x metric (and every feature pooled) the score's spread and the flip
rate; on each sampled record its flip probability and whether its verdict differed between runs (Triage's
"flaky verdict"); per day and feature the pass rate's noise from the judge alone over that day's records
(core/noise.py). The judge's calls are paid from the day's budget (jobs/cascade.py) and recorded in the
ledger under the job "noise"; a budget reached, or the tick's deadline, stops the job with what it has.
The local scorer is deterministic: its noise is 0, and nothing is measured for it.
"""
from __future__ import annotations

from collections import defaultdict
from datetime import datetime, timedelta, timezone
from typing import Mapping

from pymongo.database import Database

from core import noise as N
from core.features import ALL_FEATURES as ALL
from core.features import UNKNOWN_FEATURE
from core.timebuckets import DAY, bucket_range, bucket_start, local_day, today
from settings import get_settings
from store import agreement as store_agreement
from store import judge_noise as store
from store import judge_spend
from store.aggregates import get_aggregates
from store.scores import SCORING_PROJECTION
from store.thresholds import get_thresholds

BATCH = 16
JOB = "noise"


def sample_ids(db: Database, now: datetime, days: int, per_feature: int) -> list:
    """The ids to re-judge: the window's logged records, stratified per feature over pass/fail."""
    from jobs.agreement import select_sample

    tz = get_settings().timezone or "UTC"
    last = today(tz, now) - timedelta(days=1)
    start, _ = bucket_range(last - timedelta(days=days - 1), DAY, tz)
    _, end = bucket_range(last, DAY, tz)
    chosen = select_sample(store_agreement.day_candidates(db, start, end), f"noise|{last}", per_feature)
    return [d["_id"] for docs in chosen.values() for d in docs]


def record_mark(runs: Mapping, k: int, now: datetime) -> dict:
    verdicts = runs.get(N.VERDICT) or []
    flip = N.flip_probability(verdicts)
    flipped = sorted(m.split(":")[0] for m, v in runs.items() if m.endswith(":pass") and (N.flip_probability(v) or 0) > 0)
    return {"runs": k, "passes": sum(1 for v in verdicts if v is True), "verdicts": len(verdicts),
            "flip_probability": flip, "flaky": bool(flip), "metrics_flipped": flipped, "at": now}


def metric_docs(by_feature: Mapping[str, list], k: int, model: str, now: datetime) -> list[dict]:
    docs = []
    for feature, records in by_feature.items():
        for metric, fig in N.figures(records).items():
            docs.append({"_id": f"{store.METRIC}|{feature}|{metric}", "kind": store.METRIC, "feature": feature,
                         "metric": metric, "runs": k, **fig, "model": model, "computed_at": now})
    return docs


def day_docs(db: Database, figures: Mapping[str, Mapping], now: datetime, days: int) -> list[dict]:
    """Per day and feature of the window: the pass rate's noise from the judge alone over its records."""
    tz = get_settings().timezone or "UTC"
    last = today(tz, now) - timedelta(days=1)
    docs = []
    for agg in get_aggregates(db, DAY, bucket_start(last - timedelta(days=days - 1), DAY, tz), bucket_start(last, DAY, tz)):
        fig = (figures.get(agg["feature"]) or {}).get(N.VERDICT)
        n = int((agg.get("passed") or 0) + (agg.get("failing") or 0))
        if fig is None or n <= 0:
            continue
        day = local_day(agg["bucket"], tz).isoformat()
        sd = N.rate_sd(fig.get("pass_var"), n)
        docs.append({"_id": f"{store.DAY}|{day}|{agg['feature']}", "kind": store.DAY, "day": day, "bucket": agg["bucket"],
                     "feature": agg["feature"], "records": n, "pass_rate_sd": sd, "floor": N.Z95 * sd, "computed_at": now})
    return docs


def run_noise(db: Database, now: datetime | None = None, *, judge=None, runs: int | None = None, days: int = 7,
              per_feature: int | None = None, deadline: float | None = None) -> dict:
    """Re-judge the sample `runs` times and store the noise figures (see the module docstring)."""
    from evaluators.cost import GatedJudge
    from evaluators.noise import rejudge
    from jobs.budget import out_of_time
    from store.judge_spend import day_budget
    from jobs.score import scoring_item

    settings = get_settings()
    now = now or datetime.now(timezone.utc)
    k = runs or settings.judge_noise_runs
    if judge is None:
        from evaluators.judge import judge_from_settings
        judge = judge_from_settings()
    if judge is None:
        return {"sampled": 0, "note": "no judge configured: the local scorer is deterministic (noise 0)"}
    thresholds = get_thresholds(db)
    day = today(settings.timezone or "UTC", now).isoformat()
    budget = day_budget(db, day, settings)
    current: dict = {"feature": None}
    gated = GatedJudge(judge, lambda: budget.allows_call(current["feature"]),
                       lambda usd: budget.add(current["feature"], usd))
    ids = sample_ids(db, now, days, per_feature or settings.judge_noise_per_feature)
    by_feature: dict[str, list] = defaultdict(list)
    marks: dict = {}
    counts = {"sampled": len(ids), "rejudged": 0, "flaky": 0, "errors": 0}
    for i in range(0, len(ids), BATCH):
        if out_of_time(deadline) or budget.blocking(None):
            counts["stopped"] = "deadline" if out_of_time(deadline) else "budget"
            break
        docs = store_agreement.records_for_scoring(db, ids[i:i + BATCH], SCORING_PROJECTION)
        for doc in docs:
            feature = doc.get("feature") if isinstance(doc.get("feature"), str) else UNKNOWN_FEATURE
            current["feature"] = feature
            before = (judge.usage.calls, judge.usage.input_tokens, judge.usage.output_tokens, judge.usage.cost_usd)
            [res] = rejudge([scoring_item(doc)], k, gated, thresholds)
            after = (judge.usage.calls, judge.usage.input_tokens, judge.usage.output_tokens, judge.usage.cost_usd)
            judge_spend.record(db, day, JOB, feature, JOB, dict(zip(("calls", "input_tokens", "output_tokens", "cost_usd"),
                                                                    (a - b for a, b in zip(after, before)))), now)
            if "error" in res or res.get("errors"):
                counts["errors"] += 1
            if "error" in res:
                continue
            by_feature[feature].append(res["runs"])
            by_feature[ALL].append(res["runs"])
            marks[doc["_id"]] = record_mark(res["runs"], k, now)
            counts["rejudged"] += 1
            counts["flaky"] += marks[doc["_id"]]["flaky"]
    if not marks:
        return counts
    store.mark_records(db, marks)
    docs = metric_docs(by_feature, k, getattr(judge, "model", ""), now)
    store.write_figures(db, docs)
    figures: dict[str, dict] = defaultdict(dict)
    for d in docs:
        figures[d["feature"]][d["metric"]] = d
    counts["days"] = store.write_figures(db, day_docs(db, figures, now, days))
    return counts


def run_daily(db: Database, now: datetime | None = None, *, deadline: float | None = None) -> dict:
    """The tick's form: measure once per local day, and only where a judge is configured (the local
    scorer's noise is 0). A run stopped by the tick's deadline or the budget keeps what it measured; the
    next local day measures again."""
    from evaluators.judge import judge_from_settings

    judge = judge_from_settings()
    if judge is None:
        return {"skipped": "no judge configured (the local scorer is deterministic: noise 0)"}
    now = now or datetime.now(timezone.utc)
    tz = get_settings().timezone or "UTC"
    last = store.last_computed(db)
    if last is not None and local_day(last, tz) == today(tz, now):
        return {"skipped": f"measured today ({last:%H:%M} UTC)"}
    return run_noise(db, now, judge=judge, deadline=deadline)


def cmd_judge_noise(args) -> int:
    from store.client import get_db

    counts = run_noise(get_db(), runs=args.runs, days=args.days, per_feature=args.per_feature)
    print("judge-noise: " + " ".join(f"{k}={v}" for k, v in counts.items()))
    return 0 if counts.get("sampled") is not None else 1


def add_parser(sub) -> None:
    p = sub.add_parser("judge-noise", help="re-judge a stratified sample k times: the judge's noise floor")
    p.add_argument("--runs", type=int, default=None, help="how many times each record is judged (default 3)")
    p.add_argument("--days", type=int, default=7, help="sample the last N completed days")
    p.add_argument("--per-feature", type=int, default=None, help="records per feature (default 30)")
    p.set_defaults(func=cmd_judge_noise)
