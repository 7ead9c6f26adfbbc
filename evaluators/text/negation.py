"""Negation: negation words (explicit, implicit "excludes", prefixed "unexplained"), bounds that are not
denials ("not more than 4"), and the negations near a claim's words. Pure functions."""
from __future__ import annotations

import re

from ..placeholders import without_placeholders
from .words import match_in, NEGATIONS, prefix_index, stem, STOPWORDS


# "not exceeding 20 lakh", "no more than 4", "not less than one year": a bound on a quantity, not a denial
_BOUND_RE = re.compile(r"\b(?:not|no|n't)\s+(?:be\s+)?(?:exceed\w*|more|less|later|earlier|fewer|beyond|over|under|"
                       r"above|below)\b", re.IGNORECASE)
# words that deny without a "not": "excludes X" says what "does not include X" says
_IMPLICIT_NEGATIONS = frozenset("exclude excludes excluded excluding except prohibited prohibits barred fail fails failed "
                                 "failing refuse refuses refused refusing bars barring prohibit prohibiting forbid forbids "
                                 "forbidden forbidding preclude precludes precluded precluding".split())  # "fails to pay" = "does not pay"


def _negation_words(text: str) -> list[str]:
    t = _BOUND_RE.sub(" ", (text or "").lower().replace("\u2019", "'"))
    return re.findall(r"[a-z]+(?:'[a-z]+)?", t)


def is_negation_word(w: str) -> bool:
    return w in NEGATIONS or w.endswith("n't") or w in _IMPLICIT_NEGATIONS


_NEG_PREFIXES = ("non-", "non", "un")


def prefixed_negations(text: str, sentence_stems) -> int:
    """Words of `text` that negate by a prefix ("unexplained", "non-bailable") whose rest is a word among
    `sentence_stems` ("explan"): they deny what "no explanation" / "not bailable" deny."""
    idx = prefix_index(sentence_stems)
    n = 0
    for w in re.findall(r"[a-z]+(?:-[a-z]+)?", (text or "").lower()):
        for pre in _NEG_PREFIXES:
            rest = w[len(pre):]
            if w.startswith(pre) and len(rest) >= 5 and not (pre == "non-" and "non" in sentence_stems) \
                    and match_in(stem(rest), sentence_stems, idx) is not None and stem(w) not in sentence_stems:
                n += 1
                break
    return n


def negation_count(text: str) -> int:
    return sum(1 for w in _negation_words(text) if is_negation_word(w))


_TOKEN_POS_RE = re.compile(r"[A-Za-z\u00C0-\u024F]+(?:['\u2019][A-Za-z]+)?|\d+(?:[.,]\d+)*")


# negation words that deny nothing of what follows: a quantifier or a contrast ("not all ovens", "not only",
# "no matter", "whether or not", "if not", "rather than")
_NON_DENIAL_RE = re.compile(r"\b(?:not\s+(?:all|every|only|just|necessarily|always)|no\s+matter|whether\s+or\s+not|"
                            r"if\s+not|or\s+not|not\s+to\s+mention|nothing\s+but|none\s+other\s+than)\b",
                            re.IGNORECASE)


def without_non_denials(text: str) -> str:
    return _NON_DENIAL_RE.sub(" ", text or "")


def negation_count_near(sentence: str, anchors: set, scope: int = 3, strict: bool = False) -> int:
    """Negations of `sentence` that bear on the words in `anchors` (stems): those with an anchor
    among the next `scope` content words ("was not valid", "no more than 4 doses"). A negation
    elsewhere in a long sentence ("..., with no more than 4 doses" for a claim about the dose)
    does not negate the claim's words. All of the sentence's negations when no anchor occurs in it."""
    words = [m.group(0).lower() for m in _TOKEN_POS_RE.finditer(
        _BOUND_RE.sub(" ", without_placeholders(sentence or "").replace("\u2019", "'")))]
    stems = [None if (w in STOPWORDS or is_negation_word(w)) else stem(w.replace(",", "")) for w in words]
    if not any(st in anchors for st in stems if st):
        return 0 if strict else negation_count(sentence)
    n = 0
    for i, w in enumerate(words):
        if is_negation_word(w):
            nxt = [st for st in stems[i + 1:] if st][:scope]
            n += any(st in anchors for st in nxt)
    return n
