"""What kind of answer a question asks for, and whether a short answer is of that kind (answer relevancy of
short answers, issue 28: "Russian" to "What is the nationality of ...?", "1987" to "In what year ...?").

A short answer rarely restates its question, so similarity and aspect coverage say little about it; being the
kind of thing asked — a year, a number, a name, a yes or no — says that it takes the question up. Not whether
it is right: faithfulness checks the answer against the context.
"""
from __future__ import annotations

import re

from .text.numbers import months, numbers
from .text.words import stem

YEAR, NUMBER, NAME, YES_NO = "a year or date", "a number", "a name", "a yes or no"

_AUX = r"(?:is|are|was|were|do|does|did|can|could|has|have|had|will|would|should|shall|may|might|must)"
_YES_NO_Q = re.compile(rf"^\s*{_AUX}\b", re.IGNORECASE)
_YEAR_Q = re.compile(r"\b(?:what|which)\s+(?:year|date|decade|century)\b|\bwhen\b|\byear\s+(?:was|were|did)\b",
                     re.IGNORECASE)
_NUMBER_Q = re.compile(r"\bhow\s+(?:many|much|old|long|far|tall|high|big|large|often|fast|deep|wide|heavy)\b"
                       r"|\bwhat\s+(?:percentage|percent|number|amount|age|population)\b", re.IGNORECASE)
_NAME_Q = re.compile(r"\b(?:who|whom|whose|which|where)\b|\bwhat\b(?!\s+(?:does|do|did|happens|happened|causes|"
                     r"caused|makes|made)\b)", re.IGNORECASE)
_YES_NO_A = re.compile(r"^\s*(?:yes|no|yeah|nope|correct|incorrect|true|false|not)\b", re.IGNORECASE)
_WORD = re.compile(r"[^\W\d_][\w'’.-]*")
_NOT_NAMES = frozenset({"yes", "no", "i", "the", "a", "an", "it", "he", "she", "they", "not"})


def asked_kind(question: str) -> str | None:
    """The kind of answer `question` asks for, or None when it asks for an explanation, a choice or more."""
    q = question.strip()
    if not q or " or " in q.lower():  # "Is X or Y older?": a choice, not a yes or no
        return None
    if _YES_NO_Q.search(q):
        return YES_NO
    if _YEAR_Q.search(q):
        return YEAR
    if _NUMBER_Q.search(q):
        return NUMBER
    if _NAME_Q.search(q):
        return NAME
    return None


def _names(answer: str, question: str) -> list[str]:
    """The answer's capitalised words that its question does not already say."""
    asked = {stem(w.lower()) for w in _WORD.findall(question)}
    return [w for w in _WORD.findall(answer)
            if w[:1].isupper() and w.lower() not in _NOT_NAMES and stem(w.lower()) not in asked]


def is_kind(answer: str, kind: str, question: str = "") -> bool:
    """Is `answer` of `kind` (a year or date, a number, a name the question does not say, a yes or no)?"""
    if kind == YES_NO:
        return bool(_YES_NO_A.search(answer))
    if kind == YEAR:
        return bool(months(answer)) or any(isinstance(n, float) and 1 <= n <= 2100 and n == int(n)
                                           for n in numbers(answer))
    if kind == NUMBER:
        return bool(numbers(answer))
    return bool(_names(answer, question))


def short_answer_kind(question: str, answer: str) -> str | None:
    """The kind the question asks for when the (short) answer is of it, else None."""
    kind = asked_kind(question)
    return kind if kind is not None and is_kind(answer, kind, question) else None
