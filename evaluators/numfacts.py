"""Issue 28 (judge30), rule `number_neighbours` of evaluators/rules.py: which fact a number belongs to.

A claim that joins two facts of the context in one sentence ("The Great Pyramid was built for Khufu around 2560 BC
and first stood about 146 metres tall", where "146" is in another sentence than "Khufu" and "2560 BC") had its
number read as "in the context but not with this fact" (support x 0.4). With this rule a number the context
holds is with the claim's fact when a sentence that gives it shares a content word near it with the claim's words
near it ("stood ... 146 ... tall" / "It originally stood about 146 m tall"); unit and time words, quantifiers and
other numbers do not count as shared (every length of time has "days"), so a figure moved to another step ("Rest
it for 20 minutes" where 20 minutes is the roasting time) stays displaced; a number that names a thing ("Section
101", "step 4") is never matched by its neighbours.
"""
from __future__ import annotations

import re
from functools import lru_cache

from . import checks as C
from .text.negation import is_negation_word
from .text.numbers import _NUMBER_WORDS, numbers
from .text.references import strip_citations
from .text.words import STOPWORDS, stem

_WORD_RE = re.compile(r"[A-Za-z\u00C0-\u024F]+(?:['\u2019][A-Za-z]+)?|\d+(?:[.,]\d+)*")
_WINDOW = 4  # words each side of the number
_NOT_SHARED = frozenset("month months year years decade decades century centuries per about around roughly nearly "
                        "approximately almost least most over under more less than up within only some exactly "
                        "total each every".split())
# a number after one of these names a thing ("Section 101", "step 4", "passage 2"): which thing it is is the fact,
# so its neighbours say nothing
_LABELS = frozenset("section sections sec clause clauses article articles art rule rules chapter schedule step steps "
                    "page pages para paragraph item items part box table figure fig form passage passages verse line "
                    "order act code no number version model route room flight gate platform level grade class "
                    "exhibit appendix annex".split())


@lru_cache(maxsize=8192)
def near_words(text: str, n: float) -> frozenset:
    """The stems of the content words within _WINDOW words of each mention of number `n` in `text` (digits or a
    number word), units, time words, quantifiers and numbers aside."""
    toks = [m.group(0) for m in _WORD_RE.finditer(strip_citations(text or ""))]
    out: set = set()
    for i, t in enumerate(toks):
        low = t.lower()
        v = _NUMBER_WORDS.get(low)
        if not ((v is not None and float(v) == n) or (low[0].isdigit() and n in numbers(t))):
            continue
        if any(w.lower().rstrip(".") in _LABELS for w in toks[max(0, i - 2):i]):
            return frozenset()
        for w in toks[max(0, i - _WINDOW):i] + toks[i + 1:i + 1 + _WINDOW]:
            lw = w.lower()
            if len(lw) < 3 or lw in STOPWORDS or lw[0].isdigit() or lw in _NUMBER_WORDS or lw in _NOT_SHARED \
                    or C._unit(lw) is not None or is_negation_word(lw):
                continue
            out.add(stem(lw))
    return frozenset(out)


def said_with(n, claim: str, sentences) -> bool:
    """Whether number `n` of `claim` is given in one of `sentences` next to a content word the claim also has next
    to it. Dates, percentages and other tagged values (tuples) are never matched this way."""
    if isinstance(n, tuple):
        return False
    mine = near_words(claim, n)
    if not mine:
        return False
    return any(n in numbers(s) and mine & near_words(s, n) for s in sentences)
