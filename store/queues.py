"""Annotation queues: a definition (a rule, or a Triage selection), and the records it picked.

A queue document (`label_queues`):
    {_id: "q_<12 hex>", name, definition: {feature, start, end, verdict, score_min, score_max,
     source, order, size}, labels_per_record: 1|2, record_ids: [...] in labelling order,
     created_by, created_at, from_selection: bool}

Sampling is stratified and deterministic: the candidates are the records the rule matches (at most
MAX_CANDIDATES, by id), split into strata (feature x logged pass/fail); each stratum gets its share of
`size` (largest remainder, at least one where it has records); within a stratum the records are
ordered by a hash of (definition, record id), or with order "disagree" by how far the logged judge
and the independent score (`rescored`) are apart on faithfulness, most first. The same definition
therefore picks the same records, and the queue's id is a hash of it: creating it again is refused.
The picked ids are frozen in the queue, so "next record" never re-runs the rule.
"""
from __future__ import annotations

import hashlib
import json
from datetime import date, datetime, timezone
from typing import Any

from pymongo import ASCENDING, IndexModel
from pymongo.database import Database
from pymongo.errors import DuplicateKeyError

from core.features import ALL_FEATURES
from store.collections import LABEL_AUDIT, LABEL_QUEUES, RECORDS
from store.errors import ValidationFailed
from store.triage import build_filter

MAX_CANDIDATES = 50_000
MAX_SIZE = 2_000
MAX_SELECTION = 2_000
ORDERS = ("disagree", "random")
VERDICTS = ("any", "failing", "passing")
_PROJECTION = {"feature": 1, "eb.passed": 1, "evaluation.faithfulness.score": 1,
               "rescored.evaluation.faithfulness.score": 1}


def ensure_indexes(db: Database) -> None:
    db[LABEL_QUEUES].create_indexes([IndexModel([("created_at", ASCENDING)], name="created_at")])
    db[LABEL_AUDIT].create_indexes([IndexModel([("at", ASCENDING)], name="at")])


def audit(db: Database, *, user: str, action: str, target: str, detail: Any = None,
          now: datetime | None = None) -> None:
    if not isinstance(user, str) or not user.strip():
        raise ValidationFailed("who made the change must be known")
    db[LABEL_AUDIT].insert_one({"at": now or datetime.now(timezone.utc), "user": user.strip(), "action": action,
                                "target": target, "detail": detail})


def list_audit(db: Database, limit: int = 100) -> list[dict]:
    return list(db[LABEL_AUDIT].find({}, {"_id": 0}).sort("at", -1).limit(limit))


def _day(value: Any, what: str) -> str | None:
    if value in (None, ""):
        return None
    if isinstance(value, datetime):
        return value.date().isoformat()
    if isinstance(value, date):
        return value.isoformat()
    if isinstance(value, str):
        try:
            return date.fromisoformat(value.strip()).isoformat()
        except ValueError:
            pass
    raise ValidationFailed(f"{what} must be a date (YYYY-MM-DD)")


def _unit(value: Any, what: str) -> float | None:
    if value in (None, ""):
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0.0 <= float(value) <= 1.0:
        raise ValidationFailed(f"{what} must be a number between 0 and 1")
    return float(value)


def validate_definition(definition: Any) -> dict:
    """The queue rule with every value checked (ValidationFailed says which is wrong)."""
    if not isinstance(definition, dict):
        raise ValidationFailed("a queue definition is a set of fields")
    d = dict(definition)
    feature = d.get("feature")
    if feature in (None, "", ALL_FEATURES):
        feature = None
    size = d.get("size", 100)
    if isinstance(size, bool) or not isinstance(size, int) or not 1 <= size <= MAX_SIZE:
        raise ValidationFailed(f"the queue size must be a whole number from 1 to {MAX_SIZE}")
    verdict = d.get("verdict") or "any"
    if verdict not in VERDICTS:
        raise ValidationFailed(f"verdict must be one of {', '.join(VERDICTS)}")
    order = d.get("order") or "disagree"
    if order not in ORDERS:
        raise ValidationFailed(f"order must be one of {', '.join(ORDERS)}")
    source = d.get("source")
    if source in ("", None):
        source = None
    elif not isinstance(source, str) or len(source) > 200:
        raise ValidationFailed("the source must be text (at most 200 characters)")
    out = {"feature": feature, "start": _day(d.get("start"), "the start"), "end": _day(d.get("end"), "the end"),
           "verdict": verdict, "score_min": _unit(d.get("score_min"), "the lowest score"),
           "score_max": _unit(d.get("score_max"), "the highest score"), "source": source, "order": order,
           "size": size}
    build_filter(**_filter_args(out))  # the remaining checks (feature name, date order, score order)
    return out


def _filter_args(d: dict, now: datetime | None = None) -> dict:
    return {"now": now, "feature": d["feature"], "start": date.fromisoformat(d["start"]) if d["start"] else None,
            "end": date.fromisoformat(d["end"]) if d["end"] else None, "score_min": d["score_min"],
            "score_max": d["score_max"], "source": d["source"], "only_failing": d["verdict"] == "failing"}


def definition_key(definition: dict, record_ids: list[str] | None = None) -> str:
    body = {k: definition.get(k) for k in sorted(definition)}
    if record_ids is not None:
        body["record_ids"] = sorted(record_ids)
    return hashlib.sha1(json.dumps(body, sort_keys=True, default=str).encode()).hexdigest()


def _hash(key: str, record_id: Any) -> str:
    return hashlib.sha1(f"{key}|{record_id}".encode()).hexdigest()


def _faith(doc: dict, *path: str) -> float | None:
    cur: Any = doc
    for p in path:
        cur = cur.get(p) if isinstance(cur, dict) else None
    return float(cur) if isinstance(cur, (int, float)) and not isinstance(cur, bool) else None


def gap(doc: dict) -> float | None:
    """|logged faithfulness - independent faithfulness|, None without both."""
    a = _faith(doc, "evaluation", "faithfulness", "score")
    b = _faith(doc, "rescored", "evaluation", "faithfulness", "score")
    return None if a is None or b is None else abs(a - b)


def _order_key(key: str, order: str):
    def k(doc):
        g = gap(doc) if order == "disagree" else None
        return (-(g if g is not None else -1.0), _hash(key, doc["_id"]))
    return k


def allocate(sizes: dict, total: int) -> dict:
    """Proportional shares of `total` over strata of the given sizes (largest remainder; each stratum
    with records gets at least one while there is room; never more than a stratum holds)."""
    n = sum(sizes.values())
    if n <= total:
        return dict(sizes)
    shares = {s: total * c / n for s, c in sizes.items()}
    out = {s: min(sizes[s], max(1 if sizes[s] else 0, int(v))) for s, v in shares.items()}
    order = sorted(sizes, key=lambda s: (-(shares[s] - int(shares[s])), str(s)))
    while sum(out.values()) > total:  # the minimums took too much: take from the largest
        biggest = max(out, key=lambda s: (out[s], str(s)))
        out[biggest] -= 1
    i = 0
    while sum(out.values()) < total and i < 10 * len(order) + total:
        s = order[i % len(order)]
        if out[s] < sizes[s]:
            out[s] += 1
        i += 1
    return out


def sample(db: Database, definition: dict, *, now: datetime | None = None) -> list[str]:
    """The record ids the (validated) definition picks, in labelling order (a definition without
    dates takes the last days before `now`)."""
    query = build_filter(**_filter_args(definition, now))
    if definition["verdict"] == "passing":
        query["eb.passed"] = True
    key = definition_key(definition)
    docs = list(db[RECORDS].find(query, _PROJECTION).sort("_id", ASCENDING).limit(MAX_CANDIDATES))
    strata: dict[tuple, list[dict]] = {}
    for doc in docs:
        strata.setdefault((str(doc.get("feature")), (doc.get("eb") or {}).get("passed")), []).append(doc)
    shares = allocate({s: len(v) for s, v in strata.items()}, definition["size"])
    order = _order_key(key, definition["order"])
    picked: list[dict] = []
    for s, members in strata.items():
        picked += sorted(members, key=order)[:shares[s]]
    return [d["_id"] for d in sorted(picked, key=order)]


def create_queue(db: Database, name: str, definition: dict, user: str, *, labels_per_record: int = 1,
                 record_ids: list | None = None, now: datetime | None = None) -> dict:
    """Create a queue from a rule, or from a Triage selection (`record_ids`, kept in that order).
    Raises ValidationFailed on a bad value, an empty result, or a queue with the same definition."""
    if not isinstance(name, str) or not name.strip() or len(name) > 120:
        raise ValidationFailed("give the queue a name (at most 120 characters)")
    if labels_per_record not in (1, 2):
        raise ValidationFailed("labels wanted per record must be 1 or 2")
    if record_ids is not None:
        if not isinstance(record_ids, list) or not record_ids or len(record_ids) > MAX_SELECTION:
            raise ValidationFailed(f"select between 1 and {MAX_SELECTION} records")
        if any(not isinstance(r, str) or len(r) > 500 for r in record_ids):
            raise ValidationFailed("record ids must be text")
        wanted = list(dict.fromkeys(record_ids))
        found = {d["_id"] for d in db[RECORDS].find({"_id": {"$in": wanted}}, {"_id": 1})}
        ids = [r for r in wanted if r in found]
        definition = {"selection": len(ids), "order": "selection", "size": len(ids)}
        key = definition_key(definition, ids)
    else:
        definition = validate_definition(definition)
        ids = sample(db, definition, now=now)
        key = definition_key(definition)
    if not ids:
        raise ValidationFailed("no records match this queue's definition")
    doc = {"_id": "q_" + key[:12], "name": name.strip(), "definition": definition,
           "labels_per_record": labels_per_record, "record_ids": ids, "created_by": user,
           "created_at": now or datetime.now(timezone.utc), "from_selection": record_ids is not None}
    try:
        db[LABEL_QUEUES].insert_one(doc)
    except DuplicateKeyError:
        existing = db[LABEL_QUEUES].find_one({"_id": doc["_id"]}, {"name": 1})
        raise ValidationFailed(f"the same queue exists already: {existing.get('name') if existing else doc['_id']}") \
            from None
    audit(db, user=user, action="queue.create", target=doc["_id"],
          detail={"name": doc["name"], "definition": definition, "records": len(ids),
                  "labels_per_record": labels_per_record}, now=now)
    return doc


def list_queues(db: Database) -> list[dict]:
    """Every queue, newest first, without its id list (its size instead)."""
    out = []
    for q in db[LABEL_QUEUES].find({}).sort("created_at", -1):
        q["size"] = len(q.pop("record_ids", None) or [])
        out.append(q)
    return out


def get_queue(db: Database, queue_id: Any) -> dict | None:
    if not isinstance(queue_id, str) or len(queue_id) > 64:
        return None
    return db[LABEL_QUEUES].find_one({"_id": queue_id})
