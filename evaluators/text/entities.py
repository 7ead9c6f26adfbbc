"""Names: capitalised entities of a sentence, acronyms and the runs of words that spell them out
("RBI" / "Reserve Bank of India"). Pure functions."""
from __future__ import annotations

import re
from functools import lru_cache

from ..placeholders import without_placeholders
from .numbers import MONTHS
from .references import strip_citations
from .sentences import undot_acronyms
from .words import NEGATIONS, _PROVISION_WORDS, is_common, stem, STOPWORDS
from .. import rules


_CURRENCY = frozenset("rs inr usd eur gbp am pm".split())
@lru_cache(maxsize=8192)
def entities(sentence: str) -> tuple[str, ...]:
    """Capitalised words/phrases that are not sentence-initial common words. Returns stemmed tokens
    of each entity (one per capitalised word; hyphenated words give space-joined parts)."""
    s = without_placeholders(strip_citations(sentence or "")).strip()
    out: list[str] = []
    starts = {0}
    for m in re.finditer(r"[.!?:;\"]\s+|\n", s):
        starts.add(m.end())
    short = len(s.split()) <= 4  # a short answer ("Mumbai", "Amy Jo Johnson") is a name when capitalised
    letters = [c for c in s if c.isalpha()]
    shouting = bool(letters) and sum(c.isupper() for c in letters) > 0.6 * len(letters)  # an all-caps heading
    for m in re.finditer(r"\b[A-Z][A-Za-z\u00C0-\u024F'-]*|\b[A-Z]{2,}\d*\b", s):
        w = m.group(0).strip("'-")
        lw = w.lower()
        acronym = w.isupper() and len(w) >= 2 and not shouting  # "IT Act", "US": not the stopwords it/us
        if (lw in STOPWORDS and not acronym) or lw in NEGATIONS or len(w) < 2 or lw in MONTHS or lw in _CURRENCY \
                or stem(w) in _PROVISION_WORDS:
            continue
        if m.start() in starts and not (w.isupper() and len(w) > 1):
            nxt = s[m.end():m.end() + 2]
            if not (short or (len(nxt) == 2 and nxt[0] == " " and nxt[1].isupper())):
                continue  # sentence-initial capital: a common word unless part of a name or a short answer
            if not short and rules.on("initial_words") and is_common(w):
                # "Tick Cookies and other site data", "Choose Settings": a list item's verb before a name; the
                # name's own words are still checked
                continue
        out.append(" ".join(stem(part) for part in w.split("-") if part))
    return tuple(dict.fromkeys(out))


# --------------------------------------------------------------------------- acronyms and their expansions
# "NI Act" / "Negotiable Instruments Act", "RBI" / "Reserve Bank of India", "CrPC" / "Code of Criminal
# Procedure", "DSP" / "Deputy Superintendent of Police", "IVF" / "in vitro fertilisation": a general rule
# (initials of a run of words, connectors skipped), not a list of names.
_CONNECTORS = frozenset("of the and for on in to & a an".split())
_ACR_WORD_RE = re.compile(r"[A-Za-z\u00C0-\u024F]+|&")
_MAX_ACRONYM = 7


def acronym_key(word: str) -> str | None:
    """The capitals of an acronym-like word ("NI", "CrPC" -> "CPC", "BNSS"), else None."""
    caps = [c for c in word if c.isupper()]
    alpha = sum(c.isalpha() for c in word)
    if 2 <= len(caps) <= _MAX_ACRONYM and len(caps) * 2 >= alpha:
        return "".join(caps)
    return None


def _sorted_key(key: str) -> str:
    return "~" + "".join(sorted(key))


@lru_cache(maxsize=8192)
def acronyms(text: str) -> dict:
    """Acronym key -> its stem, for the acronym-like words of `text` (also under its sorted-letters key,
    "CrPC" being the initials of "Code of Criminal Procedure" in another order)."""
    out: dict = {}
    for m in _ACR_WORD_RE.finditer(undot_acronyms(without_placeholders(strip_citations(text or "")))):
        key = acronym_key(m.group(0))
        if key:
            st = stem(m.group(0))
            out.setdefault(key, st)
            out.setdefault(_sorted_key(key), st)
    return out


@lru_cache(maxsize=8192)
def expansions(text: str, lower_case_too: bool = True) -> dict:
    """Initials -> stems of the words, for every run of 2-7 words of `text` that could be spelled out by
    an acronym: capitalised words ("Reserve Bank of India" -> "RBI"; also under the sorted-letters key)
    and, with `lower_case_too`, content words of any case ("lending service provider" -> "LSP").
    Connectors (of, the, and, ...) inside a run add no letter; punctuation other than a hyphen or
    a space ends a run."""
    s = without_placeholders(strip_citations(text or ""))
    words = []  # (word, run id)
    run = 0
    prev_end = None
    for m in _ACR_WORD_RE.finditer(s):
        if prev_end is not None and s[prev_end:m.start()].strip(" -\u2013"):
            run += 1
        prev_end = m.end()
        words.append((m.group(0), run))
    out: dict = {}
    n = len(words)
    for i in range(n):
        w0, r0 = words[i]
        if w0.lower() in _CONNECTORS or (w0.lower() in STOPWORDS):
            continue
        caps_run = w0[:1].isupper()
        if not caps_run and not lower_case_too:
            continue
        letters, stems_ = [], []
        for j in range(i, n):
            w, r = words[j]
            if r != r0:
                break
            lw = w.lower()
            if lw in _CONNECTORS:
                continue
            if lw in STOPWORDS or (caps_run and not w[:1].isupper()) or acronym_key(w):
                break
            letters.append(w[0].upper())
            stems_.append(stem(w))
            if len(letters) > _MAX_ACRONYM:
                break
            if len(letters) >= 2:
                key = "".join(letters)
                out.setdefault(key, set()).update(stems_)
                if caps_run:
                    out.setdefault(_sorted_key(key), set()).update(stems_)
    return out
