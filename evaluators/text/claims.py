"""Claims: an answer cut into atomic-ish claims, and the sentences that are not claims (pleasantries,
refusals, statements about the context, the answer's own assessments). Pure functions."""
from __future__ import annotations

import re
from functools import lru_cache

from .. import rules
from .entities import entities
from .numbers import numbers
from .references import strip_citations
from .sentences import clean, heading_lines, is_heading, split_sentences, strip_meta_prefix, strip_structure
from .words import content_tokens


_CLAIM_SPLIT_RE = re.compile(
    r"\s*;\s+|,\s+(?:and|but|while|whereas|although|though|however|yet)\s+|\s+(?:but|whereas)\s+|,\s+however,?\s+",
    re.IGNORECASE)
# issue 28 (judge29, rule claim_split): also the joins that add a second claim to a supported one ("... a lifetime
# warranty that also covers water damage", "... and also ...", "..., as well as ...")
_CLAIM_SPLIT_MORE_RE = re.compile(
    _CLAIM_SPLIT_RE.pattern + r"|,?\s+(?:and|that|which|who|it)\s+also\s+|,?\s+as\s+well\s+as\s+|,\s+plus\s+",
    re.IGNORECASE)
_PLEASANTRY_RE = re.compile(
    r"^(?:i hope (?:this|that) helps|hope (?:this|that) helps|let me know|feel free|please (?:let|feel|contact|reach)|"
    r"thank you|thanks|you're welcome|happy to help|glad to help|good luck|sure[,!.]|certainly[,!.]|of course[,!.]|"
    r"great question|i understand|i'm sorry|sorry|here (?:is|are) (?:what|the|a summary)|in summary|to summari[sz]e)",
    re.IGNORECASE)
_REFUSAL_RE = re.compile(
    r"\b(?:i (?:do not|don't) know|i(?:'m| am) not sure|cannot (?:answer|help|find)|can't (?:answer|help|find)|"
    r"no (?:relevant )?information (?:is )?(?:available|provided)|not (?:mentioned|provided|available) in the "
    r"(?:context|documents?|sources?)|unable to (?:answer|find|determine))\b", re.IGNORECASE)


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


# rule meta_forms: the passive with a contraction or another determiner ("Installation cost isn't covered in these
# sources", "Cost isn't mentioned in any of the passages")
_META_PASSIVE_RE = re.compile(
    r"\b(?:is|are|was|were)(?:\s+not|n't)\s+(?:\w+ly\s+)?(?:mentioned|specified|stated|covered|addressed|given|"
    r"provided|discussed|described|included|listed|explained)\s+(?:in|by)\s+(?:the\s+|these\s+|those\s+|this\s+|"
    r"any\s+of\s+the\s+)?(?:provided\s+|given\s+|retrieved\s+)?(?:passages?|context|documents?|sources?|excerpts?|"
    r"chunks?|texts?|results?|articles?)\b", re.IGNORECASE)


def is_about_context(sentence: str) -> bool:
    """A sentence about what the context says or lacks ("The passages do not mention the fee", "I cannot
    confirm ..."): not a claim to check against the chunks. One carrying a figure of its own is a claim."""
    s = strip_citations(sentence or "").strip().replace("\u2019", "'")
    more = rules.on("meta_sentences") and bool(_META_MORE_RE.search(s)) \
        or rules.on("meta_forms") and bool(_META_PASSIVE_RE.search(s))
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
