"""The notification outbox (`notifications`): nothing is lost, nothing is sent twice.

An entry is created in the same step that changes an alert's state, with a
deterministic `_id` "<alert_id>|<transition>|<channel_type>", so re-running that
step can never enqueue twice. The notify job claims due entries one at a time
(an atomic find-and-modify pushes `next_attempt_at` CLAIM_S forward and stamps a
claim token, so no other run picks the same entry meanwhile), sends, and marks
them sent, or schedules a retry with exponential backoff, or after MAX_ATTEMPTS
marks them failed with the last error (shown on the dashboard's Alerts page).
A delivery ends by its deadline (settings.notify_deadline_s, at most 60 s), far
inside the claim, and only the holder of the claim token can record its outcome.

The stored `target` is for people to read: a webhook URL carries its secret in
the path, so only its scheme and host are stored; the notify job resolves the
real target from the current settings when it sends (a fixed URL is used on retry).
Which channels exist and which targets they have is decided in core/channels.py and
handed in (`routes`): nothing here reads the settings.
"""
from __future__ import annotations

import hashlib
import uuid
from datetime import datetime, timedelta, timezone

from pymongo import ASCENDING, DESCENDING, ReturnDocument
from pymongo.database import Database
from pymongo.errors import BulkWriteError, DuplicateKeyError

from core import channels
from store.collections import NOTIFICATIONS

MAX_ATTEMPTS = 5
# An attempt whose outcome is unknown (the deadline passed before the receiver answered, or the
# run ended mid-delivery) may have been delivered. It is retried on a later run, after backoff,
# with the same Idempotency-Key, so a receiver that de-duplicates on it shows the alert once;
# after MAX_UNKNOWN_OUTCOMES such attempts the entry is marked failed (never five blind re-sends).
MAX_UNKNOWN_OUTCOMES = 2
UNKNOWN_OUTCOME = "unknown outcome"
BACKOFF_BASE_S = 30.0
BACKOFF_MAX_S = 3600.0
CLAIM_S = 300.0  # > 60 s, the longest delivery deadline settings allow, with room to record the outcome


def _now() -> datetime:
    return datetime.now(timezone.utc)


def ensure_indexes(db: Database) -> None:
    db[NOTIFICATIONS].create_index([("status", ASCENDING), ("next_attempt_at", ASCENDING)], name="due")
    db[NOTIFICATIONS].create_index([("created_at", DESCENDING)], name="created")


redact_url = channels.redact_url
target_key = channels.target_key


def redact_stored_targets(db: Database) -> int:
    """Backfill: webhook entries written before targets were redacted get their URL redacted."""
    changed = 0
    query = {"channel_type": "webhook", "target": {"$regex": "^https?://"}}
    for doc in db[NOTIFICATIONS].find(query, {"target": 1}):
        redacted = redact_url(doc["target"])
        if redacted != doc["target"]:
            changed += db[NOTIFICATIONS].update_one({"_id": doc["_id"], "target": doc["target"]},
                                                    {"$set": {"target": redacted}}).modified_count
    return changed


def enqueue(db: Database, alert: dict, transition: str, *, now: datetime | None = None,
            only_types: set[str] | None = None, routes: channels.Routes | None = None) -> int:
    """Create the outbox entries of one alert state change; returns how many were new.
    `only_types`: only these channel types (e.g. the ones that were told the alert opened).
    `routes`: alert channel -> [(channel type, safe target)], decided above the store
    (default core.channels.safe_routes, from the settings)."""
    now = now or _now()
    docs = []
    for channel_type, target in (routes or channels.safe_routes)(alert.get("channel") or "qa"):
        if only_types is not None and channel_type not in only_types:
            continue
        docs.append({
            "_id": f"{alert['_id']}|{transition}|{channel_type}", "alert_id": alert["_id"],
            "transition": transition, "channel": alert.get("channel"), "channel_type": channel_type,
            "target": target, "status": "pending", "attempts": 0, "last_error": None,
            "next_attempt_at": now, "created_at": now, "sent_at": None,
            "payload": {k: alert.get(k) for k in ("rule_id", "rule_name", "feature", "severity", "message",
                                                  "metric", "comparison", "threshold", "value", "evidence",
                                                  "link", "state", "opened_at", "resolved_at", "resolved_by",
                                                  "acknowledged_by")},
        })
    if not docs:
        return 0
    try:
        return len(db[NOTIFICATIONS].insert_many(docs, ordered=False).inserted_ids)
    except BulkWriteError as exc:
        if any(e.get("code") != 11000 for e in exc.details.get("writeErrors", [])):
            raise
        return exc.details.get("nInserted", 0)


def claim_due(db: Database, *, now: datetime | None = None, skip_types: list[str] | None = None) -> dict | None:
    """Take the next due pending entry (it will not be due again for CLAIM_S seconds);
    its `claim_token` is what mark_sent / mark_failed_attempt need to record the outcome.
    `skip_types`: channel types not to take now (ones that timed out in this run).

    The claim is also the attempt's record, written before anything is sent (`in_flight_at`):
    when a run dies mid-delivery, the next claim of the entry finds it and counts that attempt
    as one of unknown outcome (it may have reached the receiver).
    """
    now = now or _now()
    query: dict = {"status": "pending", "next_attempt_at": {"$lte": now}}
    if skip_types:
        query["channel_type"] = {"$nin": [str(t) for t in skip_types]}
    claim = {"next_attempt_at": now + timedelta(seconds=CLAIM_S), "claimed_at": now,
             "claim_token": uuid.uuid4().hex, "in_flight_at": now}
    before = db[NOTIFICATIONS].find_one_and_update(query, {"$set": claim}, sort=[("next_attempt_at", ASCENDING)],
                                                   return_document=ReturnDocument.BEFORE)
    if before is None:
        return None
    entry = {**before, **claim}
    if before.get("in_flight_at") is not None:  # a run ended between claiming and recording an outcome
        error = (f"{UNKNOWN_OUTCOME}: a notify run ended during the attempt it began at "
                 f"{before['in_flight_at']}; it may have been delivered")
        unknown = int(before.get("unknown_outcomes") or 0) + 1
        attempts = int(before.get("attempts") or 0) + 1
        update: dict = {"attempts": attempts, "unknown_outcomes": unknown, "last_error": error}
        if unknown >= MAX_UNKNOWN_OUTCOMES or attempts >= MAX_ATTEMPTS:
            update.update(status="failed", failed_at=now, next_attempt_at=None, claim_token=None, in_flight_at=None)
            db[NOTIFICATIONS].update_one(_claimed(entry), {"$set": update})
            return claim_due(db, now=now, skip_types=skip_types)
        db[NOTIFICATIONS].update_one(_claimed(entry), {"$set": update})
        entry.update(update)
    return entry


def idempotency_key(entry: dict) -> str:
    """The same on every attempt of one entry (and different for every entry)."""
    return "evalboard-" + hashlib.sha256(str(entry["_id"]).encode()).hexdigest()[:32]


def _claimed(entry: dict) -> dict:
    return {"_id": entry["_id"], "claim_token": entry.get("claim_token")}


def mark_sent(db: Database, entry: dict, *, target: str | None = None, now: datetime | None = None) -> bool:
    """Record a delivery; False when this run no longer held the claim (nothing written)."""
    # a delivery that succeeded after failed attempts is no longer in error (the channel status reads last_error)
    update = {"status": "sent", "sent_at": now or _now(), "next_attempt_at": None, "claim_token": None,
              "in_flight_at": None, "last_error": None}
    if target is not None:
        update["target"] = target
    return db[NOTIFICATIONS].update_one(_claimed(entry), {"$set": update,
                                                          "$inc": {"attempts": 1}}).modified_count == 1


def backoff_s(attempts: int) -> float:
    return min(BACKOFF_MAX_S, BACKOFF_BASE_S * (2 ** max(0, attempts - 1)))


def mark_failed_attempt(db: Database, entry: dict, error: str, *, target: str | None = None,
                        now: datetime | None = None, unknown: bool = False) -> str:
    """Record a failed attempt: retry later with backoff, or `failed` after MAX_ATTEMPTS.
    `unknown`: the outcome is unknown (deadline passed before an answer): it counts towards
    MAX_UNKNOWN_OUTCOMES too. Returns the new status, or "lost" when this run no longer held
    the claim (nothing written)."""
    now = now or _now()
    attempts = int(entry.get("attempts") or 0) + 1
    unknowns = int(entry.get("unknown_outcomes") or 0) + (1 if unknown else 0)
    if unknown:
        error = f"{UNKNOWN_OUTCOME} (retried later with the same Idempotency-Key): {error}"
    if attempts >= MAX_ATTEMPTS or unknowns >= MAX_UNKNOWN_OUTCOMES:
        if unknowns >= MAX_UNKNOWN_OUTCOMES:
            error = (f"{UNKNOWN_OUTCOME} after {unknowns} attempts that got no answer in time; not re-sent "
                     f"(it may have been delivered; Retry sends it again with the same key): {error}")
        update = {"status": "failed", "attempts": attempts, "last_error": error[:1000], "next_attempt_at": None,
                  "failed_at": now}
    else:
        update = {"attempts": attempts, "last_error": error[:1000],
                  "next_attempt_at": now + timedelta(seconds=backoff_s(attempts))}
    update["unknown_outcomes"] = unknowns
    update["claim_token"] = None
    update["in_flight_at"] = None
    if target is not None:
        update["target"] = target
    if db[NOTIFICATIONS].update_one(_claimed(entry), {"$set": update}).modified_count != 1:
        return "lost"
    return update.get("status", "pending")


def list_notifications(db: Database, limit: int = 100) -> list[dict]:
    return list(db[NOTIFICATIONS].find({}, {"payload": 0}).sort("created_at", DESCENDING).limit(int(limit)))


def retry_failed(db: Database, entry_id: str) -> bool:
    """Put a failed entry back in the queue (a person asked for it)."""
    try:
        return db[NOTIFICATIONS].update_one({"_id": entry_id, "status": "failed"}, {"$set": {
            "status": "pending", "attempts": 0, "unknown_outcomes": 0, "next_attempt_at": _now()}}).modified_count == 1
    except DuplicateKeyError:  # pragma: no cover - cannot happen, _id is unchanged
        return False


# --- channel state and test messages (the Alerts page) ----------------------------------

TEST_TRANSITION = "test"


def channel_status(db: Database, configured: list[dict] | None = None) -> list[dict]:
    """`configured` (default core.channels.configured(): each channel kind, configured or not, its
    targets) plus, per channel type, the last delivery and the last error from the outbox."""
    out = []
    for channel in channels.configured() if configured is None else configured:
        kind = channel["channel_type"]
        sent = db[NOTIFICATIONS].find_one({"channel_type": kind, "status": "sent"}, {"payload": 0},
                                          sort=[("sent_at", DESCENDING)])
        error = db[NOTIFICATIONS].find_one({"channel_type": kind, "last_error": {"$ne": None}}, {"payload": 0},
                                           sort=[("created_at", DESCENDING)])
        pending = db[NOTIFICATIONS].count_documents({"channel_type": kind, "status": "pending"})
        out.append({**channel, "last_sent_at": (sent or {}).get("sent_at"),
                    "last_error": (error or {}).get("last_error"),
                    "last_error_at": (error or {}).get("failed_at") or (error or {}).get("claimed_at")
                    or (error or {}).get("created_at"),
                    "last_error_status": (error or {}).get("status"), "pending": pending})
    return out


def enqueue_test(db: Database, user: str, *, now: datetime | None = None, routes: list[dict] | None = None) -> int:
    """Queue one test message per configured target (the webhook, every configured e-mail
    recipient: QA, AI and critical); the notify job sends it like an alert's.

    `routes` (default core.channels.test_routes(), from the settings): [{channel_type, target
    (safe), key, test_recipient}]. Neither the `_id` nor the stored `target` holds a secret: the id
    carries a key id of the target, and a webhook target is stored redacted (the notify job sends
    to the URL configured now). An e-mail test keeps its recipient in `test_recipient` so each
    address gets its own. Returns how many were queued (0: nothing is configured)."""
    now = now or _now()
    stamp = now.strftime("%Y%m%dT%H%M%S%f")
    docs = []
    for route in channels.test_routes() if routes is None else routes:
        alert_id = f"test:{stamp}"
        kind = route["channel_type"]
        docs.append({
            "_id": f"{alert_id}|{TEST_TRANSITION}|{kind}|{route['key']}",
            "alert_id": alert_id, "transition": TEST_TRANSITION, "channel": "test",
            "channel_type": kind, "target": route["target"],
            "test_recipient": route.get("test_recipient"),
            "status": "pending", "attempts": 0,
            "last_error": None, "next_attempt_at": now, "created_at": now, "sent_at": None,
            "requested_by": user,
            "payload": {"rule_name": "Test notification", "feature": "__all__", "severity": "test",
                        "message": f"A test message from Evalboard's Alerts page, sent at {user}'s request. "
                                   "If you can read this, alerts reach you here.",
                        "link": {"feature": "__all__"}, "state": "test"},
        })
    if docs:
        db[NOTIFICATIONS].insert_many(docs)
    return len(docs)
