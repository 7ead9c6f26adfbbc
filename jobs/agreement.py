"""The judge-agreement sample and its figures (core/agreement.py says what they mean).

Each run looks at the last `agreement_days` completed days (newest first; today
is still filling up, so its sample would keep moving). For each day and feature
it picks up to `agreement_sample_per_feature` records logged with scores,
stratified over passing and failing (each stratum in proportion to its share of
the day, ordered by a hash of day and record id, so a day's sample is the same
on every run), re-scores those not yet scored for that day with the local fast
scorer (or Evalboard's own judge, thorough mode, when one is configured and
`agreement_use_judge` is on) and writes them through the one score writer with
`rescored.sample = {day, kind}`. A record a person re-scored, or one waiting for
the batch scorer, is not a candidate (its `rescored` is not ours to replace).
At most `agreement_max_per_run` records are scored per run, so a tick stays
short and a long backlog (a first run) spreads over ticks; the newest days go
first. Then the figures of every day that got new scores (or has none yet) are
computed from its sampled records, and the weekly roll-ups of their weeks from
the daily pairs.
"""
from __future__ import annotations

import hashlib
from collections import defaultdict
from datetime import date, datetime, timedelta, timezone
from typing import Any, Callable, Iterable, Mapping

from pymongo.database import Database

from core import agreement as ag
from core import metrics
from core.features import ALL_FEATURES as ALL
from core.features import UNKNOWN_FEATURE
from core.timebuckets import DAY, WEEK, bucket_range, bucket_start, local_day, today, week_start
from core.verdict import is_number, limits_for, metric_passed, verdict
from settings import get_settings
from store import agreement as store
from store.aggregates import get_aggregates
from store.scores import SCORING_PROJECTION, write_score_results
from store.thresholds import get_thresholds

BATCH_SIZE = 32
TOP_PER_METRIC = 10
BY = "agreement-sample"
Scorer = Callable[[list[dict]], list[dict]]


# --- the sample (no I/O) ------------------------------------------------------------------------

def sample_key(day: str, record_id: Any) -> str:
    return hashlib.sha1(f"{day}|{record_id}".encode()).hexdigest()


def eligible(doc: Mapping) -> bool:
    """Logged with a verdict, not waiting for the batch scorer, and no `rescored` but ours."""
    eb = doc.get("eb") if isinstance(doc.get("eb"), Mapping) else {}
    if eb.get("score_source") != "logged" or eb.get("passed") not in (True, False):
        return False
    if eb.get("needs_scoring") is True or eb.get("rescore_requested") is True:
        return False
    rescored = doc.get("rescored")
    return not isinstance(rescored, Mapping) or isinstance(rescored.get("sample"), Mapping)


def allocate(n_pass: int, n_fail: int, n: int) -> tuple[int, int]:
    """How many passing and failing records a sample of `n` takes: in proportion to the day's
    split (rounded), at least one of a stratum that has any, all of them when there are few."""
    total = n_pass + n_fail
    if total <= n:
        return n_pass, n_fail
    if n <= 0:
        return 0, 0
    k_fail = round(n * n_fail / total)
    if n_fail and k_fail == 0:
        k_fail = 1
    if n_pass and k_fail == n and n > 1:
        k_fail = n - 1
    k_fail = min(k_fail, n_fail)
    return min(n - k_fail, n_pass), k_fail


def select_sample(candidates: Iterable[Mapping], day: str, n: int) -> dict[str, list[Mapping]]:
    """{feature: the day's sample}, stratified over eb.passed; the same candidates give the same sample."""
    strata: dict[str, dict[bool, list[Mapping]]] = defaultdict(lambda: {True: [], False: []})
    for doc in candidates:
        if eligible(doc):
            feature = doc.get("feature") if isinstance(doc.get("feature"), str) else UNKNOWN_FEATURE
            strata[feature][doc["eb"]["passed"]].append(doc)
    out = {}
    for feature, by_verdict in sorted(strata.items()):
        k_pass, k_fail = allocate(len(by_verdict[True]), len(by_verdict[False]), n)
        chosen = []
        for passed, k in ((True, k_pass), (False, k_fail)):
            chosen += sorted(by_verdict[passed], key=lambda d: sample_key(day, d["_id"]))[:k]
        out[feature] = chosen
    return out


def already_sampled(doc: Mapping, day: str, kind: str) -> bool:
    sample = (doc.get("rescored") or {}).get("sample") if isinstance(doc.get("rescored"), Mapping) else None
    return isinstance(sample, Mapping) and sample.get("day") == day and sample.get("kind") == kind


# --- the figures (no I/O) -----------------------------------------------------------------------

def _score(value: Any) -> float | None:
    return float(value) if is_number(value) else None


def record_pairs(doc: Mapping, thresholds: Mapping) -> dict[str, list]:
    """{metric|VERDICT: [logged, independent, logged_pass, independent_pass]} of one sampled record."""
    feature = doc.get("feature") if isinstance(doc.get("feature"), str) else UNKNOWN_FEATURE
    limits = limits_for(thresholds, feature)
    logged = ((doc.get("eb") or {}).get("scores") or {})
    evaluation = ((doc.get("rescored") or {}).get("evaluation") or {})
    independent = {m: _score((evaluation.get(m) or {}).get("score")) for m in metrics.score_names()}
    out: dict[str, list] = {}
    for m in metrics.score_names():
        lv, iv = _score(logged.get(m)), independent[m]
        if lv is None and iv is None:
            continue
        out[m] = [lv, iv, metric_passed(lv, limits.get(m, 0.0)), metric_passed(iv, limits.get(m, 0.0))]
    out[ag.VERDICT] = [None, None, verdict(feature, logged, thresholds).passed,
                       verdict(feature, independent, thresholds).passed]
    return out


def _top(entries: Iterable[dict]) -> list[dict]:
    by_metric: dict[str, list[dict]] = defaultdict(list)
    for e in entries:
        by_metric[e["metric"]].append(e)
    out = []
    for metric, items in by_metric.items():
        out += sorted(items, key=lambda e: (-abs(e["diff"]), str(e["_id"])))[:TOP_PER_METRIC]
    return out


def figure_doc(bucket: datetime, day: str, feature: str, values: Mapping[str, list], kinds: Mapping[str, int],
               top: list[dict], count: int, now: datetime) -> dict:
    return {"_id": f"{day}|{feature}", "bucket": bucket, "feature": feature, "day": day, "count": count,
            "kinds": dict(kinds), "metrics": {m: ag.figures(pairs) for m, pairs in values.items()},
            "top": _top(top), "values": {m: list(p) for m, p in values.items()}, "computed_at": now}


def day_figures(sampled: Iterable[Mapping], thresholds: Mapping, day: str, bucket: datetime,
                now: datetime) -> list[dict]:
    """One figure document per feature of the day's sampled records, plus ALL (every feature pooled)."""
    groups: dict[str, dict] = defaultdict(lambda: {"values": defaultdict(list), "kinds": defaultdict(int),
                                                   "top": [], "count": 0})
    for doc in sampled:
        feature = doc.get("feature") if isinstance(doc.get("feature"), str) else UNKNOWN_FEATURE
        pairs = record_pairs(doc, thresholds)
        kind = str(((doc.get("rescored") or {}).get("sample") or {}).get("kind") or ag.FAST)
        if (((doc.get("rescored") or {}).get("details") or {}).get("cascade") or {}).get("judged") is False:
            kind = ag.FAST  # a judged run's record the cascade kept local (clear verdict, or the budget)
        for target in (feature, ALL):
            g = groups[target]
            g["count"] += 1
            g["kinds"][kind] += 1
            for m, pair in pairs.items():
                g["values"][m].append(pair)
                if m != ag.VERDICT and pair[0] is not None and pair[1] is not None:
                    g["top"].append({"_id": doc["_id"], "metric": m, "feature": feature, "logged": pair[0],
                                     "independent": pair[1], "diff": round(pair[0] - pair[1], 6)})
    return [figure_doc(bucket, day, f, g["values"], g["kinds"], g["top"], g["count"], now)
            for f, g in sorted(groups.items())]


def add_changes(docs: list[dict], before: Iterable[Mapping]) -> list[dict]:
    """Each figure's `<statistic>_change` against the same feature and metric on the days `before`."""
    history: dict[tuple[str, str], list[dict]] = defaultdict(list)
    for doc in sorted(before, key=lambda d: d["bucket"]):
        for m, fig in (doc.get("metrics") or {}).items():
            history[(doc["feature"], m)].append(fig)
    for doc in docs:
        for m, fig in doc["metrics"].items():
            for name in ag.STATISTICS:
                fig[name + ag.CHANGE_SUFFIX] = ag.change(fig.get(name), [h.get(name) for h in history[(doc["feature"], m)]])
    return docs


def baseline_updates(docs: list[dict], first: datetime) -> list[dict]:
    """The daily documents from `first` on (of `docs`, every feature, oldest first) whose `*_change`
    figures differ when computed again against the BASELINE_DAYS days before each: [{_id, metrics}]."""
    out = []
    for doc in docs:
        if doc["bucket"] < first:
            continue
        lo = doc["bucket"] - timedelta(days=ag.BASELINE_DAYS)
        before = [d for d in docs if d["feature"] == doc["feature"] and lo <= d["bucket"] < doc["bucket"]]
        fresh = {m: dict(fig) for m, fig in (doc.get("metrics") or {}).items()}
        add_changes([{"feature": doc["feature"], "metrics": fresh}], before)
        if fresh != doc.get("metrics"):
            out.append({"_id": doc["_id"], "metrics": fresh})
    return out


def refresh_baselines(db: Database, first: date, last: date, tz: str) -> int:
    """Recompute the change against the baseline of the days `first`..`last` from the stored figures
    (no re-scoring): a first run figures the newest days before the older ones are sampled, so
    without this they would keep "no baseline" for good. Returns how many documents changed."""
    if first > last:
        return 0
    start = bucket_start(first, DAY, tz)
    docs = store.get_agreement(db, DAY, bucket_start(first - timedelta(days=ag.BASELINE_DAYS), DAY, tz),
                               bucket_start(last, DAY, tz))
    return store.update_changes(db, baseline_updates(docs, start))


def week_figures(daily: Iterable[Mapping], week: date, bucket: datetime, now: datetime) -> list[dict]:
    """The week's documents: each feature's daily pairs pooled."""
    groups: dict[str, dict] = defaultdict(lambda: {"values": defaultdict(list), "kinds": defaultdict(int),
                                                   "top": [], "count": 0})
    for doc in daily:
        g = groups[doc["feature"]]
        g["count"] += int(doc.get("count") or 0)
        for kind, n in (doc.get("kinds") or {}).items():
            g["kinds"][kind] += int(n)
        for m, pairs in (doc.get("values") or {}).items():
            g["values"][m] += pairs
        g["top"] += doc.get("top") or []
    return [figure_doc(bucket, week.isoformat(), f, g["values"], g["kinds"], g["top"], g["count"], now)
            for f, g in sorted(groups.items())]


# --- the job ------------------------------------------------------------------------------------

def _default_scorer(db: Database, thresholds: Mapping, now: datetime) -> tuple[str, Scorer]:
    """(kind, scorer): Evalboard's own judge behind the cascade and the day's budget (jobs/cascade.py:
    local first, thorough where it matters) when configured, else fast."""
    import evaluators

    judge = None
    if get_settings().agreement_use_judge:
        from evaluators.judge import judge_from_settings
        judge = judge_from_settings()
    if judge is None:
        return ag.FAST, lambda items: evaluators.score_many(items, mode="fast", thresholds=thresholds)
    from jobs.cascade import CascadeScorer
    return ag.JUDGE, CascadeScorer(db, "agreement", thresholds=thresholds, judge=judge, now=now)


def _version() -> str:
    try:
        from evaluators import EVALUATOR_VERSION
        return str(EVALUATOR_VERSION)
    except Exception:  # noqa: BLE001
        return "unknown"


def run_agreement(db: Database, now: datetime | None = None, *, full: bool = False, days: int | None = None,
                  per_feature: int | None = None, max_items: int | None = None, features: Iterable[str] | None = None,
                  scorer: Scorer | None = None, kind: str | None = None, deadline: float | None = None) -> dict:
    """Sample, score and figure the recent completed days (see the module docstring); idempotent.

    `features`: sample only these (default: every feature of the day). `deadline` (time.monotonic()):
    scoring stops there (the tick's budget) and the rest is `waiting` for the next run; the days
    scored so far get their figures."""
    from jobs.budget import out_of_time
    from jobs.score import scoring_item

    settings = get_settings()
    tz = settings.timezone or "UTC"
    now = now or datetime.now(timezone.utc)
    days = settings.agreement_days if days is None else int(days)
    per_feature = settings.agreement_sample_per_feature if per_feature is None else int(per_feature)
    budget = settings.agreement_max_per_run if max_items is None else int(max_items)
    thresholds = get_thresholds(db)
    version = _version()
    current = today(tz, now)
    window = [current - timedelta(days=i) for i in range(1, days + 1)]
    counts = {"days": 0, "scored": 0, "failed": 0, "waiting": 0, "figured_days": 0, "weeks": 0}
    figured: set[date] = set()
    to_figure: list[date] = []
    if scorer is None:
        kind, scorer = _default_scorer(db, thresholds, now)
    kind = kind or ag.FAST
    # days already figured, with how many records they had then: an unchanged count skips the day's read
    have = {d.get("day"): d.get("records") for d in store.get_agreement(
        db, DAY, bucket_start(window[-1], DAY, tz), bucket_start(window[0], DAY, tz), [ALL])}
    # how many records each day holds, from the daily aggregates the tick built just before (one read
    # for the window); a day without an aggregate is counted on the records (the timestamp index)
    counted = {local_day(d["bucket"], tz): d.get("count") for d in get_aggregates(
        db, DAY, bucket_start(window[-1], DAY, tz), bucket_start(window[0], DAY, tz), [ALL])}
    seen: dict[date, int | None] = {}
    for day in window:
        day_text = day.isoformat()
        start, end = bucket_range(day, DAY, tz)
        if out_of_time(deadline):  # the budget is spent: the days left are looked at next run
            counts["days_left"] = counts.get("days_left", 0) + 1
            continue
        counts["days"] += 1
        size = counted.get(day)
        size = size if isinstance(size, int) else store.count_day(db, start, end)
        if not full and day_text in have and have[day_text] == size:
            continue  # sampled and figured, and no record arrived since
        candidates = store.day_candidates(db, start, end)
        seen[day] = size
        chosen = select_sample(candidates, day_text, per_feature)
        if features is not None:
            chosen = {f: docs for f, docs in chosen.items() if f in set(features)}
        todo = [d["_id"] for docs in chosen.values() for d in docs if not already_sampled(d, day_text, kind)]
        take = todo[:max(budget, 0)]
        budget -= len(take)
        scored_here = failed_here = 0
        for i in range(0, len(take), BATCH_SIZE):
            if out_of_time(deadline):
                take = take[:i]
                break
            docs = store.records_for_scoring(db, take[i:i + BATCH_SIZE],
                                             {**SCORING_PROJECTION, "eb.passed": 1, "eb.scores": 1})
            # the logged verdict and scores go along: the cascade judges where the local ones differ from them
            results = {r.get("id"): r for r in scorer([{**scoring_item(d), "logged_passed": (d.get("eb") or {}).get("passed"),
                                                        "logged_scores": (d.get("eb") or {}).get("scores")}
                                                       for d in docs])}
            written = write_score_results(db, docs, results, by=BY, evaluator_version=version,
                                          thresholds=thresholds, now=now, mark={"day": day_text, "kind": kind})
            scored_here += written["scored"]
            failed_here += written["failed"]
        counts["scored"] += scored_here
        counts["failed"] += failed_here
        counts["waiting"] += len(todo) - len(take)
        if len(take) < len(todo) or failed_here:
            seen[day] = None  # not complete: the next run reads the day again
        if full or scored_here or day_text not in have or have[day_text] != seen[day]:
            to_figure.append(day)
    for day in sorted(to_figure):  # oldest first: a day's baseline is the days before it
        day_text = day.isoformat()
        start, end = bucket_range(day, DAY, tz)
        sampled = store.sampled_records(db, start, end, day_text)
        if sampled:
            before = store.get_agreement(db, DAY, bucket_start(day - timedelta(days=ag.BASELINE_DAYS), DAY, tz),
                                         start - timedelta(seconds=1))
            docs = add_changes(day_figures(sampled, thresholds, day_text, start, now), before)
            store.write_daily(db, [{**d, "records": seen.get(day, have.get(day_text))} for d in docs])
            figured.add(day)
    counts["figured_days"] = len(figured)
    if figured:  # later days figured before these were sampled get their change against them now
        counts["baselines_updated"] = refresh_baselines(db, min(figured) + timedelta(days=1), window[0], tz)
    for week in sorted({week_start(d) for d in figured}):
        start, end = bucket_range(week, WEEK, tz)
        counts["weeks"] += store.write_weekly(db, week_figures(store.daily_values(db, start, end), week,
                                                               start, now)) and 1
    counts["kind"] = kind
    return counts
