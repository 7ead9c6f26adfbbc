"""Check digits that tell a personal number from any other run of digits.

Luhn (payment cards) and Verhoeff (Aadhaar, UIDAI's scheme; the tables are the
dihedral group D5 as in presidio-analyzer's InAadhaarRecognizer). A random run of
digits passes Luhn or Verhoeff one time in ten, so these cut false positives on legal
text (case numbers, amounts) by 90 % before any context rule looks at it.
"""
from __future__ import annotations

_VERHOEFF_D = (
    (0, 1, 2, 3, 4, 5, 6, 7, 8, 9), (1, 2, 3, 4, 0, 6, 7, 8, 9, 5), (2, 3, 4, 0, 1, 7, 8, 9, 5, 6),
    (3, 4, 0, 1, 2, 8, 9, 5, 6, 7), (4, 0, 1, 2, 3, 9, 5, 6, 7, 8), (5, 9, 8, 7, 6, 0, 4, 3, 2, 1),
    (6, 5, 9, 8, 7, 1, 0, 4, 3, 2), (7, 6, 5, 9, 8, 2, 1, 0, 4, 3), (8, 7, 6, 5, 9, 3, 2, 1, 0, 4),
    (9, 8, 7, 6, 5, 4, 3, 2, 1, 0))
_VERHOEFF_P = (
    (0, 1, 2, 3, 4, 5, 6, 7, 8, 9), (1, 5, 7, 6, 2, 8, 3, 0, 9, 4), (5, 8, 0, 3, 7, 9, 6, 1, 4, 2),
    (8, 9, 1, 6, 0, 4, 3, 5, 2, 7), (9, 4, 5, 3, 1, 2, 6, 8, 7, 0), (4, 2, 8, 6, 5, 7, 3, 9, 0, 1),
    (2, 7, 9, 3, 8, 0, 6, 4, 1, 5), (7, 0, 4, 6, 9, 1, 3, 2, 5, 8))
_VERHOEFF_INV = (0, 4, 3, 2, 1, 5, 6, 7, 8, 9)


def luhn_valid(digits: str) -> bool:
    """The Luhn (mod 10) check of a string of digits, check digit last."""
    total = 0
    for i, ch in enumerate(reversed(digits)):
        d = ord(ch) - 48
        if i % 2:
            d = d * 2 - 9 if d > 4 else d * 2
        total += d
    return total % 10 == 0


def verhoeff_valid(digits: str) -> bool:
    """The Verhoeff check of a string of digits, check digit last."""
    c = 0
    for i, ch in enumerate(reversed(digits)):
        c = _VERHOEFF_D[c][_VERHOEFF_P[i % 8][ord(ch) - 48]]
    return c == 0


def verhoeff_digit(digits: str) -> str:
    """The check digit that makes `digits` + it Verhoeff-valid (test data builders use it)."""
    c = 0
    for i, ch in enumerate(reversed(digits)):
        c = _VERHOEFF_D[c][_VERHOEFF_P[(i + 1) % 8][ord(ch) - 48]]
    return str(_VERHOEFF_INV[c])


def luhn_digit(digits: str) -> str:
    """The check digit that makes `digits` + it Luhn-valid."""
    for d in "0123456789":
        if luhn_valid(digits + d):
            return d
    raise AssertionError("unreachable")
