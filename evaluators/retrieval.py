"""Retrieval evaluator (reference 002): can the retrieved chunks answer the query?

FAST: heuristics (keyword overlap, per-chunk relevance from the local model, context count).
BALANCED: FAST, then the judge's quick yes/partial/no check when confidence is borderline.
THOROUGH: the judge's full assessment.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass, field

QUALITY_THRESHOLDS = {"excellent": 0.85, "good": 0.7, "partial": 0.5}
BORDERLINE = (0.5, 0.75)


@dataclass
class RetrievalResult:
    quality: str
    confidence: float
    coverage: float
    issues: list[str]
    missing_aspects: list[str]
    recommendation: str
    reasoning: str
    mode_used: str
    relevance_scores: list[float] = field(default_factory=list)
    metrics: dict = field(default_factory=dict)

    def to_dict(self) -> dict:
        return asdict(self)


def quality_level(confidence: float) -> str:
    for name, t in QUALITY_THRESHOLDS.items():
        if confidence >= t:
            return name
    return "poor"


def _recommend(confidence: float, context_count: int) -> tuple[str, str]:
    if confidence >= QUALITY_THRESHOLDS["excellent"]:
        return "ANSWER", "High confidence - contexts directly answer the query"
    if confidence >= QUALITY_THRESHOLDS["good"]:
        return "ANSWER", "Good confidence - contexts provide sufficient information"
    if context_count == 0:
        return "EXTERNAL", "No contexts found - may need external search"
    if confidence >= QUALITY_THRESHOLDS["partial"]:
        return "REFINE", "Partial confidence - query refinement may help"
    return "CLARIFY", "Low confidence - query may be ambiguous or out of scope"


def evaluate_fast(query_aspects: list[str], context_tokens: set, relevance_scores: list[float],
                  min_contexts: int = 1, surface=lambda a: a) -> RetrievalResult:
    """Heuristic assessment. `relevance_scores` are per-chunk 0..1 relevance to the query."""
    n = len(relevance_scores)
    found = [a for a in query_aspects if a in context_tokens]
    keyword_overlap = (len(found) / len(query_aspects)) if query_aspects else (1.0 if n else 0.0)
    avg = sum(relevance_scores) / n if n else 0.0
    mn = min(relevance_scores) if n else 0.0
    presence = 1.0 if n >= min_contexts else 0.0
    confidence = 0.4 * keyword_overlap + 0.3 * avg + 0.2 * mn + 0.1 * presence
    coverage = keyword_overlap * min(1.0, avg * 1.2)
    issues = []
    if n == 0:
        issues.append("No contexts retrieved")
    elif n < min_contexts:
        issues.append(f"Only {n} contexts found (min: {min_contexts})")
    if n and avg < 0.5:
        issues.append(f"Low average relevance score: {avg:.2f}")
    if keyword_overlap < 0.3:
        issues.append(f"Low keyword overlap: {keyword_overlap:.2f}")
    missing = [surface(a) for a in query_aspects if a not in context_tokens]
    rec, why = _recommend(confidence, n)
    return RetrievalResult(quality=quality_level(confidence), confidence=round(confidence, 4),
                           coverage=round(coverage, 4), issues=issues, missing_aspects=missing,
                           recommendation=rec, reasoning=why, mode_used="fast",
                           relevance_scores=[round(x, 4) for x in relevance_scores],
                           metrics={"keyword_overlap": round(keyword_overlap, 4), "avg_score": round(avg, 4),
                                    "min_score": round(mn, 4), "context_count": n})


def evaluate_balanced(fast: RetrievalResult, judge, query: str, chunks: list[str]) -> tuple[RetrievalResult, object]:
    """Ask the judge's quick check only when the heuristic confidence is borderline."""
    lo, hi = BORDERLINE
    if not (lo < fast.confidence < hi) or not chunks:
        return RetrievalResult(**{**fast.to_dict(), "mode_used": "balanced"}), None
    verdict, info = judge.retrieval_quick(query, chunks)
    delta = {"yes": 0.1, "partial": 0.0, "no": -0.1}[verdict.answer]
    conf = min(1.0, max(0.0, fast.confidence + delta))
    rec, why = _recommend(conf, len(chunks))
    res = RetrievalResult(**{**fast.to_dict(), "confidence": round(conf, 4), "quality": quality_level(conf),
                             "recommendation": rec, "reasoning": f"{why}; judge: {verdict.answer} - {verdict.reasoning}",
                             "mode_used": "balanced"})
    return res, info


def evaluate_thorough(judge, query: str, chunks: list[str]) -> tuple[RetrievalResult, object]:
    v, info = judge.retrieval_thorough(query, chunks)
    return RetrievalResult(quality=quality_level(v.confidence), confidence=v.confidence, coverage=v.coverage,
                           issues=v.issues, missing_aspects=v.missing_aspects, recommendation=v.recommendation,
                           reasoning=v.reasoning, mode_used="thorough",
                           relevance_scores=v.relevance_scores, metrics={"context_count": len(chunks)}), info
