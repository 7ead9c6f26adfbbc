"""The demo's golden sets (issue 30): one set per feature, with two runs, so that the Sets page and a run
comparison have something to show on first start.

Each `<feature>-golden` set holds the feature's records of the demo's finished annotation queue whose
labels are settled (the humans' verdict as the expected verdict), then, as a second version, the
feature's lowest-scoring failing records of its incident days (as a reviewer adds them from Triage).
Two runs per set stand for the releases before and after the clauses regression (demo.generate
RELEASE_REGRESSION): no scorer runs here (that would cost the demo its start time), the runs are the items'
logged scores with a little noise per run, and in the later release the regressed feature's metric
is shifted as the product's own records are, so Compare `by=run` marks clauses contextual recall worse.
"""
from __future__ import annotations

import random
from datetime import datetime, timedelta, timezone

from pymongo.database import Database

from core import metrics
from core.set_runs import evaluate, result_row, stored
from core.verdict import limits_for, metric_passed, overall_quality, verdict
from store import labels as store_labels
from store import queues as store_queues
from store import sets as store_sets
from store.collections import RECORDS
from store.errors import ValidationFailed
from store.thresholds import get_thresholds
from store.triage import build_filter

INCIDENT_ITEMS = 12   # failing records taken per feature from its incident days
RUN_NOISE = 0.01      # how much one run's score of an item moves from the logged one
LEAD = "lead"


def _queue(db: Database) -> dict | None:
    from demo.labels import QUEUE_NAME
    found = next((q for q in store_queues.list_queues(db) if q["name"] == QUEUE_NAME), None)
    return store_queues.get_queue(db, found["_id"]) if found else None


def _run_results(items: list[dict], shift: tuple[str, str, float] | None, thresholds: dict,
                 rng: random.Random) -> list[dict]:
    """One simulated run: the logged scores plus noise, `shift` = (feature, metric, delta) applied."""
    out = []
    for it in items:
        logged = it["_scores"]
        scores = {}
        for m, value in logged.items():
            if m == metrics.OVERALL:
                continue
            delta = shift[2] if shift and it["feature"] == shift[0] and m == shift[1] else 0.0
            scores[m] = min(1.0, max(0.0, value + delta + rng.gauss(0.0, RUN_NOISE)))
        overall = overall_quality(scores)
        if overall is not None:
            scores[metrics.OVERALL] = overall
        limits = limits_for(thresholds, it["feature"])
        evaluation = {m: {"score": v, "passed": metric_passed(v, limits.get(m, 0.0))} for m, v in scores.items()}
        passed = verdict(it["feature"], scores, thresholds).passed
        out.append(result_row(it["key"], it["feature"], {"evaluation": evaluation, "verdict": {"passed": passed}}))
    return out


def generate_demo_sets(db: Database, *, end: datetime, incidents: list, releases: tuple[str, str],
                       regression: tuple[str, str, str, float], seed: int = 7) -> str:
    """`releases`: the names of the runs (before, after); `regression`: (release, feature, metric, shift)."""
    queue = _queue(db)
    if queue is None:
        return "sets skipped (no labelled queue)"
    end = end.astimezone(timezone.utc)
    at = end - timedelta(days=2)
    answers = {rid: a for rid, a in store_labels.human_answers(db, queue["_id"]).items()
               if a.get("verdict") in ("faithful", "hallucinated") and not a.get("conflict")}
    docs = {d["_id"]: d for d in db[RECORDS].find({"_id": {"$in": list(answers)}})}
    thresholds = get_thresholds(db)
    made = []
    for feature in sorted({d.get("feature") for d in docs.values() if isinstance(d.get("feature"), str)}):
        name = f"{feature}-golden"
        labelled = [store_sets.item_from_record(docs[r], via="queue", user=LEAD, now=at, queue=queue["_id"],
                                                label={"verdict": answers[r]["verdict"]})
                    for r in queue["record_ids"] if r in docs and docs[r].get("feature") == feature]
        try:
            store_sets.add_items(db, name, labelled, LEAD, via="queue", now=at)
        except ValidationFailed:
            continue
        days = [(i.start, i.end) for i in incidents if feature in i.features]
        incident_ids: list[str] = []
        for start, stop in days:
            filt = build_filter(start=start, end=stop, feature=feature, only_failing=True)
            incident_ids += [d["_id"] for d in db[RECORDS].find(filt, {"_id": 1})
                             .sort([("eb.scores.overall_quality", 1)]).limit(INCIDENT_ITEMS)]
        if incident_ids:
            store_sets.add_records(db, name, incident_ids[:INCIDENT_ITEMS], "asha", via="triage",
                                   now=at + timedelta(hours=1))
        made.append(name)
    runs = 0
    before, after = releases
    release, feature, metric, delta = regression
    for name in made:
        version = store_sets.get_version(db, name)
        items = store_sets.version_items(db, version)
        by_key = {d["_id"]: d for d in db[RECORDS].find({"_id": {"$in": [i["key"] for i in items]}},
                                                         {"eb.scores": 1})}
        for it in items:
            it["_scores"] = {m: float(v) for m, v in ((by_key.get(it["key"]) or {}).get("eb", {}).get("scores") or {})
                             .items() if isinstance(v, (int, float))}
        rng = random.Random(f"{seed}|{name}")
        base = _run_results(items, None, thresholds, rng)
        first = store_sets.save_run(db, version, name=f"release {before}", user=LEAD, results=base,
                                    now=at + timedelta(hours=2), **stored(evaluate(base)))
        cand = _run_results(items, (feature, metric, delta) if after == release else None, thresholds, rng)
        store_sets.save_run(db, version, name=f"release {after}", user=LEAD, results=cand, baseline=first["_id"],
                            now=at + timedelta(hours=3), **stored(evaluate(cand, base)))
        runs += 2
    return f"golden sets={len(made)} runs={runs}"
