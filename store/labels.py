"""Human labels: one document per version, never overwritten.

A label (`labels`):
    {_id: "<queue>|<record>|<annotator>|<version>", queue_id, record_id, annotator, version,
     current: bool, verdict: faithful|hallucinated|skipped|None (None: withdrawn by undo),
     unsupported_claims: [claim index...], claims: [claim text...], relevancy: good|bad|None,
     comment, seconds (time spent on the record), at, resolution: bool}

A re-label, an undo or an admin's resolution of a conflict is a new version; the previous one
stays, marked `current: false` (the history is the audit trail, and every save is also in
`label_audit`). The humans' answer on a record is its resolution when an admin resolved it,
else the one verdict its current labels agree on (core.labels.majority); two labels that
disagree make a conflict.
"""
from __future__ import annotations

from datetime import datetime, timezone
from typing import Any, Iterable

from pymongo import ASCENDING, IndexModel
from pymongo.database import Database
from pymongo.errors import DuplicateKeyError

from core import labels as L
from core.label_rule import LABEL_RULE_DEFAULTS, LABEL_RULE_ID, validate_label_rule
from store.collections import LABELS, RECORDS
from store.errors import ValidationFailed
from store.queues import audit, get_queue

MAX_COMMENT = 2_000
MAX_CLAIMS = 200


def ensure_indexes(db: Database) -> None:
    db[LABELS].create_indexes([
        IndexModel([("queue_id", ASCENDING), ("annotator", ASCENDING), ("current", ASCENDING)],
                   name="queue_annotator_current"),
        IndexModel([("queue_id", ASCENDING), ("record_id", ASCENDING), ("current", ASCENDING)],
                   name="queue_record_current"),
        IndexModel([("record_id", ASCENDING), ("current", ASCENDING)], name="record_current"),
    ])


def _validated(verdict: Any, relevancy: Any, unsupported: Any, claims: Any, comment: Any, seconds: Any) -> dict:
    if verdict not in L.VERDICTS:
        raise ValidationFailed(f"the label must be one of {', '.join(L.VERDICTS)}")
    if relevancy not in (None, *L.RELEVANCY):
        raise ValidationFailed("relevancy must be good or bad")
    unsupported = list(unsupported or [])
    if len(unsupported) > MAX_CLAIMS or any(isinstance(i, bool) or not isinstance(i, int) or i < 0
                                            for i in unsupported):
        raise ValidationFailed("unsupported claims are given by their position in the answer")
    claims = [str(c)[:2_000] for c in (claims or [])][:MAX_CLAIMS]
    if comment is not None and not isinstance(comment, str):
        raise ValidationFailed("the comment must be text")
    comment = (comment or "").strip()[:MAX_COMMENT] or None
    if seconds is not None and (isinstance(seconds, bool) or not isinstance(seconds, (int, float)) or seconds < 0):
        raise ValidationFailed("the time spent must be a number of seconds")
    return {"verdict": verdict, "relevancy": relevancy, "unsupported_claims": sorted(set(unsupported)),
            "claims": claims, "comment": comment, "seconds": None if seconds is None else float(min(seconds, 3600))}


def _write_version(db: Database, queue_id: str, record_id: str, annotator: str, body: dict, *,
                   resolution: bool, now: datetime | None) -> dict:
    filt = {"queue_id": queue_id, "record_id": record_id, "annotator": annotator}
    for _ in range(5):  # a concurrent save of the same version loses the insert and tries the next
        last = db[LABELS].find_one(filt, {"version": 1}, sort=[("version", -1)])
        version = (last or {}).get("version", 0) + 1
        doc = {"_id": f"{queue_id}|{record_id}|{annotator}|{version}", **filt, "version": version,
               "current": True, "resolution": resolution, "at": now or datetime.now(timezone.utc), **body}
        try:
            db[LABELS].insert_one(doc)
        except DuplicateKeyError:
            continue
        db[LABELS].update_many({**filt, "version": {"$lt": version}, "current": True}, {"$set": {"current": False}})
        return doc
    raise ValidationFailed("the label could not be saved: too many saves at once, try again")


def _check(db: Database, queue_id: Any, record_id: Any, annotator: Any) -> dict:
    queue = get_queue(db, queue_id)
    if queue is None:
        raise ValidationFailed("no such queue")
    if not isinstance(record_id, str) or record_id not in set(queue["record_ids"]):
        raise ValidationFailed("that record is not in this queue")
    if not isinstance(annotator, str) or not annotator.strip() or len(annotator) > 64:
        raise ValidationFailed("who labels must be known")
    return queue


def save_label(db: Database, queue_id: str, record_id: str, annotator: str, verdict: str, *,
               relevancy: str | None = None, unsupported_claims: Iterable[int] = (), claims: Iterable[str] = (),
               comment: str | None = None, seconds: float | None = None, now: datetime | None = None) -> dict:
    """Save a label as a new version (a re-label never replaces the earlier one); audited."""
    _check(db, queue_id, record_id, annotator)
    body = _validated(verdict, relevancy, unsupported_claims, claims, comment, seconds)
    doc = _write_version(db, queue_id, record_id, annotator, body, resolution=False, now=now)
    audit(db, user=annotator, action="label.save", target=f"{queue_id}/{record_id}",
          detail={"version": doc["version"], "verdict": verdict, "relevancy": relevancy}, now=now)
    return doc


def undo_label(db: Database, queue_id: str, record_id: str, annotator: str, *, now: datetime | None = None) -> dict | None:
    """Withdraw the annotator's current label on a record (a new version with no verdict); None when
    there is nothing to undo."""
    _check(db, queue_id, record_id, annotator)
    cur = db[LABELS].find_one({"queue_id": queue_id, "record_id": record_id, "annotator": annotator,
                               "current": True})
    if not cur or cur.get("verdict") is None:
        return None
    doc = _write_version(db, queue_id, record_id, annotator,
                         {"verdict": None, "relevancy": None, "unsupported_claims": [], "claims": [],
                          "comment": None, "seconds": None, "withdrawn": True}, resolution=False, now=now)
    audit(db, user=annotator, action="label.undo", target=f"{queue_id}/{record_id}",
          detail={"version": doc["version"], "withdrew": cur.get("version")}, now=now)
    return doc


def resolve_conflict(db: Database, queue_id: str, record_id: str, admin: str, verdict: str, *,
                     relevancy: str | None = None, comment: str | None = None, now: datetime | None = None) -> dict:
    """An admin settles a record the annotators disagree on; the resolution wins over their labels."""
    _check(db, queue_id, record_id, admin)
    if verdict not in (L.FAITHFUL, L.HALLUCINATED):
        raise ValidationFailed("a resolution is faithful or hallucinated")
    body = _validated(verdict, relevancy, (), (), comment, None)
    doc = _write_version(db, queue_id, record_id, f"resolution:{admin.strip()}", body, resolution=True, now=now)
    audit(db, user=admin, action="label.resolve", target=f"{queue_id}/{record_id}",
          detail={"verdict": verdict, "relevancy": relevancy}, now=now)
    return doc


_LABEL_FIELDS = {"_id": 0, "record_id": 1, "annotator": 1, "verdict": 1, "relevancy": 1, "resolution": 1,
                 "seconds": 1, "at": 1, "unsupported_claims": 1, "comment": 1, "version": 1}


def current_labels(db: Database, queue_id: str | None = None, *, annotator: str | None = None,
                   record_id: str | None = None) -> list[dict]:
    """The current, not withdrawn labels (of a queue, an annotator, a record)."""
    filt: dict = {"current": True, "verdict": {"$ne": None}}
    if queue_id is not None:
        filt["queue_id"] = str(queue_id)
    if annotator is not None:
        filt["annotator"] = str(annotator)
    if record_id is not None:
        filt["record_id"] = str(record_id)
    return list(db[LABELS].find(filt, {**_LABEL_FIELDS, "queue_id": 1}))


def history(db: Database, queue_id: str, record_id: str) -> list[dict]:
    """Every version on a record of a queue, oldest first."""
    return list(db[LABELS].find({"queue_id": str(queue_id), "record_id": str(record_id)},
                                {**_LABEL_FIELDS, "current": 1}).sort([("annotator", 1), ("version", 1)]))


def next_record(db: Database, queue_id: str, annotator: str, *, after: str | None = None) -> str | None:
    """The next record for this annotator: the first in queue order they have not labelled (skips
    count as done for them) that still wants a label; `after`: start past that record (→ next)."""
    queue = get_queue(db, queue_id)
    if queue is None:
        return None
    mine = {d["record_id"] for d in db[LABELS].find(
        {"queue_id": queue_id, "annotator": annotator, "current": True, "verdict": {"$ne": None}}, {"record_id": 1})}
    wanted = queue.get("labels_per_record", 1)
    counts: dict[str, int] = {}
    if wanted and wanted > 0:
        for d in db[LABELS].find({"queue_id": queue_id, "current": True,
                                  "verdict": {"$in": [L.FAITHFUL, L.HALLUCINATED]}, "resolution": False},
                                 {"record_id": 1}):
            counts[d["record_id"]] = counts.get(d["record_id"], 0) + 1
    ids = queue["record_ids"]
    start = 0
    if after in ids:
        start = ids.index(after) + 1
    for rid in ids[start:] + ids[:start]:
        if rid not in mine and counts.get(rid, 0) < wanted:
            return rid
    return None


def progress(db: Database, queue_id: str, annotator: str) -> dict:
    """{done, total, seconds_per_label, seconds_left} for this annotator in this queue."""
    queue = get_queue(db, queue_id)
    if queue is None:
        return {"done": 0, "total": 0, "seconds_per_label": None, "seconds_left": None}
    mine = current_labels(db, queue_id, annotator=annotator)
    done = len(mine)
    total = len(queue["record_ids"])
    times = sorted(d["seconds"] for d in mine if isinstance(d.get("seconds"), (int, float)))
    pace = times[len(times) // 2] if times else None  # the median: one coffee break does not skew it
    return {"done": done, "total": total, "seconds_per_label": pace,
            "seconds_left": None if pace is None else pace * max(0, total - done)}


def human_answers(db: Database, queue_id: str | None = None) -> dict[str, dict]:
    """{record_id: {"verdict", "relevancy", "labels", "conflict"}} over the current labels (of one queue or
    all): a resolution wins; otherwise the verdict the labels agree on (None on a conflict) and the
    relevancy they agree on."""
    by_record: dict[str, list[dict]] = {}
    for d in current_labels(db, queue_id):
        by_record.setdefault(d["record_id"], []).append(d)
    out = {}
    for rid, labels in by_record.items():
        resolved = [d for d in labels if d.get("resolution")]
        people = [d for d in labels if not d.get("resolution")]
        if resolved:
            last = max(resolved, key=lambda d: d.get("at") or datetime.min.replace(tzinfo=timezone.utc))
            out[rid] = {"verdict": last["verdict"], "relevancy": last.get("relevancy") or
                        L.majority_value([d.get("relevancy") for d in people]),
                        "labels": len(people), "conflict": False, "resolved": True}
            continue
        verdicts = [d["verdict"] for d in people]
        decided = {v for v in verdicts if v in (L.FAITHFUL, L.HALLUCINATED)}
        out[rid] = {"verdict": L.majority(verdicts), "relevancy": L.majority_value([d.get("relevancy") for d in people]),
                    "labels": len(people), "conflict": len(decided) > 1, "resolved": False}
    return out


def conflicts(db: Database, queue_id: str) -> list[dict]:
    """Records whose annotators disagree on the verdict and that no admin has resolved, with their labels."""
    answers = human_answers(db, queue_id)
    ids = [rid for rid, a in answers.items() if a["conflict"]]
    labels = {}
    for d in current_labels(db, queue_id):
        if d["record_id"] in ids and not d.get("resolution"):
            labels.setdefault(d["record_id"], []).append(d)
    return [{"record_id": rid, "labels": sorted(labels.get(rid, []), key=lambda d: d["annotator"])} for rid in sorted(ids)]


def agreement(db: Database, queue_id: str) -> dict:
    """Inter-annotator agreement on the verdict: Cohen's kappa per pair of annotators, with n (the records
    both decided), and the share of records they agree on."""
    per: dict[str, dict[str, str]] = {}
    for d in current_labels(db, queue_id):
        if not d.get("resolution") and d["verdict"] in (L.FAITHFUL, L.HALLUCINATED):
            per.setdefault(d["annotator"], {})[d["record_id"]] = d["verdict"]
    people = sorted(per)
    pairs = []
    for i, a in enumerate(people):
        for b in people[i + 1:]:
            both = sorted(set(per[a]) & set(per[b]))
            if not both:
                continue
            xa, xb = [per[a][r] for r in both], [per[b][r] for r in both]
            pairs.append({"annotators": (a, b), "n": len(both), "kappa": L.cohen_kappa(xa, xb),
                          "agree": L.wilson(sum(x == y for x, y in zip(xa, xb)), len(both)).as_dict()})
    return {"pairs": pairs, "annotators": people}


_JUDGE_PROJECTION = {"feature": 1, "timestamp": 1, "evaluation": 1, "rescored.evaluation": 1, "rescored.mode": 1,
                     "rescored.details.cascade.metrics": 1, "eb.passed": 1, "eb.scores": 1, "query": 1}  # the query: the disagreement list names it


def labelled_records(db: Database, record_ids: Iterable[str]) -> list[dict]:
    """The labelled records with what each judge scored (for core.labels.accuracy_rows)."""
    ids = list(record_ids)
    out = []
    for i in range(0, len(ids), 1000):
        out += list(db[RECORDS].find({"_id": {"$in": ids[i:i + 1000]}}, _JUDGE_PROJECTION))
    return out


def export_rows(db: Database, queue_id: str) -> list[dict]:
    """A queue's settled labelled records as regression-set lines: the scoring CLI's input fields
    (`query`, `answer`, `context`, `feature`, `id`) plus the labels (`label`: faithful | hallucinated,
    `relevancy`, `unsupported_claims`) and `contexts`/`category` for bench/bench_quality.py."""
    queue = get_queue(db, queue_id)
    if queue is None:
        raise ValidationFailed("no such queue")
    answers = human_answers(db, queue_id)
    settled = [rid for rid in queue["record_ids"] if (answers.get(rid) or {}).get("verdict")]
    claims: dict[str, list] = {}
    for d in db[LABELS].find({"queue_id": queue_id, "record_id": {"$in": settled}, "current": True,
                              "verdict": {"$in": [L.FAITHFUL, L.HALLUCINATED]}},
                             {"record_id": 1, "claims": 1, "unsupported_claims": 1}):
        texts = d.get("claims") or []
        for i in d.get("unsupported_claims") or []:
            if i < len(texts) and texts[i] not in claims.setdefault(d["record_id"], []):
                claims[d["record_id"]].append(texts[i])
    docs = {d["_id"]: d for d in db[RECORDS].find({"_id": {"$in": settled}},
                                                  {"query": 1, "answer": 1, "context": 1, "feature": 1,
                                                   "expected_output": 1})}
    rows = []
    for rid in settled:
        rec = docs.get(rid)
        if rec is None:
            continue
        ctx = rec.get("context")
        ctx = [ctx] if isinstance(ctx, str) else [str(c) for c in ctx or [] if c is not None]
        row = {"id": rid, "query": rec.get("query") or "", "answer": rec.get("answer") or "", "context": ctx,
               "contexts": ctx, "feature": rec.get("feature"), "category": rec.get("feature"),
               "label": answers[rid]["verdict"], "relevancy": answers[rid].get("relevancy"),
               "unsupported_claims": claims.get(rid, [])}
        if isinstance(rec.get("expected_output"), str):
            row["expected_output"] = rec["expected_output"]
        rows.append(row)
    return rows


def import_labels(db: Database, queue_id: str, items: list[dict], user: str, *, now: datetime | None = None) -> int:
    """Write many first labels at once (the demo; an import of labels made elsewhere): each item is
    {record_id, annotator, verdict, relevancy?, unsupported_claims?, claims?, comment?, seconds?, at?,
    resolution?}. Every item is checked before anything is written; a record an annotator has labelled
    in this queue already is refused (a re-label goes through `save_label`). One audit entry."""
    queue = get_queue(db, queue_id)
    if queue is None:
        raise ValidationFailed("no such queue")
    in_queue = set(queue["record_ids"])
    docs, seen = [], set()
    for n, item in enumerate(items, 1):
        rid, who = item.get("record_id"), item.get("annotator")
        if rid not in in_queue:
            raise ValidationFailed(f"item {n}: that record is not in this queue")
        if not isinstance(who, str) or not who.strip() or len(who) > 64:
            raise ValidationFailed(f"item {n}: who labelled must be known")
        resolution = bool(item.get("resolution"))
        who = f"resolution:{who.strip()}" if resolution else who.strip()
        if (rid, who) in seen:
            raise ValidationFailed(f"item {n}: {who} labels {rid} twice")
        seen.add((rid, who))
        try:
            body = _validated(item.get("verdict"), item.get("relevancy"), item.get("unsupported_claims"),
                              item.get("claims"), item.get("comment"), item.get("seconds"))
        except ValidationFailed as exc:
            raise ValidationFailed(f"item {n}: {exc}") from None
        at = item.get("at") if isinstance(item.get("at"), datetime) else (now or datetime.now(timezone.utc))
        docs.append({"_id": f"{queue_id}|{rid}|{who}|1", "queue_id": queue_id, "record_id": rid, "annotator": who,
                     "version": 1, "current": True, "resolution": resolution, "at": at, **body})
    if not docs:
        return 0
    if db[LABELS].find_one({"_id": {"$in": [d["_id"] for d in docs]}}, {"_id": 1}) or \
            db[LABELS].find_one({"queue_id": queue_id, "annotator": {"$in": sorted({d["annotator"] for d in docs})},
                                 "record_id": {"$in": sorted({d["record_id"] for d in docs})}}, {"_id": 1}):
        raise ValidationFailed("some of these records are labelled already; re-label them one by one")
    db[LABELS].insert_many(docs, ordered=False)
    audit(db, user=user, action="label.import", target=queue_id, detail={"labels": len(docs)}, now=now)
    return len(docs)


# --- the alert rule "judge accuracy on human labels below X for a feature" ---------------------

ACCURACY_RULE_KEY = "label_accuracy_rule"   # in evalboard_state: off by default
ACCURACY_RULE_ID = LABEL_RULE_ID  # the alerts' rule_id (not an `alert_rules` rule: jobs/label_alerts.py)
ACCURACY_RULE_DEFAULT = LABEL_RULE_DEFAULTS  # core/label_rule.py: the rule kind LabelAccuracy, its settings


def accuracy_rule(db: Database) -> dict:
    from store.state import get_state
    stored = get_state(db, ACCURACY_RULE_KEY)
    return {k: stored.get(k, v) for k, v in ACCURACY_RULE_DEFAULT.items()}


def set_accuracy_rule(db: Database, user: str, *, enabled: Any, min_accuracy: Any, min_labels: Any = None,
                      judge: Any = None) -> dict:
    """Validate and store the rule; audited in `rule_audit` like every rule change."""
    from store.state import set_state
    from store.thresholds import write_audit
    clean = validate_label_rule(enabled=enabled, min_accuracy=min_accuracy, min_labels=min_labels, judge=judge)
    old = accuracy_rule(db)
    new = {**old, **clean}
    write_audit(db, user=user, action="update_rule", target=ACCURACY_RULE_ID, old=old, new=new)
    set_state(db, ACCURACY_RULE_KEY, **new)
    return new


def request_independent_scores(db: Database, record_ids: Iterable[str], user: str) -> int:
    """Flag labelled records that have no independent score for the score workers (the same flag as a
    re-score request, `eb.rescore_requested`), so the local scorer's accuracy on the labels can be
    measured; returns how many were flagged. Audited."""
    ids = [r for r in record_ids if isinstance(r, str)][:MAX_FLAG]
    flagged = 0
    for i in range(0, len(ids), 1000):
        flagged += db[RECORDS].update_many({"_id": {"$in": ids[i:i + 1000]}, "rescored": {"$exists": False}},
                                           {"$set": {"eb.rescore_requested": True}}).modified_count
    audit(db, user=user, action="labels.request_scores", target="records", detail={"flagged": flagged})
    return flagged


MAX_FLAG = 10_000
