"""Source citations ("[doc.pdf:3]") and references to retrieved chunks ("(Passage 2)", "[1, 3]",
"according to Source 2, ...") in an answer: found, and stripped so what is left is what it says. Pure functions."""
from __future__ import annotations

import re
from functools import lru_cache


_CITATION_RE = re.compile(r"\[([^\[\]\n:]{1,200}?):\s*(\d{1,5})\]")


# Source references an answer makes to its retrieved chunks: "(Passage 2)", "[1]", "[1, 3]", "[Doc 3]",
# "(Sources 1 and 3)", "as described in Passage 1, ...", "according to Source 2, ...", "Passage 2 states that
# ...", a closing "Sources: 1, 3" line. They are references, not facts: their numbers are not figures to check
# and their words ("Passage", "Doc") are not names. A general form (a reference word + a number), not a list.
_REF_WORD = r"(?:passages?|sources?|docs?|documents?|chunks?|excerpts?|snippets?|references?|refs?|context)"
_REF_NUM = r"#?\s*\d{1,3}(?:\s*(?:,|and|&|-|\u2013|\bor\b)\s*#?\s*\d{1,3})*"
_REF_CORE = _REF_WORD + r"\s*" + _REF_NUM
_REF_RE = re.compile(
    r"\s*[\(\[]\s*(?:(?:see|cf\.?|from|per|source:)\s+)?" + _REF_CORE + r"(?:\s*[;,]\s*" + _REF_CORE + r")*\s*[\)\]]"
    r"|\s*\[\s*\d{1,3}(?:\s*(?:,|-|\u2013)\s*\d{1,3})*\s*\]"  # [1], [1, 3], [2-3]
    r"|^\s*(?:sources?|references?|citations?)\s*:\s*(?:" + _REF_CORE + r"|" + _REF_NUM + r")[\s.,;]*(?=$|\n)"  # "Sources: 1, 3"
    r"|\b(?:as (?:described|stated|mentioned|noted|shown|explained|set out|given|listed|outlined) in|according to|"
    r"per|see|in|from)\s+(?:the\s+)?" + _REF_CORE + r"\s*,?\s*"  # "as described in Passage 1, ..."
    r"|\b(?:the\s+)?" + _REF_CORE + r"\s+(?:says|states|notes|mentions|explains|confirms|shows|provides|indicates|"
    r"adds|specifies|describes|sets out)(?:\s+that)?\s*"  # "Passage 2 states that ..."
    r"|\b" + _REF_WORD + r"\s*#\s*\d{1,3}\b"
    r"|\b(?:passages?|sources?|docs?|documents?|chunks?|excerpts?)\s+\d{1,3}(?:\s*(?:-|\u2013)\s*\d{1,3})?\b",
    re.IGNORECASE | re.MULTILINE)
_DIGIT_RE = re.compile(r"\d")
_CACHED_LENGTH = 1000  # texts up to this long are cached by strip_citations (4,096 of them: ~8 MB at most)
_REF_NUMS_RE = re.compile(r"\d{1,3}(?:\s*(?:-|\u2013)\s*\d{1,3})?")


def strip_citations(text: str) -> str:
    """`text` without its source citations ("[doc.pdf:3]") and references to chunks ("(Passage 2)", "[1]",
    "according to Source 2, ..."): what is left is what the text says about the world. A sentence goes through
    it ~100 times a record (every text check strips first; a fifth of the scoring time), so short texts are
    cached (a bounded cache: at most ~8 MB however long a worker runs)."""
    if text and len(text) <= _CACHED_LENGTH:
        return _strip_cached(text)
    return _strip(text)


@lru_cache(maxsize=4096)
def _strip_cached(text: str) -> str:
    return _strip(text)


def _strip(text: str) -> str:
    out = text or ""
    if _DIGIT_RE.search(out):  # every citation and reference holds a number
        out = _REF_RE.sub(" ", _CITATION_RE.sub("", out))
    out = re.sub(r"[ \t]+([.,;:!?])", r"\1", out)
    out = re.sub(r"[ \t]{2,}", " ", out)
    return out.strip() if out.strip() != (text or "").strip() else (text or "")


def find_references(text: str) -> list[int]:
    """The chunk numbers (as written, from 1) the text refers to: "(Passage 2)" / "[1, 3]" / "Source 2"."""
    out: list[int] = []
    for m in _REF_RE.finditer(text or ""):
        for n in _REF_NUMS_RE.findall(m.group(0)):
            # "2-3" / "2 \u2013 3": a range, its ends as written (a reversed range "3-2" is read as 2..3)
            ends = [int(x) for x in re.findall(r"\d+", n)]
            lo, hi = min(ends), max(ends)
            out.extend(range(lo, min(hi, lo + 20) + 1))
    return list(dict.fromkeys(out))


def find_citations(text: str) -> list[tuple[str, int]]:
    return [(m.group(1).strip(), int(m.group(2))) for m in _CITATION_RE.finditer(text or "")]
