"""Every cached read of the dashboard, in one module, invalidated by topic after a write.

Each reader is a store function wrapped in `st.cache_data`. A view calls it with its own arguments
only (`data.aggregates("day", start, end, None)`): the reader fetches the database itself
(`common.database()`, the handle `page.start()` checked) and caches under `common.db_key(db)`
(settings URI + database name), so answers of different databases never mix; the handle itself is
not hashed. `reader.uncached(db, ...)` is the plain read, for scripts and tests that hold their own
handle. A reader belongs to the topics whose
writes change its answer; after a write a page calls `invalidate(topic, ...)` and every
page reads the new state at once (acknowledge an alert -> the Overview's open-alert
count changes on the next render, not a TTL later). TTLs only bound how stale data
written by the worker (aggregates, job runs) may be.
"""
from __future__ import annotations

import functools
import hashlib
import json
from collections import defaultdict
from datetime import date
from typing import TYPE_CHECKING, Callable

import streamlit as st

from core.buckets import Bucket, buckets
from core.delivery_docs import ChannelStatus, Notification
from core.features import ALL_FEATURES
from core.agreement_docs import AgreementDoc
from core.label_docs import HumanAnswer, human_answers
from core.record_doc import RecordDoc
from core.report_docs import Report
from core.rule_docs import Alert, AuditEntry, Rule
from core.status_docs import (
    AggregateHealth, Backlog, DatabaseStatus, JobRun, JudgeSpend, Pending, RecordCounts, SchedulerStatus,
)

if TYPE_CHECKING:
    from store.triage_filter import TriageFilter

AGGREGATES, RECORDS, ALERTS, RULES, THRESHOLDS, REPORTS, JOBS, HEALTH, AGREEMENT = (
    "aggregates", "records", "alerts", "rules", "thresholds", "reports", "jobs", "health", "agreement")
SETS = "sets"  # golden sets and their runs (issue 30)
LABELS = "labels"  # the team's labels and the figures computed from them
TOPICS = (AGGREGATES, RECORDS, ALERTS, RULES, THRESHOLDS, REPORTS, JOBS, HEALTH, AGREEMENT, SETS, LABELS)
_BY_TOPIC: dict[str, list[Callable]] = defaultdict(list)
# Numbers only the worker writes: every page run drops them as soon as the worker has written new ones
# (components/build_notice.py, its `generation`), so a long TTL only bounds a missed cue; a 60 s TTL made
# most page switches a cold run (issue 29).
WORKER_TTL = 600


def _reader(*topics: str, ttl: int = 60):
    """`fn(db, *args)` -> a reader `(*args)` that fetches the database and caches per database."""
    def wrap(fn):
        def keyed(_db, key: str, *args, **kwargs):  # `_db` is not hashed; `key` keeps databases apart
            return fn(_db, *args, **kwargs)
        keyed.__module__, keyed.__name__ = fn.__module__, fn.__name__
        keyed.__qualname__ = f"{fn.__qualname__}.keyed"  # one cache per reader (same source for all)
        cached = st.cache_data(ttl=ttl, show_spinner=False)(keyed)

        @functools.wraps(fn)
        def reader(*args, **kwargs):
            from dashboard.common import database, db_key
            db = database()
            return cached(db, db_key(db), *args, **kwargs)
        reader.clear = cached.clear
        reader.uncached = fn
        for topic in topics:
            _BY_TOPIC[topic].append(cached)
        return reader
    return wrap


def invalidate(*topics: str) -> None:
    """Forget every cached answer that a write to these topics may have changed."""
    for topic in topics:
        for reader in _BY_TOPIC.get(topic, []):
            reader.clear()


# --- aggregates (written by the worker) ----------------------------------------------------

@_reader(AGGREGATES, ttl=300)
def features(db) -> list[str]:
    from store.aggregates import list_features
    return [f for f in list_features(db) if f != ALL_FEATURES]


@_reader(AGGREGATES, THRESHOLDS, ttl=WORKER_TTL)
def aggregates(db, granularity: str, start, end, features: tuple | None) -> list[Bucket]:
    from store.aggregates import get_buckets
    return get_buckets(db, granularity, start, end, list(features) if features else None)


@_reader(AGGREGATES, ttl=WORKER_TTL)
def latest_day(db) -> date | None:
    """The newest day that has an aggregate (the default period of a page ends there)."""
    from core.timebuckets import bucket_day
    from store.aggregates import latest_daily_bucket
    bucket = latest_daily_bucket(db)
    return bucket_day(bucket) if bucket else None


@_reader(AGGREGATES, ttl=300)
def score_histograms(db, feature: str, start, end) -> dict:
    from store.aggregates import score_histograms as store_histograms
    return store_histograms(db, feature, start, end)


@_reader(THRESHOLDS, ttl=300)
def thresholds(db) -> dict:
    from store.thresholds import get_thresholds
    return get_thresholds(db)


# --- judge agreement (written by the worker's agreement job) ---------------------------------

@_reader(AGREEMENT, ttl=120)
def agreement(db, granularity: str, start, end, features: tuple | None) -> list[AgreementDoc]:
    from store.agreement import get_agreement
    return [AgreementDoc.model_validate(d)
            for d in get_agreement(db, granularity, start, end, list(features) if features else None)]


@_reader(AGREEMENT, ttl=120)
def agreement_features(db) -> list[str]:
    from store.agreement import list_features
    return list_features(db)


@_reader(AGREEMENT, ttl=120)
def agreement_latest_day(db) -> date | None:
    from core.timebuckets import bucket_day
    from store.agreement import latest_bucket
    bucket = latest_bucket(db)
    return bucket_day(bucket) if bucket else None


# --- the judge's noise floor and spend (issue 33: written by the worker's jobs) ----------------

@_reader(AGREEMENT, ttl=300)
def judge_noise(db) -> dict[str, dict[str, dict]]:
    """{feature: {metric|"__verdict__": figure}} of the latest noise run (empty: never measured)."""
    from store.judge_noise import metric_figures
    return metric_figures(db)


@_reader(AGREEMENT, ttl=30)
def judge_spend(db, day: str) -> list[JudgeSpend]:
    from store.judge_spend import day_rows
    return [JudgeSpend.model_validate(row) for row in day_rows(db, day)]


# --- records ---------------------------------------------------------------------------------

@_reader(RECORDS, THRESHOLDS, ttl=30)
def records_page(db, filt: TriageFilter, sort: str, descending: bool, page: int, page_size: int) -> list[RecordDoc]:
    from store.triage import list_records
    return [RecordDoc.read(d) for d in list_records(db, filt.query(), sort, page, page_size, descending=descending)]


@_reader(RECORDS, THRESHOLDS, ttl=30)
def records_count(db, filt: TriageFilter) -> int:
    from store.triage import count_records
    return count_records(db, filt.query())


@_reader(RECORDS, THRESHOLDS, ttl=30)
def record(db, record_id: str) -> RecordDoc | None:
    from store.triage import get_record
    return RecordDoc.read(get_record(db, record_id))


@_reader(RECORDS, ttl=30)
def session_records(db, session_id: str) -> list[RecordDoc]:
    from store.triage import session_records as store_session_records
    return [RecordDoc.read(d) for d in store_session_records(db, session_id)]


@_reader(RECORDS, ttl=300)
def sources(db, start, end, only_failing: bool) -> list[str]:
    from store.triage import sources as store_sources
    return store_sources(db, start, end, only_failing)


@_reader(RECORDS, ttl=300)
def latest_record_day(db) -> date | None:
    from store.triage import latest_day as store_latest_day
    return store_latest_day(db)


# --- alerts, rules, audit, notifications ---------------------------------------------------

@_reader(AGGREGATES, AGREEMENT, ttl=300)
def recent_daily_history(db, agreement: bool = False) -> dict[str, list[dict]]:
    """Every feature's daily documents of the last few weeks, oldest first (what alert rules judge):
    the aggregates, or the judge-agreement figures."""
    from datetime import datetime, timedelta, timezone

    from core.evidence import MAX_POOL_DAYS
    since = datetime.now(timezone.utc) - timedelta(days=MAX_POOL_DAYS + 2)
    if agreement:
        from store.agreement import daily_history
    else:
        from store.aggregates import daily_history
    return daily_history(db, since)


@_reader(RULES, THRESHOLDS, ttl=60)
def audit(db) -> list[AuditEntry]:
    from store.alerts import list_audit
    return [AuditEntry.model_validate(entry) for entry in list_audit(db, limit=100)]


@_reader(ALERTS, ttl=30)
def notifications(db) -> list[Notification]:
    from store.outbox import list_notifications
    return [Notification.model_validate(n) for n in list_notifications(db, limit=100)]


@_reader(ALERTS, ttl=30)
def channels(db) -> list[ChannelStatus]:
    """Each delivery channel: configured or not, last delivery, last error (store.outbox.channel_status)."""
    from store.outbox import channel_status
    return [ChannelStatus.model_validate(ch) for ch in channel_status(db)]


# --- reports, jobs, health ------------------------------------------------------------------

@_reader(REPORTS, ttl=60)
def reports(db) -> list[Report]:
    from store.reports import list_reports
    return [Report.model_validate(doc) for doc in list_reports(db)]


@_reader(REPORTS, ttl=300)
def report(db, report_id: str, week_start) -> Report | None:
    from store.reports import get_report
    doc = get_report(db, week_start)
    return None if doc is None else Report.model_validate(doc)


@_reader(HEALTH, ttl=15)
def database_status(db) -> DatabaseStatus:
    from store import health
    return DatabaseStatus.model_validate(health.database_status(db))


@_reader(HEALTH, RECORDS, ttl=30)
def record_counts(db) -> RecordCounts:
    from store import health
    return RecordCounts.model_validate({**health.record_counts(db, week=False), **week_issue_counts(),
                                        "total": record_total()})


@_reader(HEALTH, RECORDS, ttl=300)
def record_total(db) -> int:
    """Every stored record: a count of each on the embedded server (~0.3 s at 36k records, issue 29), so kept
    5 minutes like the week's counts; the live counts (24 h, waiting, quarantined) 30 s."""
    from store import health
    return health.record_total(db)


# The week's issue counts read each of the week's records (~0.5 s at the default demo's 2,800 a week on the
# embedded server; Data health's slowest read): kept 5 minutes like the aggregates, the live counts 30 s.
@_reader(HEALTH, RECORDS, ttl=300)
def week_issue_counts(db) -> dict[str, int]:
    from store import health
    return health.week_issue_counts(db)


@_reader(HEALTH, RECORDS, ttl=30)
def privacy_counts(db) -> list[dict]:
    """Personal data found per ingest day and source (issue 31; store/privacy.py)."""
    from store.privacy import daily_counts
    return daily_counts(db)


@_reader(JOBS, ttl=30)
def backlog(db) -> Backlog:
    """What is waiting: days the aggregate job must (re)build, and whether its first build is done."""
    from store.state import AGGREGATE, get_state
    state = get_state(db, AGGREGATE) or {}
    dirty = [d for d in state.get("dirty_days") or [] if isinstance(d, str)]
    return Backlog(dirty_days=sorted(dirty), first_build_done=bool(state.get("watermark")))


@_reader(JOBS, ttl=30)
def job_runs(db) -> tuple[list[JobRun], list[JobRun]]:
    from store.job_runs import last_runs, recent_runs
    return ([JobRun.model_validate(r) for r in last_runs(db)],
            [JobRun.model_validate(r) for r in recent_runs(db, limit=50)])


@_reader(JOBS, AGGREGATES, ttl=15)
def aggregate_health(db) -> AggregateHealth:
    """What the aggregates count up to, what they hold back right now and why, and the last recount."""
    from store.aggregates import last_verification
    from store.inflight import writes_in_flight
    from store.state import AGGREGATE, get_state
    state = get_state(db, AGGREGATE)
    return AggregateHealth(watermark=state.get("watermark"), dirty_days=len(state.get("dirty_days") or []),
                           in_flight=writes_in_flight(db), verification=last_verification(db))


@_reader(RECORDS, AGGREGATES, ttl=10)
def pending_records(db) -> Pending:
    """Records stored but not yet in the aggregates, per feature, and when they will be (issue 34)."""
    from store.pending import pending_records as pending
    return Pending.model_validate(pending(db))


@_reader(JOBS, ttl=10)
def scheduler_status(db) -> SchedulerStatus:
    """The scheduler's last tick, next tick and lease holder (Data health)."""
    from store.pending import scheduler_status as status
    return SchedulerStatus.model_validate(status(db))


# --- releases side by side (issue 21; the release aggregates are written by the worker) --------

# not in TOPICS: a worker's write does not drop it (it scans every release aggregate: ~1.1 s for the three
# dimensions at 200k records, on every page run after a tick before, issue 29). A new version value changes
# the catalog's stamp, which is part of the key; "other" / "unversioned" appearing waits for the TTL.
RELEASE_VALUES = "release_values"


@_reader(RELEASE_VALUES, ttl=300)
def _version_values(db, dim: str, catalog_stamp: tuple) -> list[str]:
    from store.release_readers import version_values as values
    return values(db, dim)


def version_values(dim: str) -> list[str]:
    """A dimension's values that have aggregates, newest first (store.release_readers.version_values)."""
    return versions_by_dim((dim,))[dim]


def versions_by_dim(dims) -> dict[str, list[str]]:
    """`version_values` of several dimensions, the catalog's stamp read once for all of them."""
    from dashboard.common import database
    from store.release_readers import catalog_stamp
    stamp = catalog_stamp(database())
    return {dim: _version_values(dim, stamp) for dim in dims}


@_reader(AGGREGATES, ttl=WORKER_TTL)
def release_lines(db) -> dict[str, list[str]]:
    """{feature: its releases, newest first} (issue 34: releases ordered within their product line)."""
    from store.release_readers import line_orders
    return line_orders(db, "release")


@_reader(AGGREGATES, ttl=WORKER_TTL)
def release_totals(db, dim: str, value: str, start, end) -> dict:
    from store.release_readers import side_totals
    totals = side_totals(db, dim, value, start, end)
    return {f: {**t, "metrics": {m: {**c, "hist": dict(c["hist"])} for m, c in t["metrics"].items()}}
            for f, t in totals.items()}


@_reader(AGGREGATES, THRESHOLDS, ttl=WORKER_TTL)
def version_aggregates(db, dim: str, value: str, granularity: str, start, end,
                       features: tuple | None) -> list[Bucket]:
    """`aggregates` for the records of one release / model / prompt version (the release aggregates)."""
    from store.release_readers import version_buckets
    return buckets(version_buckets(db, dim, value, granularity, start, end, list(features) if features else None))


@_reader(AGGREGATES, ttl=300)
def version_histograms(db, dim: str, value: str, feature: str, start, end) -> dict:
    from store.release_readers import version_histograms as histograms
    return histograms(db, dim, value, feature, start, end)


def version_known() -> dict[str, list[str]]:
    """{dimension: its values with aggregates, newest first} (the version filter's options)."""
    from core.versions import DIMENSIONS
    return versions_by_dim(DIMENSIONS)


@_reader(AGGREGATES, ttl=WORKER_TTL)
def release_days(db, dim: str, value: str):
    from store.release_readers import side_days
    return side_days(db, dim, value)


@_reader(RECORDS, THRESHOLDS, ttl=60)
def flipped_queries(db, a: tuple, b: tuple, limit: int) -> list[dict]:
    from store.release_compare import Side, flipped_queries as flipped
    return flipped(db, Side(*a), Side(*b), limit)


# --- golden sets and their runs (issue 30; store/sets.py) -------------------------------------

@_reader(SETS, ttl=60)
def golden_sets(db) -> list[dict]:
    from store.sets import list_sets
    return list_sets(db)


@_reader(SETS, ttl=60)
def golden_versions(db, name: str) -> list[dict]:
    from store.sets import list_versions
    return list_versions(db, name)


@_reader(SETS, ttl=300)
def golden_items(db, ref: str) -> list[dict]:
    """The items of one version (a version never changes: cached longer)."""
    from store.sets import get_version, version_items
    return version_items(db, get_version(db, ref))


@_reader(SETS, ttl=60)
def golden_runs(db, name: str | None) -> list[dict]:
    from store.sets import list_runs
    return list_runs(db, name)


@_reader(SETS, ttl=300)
def golden_run(db, run_id: str) -> dict | None:
    from store.sets import get_run
    return get_run(db, run_id)


@_reader(RECORDS, LABELS, ttl=120)
def labelled_for_feature(db, feature: str) -> tuple[dict[str, HumanAnswer], list[RecordDoc]]:
    """The team's answers on labelled records and those records of one feature (the threshold editor's
    suggestion, on every Alerts run: ~0.7 s uncached at 36k records under load, issue 29)."""
    from store import labels as store_labels
    answers = store_labels.human_answers(db)
    records = [RecordDoc.read(r) for r in store_labels.labelled_records(db, list(answers))]
    return human_answers(answers), [r for r in records if r.feature == feature]


@_reader(LABELS, RECORDS, THRESHOLDS, ttl=60)
def label_accuracy(db, queue: str | None) -> tuple[dict, list[dict], list[dict], list[dict]]:
    """Judge accuracy on the settled labels of one queue (None: every queue): (the team's answers, the
    labelled records, the accuracy rows, the weekly rows). The rows bootstrap AUROC intervals: ~0.5 s
    with the reads at 300 labels, on every run of the page before (issue 29)."""
    from store import labels as store_labels
    from store.thresholds import get_thresholds
    answers = store_labels.human_answers(db, queue)
    settled = {rid: answers[rid] for rid, a in human_answers(answers).items() if a.settled}
    if not settled:
        return answers, [], [], []
    records = store_labels.labelled_records(db, list(settled))
    thresholds = get_thresholds(db)
    return (answers, records, *_accuracy_rows(_digest(records, settled, thresholds), records, settled, thresholds))


def _digest(*parts) -> str:
    """A digest of what a figure is computed from (JSON, keys sorted; pydantic models as their fields)."""
    text = json.dumps(parts, sort_keys=True, default=lambda o: o.model_dump() if hasattr(o, "model_dump") else str(o))
    return hashlib.blake2b(text.encode(), digest_size=16).hexdigest()


@st.cache_data(ttl=3600, max_entries=16, show_spinner=False)
def _accuracy_rows(digest: str, _records: list, _settled: dict, _thresholds: dict) -> tuple[list[dict], list[dict]]:
    """Judge accuracy's rows and weekly rows (bootstrap AUROC intervals: ~0.2 s at 300 labels), cached by the
    digest of their inputs: a worker tick drops `label_accuracy` (every cached read goes), and the page's first
    run after it re-reads the labelled records (~0.15 s) but no longer bootstraps unchanged figures again."""
    from core import labels as L
    return (L.accuracy_rows(_records, _settled, _thresholds),
            L.accuracy_rows(_records, _settled, _thresholds, by_week=True, rounds=0))


# --- alerts and rules, typed (issue 32: pages read `Alert` / `Rule`, not dicts) ----------------------

@_reader(ALERTS, ttl=30)
def alerts(db) -> list[Alert]:
    """The newest 500 alerts (core.rule_docs.Alert), newest first."""
    from store.alerts import get_alerts
    return get_alerts(db, limit=500)


@_reader(RULES, ttl=300)
def rules(db) -> list[Rule]:
    """The alert rules (core.rule_docs.Rule), by id."""
    from store.alerts import get_rules
    return get_rules(db)
