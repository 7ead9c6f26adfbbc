"""`python -m jobs redact [--apply] [--restart]`: personal data replaced in what was stored before.

Records stored before the privacy stage existed (or while a source's mode was off/report) are read a
page at a time in `_id` order and passed through the same stage as new ones (core/privacy, each
source's policy): the product's text fields, `eb.issues`/`eb.original`, the re-score's details, and
the triage notes, with one placeholder table per record; `eb.redactions` adds what was found. The
quarantine (`rejected`) is redacted too, keeping the sha256 of what it held. Without --apply it
only counts (a dry run). Idempotent (a redacted text holds nothing to find) and resumable: the
position is kept in `evalboard_state` and a killed run goes on from there (--restart: from the top).
"""
from __future__ import annotations

import sys
import time
from collections import Counter
from typing import Any

from pymongo.database import Database

from core.privacy import REDACT, Redactor, original_hash, redact_payload, redact_record
from store.privacy import Policies, get_progress, rejected_entries, save_progress, update_rejected
from store.records import ID_TYPES, OWN_FIELDS, apply_updates, records_page
from store.record_fields import payload_from_storage, storable_payload

PAGE = 500


def record_update(record: dict, policy) -> tuple[dict, Counter]:
    """The $set that redacts one stored record ({} when nothing to replace), and what it found."""
    redactor = Redactor(policy)
    product = {k: v for k, v in record.items() if k not in OWN_FIELDS or k == "eb"}
    redacted, found = redact_record(product, policy, redactor)
    sets: dict[str, Any] = {key: value for key, value in redacted.items() if key != "eb" and value != record.get(key)}
    eb = record.get("eb") if isinstance(record.get("eb"), dict) else {}
    for key in ("issues", "original", "invalid_versions"):
        if key in eb and redacted["eb"].get(key) != eb.get(key):
            sets[f"eb.{key}"] = redacted["eb"][key]
    if isinstance(record.get("rescored"), dict):
        rescored = redactor.value(record["rescored"])
        if rescored != record["rescored"]:
            sets["rescored"] = rescored
    triage = record.get("triage")
    if isinstance(triage, dict):
        for key in ("notes", "history"):
            if isinstance(triage.get(key), list):
                value = redactor.value(triage[key])
                if value != triage[key]:
                    sets[f"triage.{key}"] = value
    counts = Counter(redactor.counts)
    update: dict[str, Any] = {}
    if counts:
        # counts of a report-mode ingest were of the same values, now replaced: not added twice
        reported = eb.get("redactions_reported_only") is True
        before = eb.get("redactions") if isinstance(eb.get("redactions"), dict) and not reported else {}
        sets["eb.redactions"] = {k: int(before.get(k, 0)) + counts.get(k, 0) for k in sorted({*before, *counts})}
        if reported:
            update["$unset"] = {"eb.redactions_reported_only": ""}
    if policy.mode != REDACT or not sets:
        return {}, counts
    return {"$set": sets, **update}, counts


def redact_rejected(db: Database, policies: Policies, apply: bool) -> Counter:
    found: Counter = Counter()
    for entry in rejected_entries(db):
        policy = policies(entry.get("source"))
        if policy.mode != REDACT:
            continue
        sets: dict[str, Any] = {}
        for key in ("raw", "fixed_raw", "existing"):
            if key in entry:
                payload = payload_from_storage(entry[key])
                redacted, counts = redact_payload(payload, policy)
                if counts:
                    found.update(counts)
                    sets[key] = storable_payload(redacted)
                    if key == "raw" and "original_sha256" not in entry:
                        sets["original_sha256"] = original_hash(payload)
        if isinstance(entry.get("reason"), str):
            reason, counts = redact_payload(entry["reason"], policy)
            if counts:
                found.update(counts)
                sets["reason"] = reason
        if sets and apply:
            update_rejected(db, entry["_id"], sets)
    return found


def redact_stored(db: Database, *, apply: bool = False, restart: bool = False, page: int = PAGE,
                  out=None) -> dict:
    """One pass (or the rest of one) over every record and the quarantine. Returns
    {scanned, changed, found: {kind: n}, rejected_found: {kind: n}, applied}."""
    out = out or sys.stderr
    policies = Policies(db)
    progress = (get_progress(db) or {}) if apply and not restart else {}
    type_index, after = int(progress.get("type_index", 0)), progress.get("after")
    scanned, changed = int(progress.get("scanned", 0)), int(progress.get("changed", 0))
    found = Counter(progress.get("found") or {})
    started = time.monotonic()
    while type_index < len(ID_TYPES):
        records = records_page(db, type_index, after, page)
        if not records:
            type_index, after = type_index + 1, None
            continue
        updates = []
        for record in records:
            update, counts = record_update(record, policies(record.get("source")))
            found.update(counts)
            if update:
                updates.append((record["_id"], update))
        if apply and updates:
            apply_updates(db, updates)
        scanned, changed, after = scanned + len(records), changed + len(updates), records[-1]["_id"]
        if apply:
            save_progress(db, {"type_index": type_index, "after": after, "scanned": scanned, "changed": changed,
                               "found": dict(found)})
        print(f"redact: {scanned:,} records read, {changed:,} {'redacted' if apply else 'to redact'} "
              f"({scanned / max(time.monotonic() - started, 1e-6):,.0f}/s)", file=out, flush=True)
    rejected_found = redact_rejected(db, policies, apply)
    if apply:
        save_progress(db, None)
    return {"scanned": scanned, "changed": changed, "found": dict(sorted(found.items())),
            "rejected_found": dict(sorted(rejected_found.items())), "applied": apply}


def cmd_redact(args) -> int:
    from store.client import get_db
    result = redact_stored(get_db(), apply=args.apply, restart=args.restart)
    kinds = ", ".join(f"{kind} {n:,}" for kind, n in result["found"].items()) or "nothing"
    verb = "replaced" if args.apply else "would replace (dry run; --apply to write)"
    print(f"records: {result['scanned']:,} read, {result['changed']:,} {'changed' if args.apply else 'to change'}; "
          f"{verb}: {kinds}")
    quarantined = ", ".join(f"{kind} {n:,}" for kind, n in result["rejected_found"].items()) or "nothing"
    print(f"quarantine: {verb}: {quarantined}")
    return 0


def add_parser(sub) -> None:
    p = sub.add_parser("redact", help="replace personal data in records stored earlier (dry run without --apply)")
    p.add_argument("--apply", action="store_true", help="write the redacted text (else only count)")
    p.add_argument("--restart", action="store_true", help="start the pass from the first record again")
    p.set_defaults(func=cmd_redact)
