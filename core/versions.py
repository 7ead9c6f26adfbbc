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
