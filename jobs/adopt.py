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
"""
from __future__ import annotations

from datetime import datetime, timezone

from pymongo import UpdateOne
from pymongo.database import Database

from store.collections import RECORDS
from store.records import quarantine
from core import metrics
from store.schema import ParsedRecord, parse_record
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


def adopt_logged_records(db: Database, batch_size: int = 1000, max_batches: int = 100) -> dict:
    thresholds = get_thresholds(db)
    adopted = rejected = 0
    for _ in range(max_batches):
        raws = list(db[RECORDS].find({"ingested_at": None}).limit(batch_size))
        if not raws:
            break
        now = datetime.now(timezone.utc)
        ops, bad = [], []
        for raw in raws:
            parsed = parse_record(raw, thresholds, source=SOURCE, now=now)
            if isinstance(parsed, ParsedRecord):
                doc = parsed.doc
                update = {"eb": doc["eb"], "ingested_at": now, "source": SOURCE}
                changes = _converted_fields(raw, doc)
                for path, (new, old) in changes.items():
                    update[path] = new
                if changes:
                    update["eb"]["original"] = {path.replace(".", "__"): old for path, (_new, old) in changes.items()}
                ops.append(UpdateOne({"_id": raw["_id"]}, {"$set": update}))
                adopted += 1
            else:
                payload = {k: v for k, v in raw.items()}
                bad.append((payload, parsed.reason, SOURCE))
                ops.append(UpdateOne({"_id": raw["_id"]}, {"$set": {
                    "ingested_at": now, "source": SOURCE,
                    "eb": {"rejected": parsed.reason, "scores": {}, "passed": None, "failed_metrics": [],
                           "issues": [f"rejected: {parsed.reason}"]}}}))
                rejected += 1
        quarantine(db, bad)
        db[RECORDS].bulk_write(ops, ordered=False)
    return {"adopted": adopted, "rejected": rejected}
