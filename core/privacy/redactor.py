"""Placeholders: one record's personal values replaced by typed, numbered, consistent tokens.

Within a record the same value gets the same placeholder wherever it appears (the e-mail
in the answer and in a chunk are both `[EMAIL_1]`), so the scorers still see the answer's
claim supported by the chunk. Numbers follow the order of first appearance over a fixed
field order, so redacting the same record twice gives the same text (ingest stays
idempotent), and text that holds placeholders already continues their numbering
(`python -m jobs redact` can run again over a record redacted before).

Staged text (the intake's spans, store/spans.py) is redacted before its record exists, a span batch
at a time: `StagingRedactor` writes staging tokens, `[[EMAIL#kfpdoa]]`, whose letters are a keyed hash
(HMAC-SHA256 with the trace's salt, cut to 24 bits) of the kind and the value's key. Every batch of one
trace gets the same token for the same value, whichever process stages it, so the placeholders stay
consistent between the answer and the chunks once the record is assembled; another trace's salt gives
other tokens, and 24 bits leave each token matching many possible values (docs/security.md). When the record (or a
quarantined trace) is written, `Redactor` takes each staging token as a finding of its kind — numbered
`[EMAIL_1]` in the usual order and counted once, there, as the raw value would have been — so nothing
is counted at staging and the stored record is the same as if its text had come in whole.
"""
from __future__ import annotations

import hashlib
import hmac
import json
import re
from collections import Counter
from dataclasses import dataclass
from typing import Any

from core.privacy.detectors import Finding, detect, maybe_personal

OFF, REPORT, REDACT = "off", "report", "redact"
MODES = (OFF, REPORT, REDACT)
# the product's text fields, in the order placeholders are numbered; other product fields follow
TEXT_FIELDS = ("query", "answer", "context", "expected_output", "history", "notes", "evaluation")
# never redacted: ids and names the pages group by, and Evalboard's own fields (handled apart)
KEEP_FIELDS = frozenset({"_id", "session_id", "feature", "timestamp", "regeneration_attempts", "release",
                         "model", "prompt_version", "tags", "eb", "triage", "rescored", "ingested_at", "source"})
# a placeholder as the stage writes it ([EMAIL_1]); the evaluators read it as one opaque token (evaluators/text/words.py)
PLACEHOLDER = re.compile(r"\[([A-Z][A-Z_]*)_(\d+)\]")
# a staging token (StagingRedactor): letters only, so no digit detector ever reads into one
STAGED = re.compile(r"\[\[([A-Z][A-Z_]*)#([a-p]{6})\]\]")
_STAGED_LETTERS = "abcdefghijklmnop"


@dataclass(frozen=True)
class Policy:
    """What to do with personal data: `mode` off | report (count only) | redact, and the team's terms
    as (kind, term) pairs (kind "NAME" unless the list says otherwise)."""
    mode: str = REDACT
    terms: tuple[tuple[str, str], ...] = ()

    @property
    def active(self) -> bool:
        return self.mode in (REPORT, REDACT)


class Redactor:
    """Redacts the texts of one record (or one payload) with one shared placeholder table."""

    def __init__(self, policy: Policy):
        self.policy = policy
        self.labels: dict[tuple[str, str], str] = {}
        self.numbers: Counter = Counter()
        self.counts: Counter = Counter()  # occurrences replaced (or, in report mode, found) per kind

    def reserve(self, text: str) -> None:
        """Continue the numbering of placeholders already in `text`."""
        if "[" in text:
            for kind, number in PLACEHOLDER.findall(text):
                self.numbers[kind] = max(self.numbers[kind], int(number))

    def _label(self, kind: str, key: str) -> str:
        label = self.labels.get((kind, key))
        if label is None:
            self.numbers[kind] += 1
            label = self.labels[(kind, key)] = f"[{kind}_{self.numbers[kind]}]"
        return label

    def text(self, text: str) -> str:
        findings = detect(text, self.policy.terms)
        staged = _staged(text)
        if staged:  # values redacted at staging: one finding each, whatever a detector reads around them
            findings = sorted([f for f in findings if all(f.end <= s.start or f.start >= s.end for s in staged)]
                              + staged, key=lambda f: f.start)
        if not findings:
            return text
        parts, at = [], 0
        for finding in findings:
            self.counts[finding.kind] += 1
            parts.append(text[at:finding.start])
            # a staging token is replaced in every mode (the raw value is gone); a raw value in redact mode
            replace = self.policy.mode == REDACT or finding.key.startswith("#")
            parts.append(self._label(finding.kind, finding.key) if replace else text[finding.start:finding.end])
            at = finding.end
        parts.append(text[at:])
        return "".join(parts)

    def value(self, value: Any) -> Any:
        """Every string inside `value` (dicts, lists) redacted; keys are left as they are. Walked with a
        stack of its own, in the order a recursive walk takes (placeholder numbers depend on it): a payload
        nested 1,500 deep (the quarantine keeps such junk) must not raise RecursionError."""
        if not isinstance(value, (dict, list)):
            return self.text(value) if isinstance(value, str) else value
        root = _empty_like(value)
        stack = [(_members(value), root)]
        while stack:
            members, target = stack[-1]
            for key, item in members:
                if isinstance(item, (dict, list)):
                    child = _empty_like(item)
                    _put(target, key, child)
                    stack.append((_members(item), child))
                    break  # down first; this level's iterator resumes after
                _put(target, key, self.text(item) if isinstance(item, str) else item)
            else:
                stack.pop()
        return root


class StagingRedactor(Redactor):
    """Redacts staged text (spans waiting for their trace) with staging tokens keyed by `salt`, the
    trace's random salt: the same value gets the same token in every batch of the trace. Nothing is
    counted here: the tokens are counted when the record is written."""

    def __init__(self, policy: Policy, salt: str):
        super().__init__(policy)
        self._key = salt.encode()

    def _label(self, kind: str, key: str) -> str:
        if key.startswith("#"):  # a token already (sent back to us): kept as it is
            return f"[[{kind}{key}]]"
        digest = hmac.new(self._key, f"{kind}\x00{key}".encode("utf-8", "surrogatepass"), hashlib.sha256).digest()
        bits = int.from_bytes(digest[:3], "big")  # 24 bits: six letters of sixteen
        return f"[[{kind}#{''.join(_STAGED_LETTERS[(bits >> shift) & 15] for shift in range(20, -1, -4))}]]"


def _staged(text: str) -> list[Finding]:
    if "[[" not in text:
        return []
    return [Finding(m.start(), m.end(), m.group(1), "#" + m.group(2)) for m in STAGED.finditer(text)]


def _empty_like(value: dict | list) -> dict | list:
    return {} if isinstance(value, dict) else []


def _members(value: dict | list):
    return iter(value.items()) if isinstance(value, dict) else ((None, item) for item in value)


def _put(target: dict | list, key: Any, item: Any) -> None:
    if isinstance(target, dict):
        target[key] = item
    else:
        target.append(item)


def _walk_strings(value: Any, out: list[str]) -> None:
    """Every string inside `value`, appended to `out` (order does not matter to the callers: a presence
    scan and the highest placeholder numbers); no recursion, however deep the value."""
    stack = [value]
    while stack:
        value = stack.pop()
        kind = type(value)
        if kind is str:
            out.append(value)
        elif kind is dict:
            for item in value.values():
                if type(item) is str:
                    out.append(item)
                elif item is not None and type(item) not in (float, int, bool):
                    stack.append(item)
        elif kind is list or kind is tuple:
            stack.extend(value)
        elif isinstance(value, str):  # a str subclass
            out.append(str(value))
        elif isinstance(value, dict):
            stack.append(dict(value))
        elif isinstance(value, (list, tuple)):
            stack.append(list(value))


def _ordered_fields(doc: dict) -> list[str]:
    rest = [key for key in doc if key not in KEEP_FIELDS and key not in TEXT_FIELDS]
    return [key for key in TEXT_FIELDS if key in doc] + rest


def redact_record(doc: dict, policy: Policy, redactor: Redactor | None = None) -> tuple[dict, dict[str, int]]:
    """(the record with its personal data replaced, {kind: occurrences}). The product's text fields
    (query, answer, chunks, expected output, history, notes, reasons and any other field the product
    logged) and Evalboard's notes about them (`eb.issues`, `eb.invalid_versions`) are redacted with
    one placeholder table. In report mode the text is kept and only counted; `eb.redactions` holds
    the counts (never the values) when anything was found. `doc` itself is not changed."""
    if not policy.active:
        return doc, {}
    fields = _ordered_fields(doc)
    texts: list[str] = []
    for key in fields:
        _walk_strings(doc[key], texts)
    eb = doc.get("eb")
    if isinstance(eb, dict):
        for key in ("issues", "invalid_versions", "original"):
            _walk_strings(eb.get(key), texts)
    joined = "\n".join(texts)
    if not maybe_personal(joined, policy.terms) and not ("[[" in joined and STAGED.search(joined)):
        return doc, {}  # the common case: one scan of the record's text, nothing copied
    redactor = redactor or Redactor(policy)
    for text in texts:
        redactor.reserve(text)
    out = dict(doc)
    for key in fields:
        out[key] = redactor.value(doc[key])
    eb = doc.get("eb")
    if isinstance(eb, dict):
        eb = dict(eb)
        for key in ("issues", "invalid_versions", "original"):
            if key in eb:
                eb[key] = redactor.value(eb[key])
        counts = dict(sorted(redactor.counts.items()))
        if counts:
            eb["redactions"] = counts
            if policy.mode == REPORT:
                eb["redactions_reported_only"] = True  # found and counted, the text kept
        out["eb"] = eb
    return out, dict(sorted(redactor.counts.items()))


def redact_payload(raw: Any, policy: Policy) -> tuple[Any, dict[str, int]]:
    """A payload that could not be read as a record (for the quarantine): every string in it
    redacted (a bare string too), with the counts."""
    if not policy.active:
        return raw, {}
    redactor = Redactor(policy)
    return redactor.value(raw), dict(sorted(redactor.counts.items()))


def original_hash(raw: Any) -> str:
    """sha256 of the payload as it came in (kept beside a redacted quarantine entry, never the text)."""
    if isinstance(raw, (bytes, bytearray)):
        data = bytes(raw)
    elif isinstance(raw, str):
        data = raw.encode("utf-8", "surrogatepass")
    else:
        data = json.dumps(raw, sort_keys=True, default=str, ensure_ascii=True).encode()
    return hashlib.sha256(data).hexdigest()


def redact_text(text: str, policy: Policy) -> str:
    """One free text (a note, a file name), with placeholders of its own."""
    if not policy.active or not isinstance(text, str):
        return text
    return Redactor(policy).text(text)
