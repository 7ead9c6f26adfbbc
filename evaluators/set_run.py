"""Scoring a candidate on a golden set's items (issue 30): pure, no database.

A candidate is JSON Lines, one answer per item: {"id": <item key>, "answer": "...", "context"?: [...]}
(a candidate built with a new retriever brings its own chunks; without "context" the item's frozen
chunks are used). The question, the feature and the expected answer always come from the set.
Lines naming no item of the set, items the candidate does not answer and lines that cannot be read are
reported, never guessed.
"""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Iterable, Mapping

from core.set_runs import result_row

BATCH = 64


@dataclass
class Candidate:
    answers: dict[str, dict] = field(default_factory=dict)   # item key -> {"answer", "context"?}
    problems: list[str] = field(default_factory=list)          # lines that cannot be used


def read_candidate(lines: Iterable[bytes | str]) -> Candidate:
    out = Candidate()
    for n, raw in enumerate(lines, start=1):
        text = raw.decode("utf-8", "replace") if isinstance(raw, bytes) else raw
        if not text.strip():
            continue
        try:
            obj = json.loads(text)
        except (json.JSONDecodeError, RecursionError) as exc:
            out.problems.append(f"line {n}: not JSON ({exc})")
            continue
        if not isinstance(obj, dict) or not isinstance(obj.get("answer"), str) or obj.get("id") in (None, ""):
            out.problems.append(f"line {n}: needs an 'id' and an 'answer' (text)")
            continue
        ctx = obj.get("context")
        if ctx is not None and not (isinstance(ctx, list) and all(isinstance(c, str) for c in ctx)):
            out.problems.append(f"line {n}: 'context' must be a list of texts")
            continue
        out.answers[str(obj["id"])] = {"answer": obj["answer"], **({"context": ctx} if ctx is not None else {})}
    return out


def score_candidate(items: list[Mapping[str, Any]], candidate: Candidate, *, thresholds: Mapping | None = None,
                    mode: str = "fast", judge=None, progress=None, scorer=None) -> tuple[list[dict], list[str]]:
    """Score every item the candidate answers; returns (results as core.set_runs rows, problems).
    `scorer` (items -> results) replaces the pipeline: jobs/set_run.py passes the judge's cascade."""
    from . import pipeline

    keys = {it["key"] for it in items}
    problems = list(candidate.problems)
    missing = [it["key"] for it in items if it["key"] not in candidate.answers]
    unknown = [k for k in candidate.answers if k not in keys]
    if missing:
        problems.append(f"the candidate answers {len(items) - len(missing)} of {len(items)} items; missing: "
                        + ", ".join(missing[:10]) + (" …" if len(missing) > 10 else ""))
    if unknown:
        problems.append(f"{len(unknown)} candidate line(s) name no item of the set: " + ", ".join(unknown[:10]))
    todo = [it for it in items if it["key"] in candidate.answers]
    results: list[dict] = []
    for i in range(0, len(todo), BATCH):
        chunk = todo[i:i + BATCH]
        inputs = [{"id": it["key"], "query": it["query"], "context": it["context"], "feature": it["feature"],
                   "expected_output": it.get("expected_output"), **candidate.answers[it["key"]]} for it in chunk]
        scored_chunk = scorer(inputs) if scorer else pipeline.score_many(inputs, mode=mode, thresholds=thresholds, judge=judge)
        for it, scored in zip(chunk, scored_chunk):
            if "error" in scored:
                problems.append(f"item {it['key']}: {scored['error']}")
                results.append({"key": it["key"], "feature": it["feature"], "passed": None, "scores": {},
                                "metric_passed": {}, "error": str(scored["error"])[:500]})
            else:
                results.append(result_row(it["key"], it["feature"], scored))
        if progress is not None:
            progress(min(i + BATCH, len(todo)), len(todo))
    return results, problems
