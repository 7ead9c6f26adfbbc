"""`python -m store migrate`: indexes, seeds and backfills, once, idempotent.

`make run`, the worker's start (`python -m jobs ...`) and the tests call it;
jobs and reads never create indexes or seed anything themselves.
"""
from __future__ import annotations

from datetime import datetime, timezone

from pymongo.database import Database

from store import aggregate_rebuild, agreement, aggregates, alerts, job_runs, labels, outbox, queues, records, scores, sets
from store import api_keys, judge_noise, judge_spend, spans
from store.collections import STATE

SCHEMA_VERSION = 1


def migrate(db: Database) -> dict:
    """Create every index, seed the default rules (once per database), run pending backfills."""
    records.ensure_indexes(db)
    aggregates.ensure_indexes(db)
    agreement.ensure_indexes(db)
    scores.ensure_indexes(db)
    outbox.ensure_indexes(db)
    job_runs.ensure_indexes(db)
    alerts.ensure_indexes(db)
    queues.ensure_indexes(db)
    labels.ensure_indexes(db)
    sets.ensure_indexes(db)
    spans.ensure_indexes(db)  # the intake's staging (issue 27)
    api_keys.ensure_indexes(db)
    judge_spend.ensure_indexes(db)  # issue 33: the judge's spend and noise floor
    judge_noise.ensure_indexes(db)
    seeded = alerts.seed_default_rules(db)
    backfilled = records.backfill_failing_at(db)
    redacted = outbox.redact_stored_targets(db)
    # per-day documents with sorted score lists (before histograms): histograms now, rebuilt at the next refresh
    converted = aggregate_rebuild.convert_sorted_values(db)
    db[STATE].update_one({"_id": "migrations"},
                         {"$set": {"version": SCHEMA_VERSION, "at": datetime.now(timezone.utc)}}, upsert=True)
    return {"rules_seeded": seeded, "failing_at_backfilled": backfilled, "webhook_targets_redacted": redacted,
            "daily_values_converted": converted, "version": SCHEMA_VERSION}
