"""What a record's version fields are: release, model, prompt version and a small tag map.

A record may name the release of the product that answered, the model and the prompt
version (and up to MAX_TAGS free tags, e.g. `retriever: dense-k4`). Records without a
value belong to UNVERSIONED; values beyond the most recent `RELEASE_CAP` of a dimension
are counted as OTHER in the release aggregates. Values are short, printable names
(VALUE_PATTERN): never an operator, never a path, safe as a MongoDB key or in a URL.
"""
from __future__ import annotations

import re
from typing import Any

DIMENSIONS = ("release", "model", "prompt_version")
LABELS = {"release": "Release", "model": "Model", "prompt_version": "Prompt version"}
UNVERSIONED = "unversioned"
OTHER = "other"
RELEASE_CAP = 10     # per dimension: the N most recent values (by first record) get their own aggregates
MAX_TAGS = 20
MAX_VALUE = 64
MAX_TAG_KEY = 40
MAX_TAG_VALUE = 100
VALUE_PATTERN = re.compile(r"^[A-Za-z0-9][A-Za-z0-9 ._:/@+=#~()-]*$")
TAG_KEY_PATTERN = re.compile(r"^[A-Za-z0-9_][A-Za-z0-9_-]*$")
RESERVED = {UNVERSIONED, OTHER, "*", "__all__"}


class BadVersion(ValueError):
    """A version value that cannot be used (the message says why)."""


def _as_text(value: Any, what: str) -> str:
    if isinstance(value, bool) or not isinstance(value, (str, int, float)):
        raise BadVersion(f"{what} is not text ({type(value).__name__})")
    return str(value).strip()


def check_value(value: Any, what: str = "release", limit: int = MAX_VALUE) -> str:
    """The value as stored (stripped text), or BadVersion saying why not."""
    text = _as_text(value, what)
    if not text:
        raise BadVersion(f"{what} is empty")
    if len(text) > limit:
        raise BadVersion(f"{what} is longer than {limit} characters")
    if not VALUE_PATTERN.match(text):
        raise BadVersion(f"{what} {text[:40]!r} has characters other than letters, digits, space and ._:/@+=#~()-")
    if text.lower() in RESERVED:
        raise BadVersion(f"{what} {text!r} is a reserved name")
    return text


def check_tags(value: Any) -> dict[str, str]:
    """The tag map as stored, or BadVersion saying why not (all or nothing)."""
    if not isinstance(value, dict):
        raise BadVersion(f"tags is not an object ({type(value).__name__})")
    if len(value) > MAX_TAGS:
        raise BadVersion(f"more than {MAX_TAGS} tags ({len(value)})")
    out: dict[str, str] = {}
    for key, item in value.items():
        key = str(key).strip()
        if not key or len(key) > MAX_TAG_KEY or not TAG_KEY_PATTERN.match(key):
            raise BadVersion(f"tag name {key[:40]!r} is not 1-{MAX_TAG_KEY} letters, digits, '_' or '-'")
        out[key] = check_value(item, f"tag {key}", MAX_TAG_VALUE)
    return out


def selector_value(dimension: str, value: str) -> str:
    """A value picked on a page, checked (UNVERSIONED / OTHER allowed): BadVersion when not usable."""
    if dimension not in DIMENSIONS:
        raise BadVersion(f"unknown version dimension {dimension!r}")
    if value in (UNVERSIONED, OTHER):
        return value
    return check_value(value, LABELS[dimension])


def version_source(*sources: Any) -> dict[str, Any]:
    """The version fields an import format's metadata offers, as raw values for `parse_record`:
    each source (a dict: the conversation, the test item, ...) and its `metadata` object are
    read for release, model, prompt_version (also `prompt_version`'s spellings `promptVersion`,
    `prompt_id`) and tags; earlier sources win."""
    out: dict[str, Any] = {}
    aliases = {"release": ("release", "release_id"), "model": ("model", "model_name", "llm_model"),
               "prompt_version": ("prompt_version", "promptVersion", "prompt_id"), "tags": ("tags",)}
    for source in sources:
        if not isinstance(source, dict):
            continue
        for scope in (source, source.get("metadata")):
            if not isinstance(scope, dict):
                continue
            for name, keys in aliases.items():
                for key in keys:
                    if name not in out and scope.get(key) not in (None, ""):
                        out[name] = scope[key]
    return out


# --- the order of a product line's releases (issue 34) ----------------------------------------
# Releases belong to their product line (a feature): they are ordered within it, never across
# products. A line whose every release is a declared version — dotted numbers ("2026.12", "v1.4.2",
# semver with a pre-release "1.4.0-rc.1") or ISO dates ("2026-11-20") — is ordered by it; otherwise
# by first-seen order in that line (ties: the value's first record anywhere, then the name).
_DOTTED = re.compile(r"^[vV]?(\d+(?:\.\d+)*)(?:-([0-9A-Za-z.-]+))?$")
_ISO_DAY = re.compile(r"^(\d{4})-(\d{2})-(\d{2})$")


def declared_key(value: str) -> tuple[str, tuple] | None:
    """(kind, sort key) of a release that declares its place, or None: ("date", (y, m, d)) for an ISO
    day; ("version", (numbers, is_final, pre-release parts)) for dotted numbers (a pre-release sorts
    before its release, as in semver)."""
    text = str(value).strip()
    day = _ISO_DAY.match(text)
    if day:
        return "date", tuple(int(x) for x in day.groups())
    dotted = _DOTTED.match(text)
    if not dotted:
        return None
    numbers = tuple(int(x) for x in dotted.group(1).split("."))
    pre = dotted.group(2)
    pre_key = tuple((0, int(p), "") if p.isdigit() else (1, 0, p) for p in pre.split(".")) if pre else ()
    return "version", (numbers, pre is None, pre_key)


def line_order(seen: dict[str, tuple]) -> list[str]:
    """A product line's releases, newest first. `seen`: {release: first-seen key in the line (any
    comparable tuple, e.g. (first day, first record anywhere))}. Declared order when every release
    declares one of the same kind; first-seen order otherwise."""
    values = [v for v in seen if v not in (UNVERSIONED, OTHER)]
    keys = {v: declared_key(v) for v in values}
    kinds = {k[0] for k in keys.values() if k is not None}
    if values and None not in keys.values() and len(kinds) == 1:
        return sorted(values, key=lambda v: (keys[v][1], seen[v], v), reverse=True)
    return sorted(values, key=lambda v: (seen[v], v), reverse=True)


def newest_pair(order: list[str]) -> tuple[str, str] | None:
    """(previous, newest) of a line's order (newest first), or None with fewer than two releases."""
    return (order[1], order[0]) if len(order) >= 2 else None


def previous_in_lines(orders: dict[str, list[str]], release: str, weight: dict[str, int] | None = None
                      ) -> str | None:
    """The release before `release` in the lines it belongs to: the predecessor in the line where it has
    the most records (`weight`: {line: records of `release`}), None when it is first everywhere."""
    best: tuple[int, str] | None = None
    for line, order in orders.items():
        if release in order and order.index(release) + 1 < len(order):
            n = (weight or {}).get(line, 0)
            if best is None or n > best[0]:
                best = (n, order[order.index(release) + 1])
    return best[1] if best else None


def suggested_pair(orders: dict[str, list[str]], recent_first: list[str], feature: str | None = None
                   ) -> tuple[str, str, str] | None:
    """(line, previous, newest) to offer for a comparison: the chosen feature's newest pair, or (every
    feature) the pair of the line whose newest release shipped last (`recent_first`: values by their
    first record anywhere, newest first). Both releases always of the same line; None without a pair."""
    if feature is not None:
        pair = newest_pair(orders.get(feature, []))
        return (feature, *pair) if pair else None
    rank = {v: i for i, v in enumerate(recent_first)}
    lines = [(rank.get(order[0], len(rank)), line) for line, order in orders.items() if len(order) >= 2]
    if not lines:
        return None
    line = min(lines)[1]
    return (line, *newest_pair(orders[line]))  # type: ignore[misc]
