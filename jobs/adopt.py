"""Adopt records that the product logged straight into MongoDB.

The watched product may write its evaluation records directly into the
`records` collection instead of going through `python -m jobs ingest`. Such
documents have no `ingested_at` (the `ingested_at` index also indexes missing
values as null, so finding them is an index scan, not a collection scan). This
job parses each one with the same tolerant schema as ingest and adds
Evalboard's own fields (`eb`, `ingested_at`, `source`). Where a product field
had to be converted to be usable (a timestamp given as a string, a score given
as a string), the converted value is stored and the original kept under
`eb.original`, so nothing is lost. A document that cannot be understood is
copied to `rejected` with its reason and marked `eb.rejected` so it is counted
once and left out of the numbers.

One document never blocks the others: whatever goes wrong while reading,
parsing or marking one (a date outside Python's range, a value MongoDB cannot
store, an update the server refuses) makes that document a rejection, and a
document that cannot even be marked is quarantined and skipped for the rest of
the run.
"""
from __future__ import annotations

from datetime import datetime
from typing import Any

from pymongo.database import Database

from core import metrics
from core.privacy import REDACT, Redactor, redact_record
from store.privacy import Policies, Tally
from store.records import FeatureCap, apply_updates, quarantine, unadopted
from store.record_fields import safe_reason
from store.schema import ParsedRecord, Rejection, parse_record
from store.inflight import write_in_flight
from store.thresholds import get_thresholds

SOURCE = "mongodb"


def _converted_fields(raw: dict, doc: dict) -> dict:
    """Product fields whose stored value must change type to be usable: {path: (new, old)}."""
    changes = {}
    for field in ("timestamp", "regeneration_attempts", "feature"):
        if field in raw and raw[field] != doc.get(field):
            changes[field] = (doc.get(field), raw[field])
    evaluation = raw.get("evaluation") if isinstance(raw.get("evaluation"), dict) else {}
    for metric in metrics.score_names():
        old = evaluation.get(metric)
        new = (doc.get("evaluation") or {}).get(metric)
        if isinstance(old, dict) and isinstance(new, dict) and old.get("score") != new.get("score") \
                and new.get("score") is not None:
            changes[f"evaluation.{metric}.score"] = (new["score"], old.get("score"))
    return changes


def _adopt_update(raw: dict, doc: dict, now: datetime) -> dict:
    update = {"eb": doc["eb"], "ingested_at": now, "source": SOURCE}
    changes = _converted_fields(raw, doc)
    for path, (new, _old) in changes.items():
        update[path] = new
    if changes:
        update["eb"]["original"] = {path.replace(".", "__"): old for path, (_new, old) in changes.items()}
    return {"$set": update}


def _redacted(raw: dict, policy) -> tuple[dict[str, int], dict]:
    """({kind: n} found, {product field: redacted value} to write back) — the product wrote the
    record straight into `records`, so its personal data is replaced there (core/privacy)."""
    try:
        redacted, counts = redact_record(raw, policy, Redactor(policy))
    except RecursionError:  # nested too deeply to walk: parse_record rejects it; its text is the quarantine's
        return {}, {}
    if not counts or policy.mode != REDACT:
        return counts, {}
    return counts, {key: value for key, value in redacted.items() if value != raw.get(key)}


def _reject_update(reason: str, now: datetime) -> dict:
    return {"$set": {"ingested_at": now, "source": SOURCE,
                     "eb": {"rejected": reason, "scores": {}, "passed": None, "failed_metrics": [],
                            "issues": [f"rejected: {reason}"]}}}


def adopt_logged_records(db: Database, batch_size: int = 1000, max_batches: int = 100) -> dict:
    """Adopt what waits, a batch at a time; one document's trouble is that document's alone.

    A document that cannot be understood is quarantined and marked rejected; one whose
    marking the server refuses too (e.g. at the 16 MB limit) is quarantined and left
    out of the rest of this run, so it can never block the others."""
    thresholds = get_thresholds(db)
    policies = Policies(db)
    cap = FeatureCap(db)  # the same cap and reason as every other way in
    adopted = rejected = 0
    stuck: list[Any] = []  # ids the server would not let us mark in this run
    for _ in range(max_batches):
        raws = unadopted(db, batch_size, stuck)
        if not raws:
            break
        # in flight until written: the aggregates hold this batch back (store.inflight.write_in_flight)
        with write_in_flight(db, "adopt", len(raws)) as now:
            ops: list[tuple[dict, dict, str | None]] = []  # (raw, update, rejection reason)
            bad = []
            found = Tally()
            for raw in raws:
                redactions, private = _redacted(raw, policies(SOURCE))
                parsed = parse_record({**raw, **private}, thresholds, source=SOURCE, now=now)  # never raises
                update = None
                if isinstance(parsed, ParsedRecord) and (over := cap.refuse(parsed.doc.get("feature"))):
                    parsed = Rejection(over)
                if isinstance(parsed, ParsedRecord):
                    try:
                        update = _adopt_update(raw, parsed.doc, now)
                        if redactions:
                            update["$set"].update(private)  # the product's fields, redacted in place
                            update["$set"]["eb"]["redactions"] = redactions
                            found.add(SOURCE, policies(SOURCE).mode, raw["_id"], redactions)
                    except Exception as exc:  # noqa: BLE001 - this document alone
                        parsed = Rejection(safe_reason(f"could not be adopted: {exc.__class__.__name__}: {exc}"))
                if isinstance(parsed, Rejection):
                    bad.append((raw, parsed.reason, SOURCE))
                    update = _reject_update(parsed.reason, now)
                    update["$set"].update(private)  # kept out of the numbers, but not in the clear
                    ops.append((raw, update, parsed.reason))
                else:
                    ops.append((raw, update, None))
            quarantine(db, bad)
            done, refused = _write(db, ops, now)
            found.record(db, now)
        adopted += sum(1 for _raw, _update, reason in done if reason is None)
        rejected += sum(1 for _raw, _update, reason in done if reason is not None)
        for raw, reason in refused:
            quarantine(db, [(raw, reason, SOURCE)])
            stuck.append(raw["_id"])
            rejected += 1
    return {"adopted": adopted, "rejected": rejected}


def _write(db: Database, ops: list[tuple[dict, dict, str | None]], now: datetime):
    """Apply the updates (store.records.apply_updates retries a refused batch one by one); a refused
    adoption becomes a rejection. Returns (applied ops, [(raw, reason) the server refused outright])."""
    refused = apply_updates(db, [(raw["_id"], update) for raw, update, _r in ops])
    done, lost = [], []
    for raw, update, reason in ops:
        error = refused.get(raw["_id"])
        if error is None:
            done.append((raw, update, reason))
            continue
        if reason is None:  # the adoption was refused: mark the document rejected instead
            reason = safe_reason(f"refused by the database: {error}")
            update = _reject_update(reason, now)
            error = apply_updates(db, [(raw["_id"], update)]).get(raw["_id"])
            if error is None:
                quarantine(db, [(raw, reason, SOURCE)])
                done.append((raw, update, reason))
                continue
        lost.append((raw, safe_reason(f"could not be marked as adopted or rejected: {error}")))
    return done, lost
