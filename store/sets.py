"""Golden sets: named, versioned, frozen collections of cases taken from production (issue 30).

A version (`golden_sets`), never changed once written:
    {_id: "<name>@<N>", name, version: N, keys: [item key...], item_ids: [item _id...] (same order),
     features: {feature: count}, count, created_by, created_at, change: {via, added, removed}}
An item (`golden_set_items`), a frozen copy of what the case was when it was added:
    {_id: "<name>|<hash of key + content>", set, key (the source record id, or the imported line's id),
     query, context, answer, expected_output, expected_verdict (a reviewer's label: faithful /
     hallucinated), notes, feature, logged: {passed, overall}, source: {record_id, queue, alert, via, by, at}}
A run (`golden_set_runs`): a candidate's answers scored on one version (see `save_run`).

Adding or removing makes version N+1 holding the previous keys plus (minus) the changed ones; a key
the latest version holds already is not added again, and a change that changes nothing makes no
version. Items are copies: deleting or re-scoring the record they came from leaves every version
as it was. Two writers at once: the version's `_id` is unique, the loser re-reads and tries again.
"""
from __future__ import annotations

import hashlib
import json
import re
import secrets
from collections import Counter
from datetime import date, datetime, timezone
from typing import Any, Iterable

from pymongo import ASCENDING, DESCENDING, IndexModel
from pymongo.database import Database
from pymongo.errors import BulkWriteError, DuplicateKeyError

from core import metrics
from store.collections import ALERTS, GOLDEN_ITEMS, GOLDEN_RUNS, GOLDEN_SETS, RECORDS
from store.errors import ValidationFailed
from store.labels import current_labels, human_answers
from store.queues import get_queue
from store.triage import build_filter

NAME = re.compile(r"^[a-z0-9][a-z0-9._-]{0,63}$")
MAX_ITEMS = 10_000        # items one version may hold
MAX_ADD = 2_000           # items one change may add (a Triage selection, a queue, an import)
MAX_ALERT_RECORDS = 500   # an alert's failing records taken at most (lowest overall score first)
MAX_TEXT = 20_000         # characters kept of a query, an answer, a chunk, an expected answer
MAX_CHUNKS = 50
VIAS = ("triage", "record", "queue", "alert", "import")  # "remove" is the via of a removal
_RETRIES = 5


def ensure_indexes(db: Database) -> None:
    db[GOLDEN_SETS].create_indexes([IndexModel([("name", ASCENDING), ("version", DESCENDING)], name="name_version")])
    db[GOLDEN_ITEMS].create_indexes([IndexModel([("set", ASCENDING), ("key", ASCENDING)], name="set_key")])
    db[GOLDEN_RUNS].create_indexes([IndexModel([("set", ASCENDING), ("created_at", DESCENDING)], name="set_at")])


# --- names and references -------------------------------------------------------------------

def check_name(name: Any) -> str:
    if not isinstance(name, str) or not NAME.match(name.strip()):
        raise ValidationFailed("a set name is 1-64 lower-case letters, digits, '.', '_' or '-' (e.g. clauses-golden)")
    return name.strip()


def parse_ref(ref: Any) -> tuple[str, int | None]:
    """"clauses-golden@3" -> ("clauses-golden", 3); "clauses-golden" -> (name, None) = the latest."""
    if not isinstance(ref, str):
        raise ValidationFailed("name a set as NAME or NAME@VERSION")
    name, _, version = ref.strip().partition("@")
    if not version:
        return check_name(name), None
    if not version.isdigit() or int(version) < 1:
        raise ValidationFailed(f"the version of {ref!r} must be a whole number from 1")
    return check_name(name), int(version)


# --- frozen items ---------------------------------------------------------------------------

def _text(value: Any) -> str | None:
    return value[:MAX_TEXT] if isinstance(value, str) and value.strip() else None


def _chunks(value: Any) -> list[str]:
    if isinstance(value, str):
        value = [value]
    return [c[:MAX_TEXT] for c in value if isinstance(c, str)][:MAX_CHUNKS] if isinstance(value, list) else []


def _num(value: Any) -> float | None:
    return float(value) if isinstance(value, (int, float)) and not isinstance(value, bool) else None


def item_from_record(doc: dict, *, via: str, user: str, now: datetime, queue: str | None = None,
                     alert: str | None = None, label: dict | None = None) -> dict:
    """The frozen copy of a record (and of its settled label, when it comes from a queue)."""
    eb = doc.get("eb") if isinstance(doc.get("eb"), dict) else {}
    triage = doc.get("triage") if isinstance(doc.get("triage"), dict) else {}
    notes = [n.get("text") for n in triage.get("notes") or [] if isinstance(n, dict) and isinstance(n.get("text"), str)]
    label = label or {}
    if isinstance(label.get("comment"), str):
        notes.append(label["comment"])
    scores = eb.get("scores") if isinstance(eb.get("scores"), dict) else {}
    return {
        "key": str(doc["_id"]), "query": _text(doc.get("query")) or "", "context": _chunks(doc.get("context")),
        "answer": _text(doc.get("answer")) or "", "expected_output": _text(doc.get("expected_output")),
        "expected_verdict": label.get("verdict") if label.get("verdict") in ("faithful", "hallucinated") else None,
        "notes": [n[:2_000] for n in notes][:20], "feature": str(doc.get("feature") or "unknown"),
        "logged": {"passed": eb.get("passed"), "overall": _num(scores.get(metrics.OVERALL))},
        "source": {"record_id": str(doc["_id"]), "queue": queue, "alert": alert, "via": via, "by": user, "at": now},
    }


def item_from_line(obj: Any, *, user: str, now: datetime) -> dict:
    """An imported JSONL line (the `evaluators score` input format, with the optional extras an export writes)."""
    if not isinstance(obj, dict):
        raise ValidationFailed("each line must be a JSON object")
    key = obj.get("id")
    if not isinstance(key, (str, int)) or isinstance(key, bool) or not str(key).strip() or len(str(key)) > 500:
        raise ValidationFailed("each line needs an 'id' (text, at most 500 characters)")
    if not isinstance(obj.get("query"), str) or not obj["query"].strip():
        raise ValidationFailed(f"line {key}: 'query' must be text")
    source = obj.get("source") if isinstance(obj.get("source"), dict) else {}
    return {
        "key": str(key).strip(), "query": obj["query"][:MAX_TEXT], "context": _chunks(obj.get("context")),
        "answer": _text(obj.get("answer")) or "", "expected_output": _text(obj.get("expected_output")),
        "expected_verdict": obj.get("expected_verdict") if obj.get("expected_verdict") in ("faithful", "hallucinated")
        else None,
        "notes": [str(n)[:2_000] for n in obj.get("notes") or [] if isinstance(n, str)][:20],
        "feature": str(obj.get("feature") or "unknown")[:64], "logged": {"passed": None, "overall": None},
        "source": {"record_id": source.get("record_id") if isinstance(source.get("record_id"), str) else None,
                   "queue": None, "alert": None, "via": "import", "by": user, "at": now},
    }


def _item_id(name: str, item: dict) -> str:
    body = {k: item.get(k) for k in ("key", "query", "context", "answer", "expected_output", "expected_verdict",
                                      "feature")}
    digest = hashlib.sha1(json.dumps(body, sort_keys=True, default=str).encode()).hexdigest()[:20]
    return f"{name}|{digest}"


def export_line(item: dict) -> dict:
    """An item as a line `python -m evaluators score` reads (its extra fields are ignored there)."""
    src = dict(item.get("source") or {})
    if isinstance(src.get("at"), datetime):
        src["at"] = src["at"].isoformat()
    return {"id": item["key"], "query": item["query"], "answer": item["answer"], "context": item["context"],
            "expected_output": item.get("expected_output"), "feature": item["feature"],
            "expected_verdict": item.get("expected_verdict"), "notes": item.get("notes") or [], "source": src}


# --- versions -------------------------------------------------------------------------------

def latest(db: Database, name: str) -> dict | None:
    return db[GOLDEN_SETS].find_one({"name": name}, sort=[("version", DESCENDING)])


def get_version(db: Database, ref: str) -> dict:
    """The version a reference names (the latest for a bare name); ValidationFailed when there is none."""
    name, version = parse_ref(ref)
    doc = latest(db, name) if version is None else db[GOLDEN_SETS].find_one({"_id": f"{name}@{version}"})
    if doc is None:
        raise ValidationFailed(f"no set {ref!r}")
    return doc


def _write_version(db: Database, name: str, change, user: str, via: str, now: datetime) -> dict:
    """Write version N+1 from `change(latest keys, latest ids) -> (keys, ids, added, removed)`; the latest
    version (unchanged) when nothing changes."""
    for _ in range(_RETRIES):
        prev = latest(db, name)
        keys, ids, added, removed = change(list((prev or {}).get("keys") or []), list((prev or {}).get("item_ids") or []))
        if not added and not removed:
            return {**(prev or {}), "unchanged": True}
        if len(keys) > MAX_ITEMS:
            raise ValidationFailed(f"a set holds at most {MAX_ITEMS:,} items")
        features = Counter(d["feature"] for d in db[GOLDEN_ITEMS].find({"_id": {"$in": ids}}, {"feature": 1}))
        version = (prev or {}).get("version", 0) + 1
        doc = {"_id": f"{name}@{version}", "name": name, "version": version, "keys": keys, "item_ids": ids,
               "features": dict(sorted(features.items())), "count": len(keys), "created_by": user,
               "created_at": now, "change": {"via": via, "added": added, "removed": removed}}
        try:
            db[GOLDEN_SETS].insert_one(doc)
        except DuplicateKeyError:
            continue  # someone else wrote this version first: build on theirs
        return doc
    raise ValidationFailed("the set is being changed by others right now: try again")


def add_items(db: Database, name: str, items: Iterable[dict], user: str, *, via: str,
              now: datetime | None = None) -> dict:
    """Add frozen items (from `item_from_record` / `item_from_line`); returns the new version, or the latest
    one with `unchanged: True` when every key is in it already."""
    name = check_name(name)
    if not isinstance(user, str) or not user.strip():
        raise ValidationFailed("who adds to the set must be known")
    if via not in VIAS:
        raise ValidationFailed(f"via must be one of {', '.join(VIAS)}")
    now = now or datetime.now(timezone.utc)
    unique = list({it["key"]: it for it in items}.values())
    if not unique:
        raise ValidationFailed("nothing to add")
    if len(unique) > MAX_ADD:
        raise ValidationFailed(f"add at most {MAX_ADD:,} items at once")
    docs = [{"_id": _item_id(name, it), "set": name, **it} for it in unique]

    def change(keys, ids):
        held = set(keys)
        new = [d for d in docs if d["key"] not in held]
        if new:
            try:  # the same frozen content added before (removed since) is the same document: kept as it is
                db[GOLDEN_ITEMS].insert_many(new, ordered=False)
            except BulkWriteError as exc:
                if any(e.get("code") != 11000 for e in exc.details.get("writeErrors", [])):
                    raise
        return keys + [d["key"] for d in new], ids + [d["_id"] for d in new], len(new), 0
    return _write_version(db, name, change, user.strip(), via, now)


def remove_items(db: Database, name: str, keys: Iterable[str], user: str, *, now: datetime | None = None) -> dict:
    name = check_name(name)
    gone = {str(k) for k in keys}

    def change(held, ids):
        kept = [(k, i) for k, i in zip(held, ids) if k not in gone]
        return [k for k, _ in kept], [i for _, i in kept], 0, len(held) - len(kept)
    if latest(db, name) is None:
        raise ValidationFailed(f"no set {name!r}")
    return _write_version(db, name, change, user, "remove", now or datetime.now(timezone.utc))


def add_records(db: Database, name: str, record_ids: list[str], user: str, *, via: str = "triage",
                alert: str | None = None, now: datetime | None = None) -> dict:
    """Add records by id (a Triage selection, the record panel), copied as they are now."""
    if not isinstance(record_ids, list) or not record_ids or any(not isinstance(r, str) for r in record_ids):
        raise ValidationFailed("select at least one record")
    now = now or datetime.now(timezone.utc)
    wanted = list(dict.fromkeys(record_ids))[:MAX_ADD]
    found = {d["_id"]: d for d in db[RECORDS].find({"_id": {"$in": wanted}})}
    if not found:
        raise ValidationFailed("none of these records exists (any more)")
    return add_items(db, name, [item_from_record(found[r], via=via, user=user, now=now, alert=alert)
                                for r in wanted if r in found], user, via=via, now=now)


def add_queue(db: Database, name: str, queue_id: str, user: str, *, now: datetime | None = None) -> dict:
    """Add a queue's records whose labels are settled (agreed or resolved; skipped and conflicts left out),
    each with the humans' verdict as its expected verdict and the annotators' comments as notes."""
    queue = get_queue(db, queue_id)
    if queue is None:
        raise ValidationFailed("no such queue")
    answers = {rid: a for rid, a in human_answers(db, queue_id).items()
               if a.get("verdict") in ("faithful", "hallucinated") and not a.get("conflict")}
    if not answers:
        raise ValidationFailed("this queue has no settled labels yet")
    comments: dict[str, str] = {}
    for d in current_labels(db, queue_id):
        if isinstance(d.get("comment"), str) and d["record_id"] in answers:
            comments[d["record_id"]] = d["comment"]
    now = now or datetime.now(timezone.utc)
    ids = [r for r in queue["record_ids"] if r in answers][:MAX_ADD]
    found = {d["_id"]: d for d in db[RECORDS].find({"_id": {"$in": ids}})}
    items = [item_from_record(found[r], via="queue", user=user, now=now, queue=queue_id,
                              label={"verdict": answers[r]["verdict"], "comment": comments.get(r)})
             for r in ids if r in found]
    return add_items(db, name, items, user, via="queue", now=now)


def alert_record_ids(db: Database, alert_id: str, limit: int = MAX_ALERT_RECORDS) -> list[str]:
    """The failing records of an alert's feature and days, lowest overall score first."""
    alert = db[ALERTS].find_one({"_id": alert_id}) if isinstance(alert_id, str) else None
    if alert is None:
        raise ValidationFailed("no such alert")
    first, last = alert.get("first_day"), alert.get("last_day") or alert.get("first_day")
    if not first:
        raise ValidationFailed("this alert names no days")
    feature = alert.get("feature")
    filt = build_filter(start=date.fromisoformat(first), end=date.fromisoformat(last), only_failing=True,
                        feature=feature if isinstance(feature, str) and not feature.startswith(("_", "*")) else None)
    cursor = db[RECORDS].find(filt, {"_id": 1}).sort([("eb.scores.overall_quality", ASCENDING)]).limit(limit)
    return [d["_id"] for d in cursor]


def add_alert(db: Database, name: str, alert_id: str, user: str, *, now: datetime | None = None) -> dict:
    ids = alert_record_ids(db, alert_id)
    if not ids:
        raise ValidationFailed("the alert's days have no failing records")
    return add_records(db, name, ids, user, via="alert", alert=alert_id, now=now)


# --- reads ----------------------------------------------------------------------------------

def list_sets(db: Database) -> list[dict]:
    """Each set's latest version (without its key lists) and how many versions it has."""
    out = []
    for row in db[GOLDEN_SETS].aggregate([{"$group": {"_id": "$name", "versions": {"$sum": 1},
                                                      "latest": {"$max": "$version"}}}]):
        doc = db[GOLDEN_SETS].find_one({"_id": f"{row['_id']}@{row['latest']}"}, {"keys": 0, "item_ids": 0})
        if doc:
            out.append({**doc, "versions": row["versions"]})
    return sorted(out, key=lambda d: d["name"])


def list_versions(db: Database, name: str) -> list[dict]:
    return list(db[GOLDEN_SETS].find({"name": check_name(name)}, {"keys": 0, "item_ids": 0}).sort("version", -1))


def version_items(db: Database, version: dict) -> list[dict]:
    """The version's items in its order."""
    ids = list(version.get("item_ids") or [])
    by_id: dict[str, dict] = {}
    for i in range(0, len(ids), 1_000):
        by_id.update({d["_id"]: d for d in db[GOLDEN_ITEMS].find({"_id": {"$in": ids[i:i + 1_000]}})})
    return [by_id[i] for i in ids if i in by_id]


# --- runs -----------------------------------------------------------------------------------

def save_run(db: Database, version: dict, *, name: str, user: str, results: list[dict], summary: dict,
             flips: list[dict] | None = None, gate: dict | None = None, baseline: str | None = None,
             problems: list[str] | None = None, mode: str = "fast", now: datetime | None = None) -> dict:
    """Store a run: `results` = one {key, feature, passed, scores: {metric: value}, metric_passed: {..}} per
    scored item (errors: {key, error}); `summary`, `flips`, `gate` as core.set_runs computes them."""
    if not isinstance(name, str) or not name.strip() or len(name) > 120:
        raise ValidationFailed("give the run a name (at most 120 characters)")
    doc = {"_id": "run_" + secrets.token_hex(6), "set": version["name"], "version": version["version"],
           "ref": version["_id"], "name": name.strip(), "created_by": user, "created_at": now or datetime.now(timezone.utc),
           "mode": mode, "results": results, "summary": summary, "flips": flips or [], "baseline": baseline,
           "gate": gate or {}, "problems": (problems or [])[:50]}
    db[GOLDEN_RUNS].insert_one(doc)
    return doc


def list_runs(db: Database, set_name: str | None = None, limit: int = 200) -> list[dict]:
    """Runs newest first, without their per-item results."""
    query = {"set": check_name(set_name)} if set_name else {}
    return list(db[GOLDEN_RUNS].find(query, {"results": 0}).sort("created_at", -1).limit(limit))


def get_run(db: Database, run_id: Any) -> dict | None:
    if not isinstance(run_id, str) or len(run_id) > 200:
        return None
    return db[GOLDEN_RUNS].find_one({"_id": run_id.strip()})


def find_run(db: Database, set_name: str, ref: str) -> dict | None:
    """A run by id, or by its name on this set (the newest of that name)."""
    run = get_run(db, ref)
    if run is not None:
        return run
    return db[GOLDEN_RUNS].find_one({"set": set_name, "name": ref}, sort=[("created_at", -1)])
