"""Detectors of personal data in free text: where each value is, its kind, and a key that is the
same for two spellings of one value (so "+91 98765 43210" and "9876543210" get one placeholder).

Pure functions over a string. Each detector is a regular expression plus a check:
- checksums where the number has one (cards: Luhn and the issuer prefix; Aadhaar: Verhoeff),
- cue words where the value alone looks like any number (bank accounts: "A/c No.", "account"),
- the law's own numbers left alone: a bare run of digits right after a legal cue ("Section",
  "Article", "No.", "SCC", "Rs.", "₹" ...) is a reference or an amount, not a phone or an Aadhaar,
  unless a personal cue ("mobile", "Aadhaar", "call") stands closer to it.
A record is first looked at whole (`maybe_personal`: each character mapped to its class in C, then a
few literal-led searches); most records stop there. Within a text, a detector runs only where its
shape occurs (an "@", a run of 8+ digits, a PAN/IFSC shape, a dotted quad or colons).
"""
from __future__ import annotations

import ipaddress
import re
from dataclasses import dataclass
from functools import lru_cache

from core.privacy.checksums import luhn_valid, verhoeff_valid

EMAIL, PHONE, CARD, AADHAAR, PAN, IFSC, BANK_ACCOUNT, IP, NAME = (
    "EMAIL", "PHONE", "CARD", "AADHAAR", "PAN", "IFSC", "BANK_ACCOUNT", "IP", "NAME")
KINDS = (EMAIL, PHONE, CARD, AADHAAR, PAN, IFSC, BANK_ACCOUNT, IP, NAME)
# where two findings overlap, the one of the earlier kind wins (then the longer one)
_PRIORITY = {kind: i for i, kind in enumerate((EMAIL, NAME, BANK_ACCOUNT, IFSC, PAN, CARD, AADHAAR, PHONE, IP))}


@dataclass(frozen=True)
class Finding:
    start: int
    end: int
    kind: str
    key: str  # the value normalised: one placeholder per key and kind within a record


# --- context: is this number personal, or one of the law's? -------------------------------------
_PERSONAL_CUE = re.compile(
    r"(?i)\b(?:aadhaa?r|uid(?:ai)?|mobile|mob|phone|ph|tel|telephone|contact|call|calls|called|whatsapp|sms|"
    r"cell|reach|dial|card|a/c|account|acct|pan|ifsc|ip|address|number is|no\. is)\b")
_LEGAL_CUE = re.compile(
    r"(?i)(?:\b(?:sections?|secs?|ss?|u/s|articles?|arts?|rules?|orders?|o|r|clauses?|cl|paras?|paragraphs?|"
    r"schedules?|chapters?|regulations?|regs?|acts?|cases?|appeals?|petitions?|suits?|diary|fir|crime|cnr|slp|"
    r"wp|w\.p|scc|air|scr|mlj|all|bom|del|cal|mad|ker|kar|guj|ori|pat|raj|insc|online|vol|pp?|pages?|cri|"
    r"crl|crlj|misc|nos?|cc|os|cs|ia|ita|oa|ma|rfa|lpa|mac|citation|reference|ref|judgment|dated|of|year|"
    r"rs|inr|lakhs?|crores?|amount|sum|fine|compensation|penalty|bail|bond)\b\.?|[₹$€£§])"
    r"[\s().:,/-]*(?:\w[\w.()/-]{0,10}[\s.:,-]+)?$")
_PERSONAL_WINDOW, _LEGAL_WINDOW = 40, 24


def _personal_context(text: str, start: int) -> bool:
    return _PERSONAL_CUE.search(text, max(0, start - _PERSONAL_WINDOW), start) is not None


def _legal_context(text: str, start: int) -> bool:
    """A legal cue ends right before the number ("Section 138", "No. 1234", "Rs. 50000")."""
    window = text[max(0, start - _LEGAL_WINDOW):start]
    return _LEGAL_CUE.search(window) is not None


def _law_number(text: str, start: int) -> bool:
    return _legal_context(text, start) and not _personal_context(text, start)


# --- the detectors ----------------------------------------------------------------------------
_EMAIL = re.compile(r"(?<![\w.+-])[A-Za-z0-9._%+-]{1,64}@[A-Za-z0-9](?:[A-Za-z0-9-]{0,62}[A-Za-z0-9])?"
                    r"(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,62}[A-Za-z0-9])?)*\.[A-Za-z]{2,24}(?![\w-])")
# phones: with a country code (+91, 0091, +44 ...), an Indian mobile (6-9 then 9 digits, a leading 0
# allowed), an Indian landline (0 + STD code + number) and the (415) 555-0132 / 415-555-0132 forms
_PHONE_INTL = re.compile(r"(?<![\w+(./-])\(?(?:\+|00)(\d{1,3})\)?[\s.-]?(?:\(0?\d{1,4}\)[\s.-]?)?\d(?:[\s.-]?\d){5,12}"
                         r"(?![\w/]|[.-]\d)")
_PHONE_IN = re.compile(r"(?<![\w/.+-])(?:\(?0\)?[\s-]?)?[6-9]\d(?:[\s-]?\d){8}(?![\w/]|[.-]\d)")
_PHONE_LAND = re.compile(r"(?<![\w/.+-])\(?0\d{2,4}\)?[\s-]\d{3,4}[\s-]?\d{3,4}(?![\w/]|[.-]\d)")
_PHONE_NANP = re.compile(r"(?<![\w/.+-])(?:\(\d{3}\)\s?|\d{3}[.-])\d{3}[.-]\d{4}(?![\w/]|[.-]\d)")
_CARD = re.compile(r"(?<![\w/.-])\d(?:[ -]?\d){12,18}(?![\w/]|[.-]\d)")
_AADHAAR = re.compile(r"(?<![\w/.-])[2-9]\d{3}([ -]?)\d{4}\1\d{4}(?![\w/]|[.-]\d)")
_ACCOUNT = re.compile(r"(?i)\b(?:a/c|acct|account|bank\s+account)\b[^\d\n]{0,30}?(\d(?:[ -]?\d){8,17})(?![\w/])")
_CAPS = re.compile(r"\b[A-Z]{4}(?:[A-Z]\d{4}[A-Z]|0[A-Z0-9]{6})\b")  # PAN and IFSC share a shape
_PAN_ENTITY = set("ABCFGHJLPT")  # 4th letter: P person, C company, H HUF, F firm, T trust, ...
_IFSC_CUE = re.compile(r"(?i)\b(?:ifsc|bank|branch|neft|rtgs|imps|a/c|account)\b")
_IPV4 = re.compile(r"(?<![\w.])(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)"
                   r"(?![\w]|\.\d)")
_IPV6 = re.compile(r"(?<![\w:])(?:[0-9A-Fa-f]{0,4}:){2,7}[0-9A-Fa-f]{0,4}(?![\w:])")
_CARD_PREFIX = re.compile(r"^(?:4|5[1-5]|2[2-7]|3[47]|3[5689]|6|8[12]|508)")


def _digits(text: str) -> str:
    return "".join(ch for ch in text if ch.isdigit())


def _emails(text: str, out: list[Finding]) -> None:
    if "@" not in text:
        return
    for m in _EMAIL.finditer(text):
        out.append(Finding(m.start(), m.end(), EMAIL, m.group().lower()))


def _phones(text: str, out: list[Finding]) -> None:
    for m in _PHONE_INTL.finditer(text):
        digits = _digits(m.group())
        if 8 <= len(digits) - (2 if m.group().lstrip("(").startswith("00") else 0) <= 15:
            out.append(Finding(m.start(), m.end(), PHONE, digits[-10:]))
    for pattern in (_PHONE_IN, _PHONE_LAND, _PHONE_NANP):
        for m in pattern.finditer(text):
            digits = _digits(m.group())
            if 10 <= len(digits) <= 12 and not _law_number(text, m.start()):
                out.append(Finding(m.start(), m.end(), PHONE, digits[-10:]))


def _numbers(text: str, out: list[Finding]) -> None:
    """Cards, Aadhaar numbers and bank accounts (all need a long run of digits)."""
    for m in _CARD.finditer(text):
        digits = _digits(m.group())
        if 13 <= len(digits) <= 19 and _CARD_PREFIX.match(digits) and luhn_valid(digits) \
                and not _law_number(text, m.start()):
            out.append(Finding(m.start(), m.end(), CARD, digits))
    for m in _AADHAAR.finditer(text):
        digits = _digits(m.group())
        cued = re.search(r"(?i)\baadhaa?r|\buid", text[max(0, m.start() - _PERSONAL_WINDOW):m.start()])
        if cued or (verhoeff_valid(digits) and not _law_number(text, m.start())):
            out.append(Finding(m.start(), m.end(), AADHAAR, digits))
    for m in _ACCOUNT.finditer(text):
        out.append(Finding(m.start(1), m.end(1), BANK_ACCOUNT, _digits(m.group(1))))


def _capitals(text: str, out: list[Finding]) -> None:
    for m in _CAPS.finditer(text):
        value = m.group()
        if value[4] == "0" and not value[4:].isalpha():
            if any(ch.isdigit() for ch in value[5:]) or _IFSC_CUE.search(text, max(0, m.start() - 40), m.start()):
                out.append(Finding(m.start(), m.end(), IFSC, value))
        elif value[3] in _PAN_ENTITY and value[5:9].isdigit():
            out.append(Finding(m.start(), m.end(), PAN, value))


def _ips(text: str, out: list[Finding]) -> None:
    if text.count(".") >= 3:
        for m in _IPV4.finditer(text):
            if not _law_number(text, m.start()):
                out.append(Finding(m.start(), m.end(), IP, m.group()))
    if "::" in text or text.count(":") >= 7:
        for m in _IPV6.finditer(text):
            try:
                address = ipaddress.IPv6Address(m.group())
            except ValueError:
                continue
            if m.group().count(":") >= 7 or "::" in m.group():
                if len(m.group()) > 2:
                    out.append(Finding(m.start(), m.end(), IP, str(address)))


@lru_cache(maxsize=32)
def terms_pattern(terms: tuple[tuple[str, str], ...]) -> re.Pattern | None:
    """One case-insensitive, whole-word pattern for a team's list of (kind, term); longest first."""
    words = sorted({term for _kind, term in terms if term.strip()}, key=len, reverse=True)
    if not words:
        return None
    body = "|".join(r"\s+".join(re.escape(part) for part in word.split()) for word in words)
    return re.compile(rf"(?<!\w)(?:{body})(?!\w)", re.IGNORECASE)


def _term_key(value: str) -> str:
    return " ".join(value.casefold().split())


@lru_cache(maxsize=32)
def _term_kinds(terms: tuple[tuple[str, str], ...]) -> dict[str, str]:
    return {_term_key(term): kind for kind, term in terms}


def _terms(text: str, terms: tuple[tuple[str, str], ...], out: list[Finding]) -> None:
    pattern = terms_pattern(terms)
    if pattern is None:
        return
    kinds = _term_kinds(terms)
    for m in pattern.finditer(text):
        key = _term_key(m.group())
        out.append(Finding(m.start(), m.end(), kinds.get(key, NAME), key))


# The first look at a whole record: each character mapped to its class (9 digit, A capital, "." dot,
# "," other separator, "@", ":") in C (encode + bytes.translate), then literal-led searches on that.
# It answers True for everything `detect` can find (non-ASCII characters are dropped, which only joins
# neighbours: never a miss) and False for most legal prose, which then costs no per-field work.
def _class_table() -> bytes:
    table = bytearray(b"_" * 256)
    for ch in b"0123456789":
        table[ch] = ord("9")
    for ch in b"ABCDEFGHIJKLMNOPQRSTUVWXYZ":
        table[ch] = ord("A")
    for ch in b" ()-\t\n\r\x0b\x0c":
        table[ch] = ord(",")
    for ch in b".@:":
        table[ch] = ch
    return bytes(table)


_CLASSES = _class_table()
_RUN_OF_DIGITS = re.compile(rb"9(?:[,.]{0,2}9){7,}")     # phones, cards, Aadhaar, accounts
_CAPITALS_SHAPE = re.compile(rb"AAAA(?:A9999A|9[A9]{6})")  # PAN, IFSC
_DOTTED_QUAD = re.compile(rb"9{1,3}\.9{1,3}\.9{1,3}\.9")   # IPv4


def maybe_personal(text: str, terms: tuple[tuple[str, str], ...] = ()) -> bool:
    """False when `text` cannot hold anything `detect` finds."""
    classes = text.encode("ascii", "ignore").translate(_CLASSES)
    if b"@" in classes or _RUN_OF_DIGITS.search(classes) or _CAPITALS_SHAPE.search(classes) \
            or _DOTTED_QUAD.search(classes) or "::" in text or text.count(":") >= 7:
        return True
    pattern = terms_pattern(terms) if terms else None
    return pattern is not None and pattern.search(text) is not None


def detect(text: str, terms: tuple[tuple[str, str], ...] = ()) -> list[Finding]:
    """Every personal value in `text`, left to right, without overlaps."""
    if not text:
        return []
    found: list[Finding] = []
    classes = text.encode("ascii", "ignore").translate(_CLASSES)  # which detectors can match at all
    if b"@" in classes:
        _emails(text, found)
    if _RUN_OF_DIGITS.search(classes):
        _phones(text, found)
        _numbers(text, found)
    if _CAPITALS_SHAPE.search(classes):
        _capitals(text, found)
    if _DOTTED_QUAD.search(classes) or "::" in text or text.count(":") >= 7:
        _ips(text, found)
    if terms:
        _terms(text, terms, found)
    if len(found) < 2:
        return found
    found.sort(key=lambda f: (_PRIORITY[f.kind] if f.kind in _PRIORITY else 1, -(f.end - f.start), f.start))
    kept: list[Finding] = []
    for finding in found:
        if all(finding.end <= k.start or finding.start >= k.end for k in kept):
            kept.append(finding)
    return sorted(kept, key=lambda f: f.start)
