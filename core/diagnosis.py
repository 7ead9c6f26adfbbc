"""The precision x faithfulness diagnosis (reference 004), one definition for every page and report.

Each record falls in one quadrant by its feature's thresholds:
  ok         precision and faithfulness both meet their thresholds
  retrieval  precision low, faithfulness fine  -> the retriever brings the wrong chunks
  generation precision fine, faithfulness low  -> the model strays from good context
  both       both low
A feature (or a period) is *healthy* while at most HEALTHY_MAX_PROBLEM_SHARE of its
diagnosable records sit in a problem quadrant; otherwise the largest problem
quadrant names it (retrieval and generation within BOTH_MARGIN of each other -> both).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping

OK, RETRIEVAL, GENERATION, BOTH, HEALTHY = "ok", "retrieval", "generation", "both", "healthy"
QUADRANTS: tuple[str, ...] = (OK, RETRIEVAL, GENERATION, BOTH)
PROBLEMS: tuple[str, ...] = (RETRIEVAL, GENERATION, BOTH)
HEALTHY_MAX_PROBLEM_SHARE = 0.20
BOTH_MARGIN = 0.05
MIN_RECORDS = 20  # fewer diagnosable records than this: no verdict

LABELS = {HEALTHY: "Healthy", RETRIEVAL: "Retrieval problem", GENERATION: "Generation problem",
          BOTH: "Retrieval and generation problem", OK: "Ideal"}
ICONS = {HEALTHY: "✅", RETRIEVAL: "🔎", GENERATION: "✍️", BOTH: "⚠️", OK: "✅"}
ADVICE = {
    HEALTHY: "Retrieval and generation both hold up; keep watching.",
    RETRIEVAL: "The retriever brings chunks that do not answer the question: tune chunking, "
               "embeddings, top-k or add a re-ranker.",
    GENERATION: "The retrieved chunks are relevant but answers go beyond them: tighten the prompt "
                "to stay within the context, lower the temperature, or add a claim check.",
    BOTH: "Both retrieval and generation fall short: fix retrieval first (answers cannot be faithful "
          "to chunks that do not hold the answer), then the prompt.",
}


def quadrant(precision: float | None, faithfulness: float | None, p_cut: float, f_cut: float) -> str | None:
    """The quadrant of one record (or one point); None without both numbers."""
    if precision is None or faithfulness is None:
        return None
    p_ok, f_ok = precision >= p_cut, faithfulness >= f_cut
    return OK if p_ok and f_ok else RETRIEVAL if f_ok else GENERATION if p_ok else BOTH


@dataclass(frozen=True)
class Diagnosis:
    verdict: str | None          # HEALTHY, RETRIEVAL, GENERATION, BOTH, or None (too few records)
    total: int
    counts: dict[str, int]
    problem_share: float | None

    @property
    def label(self) -> str:
        return LABELS.get(self.verdict, "Not enough records") if self.verdict else "Not enough records"

    @property
    def icon(self) -> str:
        return ICONS.get(self.verdict or "", "·")

    @property
    def advice(self) -> str:
        return ADVICE.get(self.verdict or "", "")


def diagnose(counts: Mapping[str, int | float | None]) -> Diagnosis:
    """The verdict for a set of records from their quadrant counts."""
    clean = {q: int(counts.get(q) or 0) for q in QUADRANTS}
    total = sum(clean.values())
    if total < MIN_RECORDS:
        return Diagnosis(None, total, clean, None)
    share = {q: clean[q] / total for q in QUADRANTS}
    problem = 1.0 - share[OK]
    if problem <= HEALTHY_MAX_PROBLEM_SHARE:
        return Diagnosis(HEALTHY, total, clean, problem)
    r, g = share[RETRIEVAL], share[GENERATION]
    worst = max(PROBLEMS, key=lambda q: share[q])
    if worst != BOTH and abs(r - g) <= BOTH_MARGIN and min(r, g) > 0:
        worst = BOTH
    return Diagnosis(worst, total, clean, problem)


def under_pass_rule(found: Diagnosis, pass_rate: float | None, floor: float | None) -> bool:
    """Issue 34: "healthy" by the quadrants while the pass rate is under the feature's pass-rate rule —
    the headline must not say Healthy then."""
    return (found.verdict == HEALTHY and isinstance(pass_rate, (int, float)) and isinstance(floor, (int, float))
            and pass_rate < floor)


def headline_label(found: Diagnosis, pass_rate: float | None, floor: float | None) -> str:
    """The diagnosis as a page or report shows it: never "Healthy" under the pass-rate rule."""
    if under_pass_rule(found, pass_rate, floor):
        return f"Pass rate {pass_rate:.0%} under the rule's {floor:.0%} (retrieval and generation hold up)"
    return found.label


# --- a metric that carries no signal (issue 34) ---------------------------------------------------
FLAT_SPREAD = 0.02  # every bucket's p10..p90 and mean within this of each other: (nearly) constant


def nearly_constant(p10s: list, p90s: list, means: list) -> float | None:
    """The value a metric sits at when it is (nearly) constant over a period — every bucket's p10 and
    p90 and its mean within FLAT_SPREAD — else None. Its chart is then a flat line, not a signal."""
    values = [v for v in (*p10s, *p90s, *means) if isinstance(v, (int, float))]
    if not values or max(values) - min(values) > FLAT_SPREAD:
        return None
    clean = [m for m in means if isinstance(m, (int, float))]
    return sum(clean) / len(clean) if clean else values[0]
