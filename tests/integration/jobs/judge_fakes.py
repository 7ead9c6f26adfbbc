"""Small logged data sets and a noisy judge for the issue-33 tests (cost, budget, noise floor).

`logged_records(db, now, ...)`: chat records of the last days before `now` (never a fixed date against the
clock), each with a known "true" answer relevancy `base`; `NoisyAnswers`: the answers of the local
chat-completions server (tests/integration/evaluators/conftest.Server) with Gaussian noise of `sigma` on
the relevancy score around each record's base, every other prompt answered the same way every time
(faithfulness, precision and recall all supported), the draws kept per record; `TruthAnswers`: a judge whose
faithfulness and relevancy follow the demo's hidden truth (what its human labels follow: the made-up claims in
the answer; the logged relevancy) with Gaussian noise, for the cascade's accuracy check.
"""
from __future__ import annotations

import random
import re
from collections import defaultdict
from datetime import datetime, timedelta

from store.records import ensure_indexes, insert_records
from store.schema import ParsedRecord, parse_record
from store.thresholds import get_thresholds

QUERY = "Question {i}: what does clause {i} of the lease say about the deposit?"
_ID = re.compile(r"Question (\d+):")


def logged_records(db, now: datetime, *, n: int, days: int = 3, base=lambda i: 0.72, feature: str = "chat",
                   logged_passed=lambda i: True) -> dict[int, float]:
    """`n` logged records spread over the `days` completed days before `now`; returns {i: base}."""
    thresholds = get_thresholds(db)
    docs, bases = [], {}
    for i in range(n):
        bases[i] = base(i)
        score = 0.9 if logged_passed(i) else 0.3
        raw = {"_id": f"nz{i}", "session_id": f"s{i}", "query": QUERY.format(i=i),
               "answer": f"Clause {i} says the deposit is returned within 30 days of the end of the lease.",
               "context": [f"Clause {i}: the deposit is returned within 30 days of the end of the lease."],
               "expected_output": f"The deposit comes back within 30 days (clause {i}).",
               "evaluation": {m: {"score": score, "threshold": 0.7, "passed": score >= 0.7, "reason": "logged"}
                              for m in ("faithfulness", "answer_relevancy", "contextual_precision", "contextual_recall")},
               "regeneration_attempts": 0, "feature": feature,
               "timestamp": (now - timedelta(days=1 + i % days, hours=1 + (i % 20))).isoformat()}
        parsed = parse_record(raw, thresholds, source="test")
        assert isinstance(parsed, ParsedRecord), parsed
        docs.append(parsed.doc)
    ensure_indexes(db)
    insert_records(db, docs)
    return bases


class NoisyAnswers:
    """`server.answer_fn`: the relevancy score is base + N(0, sigma) (clipped to 0..1, seeded)."""

    def __init__(self, bases: dict[int, float], sigma: float, seed: int = 33):
        self.bases, self.sigma, self.rng = bases, sigma, random.Random(seed)
        self.draws: dict[int, list[float]] = defaultdict(list)

    def __call__(self, prompt: str):
        if "How directly and specifically" not in prompt:
            return self.steady(prompt)
        found = _ID.search(prompt)
        base = self.bases.get(int(found.group(1)), 0.9) if found else 0.9
        value = round(min(1.0, max(0.0, base + self.rng.gauss(0.0, self.sigma))), 4)
        if found:
            self.draws[int(found.group(1))].append(value)
        return {"score": value, "reason": "scored", "missing_aspects": []}

    @staticmethod
    def steady(prompt: str):
        if "atomic factual statements" in prompt:
            return {"statements": [{"statement": "The deposit is returned within 30 days.", "supported": True,
                                    "supporting_chunk_ids": [0], "reason": "chunk 0"}]}
        if "can be attributed" in prompt:
            return {"statements": [{"statement": "30 days", "supported": True, "supporting_chunk_ids": [0]}]}
        return None  # the server's usual answers (precision: chunk 0 relevant; retrieval)


_QUESTION_ANSWER = re.compile(r"QUESTION:\n(.*?)\n\n.*?ANSWER:\n(.*?)\n\n(?:Split the ANSWER|How directly)", re.S)


class TruthAnswers:
    """`server.answer_fn`: a judge with an opinion on the demo (issue 33's accuracy check), following the same
    hidden truth as the demo's human labels. The demo builds each answer from its drawn scores, putting claims
    no passage supports into it when faithfulness fails (demo/generate.py); demo/labels.py's people read the
    answer and call it hallucinated when it holds one of those made-up claims (`demo.labels.read_answer`).
    So this judge reads the answer too: its faithfulness truth is the share of the answer's claims that are
    not made up (1.0 for an answer without one; about the generator's drawn score for one with), not the
    logged score (the drifted judge's inflation and the scores' distance to the threshold are not in the
    text). Relevancy's truth is the logged score (the labels draw relevancy around it); records with the same
    question and answer share it (the mean). Both come with Gaussian noise of `sigma`, drawn from a hash of
    the prompt (a temperature-0 judge: the same prompt gets the same answer, so judging everything and the
    cascade see the same opinion of a record). Faithfulness comes as `STATEMENTS` statements, the supported
    share rounded to 1/20; every other prompt (precision, the retrieval assessment) gets the server's usual
    answer."""

    STATEMENTS = 20

    def __init__(self, docs, sigma: float = 0.05, seed: int = 33):
        from demo.labels import read_answer

        sums: dict[tuple[str, str], dict[str, list[float]]] = defaultdict(lambda: defaultdict(list))
        for d in docs:
            key = (d.get("query"), d.get("answer"))
            score = ((d.get("evaluation") or {}).get("answer_relevancy") or {}).get("score")
            if isinstance(score, (int, float)):
                sums[key]["answer_relevancy"].append(float(score))
            claims, made_up = read_answer(d.get("answer"))
            if claims:
                sums[key]["faithfulness"] = [1.0 - len(made_up) / len(claims)]
        self.truth = {k: {m: sum(v) / len(v) for m, v in by.items()} for k, by in sums.items()}
        self.sigma, self.seed = sigma, seed

    def _noisy(self, value: float, prompt: str) -> float:
        draw = random.Random(f"{self.seed}|{prompt}").gauss(0.0, self.sigma)
        return min(1.0, max(0.0, value + draw))

    def __call__(self, prompt: str):
        found = _QUESTION_ANSWER.search(prompt)
        truth = self.truth.get((found.group(1), found.group(2))) if found else None
        if not truth:
            return None
        if "atomic factual statements" in prompt and "faithfulness" in truth:
            supported = round(self._noisy(truth["faithfulness"], prompt) * self.STATEMENTS)
            return {"statements": [{"statement": f"claim {i}", "supported": i < supported, "supporting_chunk_ids":
                                    [0] if i < supported else [], "reason": "checked"} for i in range(self.STATEMENTS)]}
        if "How directly and specifically" in prompt and "answer_relevancy" in truth:
            return {"score": round(self._noisy(truth["answer_relevancy"], prompt), 4), "reason": "scored",
                    "missing_aspects": []}
        return None


def labelled_items(db) -> tuple[list[dict], dict]:
    """The demo's human-labelled records as the agreement job hands them to a scorer (with the logged verdict and
    scores), and the humans' settled answers {record_id: {"verdict", "relevancy", ...}}."""
    from jobs.score import scoring_item
    from store.collections import RECORDS
    from store.labels import human_answers
    from store.scores import SCORING_PROJECTION

    human = human_answers(db)
    docs = db[RECORDS].find({"_id": {"$in": sorted(human)}}, {**SCORING_PROJECTION, "eb.passed": 1, "eb.scores": 1})
    items = [{**scoring_item(d), "logged_passed": d["eb"].get("passed"), "logged_scores": d["eb"].get("scores")}
             for d in sorted(docs, key=lambda d: d["_id"])]
    return items, human


def accuracy_on_labels(results: dict, human: dict) -> dict[str, dict]:
    """{metric: {n, accuracy}}: how often each result's verdict on a human-labelled metric (faithfulness:
    hallucinated or not; relevancy: bad or not) matches the humans (core.labels.judge_accuracy)."""
    from core import labels as L

    out = {}
    for metric, (field, bad_value) in L.LABEL_FOR_METRIC.items():
        allowed = (L.FAITHFUL, L.HALLUCINATED) if field == "verdict" else L.RELEVANCY
        rows = [(rid, entry["score"], entry["threshold"], answer[field] == bad_value)
                for rid, answer in sorted(human.items()) if answer.get(field) in allowed
                for entry in [((results.get(rid) or {}).get("evaluation") or {}).get(metric) or {}]
                if isinstance(entry.get("score"), (int, float))]
        if rows:
            acc = L.judge_accuracy(*map(list, zip(*rows)), rounds=20)
            out[metric] = {"n": acc.n, "accuracy": acc.accuracy.value}
    return out
