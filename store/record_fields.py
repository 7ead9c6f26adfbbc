"""The logged record's field parsers (store/schema.py parses the whole record): timestamps, numbers and booleans
given as text, text fields, the context, keys MongoDB cannot store (`safe_keys`), the stored form of a raw
payload and back, the record's id, a quarantine reason made safe to show."""
from __future__ import annotations

import json
import math
from datetime import datetime
from typing import Any

from core.content_id import content_hash
from store.storable import safe_text, storable_payload as _storable
from store.timestamps import BadTimestamp, read_timestamp


def parse_timestamp(value: Any, issues: list[str] | None = None) -> datetime | None:
    """An aware UTC datetime, or None when the value is not a usable timestamp
    (store/timestamps.py has the rules and says why)."""
    try:
        return read_timestamp(value, issues if issues is not None else [])
    except BadTimestamp:
        return None


def to_number(value: Any) -> float | None:
    """A float from a number or a numeric string; None for anything else."""
    if isinstance(value, bool):
        return None
    if isinstance(value, (int, float)):
        try:
            return float(value) if math.isfinite(value) else None
        except OverflowError:  # an integer beyond a float's range (above 1e308)
            return None
    if isinstance(value, dict):  # extended JSON numbers
        for key in ("$numberDouble", "$numberInt", "$numberLong", "$numberDecimal"):
            if key in value:
                return to_number(value[key])
        return None
    if isinstance(value, str):
        text = value.strip().rstrip("%") if value.strip().endswith("%") else value.strip()
        try:
            number = float(text)
        except (ValueError, OverflowError):
            return None
        if value.strip().endswith("%"):
            number /= 100.0
        return number if math.isfinite(number) else None
    return None


def to_bool(value: Any) -> bool | None:
    if isinstance(value, bool):
        return value
    if isinstance(value, str) and value.strip().lower() in ("true", "false", "yes", "no", "1", "0"):
        return value.strip().lower() in ("true", "yes", "1")
    if isinstance(value, (int, float)) and value in (0, 1):
        return bool(value)
    return None


def _text(value: Any) -> str | None:
    if value is None:
        return None
    if isinstance(value, str):
        return value
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return str(value)
    return None


def _context(value: Any, issues: list[str]) -> list[str]:
    if value is None:
        issues.append("no context")
        return []
    if isinstance(value, str):
        return [value]
    if not isinstance(value, list):
        issues.append("context is not a list; ignored")
        return []
    chunks: list[str] = []
    for item in value:
        if isinstance(item, str):
            chunks.append(item)
        elif isinstance(item, dict) and isinstance(item.get("text"), str):
            chunks.append(item["text"])
        elif item is not None:
            issues.append("a context chunk that is not text was dropped")
    return chunks


def safe_keys(value: Any, issues: list[str] | None = None) -> Any:
    """The value with every dict key that starts with "$" or holds "." rewritten
    (fullwidth "＄" / "．"), recursively: product fields are kept, but no key from
    a payload can ever be read as an operator or a path by MongoDB."""
    if isinstance(value, dict):
        out = {}
        for key, item in value.items():
            key = str(key)
            if key.startswith("$") or "." in key:
                if issues is not None and "field names with '$' or '.' were escaped" not in issues:
                    issues.append("field names with '$' or '.' were escaped")
                key = ("＄" + key[1:] if key.startswith("$") else key).replace(".", "．")
            out[key] = safe_keys(item, issues)
        return out
    if isinstance(value, list):
        return [safe_keys(item, issues) for item in value]
    return value


def has_unsafe_keys(value: Any) -> bool:
    """True when a dict key anywhere in `value` starts with "$" or holds "."."""
    if isinstance(value, dict):
        return any(str(k).startswith("$") or "." in str(k) or has_unsafe_keys(v) for k, v in value.items())
    if isinstance(value, list):
        return any(has_unsafe_keys(v) for v in value)
    return False


def storable_payload(raw: Any) -> Any:
    """A raw payload as it can be kept in MongoDB: as is, or, when its keys look like
    operators or paths (an update would refuse them) or it cannot be stored at all
    (store/storable.py), as its escaped JSON text (cut, with size and hash, when large)."""
    try:
        unsafe = has_unsafe_keys(raw)
    except RecursionError:
        unsafe = True
    return _storable(raw, unsafe_keys=unsafe)


def payload_from_storage(stored: Any) -> Any:
    """The payload `storable_payload` kept (its JSON text parsed back)."""
    if isinstance(stored, dict) and stored.get("json_text") and isinstance(stored.get("text"), str):
        try:
            return json.loads(stored["text"])
        except ValueError:
            return stored
    return stored


def _record_id(raw: dict) -> str:
    value = raw.get("_id", raw.get("id"))
    if isinstance(value, dict) and "$oid" in value:
        value = value["$oid"]
    if isinstance(value, (str, int)) and not isinstance(value, bool) and str(value).strip():
        return str(value).strip()
    return content_hash(raw)


def safe_reason(text: str) -> str:
    return safe_text(text, 300)
