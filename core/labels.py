"""Human labels: the statistics that say how good a judge is on the team's own labels.

Pure functions (no database), unit-tested against scikit-learn / scipy on fixed data:
- `cohen_kappa(a, b)`: agreement of two annotators beyond chance;
- `auroc(scores, positives)`: Mann-Whitney AUROC, ties averaged (a higher score = more likely positive);
- `wilson(k, n)`: 95 % Wilson interval of a proportion; `bootstrap_ci(...)`: percentile bootstrap,
  seeded (the same data gives the same interval);
- `confusion(predicted, actual)` and `judge_accuracy(...)`: accuracy, precision and recall of the
  positive class ("hallucinated", or "irrelevant"), each with n and a 95 % interval, and AUROC;
- `suggest_threshold(...)`: the metric threshold (a record fails below it) that best matches the labels,
  by max F1 of "bad" or the lowest threshold reaching a chosen precision, with a bootstrap interval.

Label vocabulary (one place): a record is labelled `faithful` or `hallucinated` (or skipped),
relevancy `good` or `bad`; which metric each human label judges is `LABEL_FOR_METRIC`.
"""
from __future__ import annotations

import math
import random
from dataclasses import dataclass, field
from typing import Callable, Sequence

from core.modes import JUDGED_MODES

FAITHFUL, HALLUCINATED, SKIPPED = "faithful", "hallucinated", "skipped"
VERDICTS = (FAITHFUL, HALLUCINATED, SKIPPED)
GOOD, BAD = "good", "bad"
RELEVANCY = (GOOD, BAD)
# which metric a human label judges, and the label value that means "the judge should fail it"
LABEL_FOR_METRIC = {"faithfulness": ("verdict", HALLUCINATED), "answer_relevancy": ("relevancy", BAD)}
MIN_LABELS_FOR_ALERT = 30
Z95 = 1.959963984540054


@dataclass(frozen=True)
class Interval:
    value: float | None
    low: float | None
    high: float | None
    n: int

    def as_dict(self) -> dict:
        return {"value": self.value, "low": self.low, "high": self.high, "n": self.n}


def wilson(k: int, n: int, z: float = Z95) -> Interval:
    """The proportion k/n with its Wilson score interval (None when n is 0)."""
    if n <= 0:
        return Interval(None, None, None, 0)
    p = k / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return Interval(p, max(0.0, centre - half), min(1.0, centre + half), n)


def cohen_kappa(a: Sequence, b: Sequence) -> float | None:
    """Cohen's kappa of two raters over the same items (None for no items; 1.0 when both agree on
    one category only, i.e. chance agreement is 1 and they agree perfectly)."""
    if len(a) != len(b):
        raise ValueError("both raters need the same number of items")
    n = len(a)
    if n == 0:
        return None
    cats = sorted(set(a) | set(b), key=str)
    po = sum(x == y for x, y in zip(a, b)) / n
    pe = sum((sum(x == c for x in a) / n) * (sum(y == c for y in b) / n) for c in cats)
    if pe >= 1.0:
        return 1.0 if po >= 1.0 else 0.0
    return (po - pe) / (1 - pe)


def auroc(scores: Sequence[float], positives: Sequence[bool]) -> float | None:
    """Mann-Whitney AUROC with average ranks for ties; None without both classes."""
    pairs = sorted(zip(scores, positives), key=lambda p: p[0])
    n_pos = sum(1 for _, y in pairs if y)
    n_neg = len(pairs) - n_pos
    if n_pos == 0 or n_neg == 0:
        return None
    rank_sum = 0.0
    i = 0
    while i < len(pairs):
        j = i
        while j + 1 < len(pairs) and pairs[j + 1][0] == pairs[i][0]:
            j += 1
        avg = (i + j) / 2.0 + 1
        rank_sum += avg * sum(1 for k in range(i, j + 1) if pairs[k][1])
        i = j + 1
    return (rank_sum - n_pos * (n_pos + 1) / 2) / (n_pos * n_neg)


def bootstrap_ci(stat: Callable[[list[int]], float | None], n: int, *, rounds: int = 400, seed: int = 20,
                 level: float = 0.95) -> tuple[float | None, float | None]:
    """Percentile bootstrap interval of `stat(indices)` over n items (resampled with replacement);
    rounds where the statistic is undefined are dropped. Seeded: the same data, the same interval."""
    if n <= 0:
        return None, None
    rng = random.Random(seed)
    values = []
    for _ in range(rounds):
        v = stat([rng.randrange(n) for _ in range(n)])
        if v is not None and not (isinstance(v, float) and math.isnan(v)):
            values.append(v)
    if len(values) < max(10, rounds // 4):
        return None, None
    values.sort()
    lo_i = int(math.floor((1 - level) / 2 * (len(values) - 1)))
    hi_i = int(math.ceil((1 + level) / 2 * (len(values) - 1)))
    return values[lo_i], values[hi_i]


@dataclass
class Confusion:
    tp: int = 0
    fp: int = 0
    fn: int = 0
    tn: int = 0

    @property
    def n(self) -> int:
        return self.tp + self.fp + self.fn + self.tn


def confusion(predicted: Sequence[bool], actual: Sequence[bool]) -> Confusion:
    c = Confusion()
    for p, a in zip(predicted, actual):
        if p and a:
            c.tp += 1
        elif p:
            c.fp += 1
        elif a:
            c.fn += 1
        else:
            c.tn += 1
    return c


def f1(c: Confusion) -> float:
    return 2 * c.tp / (2 * c.tp + c.fp + c.fn) if c.tp else 0.0


@dataclass
class JudgeAccuracy:
    n: int
    positives: int
    accuracy: Interval
    precision: Interval
    recall: Interval
    auroc: Interval
    disagreeing: list = field(default_factory=list)  # the ids where the judge's verdict differs from the humans

    def as_dict(self) -> dict:
        return {"n": self.n, "positives": self.positives, "accuracy": self.accuracy.as_dict(),
                "precision": self.precision.as_dict(), "recall": self.recall.as_dict(),
                "auroc": self.auroc.as_dict(), "disagreeing": list(self.disagreeing)}


def judge_accuracy(ids: Sequence, scores: Sequence[float], thresholds: Sequence[float],
                   bad: Sequence[bool], *, rounds: int = 300) -> JudgeAccuracy:
    """How well a judge's metric scores (higher = better; it fails a record below its threshold)
    match the human labels (`bad` = the humans say it should fail: hallucinated / irrelevant).
    Accuracy, precision and recall of "bad" with Wilson intervals; AUROC of (1 - score) with a
    seeded bootstrap interval."""
    predicted = [s < t for s, t in zip(scores, thresholds)]
    c = confusion(predicted, bad)
    risk = [1.0 - s for s in scores]
    value = auroc(risk, bad)
    lo, hi = (None, None)
    if value is not None:
        lo, hi = bootstrap_ci(lambda idx: auroc([risk[i] for i in idx], [bad[i] for i in idx]), len(risk),
                              rounds=rounds)
    return JudgeAccuracy(
        n=c.n, positives=sum(bool(b) for b in bad),
        accuracy=wilson(c.tp + c.tn, c.n), precision=wilson(c.tp, c.tp + c.fp), recall=wilson(c.tp, c.tp + c.fn),
        auroc=Interval(value, lo, hi, c.n),
        disagreeing=[i for i, p, a in zip(ids, predicted, bad) if p != a])


@dataclass(frozen=True)
class ThresholdSuggestion:
    threshold: float | None
    low: float | None
    high: float | None
    f1: float | None
    precision: float | None
    recall: float | None
    n: int
    rule: str

    def as_dict(self) -> dict:
        return dict(self.__dict__)


def _candidates(scores: Sequence[float]) -> list[float]:
    """Thresholds worth trying (a record fails below the threshold): halfway between consecutive
    distinct scores, and just above the highest one."""
    distinct = sorted(set(float(s) for s in scores))
    mids = [(a + b) / 2 for a, b in zip(distinct, distinct[1:])]
    return [*mids, distinct[-1] + 1e-6] if distinct else []


def _best(scores: Sequence[float], bad: Sequence[bool], min_precision: float | None) -> tuple | None:
    """(threshold, f1, precision, recall) of the best threshold, or None when no threshold qualifies.
    Max F1 (ties: the lower threshold, fewer records failed); with `min_precision`: the highest recall
    among thresholds whose precision reaches it (ties: higher F1, then the lower threshold)."""
    best = None
    for t in _candidates(scores):
        c = confusion([s < t for s in scores], bad)
        prec = c.tp / (c.tp + c.fp) if c.tp + c.fp else None
        rec = c.tp / (c.tp + c.fn) if c.tp + c.fn else None
        if min_precision is not None:
            if prec is None or prec < min_precision or not c.tp:
                continue
            key = (rec or 0.0, f1(c), -t)
        else:
            if not c.tp:
                continue
            key = (f1(c), -t)
        if best is None or key > best[0]:
            best = (key, t, f1(c), prec, rec)
    return None if best is None else best[1:]


def suggest_threshold(scores: Sequence[float], bad: Sequence[bool], *, min_precision: float | None = None,
                      rounds: int = 200) -> ThresholdSuggestion:
    """The threshold that best matches the labels (see `_best`), with a bootstrap 95 % interval."""
    rule = "max F1" if min_precision is None else f"precision >= {min_precision:.2f}"
    n = len(scores)
    found = _best(scores, bad, min_precision) if any(bad) else None
    if found is None:
        return ThresholdSuggestion(None, None, None, None, None, None, n, rule)
    t, best_f1, prec, rec = found

    def stat(idx):
        res = _best([scores[i] for i in idx], [bad[i] for i in idx], min_precision)
        return None if res is None else res[0]
    lo, hi = bootstrap_ci(stat, n, rounds=rounds)
    return ThresholdSuggestion(t, lo, hi, best_f1, prec, rec, n, rule)


def majority(verdicts: Sequence[str]) -> str | None:
    """The humans' verdict on a record from its current labels (skips ignored): the one verdict
    when they agree, None when they disagree (a conflict) or nobody decided."""
    decided = {v for v in verdicts if v in (FAITHFUL, HALLUCINATED)}
    return decided.pop() if len(decided) == 1 else None


def majority_value(values: Sequence) -> str | None:
    """The one non-empty value the labels agree on (relevancy), None when they differ or give none."""
    given = {v for v in values if v}
    return given.pop() if len(given) == 1 else None


# --- the judges of a record ------------------------------------------------------------------

LOGGED, LOCAL, LLM = "logged judge", "local scorer", "LLM judge"
JUDGES = (LOGGED, LOCAL, LLM)
LLM_MODES = JUDGED_MODES  # the scorer's modes that ask Evalboard's LLM judge


def _num(value) -> float | None:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or value != value:
        return None
    return float(value) if 0.0 <= value <= 1.0 else None


def judge_readings(record: dict, metric: str, thresholds: dict) -> dict[str, tuple[float, float]]:
    """{judge: (score, threshold)} for every judge that scored `metric` on this record: the product's
    logged judge (`evaluation`), and Evalboard's independent score (`rescored`): the local scorer
    in fast mode, the LLM judge in balanced/thorough mode. The threshold is the one the judge was
    held to (the rescored block's own), else the feature's threshold in force."""
    from core.features import DEFAULT_FEATURE
    feature = record.get("feature") if isinstance(record.get("feature"), str) else DEFAULT_FEATURE
    limits = thresholds.get(feature) or thresholds.get(DEFAULT_FEATURE) or {}
    default_t = _num(limits.get(metric))
    out: dict[str, tuple[float, float]] = {}
    logged = record.get("evaluation")
    entry = logged.get(metric) if isinstance(logged, dict) else None
    score = _num(entry.get("score")) if isinstance(entry, dict) else None
    if score is not None and default_t is not None:
        out[LOGGED] = (score, _num(entry.get("threshold")) or default_t)
    rescored = record.get("rescored")
    evaluation = rescored.get("evaluation") if isinstance(rescored, dict) else None
    entry = evaluation.get(metric) if isinstance(evaluation, dict) else None
    score = _num(entry.get("score")) if isinstance(entry, dict) else None
    if score is not None and default_t is not None:
        judge = LLM if rescored.get("mode") in LLM_MODES and _judge_asked(rescored, metric) else LOCAL
        out[judge] = (score, _num(entry.get("threshold")) or default_t)
    return out


def _judge_asked(rescored: dict, metric: str) -> bool:
    """Whether the LLM judge scored `metric` of a judged re-score: the cascade (issue 33) asks it for some
    metrics only (`details.cascade.metrics`, a list) and keeps the local score for the others."""
    details = rescored.get("details")
    cascade = details.get("cascade") if isinstance(details, dict) else None
    asked = cascade.get("metrics") if isinstance(cascade, dict) else None
    return not isinstance(asked, list) or metric in asked


def week_of(ts) -> str:
    """ISO week label ("2026-W47") of a datetime; "—" otherwise."""
    try:
        year, week, _ = ts.isocalendar()
    except AttributeError:
        return "—"
    return f"{year}-W{week:02d}"


def accuracy_rows(records: Sequence[dict], human: dict, thresholds: dict, *, by_week: bool = False,
                  rounds: int = 200) -> list[dict]:
    """One row per (judge, feature, metric[, week]) with n >= 1: the judge's accuracy on the human labels.

    `human`: {record_id: {"verdict": faithful|hallucinated|None, "relevancy": good|bad|None}} (the
    humans' settled answer: a resolution, else the agreeing labels). Feature "__all__" rows pool every
    feature."""
    from core.features import ALL_FEATURES
    groups: dict[tuple, list] = {}
    for rec in records:
        answer = human.get(rec.get("_id"))
        if not answer:
            continue
        for metric, (field_name, bad_value) in LABEL_FOR_METRIC.items():
            value = answer.get(field_name)
            if field_name == "verdict" and value not in (FAITHFUL, HALLUCINATED):
                continue
            if field_name == "relevancy" and value not in RELEVANCY:
                continue
            for judge, (score, threshold) in judge_readings(rec, metric, thresholds).items():
                week = week_of(rec.get("timestamp")) if by_week else None
                for feature in (rec.get("feature") or "—", ALL_FEATURES):
                    groups.setdefault((judge, feature, metric, week), []).append(
                        (rec.get("_id"), score, threshold, value == bad_value))
    rows = []
    for (judge, feature, metric, week), items in sorted(groups.items(), key=lambda kv: tuple(str(k) for k in kv[0])):
        ids, scores, ts, bad = zip(*items)
        acc = judge_accuracy(list(ids), list(scores), list(ts), list(bad), rounds=rounds)
        row = {"judge": judge, "feature": feature, "metric": metric, **acc.as_dict()}
        if by_week:
            row["week"] = week
        rows.append(row)
    return rows
