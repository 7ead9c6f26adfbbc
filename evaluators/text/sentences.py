"""Sentences: markdown and links cleaned, text split into sentences (abbreviations, lists, glued sentences),
and the structure around them (leading numbering, framing prefixes, heading lines). Pure functions."""
from __future__ import annotations

import re
from functools import lru_cache

from .numbers import numbers
from .references import strip_citations
from .words import _PROVISION_WORDS, stem


_ABBREV = ("mr", "mrs", "ms", "dr", "prof", "sr", "jr", "st", "vs", "no", "nos", "sec", "secs", "art", "rs",
           "inc", "ltd", "co", "corp", "fig", "vol", "pp", "approx", "etc", "cf", "al", "u.s", "e.g", "i.e",
           "jan", "feb", "mar", "apr", "jun", "jul", "aug", "sep", "sept", "oct", "nov", "dec", "govt", "dept",
           "s", "ss", "cl", "para", "paras", "sub", "r/w", "v", "pvt", "ors", "anr", "hon", "viz", "ibid")  # "v": case names ("Arora Traders v. Kapoor")
_ABBREV_RE = re.compile(r"\b(" + "|".join(re.escape(a) for a in _ABBREV) + r")\.(\s)", re.IGNORECASE)
_MD_LINK_RE = re.compile(r"\[([^\]]*)\]\((?:https?:)?[^)]*\)")  # [text](url): the text is part of the sentence
_URL_RE = re.compile(r"https?://\S+|www\.\S+")
# sentence boundary: end punctuation + space + an opener, or a newline, or a bullet
_SENT_SPLIT_RE = re.compile(r"(?<=[.!?])[\"')\]]*\s+(?=[\"'(\[]?[A-Z0-9\u00C0-\u024F])|\n+\s*(?:[-*\u2022]|\d+[.)])?\s*"
                             r"|(?<=[.!?;])\s+(?=\((?:[a-z]|[ivx]{1,4})\)\s)")  # "... (a) X. (b) Y": lettered points
# glued sentences in scraped text: "century.First for Women"
_GLUED_RE = re.compile(r"(?<=[a-z\)\]0-9]{2}[.!?])(?=[A-Z][a-z])")


_MD_RE = re.compile(r"\*\*|__|`+|^#{1,6}\s*|^>\s*", re.MULTILINE)
# "Based on the provided context, ..." / "According to the documents, ...": framing, not a claim
_META_PREFIX_RE = re.compile(
    r"^(?:based on|according to|as (?:stated|mentioned|described|per) in|from) (?:the |this |these )?"
    r"(?:provided |given |retrieved |available |above )?(?:context|documents?|sources?|information|text|passages?|"
    r"excerpts?|chunks?)\s*,\s*"
    r"|^(?:the |this |these )?(?:provided |given |retrieved |above )?(?:context|documents?|sources?|text|passages?|"
    r"excerpts?|chunks?) (?:says|say|states|state|mentions|mention|explains|explain|notes|note|indicates|indicate|"
    r"shows|show|confirms|confirm)(?: that)?\s+", re.IGNORECASE)


def strip_meta_prefix(sentence: str) -> str:
    out = _META_PREFIX_RE.sub("", sentence.strip())
    return out[:1].upper() + out[1:] if out else out


_DOTTED_ACRONYM_RE = re.compile(r"\b((?:[A-Z]\.){2,})(?=[\s,;:)]|$)")


def undot_acronyms(text: str) -> str:
    """"N.I. Act" -> "NI Act": dotted initials are the acronym (and their dots are not sentence ends)."""
    return _DOTTED_ACRONYM_RE.sub(lambda m: m.group(1).replace(".", ""), text or "")


def clean(text: str) -> str:
    text = undot_acronyms(text or "")
    text = _MD_LINK_RE.sub(lambda m: m.group(1), text)
    text = _URL_RE.sub(" ", text)
    text = _MD_RE.sub("", text)
    return re.sub(r"[ \t\r\f\v]+", " ", text).strip()


_LIST_MARKER_RE = re.compile(r"^(?:\d{1,2}|[a-zA-Z]|[ivx]{1,4})[.)]$")  # "2." / "b)" / "iv." left over by the split


@lru_cache(maxsize=8192)
def split_sentences(text: str, max_words: int = 60) -> tuple[str, ...]:
    """Sentences of `text` (citations kept). Over-long sentences are cut into windows of `max_words` words."""
    text = clean(text)
    if not text:
        return ()
    text = _GLUED_RE.sub(" ", text)
    protected = _ABBREV_RE.sub(lambda m: m.group(1) + "\u2024" + m.group(2), text)
    out: list[str] = []
    for part in _SENT_SPLIT_RE.split(protected):
        part = (part or "").replace("\u2024", ".").strip(" -*\u2022\t")
        if not part or _LIST_MARKER_RE.match(part):
            continue
        words = part.split()
        if len(words) <= max_words:
            out.append(part)
        else:
            for i in range(0, len(words), max_words):
                out.append(" ".join(words[i:i + max_words]))
    return tuple(out)


# Numbering and headings are structure, not facts: "Argument 1:", "Step 3 -", "Point (b):", "(a)", "b)", "iv.",
# "1." at the start of a sentence. A word + a number + ":" only when the word does not name a provision
# ("Section 103: ..." keeps its number).
_STRUCTURE_RE = re.compile(
    r"^\s*(?:\(?(?:\d{1,2}|[a-zA-Z]|[ivxIVX]{1,4})[.)]\s+(?=\S)"
    r"|(?P<word>[A-Z][A-Za-z]+)\s+(?:no\.?\s*)?\(?(?:\d{1,2}|[A-Za-z]|[ivxIVX]{1,4})\)?\s*[:.\-\u2013\u2014]\s+(?=\S))")


# a short line with one of these states something ("Pets are not allowed", "The term is one year"): a
# bulleted claim, not a heading (issue 34: short list items were dropped as headings)
_STATES_RE = re.compile(r"\b(?:is|are|was|were|be|been|has|have|had|must|may|can|cannot|can't|will|shall|should|"
                        r"would|could|does|do|did|not|no|never|requires?|applies|apply|includes?)\b", re.IGNORECASE)


def is_heading(sentence: str) -> bool:
    """A heading line ("Grounds for bail", "Arguments for the complainant"): at most 5 words, no end
    punctuation, no figure, no verb that states something. Structure, not a claim (only among other
    sentences)."""
    s = strip_citations(sentence or "").strip()
    return bool(s) and not s.endswith((".", "!", "?", ";", ",")) and len(s.split()) <= 5 and not numbers(s) \
        and s[:1].isupper() and not _STATES_RE.search(s)


def strip_structure(sentence: str) -> str:
    """A sentence without its leading numbering or heading ("Argument 1: X" -> "X", "(a) X" -> "X")."""
    m = _STRUCTURE_RE.match(sentence or "")
    if not m:
        return sentence
    if m.group("word") and stem(m.group("word")) in _PROVISION_WORDS:
        return sentence
    rest = sentence[m.end():]
    return rest[:1].upper() + rest[1:] if rest else sentence


_LIST_ITEM_RE = re.compile(r"^\s*(?:[-*+\u2022]|\d{1,2}[.)]|\(?[a-zA-Z][.)])\s+\S")
_MD_HEADING_RE = re.compile(r"^\s*(?:#{1,6}\s+\S|\*\*[^*]+\*\*\s*:?\s*$|__[^_]+__\s*:?\s*$)")
_SMALL_WORDS = frozenset("a an the and or of for to in on at by with from vs".split())


def _title_case(line: str) -> bool:
    """"Grounds For Bail", "Key Steps": every word capitalised but the small ones, no end punctuation."""
    words = re.findall(r"[A-Za-z][A-Za-z'\u2019-]*", line)
    return bool(words) and not line.rstrip().endswith((".", "!", "?", ";", ",")) and \
        all(w[0].isupper() or w.lower() in _SMALL_WORDS for w in words) and len(words) <= 10


@lru_cache(maxsize=8192)
def heading_lines(answer: str) -> frozenset:
    """The answer's heading lines, decided by form, not length (issue 28): a markdown heading or a bold line, a
    line ending in a colon, a Title Case line, or the short unmarked line that opens a list. A list item is
    never a heading, however short ("Season with salt")."""
    raw = [ln for ln in (answer or "").splitlines() if ln.strip()]
    out = set()
    for i, ln in enumerate(raw):
        if _LIST_ITEM_RE.match(ln) and not _MD_HEADING_RE.match(ln):
            continue
        body = ln.strip()
        opens_list = i + 1 < len(raw) and bool(_LIST_ITEM_RE.match(raw[i + 1])) and \
            not body.endswith((".", "!", "?")) and len(body.split()) <= 8
        # an unmarked heading-shaped line right after a list starts the next section ("Grounds for termination")
        ends_list = i > 0 and bool(_LIST_ITEM_RE.match(raw[i - 1])) and is_heading(body)
        if _MD_HEADING_RE.match(ln) or body.endswith(":") or _title_case(clean(body)) or opens_list or ends_list:
            out.add(clean(body).strip(" -*\u2022\t:").lower())
    return frozenset(out)
