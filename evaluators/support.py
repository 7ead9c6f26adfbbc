"""Claim support: how well the context supports one claim of the answer (`support`, a claim record), and the
answer's claims' records computed once per record (`claim_support`). Used by faithfulness, contextual recall,
correctness and citation quality; a calibrated 0..1 number:

    base    = w * sim_n + (1 - w) * lex      (w = 0.5 for claims of >= 4 content words, 0.35 for 3,
                                             0.2 for 1-2: embeddings of tiny claims say little)
    sim_n   = clip((cos(claim, best evidence sentence) - 0.25) / 0.5, 0, 1); for a claim of 1-3 content
              words also cos("<question>? <claim>", its best sentence), the higher counting: "Delhi"
              asserts "<question> -> Delhi"
    lex     = 0.5 * global + 0.5 * local
    global  = share of the claim's content words (stemmed, stopwords out, numbers in, number words
              matched to digits, inflected/derived forms matched: "Korean"/"Korea") found anywhere
              in the evidence; words the question already contains are neutral
    local   = share of the claim's content words found together in its best one or two sentences
              (catches true words glued into a false combination)
    support = base * 0.15 per number/amount absent from the evidence
                   * 0.4  per number present in the evidence but not near the claim's words
                   * 0.4  per number present in the evidence whose fact's own sentence gives another number
                          for the same unit ("26 weeks" where it says "12 weeks"; text.numbers.slot_conflicts)
                   * 0.3  per month absent from the evidence
                   * 0.2  when the best matching sentence negates the claim's words (negation flip;
                          only negations with a claim word among the next 3 content words count)
                   * 0.4  per capitalised entity absent from the evidence and the question
                   * (1 - 0.5 * U)  U = weight of the specific words the claim adds (numbers, names,
                          words outside the model vocabulary's ~20k common words; not the question's)
                          that the evidence lacks / weight of all words it adds (common ones 0.5)

A claim is supported when support >= 0.5.

Every function takes a `prepared.Evidence` / `prepared.Prepared`; no I/O."""
from __future__ import annotations

import re
from dataclasses import dataclass

import numpy as np

from .text.entities import acronyms, entities, expansions, _sorted_key
from .text.negation import negation_count, negation_count_near, prefixed_negations, without_non_denials
from .text.numbers import hedged_numbers, months, _NUMBER_WORDS, number_slots, numbers, rounds_to, slot_conflicts
from .text.references import find_references, strip_citations
from .text.words import common_words, content_tokens, content_words, is_common, match_in, stem, STOPWORDS
from . import checks as C
from . import numfacts as NF
from . import polarity as P
from . import rules
from .prepared import _clip, Evidence, Prepared, qa_text


SUPPORT_THRESHOLD = 0.5
# the base support (module docstring): similarity normalised from SIM_FLOOR over SIM_SPAN, weighted by the
# claim's size against the word coverage, itself LEX_GLOBAL_SHARE global and the rest local
SIM_FLOOR, SIM_SPAN = 0.25, 0.5
SIM_WEIGHT, SIM_WEIGHT_3, SIM_WEIGHT_SHORT = 0.5, 0.35, 0.2
LEX_GLOBAL_SHARE = 0.5


def claim_support(p: Prepared) -> list[dict]:
    """The support record of each of the answer's claims against the context (`support`), computed once per record."""
    if p.claim_records is None:
        p.claim_records = [support(c, p.ctx, p) for c in p.claims]
    return p.claim_records


def acronym_aliases(text: str, ev: Evidence) -> dict[str, str]:
    """Claim stem -> evidence stem, for words the claim writes as an acronym where the evidence spells it
    out ("NI" -> "negoti" for "Negotiable Instruments"), or spells out where the evidence has the
    acronym ("reserve", "bank", "india" -> "rbi")."""
    out: dict[str, str] = {}
    for key, st in acronyms(text).items():
        if key.startswith("~") or ev.find(st):
            continue
        spelled = ev.expansions.get(key) or ev.expansions.get(_sorted_key(key))
        if spelled:
            out[st] = min(spelled)
    for key, stems in expansions(text, lower_case_too=False).items():
        acr = ev.acronyms.get(key)
        if acr:
            out.update({x: acr for x in stems if not ev.find(x)})
    return out


# --------------------------------------------------------------------------- claim support
@dataclass
class _Match:
    """A claim read against the evidence (`_match`): its content words mapped onto the evidence's forms, its
    best sentence, and the similarity and word-overlap figures the checks read."""
    ctoks: set  # the claim's content words, in the evidence's form where it has one
    alias: dict  # claim stem -> evidence stem for acronyms and their expansions (`acronym_aliases`)
    sims: np.ndarray  # cosine similarity of the claim to each evidence sentence
    sent_toks: list  # each evidence sentence's content words
    overl: np.ndarray  # share of the claim's words in each sentence
    combo: np.ndarray  # sims + 0.5 x overl: what picks the best sentence
    best: int  # index of the best sentence
    best_sim: float
    lex_global: float
    lex_local: float
    base: float  # w * sim_n + (1 - w) * lex: the support before the checks


def _match(text: str, ev: Evidence, p: Prepared) -> _Match:
    """The claim's words and best sentence, and its base support (see the module docstring)."""
    cvec = p.vec(text)
    sims = ev.vecs @ cvec
    # the claim's content words, mapped onto the evidence's form of the same word where the crude
    # stemmer missed it ("Korea"/"Korean", "Canada"/"Canadian"); question words remembered as such
    raw = list(dict.fromkeys(content_tokens(text)))
    in_q = {t for t in raw if t in p.q_tokens}
    alias = acronym_aliases(text, ev)
    toks = list(dict.fromkeys((alias.get(t) or ev.find(t) or _number_word_in(t, ev) or t) for t in raw))
    q_alias = {(ev.find(t) or t) for t in in_q}
    ctoks = set(toks)
    # global coverage: words the question already contains are neutral
    checkable = [t for t in toks if t not in q_alias] or toks
    lex_global = (sum(1 for t in checkable if t in ev.tokens) / len(checkable)) if checkable else 0.0
    # the best sentence: similarity, with word overlap to break near-ties
    sent_toks = [set(content_tokens(s)) for s in ev.sentences]
    overl = np.array([len(ctoks & st) / max(1, len(ctoks)) for st in sent_toks])
    combo = sims + 0.5 * overl
    top = np.argsort(-combo)[:2]
    best = int(top[0])
    # local coverage: the claim's words should occur together, in its best one or two sentences
    local_toks = set().union(*(sent_toks[i] for i in top))
    lex_local = (len(ctoks & local_toks) / len(ctoks)) if ctoks else 0.0
    lex = LEX_GLOBAL_SHARE * lex_global + (1 - LEX_GLOBAL_SHARE) * lex_local
    best_sim = float(np.max(sims))
    short = len(ctoks) < 4
    if short and p.query.strip():
        # a 1-3 word answer ("Delhi") asserts "<question> -> Delhi"; its own vector, compared with a
        # whole sentence, says little. Read with its question, against the sentence its words come
        # from, it says whether that sentence is about what was asked.
        best_sim = max(best_sim, float(ev.vecs[best] @ p.vec(qa_text(p.query, text))))
    sim_n = _clip((best_sim - SIM_FLOOR) / SIM_SPAN)
    # embeddings of 1-3 word claims say little; lean on the words for those
    w_sim = SIM_WEIGHT if len(ctoks) >= 4 else (SIM_WEIGHT_3 if len(ctoks) == 3 else SIM_WEIGHT_SHORT)
    base = w_sim * sim_n + (1 - w_sim) * lex
    return _Match(ctoks, alias, sims, sent_toks, overl, combo, best, best_sim, lex_global, lex_local, base)


def support(claim: str, ev: Evidence, p: Prepared) -> dict:
    """How well `claim` is supported by `ev` (see module docstring). Returns a claim record."""
    text = strip_citations(claim).strip()
    rec = {"text": claim.strip(), "supported": False, "score": 0.0, "chunk_ids": [], "best_sentence": "",
           "why": None}
    if not ev.sentences:
        rec["why"] = "no context"
        return rec
    m = _match(text, ev, p)
    whys: list[str] = []
    score, missing_nums, displaced, swapped, missing_months = _check_numbers(text, ev, p, m, m.base, whys)
    score, flipped = _check_negation(text, ev, m, score, whys)
    score, opposite, longer = _check_contradiction(text, ev, m, score, whys, flipped,
                                                   bool(missing_nums or displaced or swapped))
    score, missing_ents = _check_entities(text, ev, p, m, score, whys)
    score, (u_new, u_missing, unsupported_words) = _check_words(text, ev, p, m, score, whys, bool(missing_ents),
                                                                bool(missing_nums))
    # issue 28: a claim that cites passage N is checked against passage N
    wrong_cite = cited_elsewhere(claim, m.ctoks, m.combo, ev) if rules.on("passage_check") else None
    uncited_score = _clip(score)  # the support the claim would have without its citation (citation accuracy)
    if wrong_cite:
        score *= WRONG_PASSAGE_PENALTY
        whys.append(wrong_cite)
    score = _clip(score)
    supported = score >= SUPPORT_THRESHOLD
    if not supported and not whys:
        whys.append("no support in context" if m.base < 0.35 else "weak support in context")
    best, combo = m.best, m.combo
    chunk_ids = sorted({ev.source[i] for i in np.nonzero(combo >= combo[best] - 0.05)[0]}) if supported else []
    if supported and ev.source[best] not in chunk_ids:
        chunk_ids = sorted(set(chunk_ids) | {ev.source[best]})
    rec.update(supported=supported, score=round(score, 4), chunk_ids=chunk_ids if supported else [],
               best_sentence=ev.sentences[best], why=None if supported else "; ".join(whys),
               features={"similarity": round(m.best_sim, 4), "lexical_global": round(m.lex_global, 4),
                         "lexical_local": round(m.lex_local, 4), "base": round(m.base, 4),
                         "new_word_weight": u_new, "unsupported_word_weight": u_missing,
                         "missing_numbers": len(missing_nums) + len(missing_months), "displaced_numbers": len(displaced),
                         "missing_entities": len(missing_ents), "negation_flip": int(flipped),
                         "contradiction": len(opposite), "duration_conflict": len(longer)},
               unsupported_words=unsupported_words, supported_without_citation=uncited_score >= SUPPORT_THRESHOLD)
    if supported and whys:  # supported despite a soft flag: keep it visible
        rec["note"] = "; ".join(whys)
    return rec


def _check_numbers(text: str, ev: Evidence, p: Prepared, m: _Match, score: float, whys: list[str]) -> tuple:
    """Numbers, amounts and dates: absent from the evidence, present but not with this fact, given otherwise
    for the same unit by the claim's own sentence, months absent. (score, missing, displaced, swapped,
    missing months); the reasons appended to `whys`."""
    best, overl, sent_toks = m.best, m.overl, m.sent_toks
    claim_nums = set(numbers(text)) - p.q_numbers
    hedged = hedged_numbers(text) if rules.on("rounding") else frozenset()  # "roughly 238,900" for 238,855
    conv = ((lambda n: C.converted_in_unit(n, text, ev.parts, ev.conversions)) if rules.on("conversion_units")
            else (lambda n: C.converted(n, ev.conversions)))
    missing_nums = [n for n in claim_nums if n not in ev.numbers and not conv(n)
                    and not C.same_duration(n, text, ev.durations) and not (n in hedged and rounds_to(n, ev.numbers))]
    if missing_nums:
        score *= 0.15 ** len(missing_nums)
        shown = ", ".join(_fmt_num(n) for n in sorted(missing_nums, key=lambda x: (isinstance(x, tuple), str(x))))
        whys.append(f"number/date/amount mismatch: {shown} not in context")
    # a number is "with this fact" when it sits in the best sentence, a sentence sharing a third (or three)
    # of the claim's words, or the short first sentence of the best sentence's chunk (a heading:
    # "Section 187 BNSS - Procedure when investigation cannot be completed in twenty-four hours.")
    words_only = {t for t in m.ctoks if not t[:1].isdigit()}
    head = next(i for i in range(len(ev.sentences)) if ev.source[i] == ev.source[best])
    local_idx = {best} | {i for i in range(len(ev.sentences)) if overl[i] >= 0.34 or len(words_only & sent_toks[i]) >= 3}
    if len(ev.sentences[head].split()) <= 15:
        local_idx.add(head)
    if rules.on("anaphor_numbers"):
        local_idx |= C.continued_sentences(ev.sentences, ev.source, best)
    local_nums = set().union(*(numbers(ev.sentences[i], fraction_words=True) for i in local_idx))
    displaced = [n for n in claim_nums if n in ev.numbers and n not in local_nums]
    if displaced and rules.on("number_neighbours"):  # judge30: a sentence giving it next to the claim's words
        displaced = [n for n in displaced if not NF.said_with(n, text, ev.sentences)]
    if displaced and not missing_nums:
        score *= 0.4 ** len(displaced)
        whys.append("number/date/amount appears in the context but not with this fact: "
                    + ", ".join(_fmt_num(n) for n in displaced))
    # a number found elsewhere in the context where the sentence saying this fact gives another for the same unit
    swapped = slot_conflicts(text, ev.sentences[best]) if not (displaced or missing_nums) and overl[best] >= 0.5 else []
    if swapped and rules.on("slot_elsewhere"):
        # "3-5 minutes for fresh corn" where the best sentence is the frozen corn's "5 to 8 minutes": another
        # sentence sharing as many of the claim's words gives the claim's number for that unit (not one that
        # shares fewer: "26 weeks" for adoptive parents is the birthing parents' number)
        others = [number_slots(ev.sentences[i]) for i in local_idx - {best} if overl[i] >= overl[best]]
        swapped = [x for x in swapped if not any(x.split(" ", 1)[0] in o.get(x.split(" ", 1)[1], ()) for o in others)]
    if swapped:
        score *= 0.4 ** len(swapped)
        whys.append("the context gives a different number for this: " + ", ".join(swapped)
                    + f" (\"{_short(ev.sentences[best])}\")")
    if rules.on("unit_swaps") and not (displaced or missing_nums or swapped):
        units = C.unit_swaps(text, [ev.sentences[i] for i in sorted(local_idx)], ev.parts, ev.conversions)
        if units:
            swapped = units
            score *= 0.4 ** len(units)
            whys.append("the context gives this number in another unit: " + ", ".join(units))
    if rules.on("fraction_swaps") and not (displaced or missing_nums or swapped):
        parts = C.fraction_swaps(text, [ev.sentences[i] for i in sorted(local_idx)])
        if parts:
            swapped = parts
            score *= 0.4 ** len(parts)
            whys.append("the context gives another share for this: " + ", ".join(parts))
    missing_months = [mo for mo in months(text) if mo not in ev.months and mo not in p.q_months]
    if missing_months:
        score *= 0.3 ** len(missing_months)
        whys.append("date mismatch: " + ", ".join(mo.capitalize() for mo in missing_months) + " not in context")
    return score, missing_nums, displaced, swapped, missing_months


def _check_negation(text: str, ev: Evidence, m: _Match, score: float, whys: list[str]) -> tuple[float, bool]:
    """A negation flip against the best sentence, only when they otherwise say the same thing; only the
    negations within the stretch of the sentence the claim's words cover count ("X, also known as Y, was not
    Z" does not negate "Y"). (score, flipped)."""
    best, ctoks, sent_toks = m.best, m.ctoks, m.sent_toks
    flipped = False
    if rules.on("answer_particles"):  # "No. Grapes are poisonous for dogs": the "No" answers the question
        text = _ANSWER_PARTICLE_RE.sub("", text, count=1)
    if len(ctoks) >= 3 and m.base >= 0.55 and m.overl[best] >= 0.6 and m.sims[best] >= 0.6:
        # "unexplained" denies what "no explanation" denies: a claim word with a negative prefix whose rest is
        # a word of the sentence counts as a negation
        claim_neg = (negation_count(text) + prefixed_negations(text, sent_toks[best])) % 2
        # the best sentence, whole: a long sentence is cut into windows, and its negation may sit in the next
        sent = _answered(ev.sentences[best])
        if not sent.rstrip().endswith((".", "!", "?")) and best + 1 < len(ev.sentences) \
                and ev.source[best + 1] == ev.source[best]:
            sent = sent + " " + ev.sentences[best + 1]
        # a flip only when neither the negations near the claim's words nor all of them agree with it
        differs = claim_neg != negation_count_near(sent, ctoks) % 2 and claim_neg != negation_count(sent) % 2
        if differs and rules.on("negation_scope"):
            # issue 28: only a negation that covers the claim's own words: the side that negates must have a
            # negation whose next content words are the other side's ("..., rather than X" or a negation about
            # another part of a long sentence does not deny the claim); quantifier forms ("not all", "not only",
            # "no matter") deny nothing
            a, b = without_non_denials(text), without_non_denials(sent)
            if claim_neg:
                differs = (negation_count_near(a, sent_toks[best], strict=True) + prefixed_negations(a, sent_toks[best])) % 2 == 1
            else:
                differs = negation_count_near(b, ctoks, strict=True) % 2 == 1
        if differs and rules.on("negation_clause"):  # judge30: the negation's own clause, words said twice
            differs = P.flip_holds(text, sent)
        if differs and rules.on("exception_words") and C.same_exception(text, sent):
            differs = False  # "leaves it out unless it's needed" states the exception "omits it except where needed" does
        if differs and not claim_neg and rules.on("exclusions"):
            # "6 to 8 weeks, not including mailing time" and "6-8 weeks plus mailing time" say the same thing
            differs = not (C.EXCLUSION_RE.search(sent) and C.ADDITIVE_RE.search(text))
        if differs and not claim_neg and rules.on("contrast_denials"):
            # "Rather than burning out suddenly, LEDs dim" denies what "LEDs don't burn out suddenly" denies
            differs = not C.contrast_denies(text, sent)
        if differs and claim_neg and rules.on("negation_elsewhere"):
            # "there's no limit on how many terms" where another sentence says "There are no term limits"
            differs = not C.denied_elsewhere(ctoks, ev.sentences, sent_toks, best)
        if differs:
            score *= 0.2
            flipped = True
            whys.append(f"negation flip: context says \"{_short(ev.sentences[best])}\"")
    return score, flipped


def _check_contradiction(text: str, ev: Evidence, m: _Match, score: float, whys: list[str], flipped: bool,
                         number_flagged: bool) -> tuple[float, list, list]:
    """Issue 28 (judge29): a contradiction without a negation word ("breast side down" where the context says
    "up") and a length of time the matching sentence gives otherwise ("lifetime" for "two-year"), only where
    the claim otherwise says what that sentence says. (score, opposite words, conflicting durations)."""
    best, overl = m.best, m.overl
    sent = _answered(ev.sentences[best])
    opposite = (C.contradictions(text, sent)
                if rules.on("contradiction") and not flipped and overl[best] >= CONTRADICTION_OVERLAP else [])
    if not opposite and not flipped and rules.on("contrast_words") and overl[best] >= CONTRADICTION_OVERLAP:
        opposite = list(P.contrasts(text, sent))  # judge30: "faster" / "takes longer", "oil-based"
    if opposite and rules.on("exclusions") and C.ADDITIVE_RE.search(text):
        opposite = [(w, v) for w, v in opposite if not C.EXCLUSION_RE.search(v)]  # "plus X" / "not including X"
    if not opposite and not flipped and rules.on("comparison_swaps") and overl[best] >= CONTRADICTION_OVERLAP:
        opposite = C.comparison_swaps(text, sent)  # "males are larger than females" / "Females are larger than males"
    if opposite and rules.on("contrast_denials") and C.contrast_denies(text, ev.sentences[best]):
        opposite = []  # "Rather than burning out suddenly" / "don't usually burn out suddenly"
    if opposite:
        score *= CONTRADICTION_PENALTY
        w, v = opposite[0]
        whys.append(f"says '{w}' where the context says '{v}' (\"{_short(ev.sentences[best])}\")")
    longer = (C.duration_conflicts(text, ev.sentences[best], ev.durations)
              if rules.on("quantity_mismatch") and not (number_flagged or opposite)
              and overl[best] >= CONTRADICTION_OVERLAP else [])
    if longer:
        score *= 0.4
        w, v = longer[0]
        whys.append(f"says '{w}' where the context says '{v}' (\"{_short(ev.sentences[best])}\")")
    return score, opposite, longer


_LEAD_WORD_RE = re.compile(r"^\W*(?:\d{1,2}[.)]\s+)?([A-Z][a-z]+)\s+[a-z]")


def _step_verb(text: str) -> str | None:
    """Rule step_verbs: the stem of a common word that opens a short step of a longer answer ("Bake for an hour.",
    "Stir well.") before a lower-case word; a short sentence alone is still read as a name ("Mumbai")."""
    m = _LEAD_WORD_RE.match(strip_citations(text))
    if not m:
        return None
    w = m.group(1)
    low = w.lower()
    # the vocabulary may hold only a verb's other forms ("baking", "baked" but not "bake")
    forms = (low + "s", low + "ed", low + "d", (low[:-1] if low.endswith("e") else low) + "ing")
    return stem(w) if is_common(w) or any(f in common_words() for f in forms) else None


def _check_entities(text: str, ev: Evidence, p: Prepared, m: _Match, score: float, whys: list[str]) -> tuple[float, list]:
    """Capitalised entities absent from the evidence and the question; parts that are stopwords or single
    letters ("Rent-A-Car", "Do-hyang") are not checked on their own. (score, missing entities)."""
    ents = []
    step_verb = _step_verb(text) if rules.on("step_verbs") and len(p.claims) > 1 else None
    for e in entities(text):
        if e == step_verb:
            continue
        parts = [x for x in e.split() if len(x) >= 2 and x not in STOPWORDS] or e.split()
        if not all(x in p.q_tokens for x in parts):
            ents.append((e, parts))
    ev_acronyms = set(ev.acronyms.values())  # "IT", "US": acronyms that read as stopwords in lower case
    known_alias = ((lambda x: C.entity_alias_found(x, ev.find, ev_acronyms)) if rules.on("units_names")
                   else (lambda x: False))
    in_question = p.q_words.__contains__ if rules.on("question_names") else (lambda x: False)  # "us" -> "U.S."
    plural = C.short_plural_found if rules.on("acronym_plurals") else (lambda x, find: False)  # "SSD" / "SSDs"
    missing_ents = [e for e, parts in ents
                    if not all(ev.find(x) or x in p.q_tokens or x in m.alias or x in ev_acronyms or known_alias(x)
                               or in_question(x) or plural(x, ev.find) for x in parts)]
    def unsaid(t: str) -> bool:  # absent from the context and the question
        return t not in ev.lower_text and t not in " ".join(p.query.lower().split())
    if rules.on("web_tokens"):  # "routerlogin.net", "support@acme.com"
        missing_ents += [t for t in C.web_tokens(text) if unsaid(t)]
    if rules.on("code_spans") and "`" in p.answer:  # "`git push --force`": the claim splitter drops the backticks
        mine = " ".join(text.lower().split())
        missing_ents += [t for t in C.code_spans(p.answer) if t in mine and unsaid(t) and t not in missing_ents]
    if missing_ents:
        score *= 0.4 ** len(missing_ents)
        whys.append("entity not in context: " + ", ".join(e if any(c in e for c in ".@ -_") else _surface(text, e)
                                                          for e in missing_ents))
    return score, missing_ents


def _check_words(text: str, ev: Evidence, p: Prepared, m: _Match, score: float, whys: list[str],
                 missing_ents: bool, missing_nums: bool) -> tuple[float, tuple]:
    """Specific words the claim adds (not the question's) that the context lacks: the support keeps
    1 - 0.5 x (their weight / weight of all its added words); a claim made only of such words keeps at most
    half its support (borderline at best), however similar its vector. Then (issue 28) a phrase added inside
    an otherwise supported sentence. (score, `unsupported_words_of`'s triple)."""
    u_new, u_missing, unsupported_words = unsupported_words_of(text, ev, p, m.alias)
    if u_missing:
        score *= 1.0 - UNSUPPORTED_WORDS_PENALTY * (u_missing / u_new)
        if not missing_ents and not missing_nums:
            whys.append("not in context: " + ", ".join(unsupported_words[:6]))
    light = C.LIGHT_WORDS if rules.on("light_words") else frozenset()
    near = m.sent_toks[m.best]
    if rules.on("next_sentence"):  # "Open Chrome and click More at the top right" joins "open Chrome." to the next
        near = near.union(*(m.sent_toks[j] for j in (m.best - 1, m.best + 1)
                            if 0 <= j < len(m.sent_toks) and ev.source[j] == ev.source[m.best]))
    added = (C.added_span(text, near, ev.find, p.q_tokens, light=light)
             if rules.on("added_phrase") and not whys else [])
    if added:
        score *= ADDED_PHRASE_PENALTY
        whys.append(f"adds \"{' '.join(added)}\", which the context does not say (\"{_short(ev.sentences[m.best])}\")")
    return score, (u_new, u_missing, unsupported_words)


# rule answer_particles: a leading "No." / "Yes," answers a yes/no question; it negates nothing in the claim
_ANSWER_PARTICLE_RE = re.compile(r"^\s*(?:no|nope|yes|yep)\s*[.,!:;\u2014\u2013-]\s*", re.IGNORECASE)


def _answered(sentence: str) -> str:
    """Rule context_particles: a passage's own leading "No." / "Yes," ("No. Grapes, raisins ... can cause kidney
    failure") answers its question; it denies nothing of what follows."""
    return _ANSWER_PARTICLE_RE.sub("", sentence, count=1) if rules.on("context_particles") else sentence
CONTRADICTION_PENALTY = 0.2  # as a negation flip: the claim says the opposite of its best sentence
CONTRADICTION_OVERLAP = 0.5  # share of the claim's words in that sentence for it to be "the same statement"
ADDED_PHRASE_PENALTY = 0.45  # a supported sentence with an added phrase drops below the support threshold
WRONG_PASSAGE_PENALTY = 0.45  # so does a claim whose cited passage does not say it
CITE_MARGIN = 0.15  # how far the cited passage's best match may trail the best one before the citation is wrong


def cited_elsewhere(claim: str, ctoks: set, combo: np.ndarray, ev: Evidence) -> str | None:
    """When `claim` cites passages by number ("(Passage 2)", "[3]") and none of them holds its support, the
    reason in words; else None. A cited passage holds the support when its best sentence matches the claim
    within CITE_MARGIN of the best sentence of the context (`combo`: similarity + 0.5 x word overlap per
    sentence)."""
    refs = [r for r in find_references(claim) if 1 <= r <= 999]
    if not refs or not ctoks:
        return None
    src = np.asarray(ev.source)
    best = int(np.argmax(combo))
    for r in refs:
        mine = np.nonzero(src == r - 1)[0]
        if len(mine) and float(combo[mine].max()) >= float(combo[best]) - CITE_MARGIN:
            return None
    cited = ", ".join(str(r) for r in refs)
    n_chunks = len(set(ev.source))
    if all(r > n_chunks for r in refs):
        return f"cites passage {cited}, which was not retrieved"
    return f"cites passage {cited}, which does not say it (closest: passage {ev.source[best] + 1})"


def _number_word_in(tok: str, ev: Evidence) -> str | None:
    """"twenty" when the evidence has 20 (as digits): the evidence's token for it, else None."""
    v = _NUMBER_WORDS.get(tok)
    if v is None or float(v) not in ev.numbers:
        return None
    return str(v) if str(v) in ev.tokens else None


# Token-level evidence. Every content word a claim adds (not in the question) counts in the
# denominator: 1.0 when specific (a number, a capitalised name, or a word outside the ~20k common words
# of the model's own WordPiece vocabulary: an IDF-like rarity needing no corpus), 0.5 when common.
# Only the specific ones count as unsupported when absent from the context: a common word missing from
# it is usually a paraphrase ("get your money back" for "refund") that the embedding already judges,
# and penalising it would reward verbatim copying; an absent name, term or figure is added information.
RARE_WORD_WEIGHT, COMMON_WORD_WEIGHT = 1.0, 0.5
UNSUPPORTED_WORDS_PENALTY = 0.5  # support x (1 - 0.5 x share of the claim's added word weight that is specific and absent)


def unsupported_words_of(text: str, ev: Evidence, p: Prepared, alias: dict | None = None
                         ) -> tuple[float, float, list[str]]:
    """(weight of the claim's content words that are not the question's, weight of the specific ones
    found in neither the evidence nor the question, their surface forms). Weights: see above."""
    new_w = miss_w = 0.0
    missing: list[str] = []
    claim_missing_nums = {n for n in numbers(text) - ev.numbers - p.q_numbers if not C.converted(n, ev.conversions)}
    for surface, st, caps in content_words(text):
        if st in p.q_tokens:
            continue  # restating the question adds nothing
        if st[:1].isdigit():
            w = RARE_WORD_WEIGHT
            # digits of an amount the number check already matched ("20" of "Rs 20 lakh") are supported
            ok = st in ev.tokens or bool(numbers(surface) & (ev.numbers | p.q_numbers)) or not claim_missing_nums
        else:
            w = RARE_WORD_WEIGHT if (caps or not is_common(surface)) else COMMON_WORD_WEIGHT
            ok = ev.find(st) is not None or st in (alias or {}) or match_in(st, p.q_tokens, p.q_index) is not None or (
                st in _NUMBER_WORDS and float(_NUMBER_WORDS[st]) in ev.numbers) or (
                caps and rules.on("units_names") and C.entity_alias_found(st, ev.find))  # "CO2" for "carbon dioxide"
        new_w += w
        if not ok and w == RARE_WORD_WEIGHT:
            miss_w += w
            missing.append(surface)
    return round(new_w, 4), round(miss_w, 4), list(dict.fromkeys(missing))


def _fmt_num(n) -> str:
    if isinstance(n, tuple):
        if n[0] == "\u00d7":  # ("×", 2.0): "twice the", "two times the"
            return f"{n[1]:g}\u00d7"
        return n[1] if n[0] == "#" else f"{n[1]:g}%"  # ("#", "[PHONE_1]"): a number's placeholder
    return f"{n:,.0f}" if float(n).is_integer() else f"{n:g}"


def _short(s: str, n: int = 90) -> str:
    return s if len(s) <= n else s[: n - 1] + "\u2026"


def _surface(text: str, stemmed: str) -> str:
    for w in text.replace(",", " ").split():
        w2 = w.strip(".,;:()[]\"'?!")
        if w2 and (stem(w2) == stemmed or " ".join(stem(x) for x in w2.split("-") if x) == stemmed):
            return w2
    return stemmed
