"""Issue 28 (judge30): two claim checks about polarity, each a named rule of evaluators/rules.py; pure functions
over text, called from evaluators/support.py (`_check_negation`, `_check_contradiction`).

- `contrasts` (rule `contrast_words`): contradictions that the antonym list of checks.contradictions cannot see
  because one side says it with a phrase or a compound, not with the opposite word:
    "food cooks faster" / "food takes longer to cook"           (a phrase for a pole: "takes longer" = slower)
    "efforts ... succeeded" / "attempts ... were blocked"       (a passive of failure = unsuccessful)
    "a few centimetres deeper than before" / "at the same depth as before"   (a change against "the same")
    "water-based ink" / "an oil-based ink"                      (a compound whose first part is swapped)
  The phrases are rewritten into a word of an existing antonym pole and checks.contradictions judges the pair
  (same rules: the words around them must match, no negation near either). The reason names the phrase.
- `flip_holds` (rule `negation_clause`): a negation flip found by the negation check is dropped when
    the negation sits in another clause of the sentence than the claim's words ("The Moon does not make its
    own light; we see sunlight reflected from its surface" does not deny "The Moon shines by reflected
    sunlight": a negation's reach stops at ";", ":", a dash or ", but"),
    the words it covers are also said plainly elsewhere in the sentence ("A person who is not liable to be
    registered may still get himself registered voluntarily" does not deny "You may still register
    voluntarily"), or
    one side prevents what the other negates ("so it does not brown" / "to stop it turning brown").
"""
from __future__ import annotations

import re
from functools import lru_cache

from . import checks as C
from .text.negation import _BOUND_RE, _TOKEN_POS_RE, is_negation_word, prefixed_negations, without_non_denials
from .text.numbers import _NUMBER_WORDS
from .text.references import strip_citations
from .text.words import STOPWORDS, content_tokens, stem

# --- rule contrast_words ---------------------------------------------------------------------------------------

# phrase -> a word of one pole of checks._ANTONYM_GROUPS; general English, each says the same as that word
_PHRASES = [
    (re.compile(r"\b(?:takes?|took|taking|taken|need|needs|needed)\s+(?:much\s+|a\s+lot\s+|a\s+bit\s+|far\s+)?"
                r"longer\b", re.I), "slower"),
    (re.compile(r"\b(?:takes?|took|taking|taken)\s+(?:much\s+|far\s+)?less\s+time\b", re.I), "faster"),
    (re.compile(r"\b(?:was|were|been|being|is|are|got|get|gets)\s+(?:\w+ly\s+)?(?:blocked|thwarted|foiled|"
                r"defeated|vetoed|voted\s+down|struck\s+down|turned\s+down)\b", re.I), "unsuccessful"),
    (re.compile(r"\b(?:came|come|comes|went|go|goes)\s+to\s+nothing\b", re.I), "unsuccessful"),
    (re.compile(r"\b[a-z]{2,}er\s+than\s+(?:before|usual|normal|previously|it\s+was|they\s+were|the\s+old\s+one)\b",
                re.I), "different"),
    (re.compile(r"\bmore\s+[a-z]+\s+than\s+(?:before|usual|normal|previously|it\s+was|they\s+were)\b", re.I),
     "different"),
]
_COMPOUND_RE = re.compile(r"\b([a-z]{2,})-([a-z]{3,})\s+([a-z]{2,})?", re.I)


def _rewrite(text: str) -> tuple[str, dict[str, str]]:
    """`text` with each phrase of _PHRASES replaced by its pole word, and pole word -> the phrase it replaced."""
    said: dict[str, str] = {}
    for rx, word in _PHRASES:
        def sub(m, word=word):
            said.setdefault(word, m.group(0))
            return word
        text = rx.sub(sub, text)
    return text, said


def _compound_swaps(claim: str, sentence: str) -> list[tuple[str, str]]:
    """("water-based", "oil-based") where the claim's compound and the sentence's share their second part and
    the word after it, and the first parts differ (numbers and number words aside: lengths of time are the
    quantity rule's), the claim's first part being absent from the sentence."""
    s_low = sentence.lower()
    s_toks = set(C._tokens(sentence))
    a_toks = set(C._tokens(claim))
    out = []
    for m in _COMPOUND_RE.finditer(claim):
        first, second, nxt = m.group(1).lower(), m.group(2).lower(), (m.group(3) or "").lower()
        if first in s_toks or first in _NUMBER_WORDS or first in STOPWORDS or first in ("non", "un", "self"):
            continue
        for n in _COMPOUND_RE.finditer(s_low):
            other, second2, nxt2 = n.group(1), n.group(2), n.group(3) or ""
            if second2 != second or other == first or other in a_toks or other in _NUMBER_WORDS \
                    or other in STOPWORDS or other in ("non", "un", "self"):
                continue
            if nxt and nxt2 and stem(nxt) == stem(nxt2) and nxt not in STOPWORDS:
                out.append((f"{first}-{second}", f"{other}-{second}"))
                break
    return out


@lru_cache(maxsize=8192)
def contrasts(claim: str, sentence: str) -> tuple[tuple[str, str], ...]:
    """(what the claim says, what the sentence says instead) for contradictions said with a phrase or a compound
    (see the module docstring); () when none. Only pairs the antonym list alone does not find."""
    if C.contradictions(claim, sentence):
        return ()
    a, said_a = _rewrite(claim)
    b, said_b = _rewrite(sentence)
    pairs = []
    if said_a or said_b:
        for w, v in C.contradictions(a, b):
            if w in said_a or v in said_b:  # a pair the rewrite made
                pairs.append((said_a.get(w, w), said_b.get(v, v)))
    return tuple(pairs or _compound_swaps(claim, sentence))


# --- rule negation_clause --------------------------------------------------------------------------------------

_CLAUSE_RE = re.compile(r"[;:]|\s[\u2014\u2013-]\s|\u2014|,\s+(?=(?:but|while|whereas|although|though|yet)\b)", re.I)
_PREVENT = frozenset("stop stops stopped stopping prevent prevents prevented preventing avoid avoids avoided "
                     "avoiding".split())
_SCOPE = 3  # content words after a negation that it covers (as negation_count_near)
# a modal starts another verb phrase: "who is not liable to be registered | may still get himself registered"
_MODALS = frozenset("may must shall can will should would could might".split())


def _segments(text: str) -> list[list[tuple[str, str | None]]]:
    """The verb phrases of `text`: its clauses, each cut again before a modal ("who is not liable to be registered
    | may still get himself registered"); per segment its (word, stem or None for stopwords, negations and
    preventing words) in order. Bounds and quantifier forms ("not exceeding", "not all") are dropped first, as
    the negation check does."""
    text = _BOUND_RE.sub(" ", without_non_denials(strip_citations(text or "")).replace("\u2019", "'"))
    out = []
    for part in _CLAUSE_RE.split(text):
        seg: list[tuple[str, str | None]] = []
        for m in _TOKEN_POS_RE.finditer(part):
            w = m.group(0).lower()
            if w in _MODALS and seg:
                out.append(seg)
                seg = []
            seg.append((w, None if (w in STOPWORDS or is_negation_word(w) or w in _PREVENT) else stem(w)))
        out.append(seg)
    return out


def _covered(text: str, triggers) -> list[tuple[set, set]]:
    """For each trigger word of `text` (a negation, or a word of _PREVENT): the stems of the next _SCOPE content
    words of its segment, and the stems the other segments say outside every trigger's reach."""
    segs = _segments(text)
    reach, free = [], []
    for seg in segs:
        hit = set()
        for i, (w, _) in enumerate(seg):
            if triggers(w):
                nxt = [k for k in range(i + 1, len(seg)) if seg[k][1]][:_SCOPE]
                reach.append((len(free), {seg[k][1] for k in nxt}))
                hit.update(nxt)
        free.append({st for k, (_, st) in enumerate(seg) if st and k not in hit})
    return [(r, set().union(*(f for j, f in enumerate(free) if j != i))) for i, r in reach]


def _denies(text: str, anchors: set) -> int:
    """Negations of `text` whose segment-bounded reach holds a word of `anchors` that another segment of `text`
    does not say plainly."""
    return sum(1 for r, elsewhere in _covered(text, is_negation_word) if (r & anchors) - elsewhere)


@lru_cache(maxsize=8192)
def flip_holds(claim: str, sentence: str) -> bool:
    """Whether a negation flip found between `claim` and its best `sentence` stands (see the module docstring):
    the side that negates must deny, within its clause, a word of the other side that it does not also affirm,
    and the other side must not prevent that same word ("to stop it turning brown")."""
    c_stems = set(content_tokens(claim))
    s_stems = set(content_tokens(sentence))
    claim_neg = (_denies(claim, s_stems) + prefixed_negations(claim, s_stems)) % 2
    sent_neg = (_denies(sentence, c_stems) + prefixed_negations(sentence, c_stems)) % 2
    if claim_neg == sent_neg:
        return False
    negating, other = (claim, sentence) if claim_neg else (sentence, claim)
    denied = set().union(*(r for r, _ in _covered(negating, is_negation_word)))
    prevented = set().union(*(r for r, _ in _covered(other, lambda w: w in _PREVENT)))
    return not (denied & prevented)
