"""Privacy placeholders ("[EMAIL_1]", written by core/privacy) as the scorer reads them (issue 31).

A placeholder is one opaque token equal only to itself: not the word "email" nor the number 1. A number's
placeholder (phone, Aadhaar, card, account, IP) is a number the text names; as a question's aspect it weighs
what the value it replaced weighed; the embedding model reads a fixed made-up stand-in for it. So a redacted
record scores as its original: the same value is the same placeholder in question, answer and chunks.
"""
from __future__ import annotations

from core.privacy import PLACEHOLDER
from core.privacy.detectors import AADHAAR, BANK_ACCOUNT, CARD, EMAIL, IFSC, IP, NAME, PAN, PHONE

# kinds whose values are numbers: their placeholder counts as a number (matched by identity), as the digits did
NUMBER_KINDS = frozenset({PHONE, CARD, AADHAAR, BANK_ACCOUNT, IP})
# what the value weighed among a question's aspects (local.aspect_weights: 3 a digit group, 1.5 a name's word,
# 1 a word), as such values are usually written: "+91 98765 43210", "2345 6789 0124", a first and a last name,
# "ravi.kumar@gmail.com"; so the question's other aspects keep their share
_ASPECT_WEIGHTS = {PHONE: 6.0, AADHAAR: 9.0, CARD: 12.0, BANK_ACCOUNT: 3.0, IP: 3.0, NAME: 3.0, EMAIL: 3.0,
                   PAN: 4.0, IFSC: 4.0}
# Stand-ins the embedding model reads: fixed made-up values (never derived from the redacted ones), the same for
# the same placeholder, so "[NAME_1]" in a question and in a chunk still read as one shared name, as the value
# did (left out, the question-chunk similarity the shared value gave was lost: relevancy moved by 0.09)
_FIRST = ("Asha", "Vikram", "Meera", "Rohan", "Kavya", "Arjun", "Nisha", "Farhan")
_LAST = ("Rao", "Sethi", "Iyer", "Malhotra", "Bose", "Kulkarni", "Menon", "Chawla")


def is_placeholder(token: str) -> bool:
    return token[:1] == "["


def placeholder_kind(token: str) -> str | None:
    m = PLACEHOLDER.fullmatch(token) if token[:1] == "[" else None
    return m.group(1) if m else None


def placeholder_weight(token: str) -> float | None:
    """A placeholder's weight as a question aspect; None for any other token."""
    kind = placeholder_kind(token)
    return None if kind is None else _ASPECT_WEIGHTS.get(kind, 3.0)  # a term of the team's list: a name


def without_placeholders(text: str) -> str:
    """`text` with its placeholders blanked (for what reads numbers, names or acronyms)."""
    return PLACEHOLDER.sub(" ", text) if "[" in text else text


def stand_in(kind: str, n: int) -> str:
    """A made-up value of `kind` for placeholder number `n`: distinct numbers give unrelated values."""
    a, b = (n * 7331) % 10000, (n * 1103 + 5) % 100000
    if kind == EMAIL:
        return f"{_FIRST[(n + 3) % 8].lower()}.{10 + n}@gmail.com"
    if kind in (PHONE, BANK_ACCOUNT):
        return f"9{a:04d}{b:05d}" if kind == PHONE else f"5010{a:04d}{b:05d}"
    if kind in (AADHAAR, CARD):
        return f"{2000 + a:04d} {b % 10000:04d} {(n * 9001) % 10000:04d}" + (" 4111" if kind == CARD else "")
    if kind == IP:
        return f"10.{n % 250}.{a % 250}.{b % 250}"
    if kind in (PAN, IFSC):
        return f"ABCP{_LAST[n % 8][0]}{a:04d}K" if kind == PAN else f"SBIN000{a:04d}"
    return f"{_FIRST[n % 8]} {_LAST[(n * 3) % 8]}"  # a name, or a term of the team's list


def for_embedding(text: str) -> str:
    """The text the embedding model reads: each placeholder replaced by its stand-in value."""
    if "[" not in text:
        return text
    return PLACEHOLDER.sub(lambda m: stand_in(m.group(1), int(m.group(2))), text)
