"""Which policy applies to a source: the settings' mode, a per-source override, the team's terms.

`EVALBOARD_PRIVACY` (off | report | redact, default redact) for every source;
`EVALBOARD_PRIVACY_SOURCES` ("demo=off,mongodb=report") overrides it per source, matched on
the source's kind (the part before ":" — "evallog:day1.jsonl" is "evallog") or the whole name;
`EVALBOARD_PRIVACY_TERMS_FILE`: a text file, one name or term a line ("# ..." a comment; "KIND: term"
gives it its own placeholder kind, e.g. "CLIENT: Acme Traders" -> [CLIENT_1]), read again when it
changes. Terms stored by an admin on the dashboard are passed in by the caller (store/privacy.py).
"""
from __future__ import annotations

import os
import re

from core.privacy.redactor import MODES, REDACT, Policy
from settings import get_settings

_KIND = re.compile(r"^([A-Z][A-Z_]{1,19})\s*:\s*(.+)$")
_file_cache: dict[str, tuple[float, tuple[tuple[str, str], ...]]] = {}


class PolicyError(ValueError):
    """A privacy setting that cannot be used (the CLI and the worker say which)."""


def parse_terms(text: str) -> tuple[tuple[str, str], ...]:
    """(kind, term) pairs from a term list: one a line, blank lines and "# comments" skipped."""
    out: list[tuple[str, str]] = []
    for line in text.splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        match = _KIND.match(line)
        kind, term = (match.group(1), match.group(2).strip()) if match else ("NAME", line)
        if len(term) >= 2 and (kind, term) not in out:
            out.append((kind, term))
    return tuple(out)


def terms_from_file(path: str | None) -> tuple[tuple[str, str], ...]:
    if not path:
        return ()
    try:
        mtime = os.stat(path).st_mtime
    except OSError as exc:
        raise PolicyError(f"EVALBOARD_PRIVACY_TERMS_FILE {path!r} cannot be read: {exc.strerror}") from None
    cached = _file_cache.get(path)
    if cached is None or cached[0] != mtime:
        with open(path, encoding="utf-8") as fh:
            cached = _file_cache[path] = (mtime, parse_terms(fh.read()))
    return cached[1]


def source_modes(text: str) -> dict[str, str]:
    """{"demo": "off", ...} from "demo=off,mongodb=report"."""
    out: dict[str, str] = {}
    for part in filter(None, (p.strip() for p in (text or "").split(","))):
        name, _, mode = part.partition("=")
        if mode.strip().lower() not in MODES:
            raise PolicyError(f"EVALBOARD_PRIVACY_SOURCES: {part!r} is not source=off|report|redact")
        out[name.strip()] = mode.strip().lower()
    return out


def mode_for(source: str) -> str:
    settings = get_settings()
    overrides = source_modes(settings.privacy_sources)
    kind = (source or "").split(":", 1)[0]
    return overrides.get(source, overrides.get(kind, settings.privacy_mode or REDACT))


def policy_for(source: str, stored_terms: tuple[tuple[str, str], ...] = ()) -> Policy:
    """The policy a writer applies to records of `source` (the stored terms: store.privacy.get_terms)."""
    terms = terms_from_file(get_settings().privacy_terms_file) + tuple(stored_terms)
    return Policy(mode=mode_for(source), terms=tuple(dict.fromkeys(terms)))
