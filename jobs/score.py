"""Batch scoring with the local evaluators (fast mode), shared by any number of score workers.

Records wait for scores with `eb.needs_scoring: true` (BeyondChats imports,
records logged without scores) or `eb.rescore_requested: true` (flagged for
re-scoring). A worker claims a batch (store.scores.claim_batch: a claim token
and an expiry on the records, one update per pending query), scores it with
`evaluators.score_many`, writes the results with the one score writer
(store.scores.write_score_results, fenced by the claim token, which it clears)
and claims the next. A worker that dies mid-batch leaves claims that expire
after `claim_s`; another worker then takes those records again. A write whose
claim was taken over is refused, so a record receives one result per claim.
A record whose scoring fails is retried, at most MAX_FAILURES times, then
marked `eb.scoring_gave_up` with its last error (shown on Data health).

`python -m jobs score-worker` runs `run_worker` until SIGTERM (the Procfile's
`scorer:`, one started by `make run`); `run-once score` scores up to
MAX_ITEMS_PER_RUN records the same way and stops.

One record never fails the batch: records are read so that no stored value can
fail the read (store.records.records_for_reading), a record whose fields are not
text gives the scorer empty text, a record that makes the scorer raise is
charged a failure of its own (the batch is retried item by item; when every
item fails alone the scorer itself is broken and the run fails instead), and
an update the server refuses is written alone (store/scores.py).
"""
from __future__ import annotations

import logging
import os
import socket
import threading
import time
import uuid
from datetime import datetime
from typing import Any, Callable

from pymongo.database import Database

from core.jobs import AGGREGATE, ALERTS
from core.modes import FAST
from store.errors import DatabaseError
from store.state import request_jobs
from store.scores import any_pending, claim_batch, release_claim, write_score_results
from store.thresholds import get_thresholds

BATCH_SIZE = 16
MAX_ITEMS_PER_RUN = 2000
CLAIM_S = 300.0  # far longer than a batch takes; a dead worker's records wait this long
# an idle look is two reads of sparse indexes that hold only waiting records (cheap when none wait); 2 s keeps
# an answer from the intake in Triage within ~10 s of its export (tests/e2e/test_browser_intake.py)
POLL_S = 2.0
BY = "batch-scoring"
REFRESH_EVERY_S = 10.0  # while scoring a long queue, ask for a refresh at most this often
log = logging.getLogger("jobs.score")


def _default_scorer(thresholds: dict) -> Callable[[list[dict]], list[dict]]:
    """The local fast scorer judging with the stored thresholds (not the defaults): the verdict it
    returns is the one the pages show beside eb.passed."""
    import evaluators

    return lambda items: evaluators.score_many(items, mode=FAST, thresholds=thresholds)


def _version() -> str:
    try:
        from evaluators import EVALUATOR_VERSION
        return str(EVALUATOR_VERSION)
    except Exception:  # noqa: BLE001
        return "unknown"


def scoring_item(doc: dict) -> dict:
    """The evaluator input for one stored record (whatever a directly written record holds)."""
    context = doc.get("context")
    return {"id": doc["_id"], "query": _text(doc.get("query")), "answer": _text(doc.get("answer")),
            "context": [c for c in context if isinstance(c, str)] if isinstance(context, list) else [],
            "expected_output": doc.get("expected_output") if isinstance(doc.get("expected_output"), str) else None,
            "feature": doc.get("feature") if isinstance(doc.get("feature"), str) else None,
            "history": history_of(doc)}


def history_of(doc: dict) -> list[str]:
    """A record's conversation turns before its question (`history`, e.g. from a BeyondChats import): a
    follow-up question is scored with them as its question context. [] when absent or not a list of texts."""
    history = doc.get("history")
    return [h for h in history if isinstance(h, str)][-8:] if isinstance(history, list) else []


def _text(value: Any) -> str:
    return value if isinstance(value, str) else ""


def _score_isolated(scorer: Callable[[list[dict]], list[dict]], items: list[dict]) -> dict:
    """{id: result}. When the batch makes the scorer raise, each item is scored alone, so only
    the items that fail get an error; when every item fails alone too, the scorer itself is
    broken (no model, a power cut), not the records: that error is raised and no record is
    charged a failure."""
    if not items:
        return {}
    try:
        return {r.get("id"): r for r in scorer(items)}
    except Exception as exc:  # noqa: BLE001 - find the item(s) that fail
        if len(items) == 1:
            return {items[0]["id"]: {"id": items[0]["id"], "error": f"{exc.__class__.__name__}: {exc}"[:500]}}
        batch_error = exc
    results, errors = {}, 0
    for item in items:
        try:
            results.update({r.get("id"): r for r in scorer([item])})
        except Exception as exc:  # noqa: BLE001 - this item alone
            errors += 1
            results[item["id"]] = {"id": item["id"], "error": f"{exc.__class__.__name__}: {exc}"[:500]}
    if errors == len(items):
        raise batch_error
    return results


def score_one_batch(db: Database, worker: str, *, batch_size: int = BATCH_SIZE, claim_s: float = CLAIM_S,
                    scorer: Callable[[list[dict]], list[dict]] | None = None, thresholds: dict | None = None,
                    version: str | None = None, now: datetime | None = None) -> dict | None:
    """Claim, score, write and release one batch; None when nothing is waiting."""
    token = f"{worker}:{uuid.uuid4().hex[:12]}"
    docs = claim_batch(db, batch_size, token, claim_s, by=worker)
    if not docs:
        return None
    thresholds = thresholds if thresholds is not None else get_thresholds(db)
    try:
        results = _score_isolated(scorer or _default_scorer(thresholds), [scoring_item(d) for d in docs])
    except BaseException:
        release_claim(db, token)  # the batch goes back at once, not after the claim expires
        raise
    return write_score_results(db, docs, results, by=BY, evaluator_version=version or _version(),
                               thresholds=thresholds, now=now, claim=token)


def score_pending(db: Database, now: datetime | None = None, *, batch_size: int = BATCH_SIZE,
                  max_items: int = MAX_ITEMS_PER_RUN, scorer: Callable[[list[dict]], list[dict]] | None = None,
                  claim_s: float = CLAIM_S, worker: str | None = None) -> dict:
    """Score waiting records, a claimed batch at a time, until none is left or `max_items` are done."""
    worker = worker or f"{socket.gethostname()}:{os.getpid()}"
    thresholds, version = get_thresholds(db), _version()
    scored = failed = lost = 0
    while scored + failed < max_items:
        counts = score_one_batch(db, worker, batch_size=batch_size, claim_s=claim_s, scorer=scorer,
                                 thresholds=thresholds, version=version, now=now)
        if counts is None:
            break
        scored, failed, lost = scored + counts["scored"], failed + counts["failed"], lost + counts["lost"]
    return {"scored": scored, "failed": failed, "lost": lost, "more_waiting": any_pending(db),
            "evaluator_version": version}


def _ask_refresh(db: Database, scored: int) -> float:
    """Queue a refresh of the aggregates in the request lane (issue 34): newly scored records join them
    at the next refresh (store.scores gives them a new `ingested_at`). Returns when it was asked."""
    try:
        request_jobs(db, [AGGREGATE, ALERTS], f"{scored:,} records scored")
    except DatabaseError as exc:
        log.warning("score worker: could not ask for a refresh: %s", exc)
    return time.monotonic()


def run_worker(db: Database, *, batch_size: int = BATCH_SIZE, claim_s: float = CLAIM_S, poll_s: float = POLL_S,
               exit_when_idle: bool = False, stop: threading.Event | None = None,
               scorer: Callable[[list[dict]], list[dict]] | None = None) -> dict:
    """`python -m jobs score-worker`: score batches until `stop` is set (or, with `exit_when_idle`, until no
    record waits, claimed by another worker or not)."""
    stop = stop or threading.Event()
    worker = f"scorer:{socket.gethostname()}:{os.getpid()}"
    version = _version()
    totals = {"scored": 0, "failed": 0, "lost": 0, "batches": 0}
    log.info("score worker %s started (batch %d, claim %.0fs)", worker, batch_size, claim_s)
    thresholds_at, thresholds = 0.0, {}
    asked_at, unasked = 0.0, 0  # records given their first scores since the last refresh asked for
    while not stop.is_set():
        try:
            if time.monotonic() - thresholds_at > 60:  # threshold edits reach a long-running worker
                thresholds, thresholds_at = get_thresholds(db), time.monotonic()
            counts = score_one_batch(db, worker, batch_size=batch_size, claim_s=claim_s, scorer=scorer,
                                     thresholds=thresholds, version=version)
        except DatabaseError as exc:
            log.error("score worker: database unavailable, retrying in %.0fs: %s", poll_s, exc)
            stop.wait(poll_s)
            continue
        if counts is None:
            if unasked:  # the queue is empty: what was scored is counted within seconds, not at the next tick
                asked_at, unasked = _ask_refresh(db, unasked), 0
            # records still claimed by another worker wait too: if it died, their claims expire
            if exit_when_idle and not any_pending(db):
                break
            stop.wait(poll_s)
            continue
        totals["batches"] += 1
        for k in ("scored", "failed", "lost"):
            totals[k] += counts[k]
        unasked += counts["scored"]
        if unasked and time.monotonic() - asked_at > REFRESH_EVERY_S:  # a long queue: its numbers follow as it goes
            asked_at, unasked = _ask_refresh(db, unasked), 0
        log.info("score worker %s: batch scored=%d failed=%d lost=%d", worker, counts["scored"], counts["failed"],
                 counts["lost"])
    log.info("score worker %s stopped: %s", worker, totals)
    return totals
