"""API keys of the intake (who may send traces and records), stored hashed.

Document in `api_keys`: `{_id: "k_<10 hex>", hash: sha256 of the key (hex), prefix: the key's first
characters (to recognise it in a list), source: the sender's name (records carry it as their
`source`), feature, release (defaults for what it sends; optional), created_at, created_by,
revoked_at, revoked_by}`. The key itself is returned once by `create_key` and never stored: a
key is 32 random bytes, so a plain SHA-256 is as good as a slow hash and costs nothing per request.
"""
from __future__ import annotations

import hashlib
import re
import secrets
from datetime import datetime, timezone

from pymongo import ASCENDING, IndexModel
from pymongo.database import Database

from core.features import FEATURE_NAME_RE, LINK_ALL, SENTINELS
from core.versions import BadVersion, check_value
from store.collections import API_KEYS
from store.errors import ValidationFailed

KEY_PREFIX = "ebk_"
_SOURCE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$")


def ensure_indexes(db: Database) -> None:
    db[API_KEYS].create_indexes([IndexModel([("hash", ASCENDING)], name="hash", unique=True)])


def key_hash(key: str) -> str:
    return hashlib.sha256(key.strip().encode("utf-8")).hexdigest()


def _checked(source: str, feature: str | None, release: str | None) -> dict:
    source = (source or "").strip()
    if not _SOURCE.match(source):
        raise ValidationFailed("source name: 1-64 letters, digits, '.', '_' or '-', starting with a letter or digit")
    out = {"source": source, "feature": None, "release": None}
    if feature:
        feature = feature.strip().lower()
        if feature in SENTINELS or feature == LINK_ALL or not FEATURE_NAME_RE.match(feature):
            raise ValidationFailed(f"default feature {feature[:40]!r}: 1-64 of a-z, 0-9, '_' and '-' (not a reserved name)")
        out["feature"] = feature
    if release:
        try:
            out["release"] = check_value(release.strip(), "release")
        except BadVersion as exc:
            raise ValidationFailed(f"default release: {exc}") from None
    return out


def create_key(db: Database, source: str, *, feature: str | None = None, release: str | None = None,
               by: str = "cli", now: datetime | None = None) -> tuple[str, dict]:
    """(the key, shown once; its stored document). Raises ValidationFailed for a bad name."""
    fields = _checked(source, feature, release)
    key = KEY_PREFIX + secrets.token_urlsafe(32)
    doc = {"_id": "k_" + secrets.token_hex(5), "hash": key_hash(key), "prefix": key[:len(KEY_PREFIX) + 4],
           **fields, "created_at": now or datetime.now(timezone.utc), "created_by": by, "revoked_at": None}
    db[API_KEYS].insert_one(doc)
    return key, doc


def find_key(db: Database, key: str) -> dict | None:
    """The live (not revoked) key document for a key as sent, or None."""
    if not key or len(key) > 200:
        return None
    return db[API_KEYS].find_one({"hash": key_hash(key), "revoked_at": None}, {"hash": 0})


def list_keys(db: Database) -> list[dict]:
    """Every key, newest first, without its hash."""
    return list(db[API_KEYS].find({}, {"hash": 0}).sort("created_at", -1))


def revoke_key(db: Database, key_id: str, *, by: str = "cli", now: datetime | None = None) -> bool:
    """Revoke a key by its id (`k_...`); False when there is no such live key."""
    result = db[API_KEYS].update_one({"_id": str(key_id), "revoked_at": None},
                                     {"$set": {"revoked_at": now or datetime.now(timezone.utc), "revoked_by": by}})
    return result.modified_count == 1
