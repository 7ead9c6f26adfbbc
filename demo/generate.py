"""`python -m jobs demo [--days 90] [--per-day 400] [--seed N] [--if-empty]`: realistic demo records.

Builds reference-000 payloads ("Score Logging") for the four features of the
legal assistant and writes them through the same parse/insert path as ingest
(source "demo"), so demo data is exactly what ingest would store. Everything is
drawn from `random.Random(seed)`: with the same seed and end date the payloads
are identical.

How a record is made:
1. Timeline: the last `days` UTC days ending at `end` (default now); fewer
   records on weekends, a daytime peak in Indian business hours; feature mix
   chat 45%, clauses 20%, viability 20%, arguments 15%.
2. Scores: a per-record difficulty and per-attempt answer/retrieval latents
   load on the four metrics (so they are correlated), plus noise, per-day drift
   and the incidents' shifts. The product's loop is simulated: an attempt that
   fails any metric or the overall score is regenerated (attempt 1: same
   context, new answer; attempts 2-3: re-retrieved context) up to three times;
   the logged scores are those of the passing attempt, or of the best attempt
   when all fail (reference 000 "Regeneration Strategy").
3. Content: the final scores pick the text (demo/corpus.py): contexts keep
   out relevant passages when recall is low and rank irrelevant ones first when
   precision is low (the ranking's average precision is close to the score);
   answers carry unsupported claims when faithfulness fails and open with
   generic filler when relevancy is low; reasons say what is wrong.
4. Incidents (relative to the end date; squeezed proportionally for short
   ranges): a viability faithfulness drop (~3 weeks ago, 5 days), a
   regeneration spike on every feature (~6 weeks ago, 2 days), a bad retrieval
   week for chat and clauses (~9 weeks ago), and a faithfulness regression in
   arguments over the last 2 days (still open); and, in ranges of 12 days or more, a judge drift:
   from 6 days before the end on, the product's judge logs chat faithfulness up to 0.15 higher for
   the same passing answers (the judge-agreement sample catches it; the logged trend alone looks
   like a gain, the pass rate does not move).
5. Releases (issue 21): every record names the release, model and prompt version that
   answered (RELEASES: three for ranges of 12 days or more). The last release ships on the
   day the arguments regression starts and also swaps the retriever (tag `retriever`): it
   regresses clauses contextual recall (RELEASE_REGRESSION), which Compare and the release
   rule find on the first day.
6. A few malformed payloads (rejected: no query, bad timestamp, non-numeric
   score, evaluation not an object; kept: numeric strings, naive timestamps, an
   unknown feature, no regeneration count, an out-of-range score).
"""
from __future__ import annotations

import random
import uuid
from bisect import bisect_left
from dataclasses import dataclass
from datetime import date, datetime, timedelta, timezone
from functools import lru_cache
from itertools import accumulate, combinations
from typing import Any, Iterator

from pymongo.database import Database

from demo.corpus import EXTRA_UNSUPPORTED, FEATURE_MIX, GENERIC, PASSAGES, TEMPLATES, Template
from jobs.ingest import Writer as _Writer
from store.records import has_records
from core import metrics
from core.verdict import overall_quality, verdict

SOURCE = "demo"
FEATURES = tuple(FEATURE_MIX)

# First-attempt metric means on a normal day, per feature (clipped at 1.0 later).
# Chat is the most stable; arguments and clauses have stricter thresholds and fail more.
BASE_MEANS: dict[str, dict[str, float]] = {
    "chat": {"faithfulness": 0.905, "answer_relevancy": 0.86, "contextual_precision": 0.87,
             "contextual_recall": 0.85},
    "viability": {"faithfulness": 0.935, "answer_relevancy": 0.885, "contextual_precision": 0.905,
                  "contextual_recall": 0.885},
    "arguments": {"faithfulness": 0.96, "answer_relevancy": 0.92, "contextual_precision": 0.935,
                  "contextual_recall": 0.915},
    "clauses": {"faithfulness": 0.99, "answer_relevancy": 0.9, "contextual_precision": 0.915,
                "contextual_recall": 0.885},
}
LOADING = 0.045   # how strongly the shared latent moves each metric
PERSISTENT_NOISE = 0.035 # metric-specific offset of a record, the same on every attempt
NOISE = 0.01      # metric-specific noise of one attempt
RETRY_BOOST = 0.05
DAY_DRIFT = 0.008  # per-day drift of every score (some days dip below the pass-rate alert)
FEATURE_DAY_DRIFT = 0.006
MAX_REGENERATIONS = 3

WEEKDAY_FACTOR = (1.08, 1.12, 1.12, 1.08, 1.02, 0.6, 0.48)  # Monday .. Sunday
_WEEK_MEAN = sum(WEEKDAY_FACTOR) / 7
# Traffic by hour in India (IST); converted to UTC hours below.
_IST_HOURLY = (0.15, 0.1, 0.08, 0.06, 0.06, 0.1, 0.25, 0.5, 0.8, 1.0, 1.2, 1.3,
               1.25, 1.15, 1.2, 1.25, 1.2, 1.05, 0.85, 0.7, 0.6, 0.5, 0.35, 0.25)
UTC_HOURLY = tuple(_IST_HOURLY[((h * 60 + 330) // 60) % 24] for h in range(24))


# --- incidents ---------------------------------------------------------------------------

@dataclass(frozen=True)
class Incident:
    key: str
    title: str
    features: tuple[str, ...]
    start: date
    end: date  # inclusive
    shifts: tuple[tuple[str, float], ...] = ()  # metric -> shift on every attempt
    first_attempt_shift: float = 0.0            # latent shift on the first attempt only
    judge_shifts: tuple[tuple[str, float], ...] = ()  # metric -> shift of the logged score only (judge drift)

    def covers(self, day: date, feature: str) -> bool:
        return self.start <= day <= self.end and feature in self.features

    def describe(self) -> str:
        when = self.start.isoformat() if self.start == self.end else f"{self.start}..{self.end}"
        return f"{self.title} {when}"


# (key, title, features, days ago at start for a 90-day range, length, shifts, first-attempt shift)
_INCIDENTS = (
    ("faithfulness_drop", "viability faithfulness drop (critical)", ("viability",), 23, 5,
     (("faithfulness", -0.30),), 0.0),
    ("regeneration_spike", "regeneration spike (all features)", FEATURES, 43, 2, (), -1.4),
    ("bad_retrieval", "bad retrieval week (chat, clauses: precision and recall)", ("chat", "clauses"), 65, 7,
     (("contextual_precision", -0.11), ("contextual_recall", -0.10)), 0.0),
)
_RECENT = ("recent_regression", "arguments faithfulness regression (open now)", ("arguments",), 1, 2,
           (("faithfulness", -0.08),), 0.0)
_NOMINAL_DAYS = 90
# The product's judge turns lenient on chat faithfulness from JUDGE_DRIFT_DAYS_AGO days before the
# end on: the answers (and what an independent scorer sees) do not change, the logged score of a
# passing answer goes up (pass/fail stays, so only the agreement sample can tell).
JUDGE_DRIFT = ("judge_drift", "chat judge turned lenient on faithfulness (logged scores only)", ("chat",),
               (("faithfulness", 0.15),))
JUDGE_DRIFT_DAYS_AGO = 6


def plan_incidents(days: int, end: datetime) -> list[Incident]:
    """The incidents that fit in the range, dated relative to `end` (deterministic).

    For a 90-day (or longer) range they start 23, 43 and 65 days before the end
    date; shorter ranges squeeze them proportionally, keeping them apart and
    clear of the last two days; one that no longer fits is left out.
    """
    today = _as_utc(end).date()
    factor = min(1.0, days / _NOMINAL_DAYS)
    planned: list[Incident] = []
    earliest_end_ago = 3  # the recent regression owns the last two days
    for key, title, features, start_ago, length, shifts, first in _INCIDENTS:
        start_ago = max(round(start_ago * factor), earliest_end_ago + length - 1)
        if start_ago > days - 1:
            continue
        end_ago = start_ago - length + 1
        planned.append(Incident(key, title, features, today - timedelta(days=start_ago),
                                today - timedelta(days=end_ago), shifts, first))
        earliest_end_ago = start_ago + 2
    key, title, features, start_ago, length, shifts, first = _RECENT
    if days >= length:
        planned.append(Incident(key, title, features, today - timedelta(days=start_ago), today, shifts, first))
    if days >= 2 * JUDGE_DRIFT_DAYS_AGO:  # leave as many days before it as a baseline
        key, title, features, judge_shifts = JUDGE_DRIFT
        planned.append(Incident(key, title, features, today - timedelta(days=JUDGE_DRIFT_DAYS_AGO), today,
                                judge_shifts=judge_shifts))
    return planned


# --- releases (issue 21) ---------------------------------------------------------------------
# (release, model, prompt version, tags, days before the end it ships; None: from the start).
RELEASES = (
    ("2026.10", "gpt-4o-mini-2024-07-18", "answer-v6", {"retriever": "hybrid-k8"}, None),
    ("2026.11", "gpt-4.1-mini-2025-04-14", "answer-v7", {"retriever": "hybrid-k8"}, JUDGE_DRIFT_DAYS_AGO),
    ("2026.12", "gpt-4.1-mini-2025-04-14", "answer-v7", {"retriever": "dense-k4"}, _RECENT[3]),
)
RELEASE_REGRESSION = ("2026.12", "clauses", "contextual_recall", -0.10)  # release, feature, metric, shift


def plan_releases(days: int, end: datetime) -> list[tuple[date, dict[str, Any]]]:
    """(first day, version fields) of each release in the range, oldest first (deterministic): a
    release whose ship day would leave the one before it no day of its own is left out."""
    today = _as_utc(end).date()
    first_day = today - timedelta(days=days - 1)
    plan: list[tuple[date, dict[str, Any]]] = []
    for name, model, prompt, tags, ago in RELEASES:
        start = first_day if ago is None else today - timedelta(days=ago)
        if plan and start <= plan[-1][0]:
            continue
        plan.append((max(start, first_day), {"release": name, "model": model, "prompt_version": prompt,
                                             "tags": dict(tags)}))
    return plan


def release_on(day: date, plan: list[tuple[date, dict[str, Any]]]) -> dict[str, Any]:
    current: dict[str, Any] = {}
    for start, fields in plan:
        if start <= day:
            current = fields
    return current


# --- scores ---------------------------------------------------------------------------------

def _clip(x: float) -> float:
    return 0.0 if x < 0.0 else 1.0 if x > 1.0 else x


def _simulated() -> tuple[str, ...]:
    """The catalog's metrics the simulated product logs (those it has base means for)."""
    return tuple(m for m in metrics.names() if m in BASE_MEANS["chat"])


def _overall(scores: dict[str, float]) -> float:
    return round(overall_quality(scores), 3)


def _passes(scores: dict[str, float], overall: float, limits: dict[str, float]) -> bool:
    """The product's own check: the catalog's verdict rule with the feature's limits."""
    return verdict(None, {**scores, metrics.OVERALL: overall}, {"default": limits}).passed is True


def _simulate(rng: random.Random, feature: str, drift: float, shifts: dict[str, float],
              first_shift: float) -> tuple[dict[str, float], float, int]:
    """Run the product's evaluate/regenerate loop; returns (logged scores, overall, regenerations)."""
    limits = metrics.default_thresholds()[feature]
    means = BASE_MEANS[feature]
    # Hard questions stay hard: a per-record difficulty and per-metric offsets persist across attempts,
    # so regeneration rescues some failures but not all.
    difficulty = rng.gauss(0.0, 1.0)
    offsets = {m: rng.gauss(0.0, PERSISTENT_NOISE) for m in _simulated()}
    retrieval = base_retrieval = 0.6 * difficulty + 0.8 * rng.gauss(0.0, 1.0)
    best: tuple[float, dict[str, float]] | None = None
    for attempt in range(MAX_REGENERATIONS + 1):
        if attempt >= 2:  # re-retrieved (attempt 2) or expanded (attempt 3) context
            retrieval = 0.9 * base_retrieval + 0.25 * rng.gauss(0.0, 1.0) + RETRY_BOOST
        answer = 0.85 * difficulty + 0.2 * retrieval + 0.15 * rng.gauss(0.0, 1.0)
        answer += first_shift if attempt == 0 else RETRY_BOOST  # stricter prompt with the evaluator's feedback
        scores = {}
        for m in _simulated():
            latent = retrieval if m.startswith("contextual") else answer
            value = (means[m] + drift + shifts.get(m, 0.0) + LOADING * latent + offsets[m]
                     + NOISE * rng.gauss(0.0, 1.0))
            scores[m] = round(_clip(value), 2)
        overall = _overall(scores)
        if _passes(scores, overall, limits):
            return scores, overall, attempt
        if best is None or overall > best[0]:
            best = (overall, scores)
    assert best is not None
    return best[1], best[0], MAX_REGENERATIONS


# --- content ----------------------------------------------------------------------------------

def _average_precision(pattern: tuple[bool, ...]) -> float:
    hits, total = 0, 0.0
    for rank, relevant in enumerate(pattern, 1):
        if relevant:
            hits += 1
            total += hits / rank
    return total / hits if hits else 0.0


@lru_cache(maxsize=None)
def _rankings(k: int) -> tuple[tuple[tuple[bool, ...], float], ...]:
    """Every ranking of k relevant and 0..3 irrelevant chunks with its average precision."""
    out = []
    for d in range(4):
        n = k + d
        for positions in combinations(range(n), k):
            pattern = tuple(i in positions for i in range(n))
            out.append((pattern, _average_precision(pattern)))
    return tuple(out)


def _truncate(text: str) -> str:
    cut = text[: int(len(text) * 0.55)]
    return cut[: cut.rfind(" ")] + " ..." if " " in cut else cut


def _ordinal(n: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(n, f"{n}th")


def _cites(ids: list[str]) -> str:
    return ", ".join(PASSAGES[p].cite for p in ids)


_DISTRACTOR_POOL = tuple(PASSAGES)


def _build_content(rng: random.Random, template: Template, scores: dict[str, float],
                   limits: dict[str, float]) -> tuple[str, list[str], dict[str, str]]:
    """(answer, context, reasons) consistent with the scores."""
    f, ar, cp, cr = (scores[m] for m in ("faithfulness", "answer_relevancy", "contextual_precision",
                                         "contextual_recall"))
    relevant = list(template.relevant)

    # Recall: which relevant passages were retrieved.
    truncated = False
    if cr >= limits["contextual_recall"]:
        included = relevant
    elif len(relevant) == 1:
        included, truncated = relevant, True
    else:
        k = max(1, min(len(relevant) - 1, round(cr * len(relevant))))
        keep = set(rng.sample(relevant[1:], k - 1))
        included = [relevant[0]] + [p for p in relevant[1:] if p in keep]
    missing = [p for p in relevant if p not in included]

    # Precision: a ranking whose average precision is close to the score, on the same side of the threshold.
    cp_ok = cp >= limits["contextual_precision"]
    options = [(abs(ap - cp), rng.random(), pattern) for pattern, ap in _rankings(len(included))
               if (ap >= limits["contextual_precision"]) == cp_ok]
    _, _, pattern = min(options)
    n_distractors = len(pattern) - len(included)
    topics = {PASSAGES[p].topic for p in relevant}
    distractors = rng.sample([p for p in _DISTRACTOR_POOL if PASSAGES[p].topic not in topics], n_distractors)
    ranked: list[str] = []
    rel_iter, dis_iter = iter(included), iter(distractors)
    for is_relevant in pattern:
        ranked.append(next(rel_iter) if is_relevant else next(dis_iter))
    context = [(_truncate(PASSAGES[p].text) if truncated else PASSAGES[p].text) if p in included
               else PASSAGES[p].text for p in ranked]

    # Answer: supported claims (from retrieved passages), unsupported ones when faithfulness fails,
    # generic filler when relevancy is low.
    supported = [(pid, text) for pid, text in template.claims if pid in included]
    generic: list[str] = []
    if ar < limits["answer_relevancy"]:
        generic = rng.sample(GENERIC[template.feature], 2 if ar < 0.5 else 1)
        if ar < 0.5:
            supported = supported[:1]
    pool = list(template.unsupported) + [c for c in EXTRA_UNSUPPORTED if c not in template.unsupported]
    if f >= limits["faithfulness"]:
        n_sup, n_unsup = len(supported), 0
    else:
        # Unsupported claims preferably take the place of the supported ones they garble.
        _, _, n_sup, n_unsup = min((round(abs(s / (s + u) - f), 2), abs(s + u - len(supported)), s, u)
                                   for s in range(1, len(supported) + 1) for u in range(1, min(3, len(pool)) + 1))
    claims = [text for _, text in supported[:n_sup]]
    unsupported = pool[:n_unsup]
    for claim in unsupported:
        claims.insert(rng.randint(1, len(claims)), claim)
    answer = " ".join(generic + claims)

    used = list(dict.fromkeys(pid for pid, _ in supported[:n_sup]))
    total_claims = n_sup + n_unsup
    if n_unsup:
        f_reason = (f"{n_unsup} of {total_claims} claims not supported by the retrieved context, "
                    f"e.g. \"{unsupported[0][:90]}\"")
    elif f >= 0.95:
        f_reason = f"All {total_claims} claims are supported by {_cites(used)}"
    else:
        f_reason = f"{total_claims} claims supported by {_cites(used)}; some wording paraphrased"

    if ar >= max(0.85, limits["answer_relevancy"]):
        ar_reason = f"Directly addresses {template.topic}"
    elif ar >= limits["answer_relevancy"]:
        ar_reason = f"Addresses {template.topic}, with some unnecessary material"
    elif ar >= 0.5:
        ar_reason = f"Opens with generic material; {template.topic} is addressed only in part"
    else:
        ar_reason = f"Mostly generic; does not answer the question about {template.topic}"

    off = [i + 1 for i, rel in enumerate(pattern) if not rel]
    first_relevant = pattern.index(True) + 1
    if not off:
        cp_reason = f"All {len(pattern)} retrieved chunks are relevant"
    elif first_relevant > 1 or not cp_ok:
        cp_reason = (f"{len(off)} irrelevant chunk(s) ({_cites(distractors)}) ranked above relevant context; "
                     f"first relevant chunk at rank {first_relevant}")
    elif all(not rel for rel in pattern[pattern.index(False):]):
        cp_reason = f"Relevant chunks ranked first; {len(off)} lower-ranked chunk(s) off-topic ({_cites(distractors)})"
    else:
        cp_reason = (f"Mostly relevant context; off-topic chunk ({_cites(distractors)}) ranked "
                     f"{', '.join(_ordinal(i) for i in off)}")

    if truncated:
        cr_reason = f"Only part of {_cites(included)} was retrieved; later sub-sections missing"
    elif missing:
        cr_reason = f"Missing {_cites(missing)} needed for a complete answer"
    elif cr >= 0.9:
        cr_reason = f"All necessary provisions retrieved ({_cites(included)})"
    else:
        cr_reason = f"Key provisions retrieved ({_cites(included)}); some supporting detail thin"
    reasons = {"faithfulness": f_reason, "answer_relevancy": ar_reason, "contextual_precision": cp_reason,
               "contextual_recall": cr_reason}
    return answer, context, reasons


# --- payloads ---------------------------------------------------------------------------------

_BY_FEATURE: dict[str, tuple[Template, ...]] = {
    feature: tuple(t for t in TEMPLATES if t.feature == feature) for feature in FEATURES}
_FEATURE_CUM = tuple(accumulate(FEATURE_MIX[f] for f in FEATURES))


def _as_utc(value: datetime) -> datetime:
    return value.replace(tzinfo=timezone.utc) if value.tzinfo is None else value.astimezone(timezone.utc)


def _iso(ts: datetime) -> str:
    return ts.strftime("%Y-%m-%dT%H:%M:%S") + f".{ts.microsecond // 1000:03d}Z"


def _uuid(rng: random.Random) -> str:
    return str(uuid.UUID(int=rng.getrandbits(128), version=4))


def _day_times(rng: random.Random, day_start: datetime, end: datetime, per_day: int) -> list[datetime]:
    """Timestamps for one UTC day (only up to `end`), busier on weekdays and in Indian office hours."""
    window = min(86400.0, (end - day_start).total_seconds())
    if window <= 0:
        return []
    weights = []
    for hour in range(24):
        covered = min(1.0, max(0.0, (window - hour * 3600) / 3600))
        weights.append(UTC_HOURLY[hour] * covered)
    share = sum(weights) / sum(UTC_HOURLY)
    expected = per_day * WEEKDAY_FACTOR[day_start.weekday()] / _WEEK_MEAN * share * rng.uniform(0.9, 1.1)
    count = int(expected) + (1 if rng.random() < expected - int(expected) else 0)
    cum = list(accumulate(weights))
    times = []
    for _ in range(count):
        x = rng.random() * cum[-1]
        hour = min(bisect_left(cum, x), 23)
        limit = min(3600.0, window - hour * 3600)
        times.append(day_start + timedelta(seconds=hour * 3600 + rng.random() * limit))
    times.sort()
    return [t.replace(microsecond=(t.microsecond // 1000) * 1000) for t in times]


def _record(rng: random.Random, ts: datetime, feature: str, session_id: str, drift: float,
            incidents: list[Incident], release: dict[str, Any] | None = None) -> dict[str, Any]:
    day = ts.date()
    shifts: dict[str, float] = {}
    name, regressed_feature, regressed_metric, shift = RELEASE_REGRESSION
    if release and release.get("release") == name and feature == regressed_feature:
        shifts[regressed_metric] = shift
    first_shift = 0.0
    judge_shifts: dict[str, float] = {}
    for incident in incidents:
        if incident.covers(day, feature):
            for metric, shift in incident.shifts:
                shifts[metric] = shifts.get(metric, 0.0) + shift
            for metric, shift in incident.judge_shifts:
                judge_shifts[metric] = judge_shifts.get(metric, 0.0) + shift
            first_shift += incident.first_attempt_shift
    scores, overall, regenerations = _simulate(rng, feature, drift, shifts, first_shift)
    limits = metrics.default_thresholds()[feature]
    template = rng.choice(_BY_FEATURE[feature])
    answer, context, reasons = _build_content(rng, template, scores, limits)  # the answer as it really is
    if judge_shifts and _passes(scores, overall, limits):
        # a lenient judge logs higher scores for the same answers; it inflates the passing ones (a
        # failing answer still fails), so the pass rate and the other incidents' alerts stay as they were
        scores = {m: round(_clip(v + judge_shifts.get(m, 0.0)), 2) for m, v in scores.items()}
        overall = _overall(scores)
    evaluation: dict[str, Any] = {
        m: {"score": scores[m], "threshold": limits[m], "passed": scores[m] >= limits[m], "reason": reasons[m]}
        for m in _simulated()}
    evaluation["overall_quality"] = {"score": overall, "threshold": limits["overall_quality"],
                                     "passed": overall >= limits["overall_quality"]}
    return {
        "_id": f"eval_{_uuid(rng)}",
        "session_id": session_id,
        "query": template.query,
        "answer": answer,
        "context": context,
        "evaluation": evaluation,
        "regeneration_attempts": regenerations,
        "timestamp": _iso(ts),
        "feature": feature,
        **{k: (dict(v) if isinstance(v, dict) else v) for k, v in (release or {}).items()},
    }


# Malformed payloads: (kind, rejected?) — spread over the range.
MALFORMED = (
    ("missing_query", True), ("naive_timestamp", False), ("bad_timestamp", True), ("score_string", False),
    ("score_text", True), ("unknown_feature", False), ("evaluation_string", True), ("missing_regeneration", False),
    ("missing_query", True), ("score_out_of_range", False), ("bad_timestamp", True), ("naive_timestamp", False),
    ("score_text", True), ("unknown_feature", False), ("evaluation_string", True), ("score_string", False),
)


def _malform(payload: dict[str, Any], kind: str) -> dict[str, Any]:
    bad = {**payload, "evaluation": {k: dict(v) for k, v in payload["evaluation"].items()}}
    if kind == "missing_query":
        del bad["query"]
    elif kind == "bad_timestamp":
        bad["timestamp"] = "not-a-date"
    elif kind == "score_text":
        bad["evaluation"]["faithfulness"]["score"] = "high"
    elif kind == "evaluation_string":
        scores = bad["evaluation"]
        bad["evaluation"] = (f"faithfulness={scores['faithfulness']['score']}, "
                             f"relevancy={scores['answer_relevancy']['score']}")
    elif kind == "score_string":
        bad["evaluation"]["answer_relevancy"]["score"] = "0.82"
    elif kind == "naive_timestamp":
        bad["timestamp"] = bad["timestamp"].rstrip("Z").split(".")[0]
    elif kind == "unknown_feature":
        bad["feature"] = "drafting"
    elif kind == "missing_regeneration":
        del bad["regeneration_attempts"]
    elif kind == "score_out_of_range":
        bad["evaluation"]["contextual_recall"]["score"] = 1.7
    bad["demo_malformed"] = kind
    return bad


def build_payloads(days: int = 90, per_day: int = 400, seed: int = 7, end: datetime | None = None
                   ) -> tuple[list[dict[str, Any]], list[Incident]]:
    """The demo payloads (reference-000 shape, oldest first) and the incidents in them. No I/O."""
    end = _as_utc(end or datetime.now(timezone.utc))
    return list(iter_payloads(days, per_day, seed, end)), plan_incidents(days, end)


def iter_payloads(days: int, per_day: int, seed: int, end: datetime) -> Iterator[dict[str, Any]]:
    """The payloads one by one (same sequence as `build_payloads`)."""
    if days < 1 or per_day < 0:
        raise ValueError("days must be >= 1 and per_day >= 0")
    end = _as_utc(end)
    rng = random.Random(seed)
    incidents = plan_incidents(days, end)
    releases = plan_releases(days, end)
    today = end.date()
    first_day = today - timedelta(days=days - 1)
    malformed_days = {}
    for i, (kind, _) in enumerate(MALFORMED):
        malformed_days.setdefault(int((i + 0.5) * days / len(MALFORMED)), []).append(kind)
    sessions: dict[str, str] = {}
    for offset in range(days):
        day = first_day + timedelta(days=offset)
        day_start = datetime(day.year, day.month, day.day, tzinfo=timezone.utc)
        # bounded, so that a normal day dips under the pass-rate alert now and then but never looks
        # like an incident
        drift = max(-1.5 * DAY_DRIFT, min(1.5 * DAY_DRIFT, rng.gauss(0.0, DAY_DRIFT)))
        feature_drift = {f: max(-2 * FEATURE_DAY_DRIFT, min(2 * FEATURE_DAY_DRIFT, rng.gauss(0.0, FEATURE_DAY_DRIFT)))
                         for f in FEATURES}
        day_payloads = []
        for ts in _day_times(rng, day_start, end, per_day):
            feature = FEATURES[min(bisect_left(_FEATURE_CUM, rng.random() * _FEATURE_CUM[-1]), len(FEATURES) - 1)]
            if feature not in sessions or rng.random() > 0.3:  # ~30% are follow-ups in the same session
                sessions[feature] = f"{feature}_{_uuid(rng)}"
            day_payloads.append(_record(rng, ts, feature, sessions[feature], drift + feature_drift[feature],
                                        incidents, release_on(day, releases)))
        for kind in malformed_days.get(offset, []):
            hour = rng.uniform(5, 12) * 3600
            ts = min(day_start + timedelta(seconds=hour), end - timedelta(seconds=1))
            ts = ts.replace(microsecond=(ts.microsecond // 1000) * 1000)
            feature = rng.choice(FEATURES)
            base = _record(rng, ts, feature, f"{feature}_{_uuid(rng)}", drift, incidents, release_on(day, releases))
            day_payloads.append(_malform(base, kind))
        yield from day_payloads


def generate_demo(db: Database, days: int = 90, per_day: int = 400, seed: int = 7, only_if_empty: bool = False,
                  end: datetime | None = None) -> str:
    """Fill `db` with demo records; returns a one-line summary naming the incidents and their dates."""
    if only_if_empty and has_records(db):
        return "demo skipped: the records collection already has documents"
    end = _as_utc(end or datetime.now(timezone.utc))
    incidents = plan_incidents(days, end)
    writer = _Writer(db, SOURCE)  # ingest's writer: same parser, same inserts, one batch in flight
    try:
        for payload in iter_payloads(days, per_day, seed, end):  # generated while the last batch is written
            writer.add(payload)
    finally:
        summary = writer.close()
    line = f"demo records={summary.ingested} rejected={summary.rejected} days={days}"
    if summary.duplicates:
        line += f" duplicates={summary.duplicates}"
    line += " incidents: " + ("; ".join(i.describe() for i in incidents) or "none")
    from demo.labels import generate_demo_labels  # the finished annotation queue (issue 20)
    from demo.sets import generate_demo_sets  # a golden set per feature with two runs (issue 30)
    line += "; " + generate_demo_labels(db, end=end, seed=seed)
    return line + "; " + generate_demo_sets(db, end=end, incidents=incidents, seed=seed,
                                            releases=(RELEASES[-2][0], RELEASES[-1][0]), regression=RELEASE_REGRESSION)
