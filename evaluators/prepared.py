"""A record prepared for the local (FAST-mode) metrics: `Prepared` (the question's words, numbers and aspects,
the answer's claims, the context as `Evidence`: sentences, their chunk, vectors and words), and the texts that
need a vector (`texts_to_embed`; the batcher encodes their union once). No I/O: vectors come from
`embeddings.encode` through the `vec` look-up the caller passes."""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cached_property
from typing import Callable, Sequence

import numpy as np

from .text.claims import split_claims
from .text.entities import acronyms, expansions
from .text.numbers import months, numbers
from .text.references import strip_citations
from .text.sentences import split_sentences
from .text.words import content_tokens, match_in, prefix_index, query_aspects, stem
from . import checks as C
from . import meaning as M
from . import rules


# A record without retrieved context (no chunk with text) cannot be scored for faithfulness, contextual
# precision or contextual recall: those are None with this reason, never a silent value.
NO_CONTEXT = "no retrieved context"
_QUESTION_WORD_RE = re.compile(r"[a-z0-9]+")


def _clip(x: float) -> float:
    return float(min(1.0, max(0.0, x)))


def _norm(v: np.ndarray) -> np.ndarray:
    n = float(np.linalg.norm(v))
    return v / n if n > 0 else v


# --------------------------------------------------------------------------- preparation
@dataclass
class Evidence:
    """A body of text claims are checked against: sentences (with their source index) and vectors."""
    sentences: list[str]
    source: list[int]  # index of the chunk each sentence comes from
    vecs: np.ndarray
    tokens: set
    numbers: set
    months: set
    source_tokens: list[set] = field(default_factory=list)
    index: dict = field(default_factory=dict)  # 4-char prefix -> stems, for match_in
    acronyms: dict = field(default_factory=dict)  # acronym key -> stem ("NI" -> "ni"), see acronyms
    conversions: frozenset = frozenset()  # the context's quantities in other units (checks.conversions)
    durations: tuple = ()  # the context's lengths of time, in days (checks.durations; rule quantity_mismatch)
    parts: tuple = ()  # the texts the sentences come from

    @cached_property
    def lower_text(self) -> str:
        """The context's texts in lower case, runs of white space as one space (rules web_tokens and code_spans
        look tokens up in it); built once per record, on first use."""
        return " ".join(" ".join(self.parts).lower().split())

    @cached_property
    def expansions(self) -> dict:
        """Initials -> stems of the spelled-out words. Read on first use: only a claim with an acronym asks,
        and reading every run of words of every chunk was a tenth of a record's CPU (issue 28: speed)."""
        exp: dict = {}
        for part in self.parts:
            for k, v in expansions(part).items():
                exp.setdefault(k, set()).update(v)
        return exp

    @classmethod
    def build(cls, parts: Sequence[str], vec: Callable[[str], np.ndarray]) -> "Evidence":
        sents, src, toks, nums, mons, per = [], [], set(), set(), set(), []
        acr = {}
        for i, part in enumerate(parts):
            for k, v in acronyms(part).items():
                acr.setdefault(k, v)
            ptoks = set(content_tokens(part))
            per.append(ptoks)
            toks |= ptoks
            nums |= numbers(part, fraction_words=True)
            mons |= months(part)
            for s in split_sentences(strip_citations(part)):
                sents.append(s)
                src.append(i)
        vecs = np.stack([vec(s) for s in sents]) if sents else np.zeros((0, 384), dtype=np.float32)
        conv = frozenset().union(*(C.conversions(part) for part in parts)) if rules.on("units_names") else frozenset()
        # rule quantity_mismatch: the context's lengths of time ("24 months" for "two years" is the same one)
        spans = tuple(d for part in parts for d, _, _ in C.durations(part)) if rules.on("quantity_mismatch") else ()
        return cls(sents, src, vecs, toks, nums, mons, per, prefix_index(toks), acr, conv, spans, tuple(parts))

    def find(self, tok: str) -> str | None:
        """The evidence stem `tok` matches (itself, or an inflected/derived form), else None."""
        return match_in(tok, self.tokens, self.index)


def answer_units(answer: str) -> list[str]:
    """The answer pieces that get a vector: its claims, or its sentences when it makes no claim."""
    units = [strip_citations(c).strip() for c in split_claims(answer)]
    if not units:
        units = [strip_citations(s).strip() for s in split_sentences(answer)]
    return [u for u in units if u]


def is_short_claim(claim: str) -> bool:
    """A claim of 1-3 content words ("Delhi", "In 1998", "the American Chemical Society")."""
    return len(set(content_tokens(claim))) < 4


def qa_text(query: str, claim: str) -> str:
    """A short answer read with its question: what the claim actually asserts."""
    return f"{(query or '').strip().rstrip('?').strip()}? {strip_citations(claim).strip()}"


def texts_to_embed(query: str, answer: str, context: Sequence[str], expected: str | None,
                   history: Sequence[str] | None = None) -> list[str]:
    """Every text the local metrics need a vector for (the batcher encodes the union once)."""
    out = [query or ""] + M.texts_to_embed(query, history)
    units = answer_units(answer or "")
    out += units
    out += [qa_text(query, u) for u in units if is_short_claim(u) and (query or "").strip()]
    for chunk in context:
        out += list(split_sentences(strip_citations(chunk or "")))
    if expected:  # correctness checks both ways: the answer's sentences serve as evidence too
        out += list(split_sentences(strip_citations(answer or "")))
        out += [strip_citations(c).strip() for c in split_claims(expected)]
        out += list(split_sentences(strip_citations(expected)))
    return [t for t in out if t]


@dataclass
class Prepared:
    query: str
    answer: str
    context: list[str]
    expected: str | None
    vec: Callable[[str], np.ndarray]
    q_vec: np.ndarray = None
    q_tokens: set = None
    q_numbers: set = None
    q_months: set = None
    q_index: dict = None
    q_words: frozenset = frozenset()  # every word of the question, stopwords too, stemmed (rule question_names)
    aspects: tuple = ()
    claims: list[str] = None
    ctx: Evidence = None
    _answer_ev: Evidence = None
    _expected_ev: Evidence = None
    claim_records: list[dict] = None  # the claims' support records, computed once (support.claim_support)
    history: list[str] = None  # a conversation's earlier turns, for a follow-up question (evaluators/meaning.py)
    _meaning_views: tuple = None

    @classmethod
    def build(cls, query, answer, context, expected, vec, history=None) -> "Prepared":
        p = cls(query or "", answer or "", [c for c in (context or []) if isinstance(c, str)], expected or None, vec)
        p.history = [h for h in (history or []) if isinstance(h, str) and h.strip()]
        p.q_vec = vec(p.query) if p.query else np.zeros(384, dtype=np.float32)
        p.q_tokens = set(content_tokens(p.query))
        p.q_numbers = set(numbers(p.query))
        p.q_months = set(months(p.query))
        p.q_index = prefix_index(p.q_tokens)
        p.q_words = frozenset(stem(w) for w in _QUESTION_WORD_RE.findall(p.query.lower()))
        p.aspects = query_aspects(p.query)
        p.claims = list(split_claims(p.answer))
        p.ctx = Evidence.build(p.context, vec)
        return p

    @property
    def answer_ev(self) -> Evidence:
        if self._answer_ev is None:
            self._answer_ev = Evidence.build([self.answer], self.vec)
        return self._answer_ev

    @property
    def expected_ev(self) -> Evidence:
        if self._expected_ev is None:
            self._expected_ev = Evidence.build([self.expected or ""], self.vec)
        return self._expected_ev
