"""score_one / score_many: every metric for a record, in fast, balanced or thorough mode.

A loop over the metric registry (evaluators/metrics/): each catalog metric's module gives its local score,
its required inputs and, when judged, its prompt and the reading of the judge's reply."""
from __future__ import annotations

import time
from typing import Any, Mapping, Sequence

from . import embeddings
from .extra_metrics import citation_quality, completeness, correctness
from .hallucination import hallucination_from_faithfulness
from .prepared import Prepared, texts_to_embed
from .relevance import chunk_relevance
from .support import _surface
from . import metrics as registry
from . import retrieval as R
from .placeholders import for_embedding
from .judge import JudgeError, JudgeNotConfigured, Usage
from core import metrics as catalog
from core.modes import FAST, MODES, THOROUGH
from core.verdict import metric_passed, overall_quality, verdict

from .thresholds import thresholds_for
from .types import Score

BALANCED_MARGIN = 0.1  # balanced mode asks the judge when |local score - threshold| <= this


class InputError(ValueError):
    """A record that cannot be scored (missing/ill-typed fields)."""


def validate_item(item: Any) -> dict:
    if not isinstance(item, Mapping):
        raise InputError("record must be a JSON object")
    out = {}
    for key in ("query", "answer"):
        v = item.get(key)
        if not isinstance(v, str):
            raise InputError(f"'{key}' must be a string")
        out[key] = v
    ctx = item.get("context")
    if ctx is None:
        ctx = []
    if isinstance(ctx, str):
        ctx = [ctx]
    if not isinstance(ctx, list) or not all(isinstance(c, str) for c in ctx):
        raise InputError("'context' must be a list of strings")
    out["context"] = ctx
    exp = item.get("expected_output")
    if exp is not None and not isinstance(exp, str):
        raise InputError("'expected_output' must be a string")
    out["expected_output"] = exp or None
    feat = item.get("feature")
    if feat is not None and not isinstance(feat, str):
        raise InputError("'feature' must be a string")
    out["feature"] = feat
    hist = item.get("history")  # a conversation's earlier turns (follow-up questions): see evaluators/meaning.py
    if hist is not None and (not isinstance(hist, list) or not all(isinstance(h, str) for h in hist)):
        raise InputError("'history' must be a list of strings")
    out["history"] = hist or []
    return out


def _check_mode(mode: str, judge, fallback_to_fast: bool) -> str:
    if mode not in MODES:
        raise ValueError(f"mode must be one of {MODES}, got {mode!r}")
    if mode != FAST and judge is None:
        if fallback_to_fast:
            return FAST
        raise JudgeNotConfigured()
    return mode


def _local_score(ev, name: str, p: Prepared, rel_chunks: list, threshold: float) -> Score:
    if ev is None:  # declared evaluated=False in the catalog
        return Score(None, f"{catalog.label(name)} is not computed by the evaluators")
    if is_off(name, threshold):
        return Score(None, f"{catalog.label(name)} is off for this feature (threshold 0, no weight): not computed")
    return guarded(name, lambda: ev.local(p, rel_chunks))


def is_off(name: str, threshold: float) -> bool:
    """A metric the catalog switches off for the feature: no share of overall quality and threshold 0
    (citation accuracy outside a feature whose answers cite their chunks). It is not run at all."""
    m = catalog.get(name)
    return m is not None and getattr(m, "weight", 1.0) == 0 and not threshold


METRIC_ERROR = "metric error"


def guarded(name: str, compute) -> Score:
    """`compute()`, or, when it raises, that metric's error as a Score (value None, the reason in words,
    `details.error`): one metric's bug costs the record that metric, never its other scores."""
    try:
        return compute()
    except Exception as exc:  # noqa: BLE001 - isolate one metric
        reason = f"{type(exc).__name__}: {exc}"[:300]
        return Score(None, f"{METRIC_ERROR}: {reason}", {"error": reason})


def _judge_score(ev, p: Prepared, judge) -> tuple[Score, Any]:
    """One metric from the judge: its prompt filled from the record, the reply read by the metric's module."""
    verdict, info = judge.ask(ev.name, **ev.prompt_values(p))
    return ev.read_verdict(verdict, p), info


def _score_prepared(p: Prepared, feature: str | None, mode: str, thresholds: Mapping | None, judge,
                    fallback_to_fast: bool, evals: Mapping | None = None, judge_metrics=None) -> dict:
    """`evals`: registry.evaluators(), checked once per call of score_one/score_many. `judge_metrics`: ask
    the judge for these metrics only (None: as `mode` says); see score_many."""
    evals = registry.evaluators() if evals is None else evals
    t0 = time.perf_counter()
    th = thresholds_for(feature, thresholds)
    rel_chunks = guarded_value(lambda: chunk_relevance(p) if p.context else [], [])
    scores: dict[str, Score] = {m: _local_score(ev, m, p, rel_chunks, th.get(m, 0.0)) for m, ev in evals.items()}
    extra = {k: guarded(k, f) for k, f in (("completeness", lambda: completeness(p)),
                                           ("citation_quality", lambda: citation_quality(p)),
                                           ("correctness", lambda: correctness(p)))}
    surface = lambda a: _surface(p.query, a)  # noqa: E731
    retr = R.evaluate_fast(list(p.aspects), p.ctx.tokens, [r["score"] for r in rel_chunks], surface=surface)
    local_ms = (time.perf_counter() - t0) * 1000

    usage = Usage()
    judged: list[str] = []
    judge_errors: list[str] = []
    t1 = time.perf_counter()
    if mode != FAST:
        _judge_metrics(p, mode, evals, scores, th, judge, judge_metrics, fallback_to_fast, usage, judged, judge_errors)
        retr = _judge_retrieval(p, mode, retr, judge, judge_metrics, fallback_to_fast, usage, judge_errors)
    judge_ms = (time.perf_counter() - t1) * 1000

    evaluation = _evaluation(evals, scores, th)
    rounded = {m: e["score"] for m, e in evaluation.items()}
    record_verdict = verdict(feature, rounded, {feature or "default": th})
    return {
        "mode": mode,
        "evaluation": evaluation,
        "verdict": {"passed": record_verdict.passed, "failed_metrics": record_verdict.failed_metrics,
                    "reason": record_verdict.reason},
        "hallucination_score": _hallucination(scores["faithfulness"], judged),
        "latency_ms": {"total": 0.0, "metrics": round(local_ms, 3), "judge": round(judge_ms, 3)},
        "details": _details(evals, scores, extra, judged, judge_errors),
        "extra_metrics": {k: {"score": None if v.value is None else round(float(v.value), 4), "reason": v.reason,
                              "details": v.details} for k, v in extra.items()},
        "retrieval": retr.to_dict(),
        "judge_usage": usage.to_dict(),
    }


def _judge_metrics(p: Prepared, mode: str, evals: Mapping, scores: dict[str, Score], th: Mapping, judge,
                   judge_metrics, fallback_to_fast: bool, usage: Usage, judged: list[str], judge_errors: list[str]) -> None:
    """The judged metrics, in place of their local scores in `scores` (the local one kept in the details).
    A judged metric is asked when the record has the inputs it requires (its module declares them): every
    time in thorough mode, in balanced mode when its local value is near its threshold."""
    todo = [m for m, ev in evals.items()
            if ev is not None and ev.judged and ev.eligible(p)
            and (judge_metrics is None or m in judge_metrics)
            and (mode == THOROUGH or (scores[m].value is not None
                                      and abs(scores[m].value - th[m]) <= BALANCED_MARGIN))]
    for m in todo:
        try:
            js, info = _judge_score(evals[m], p, judge)
        except JudgeError as exc:
            if not fallback_to_fast:
                raise
            judge_errors.append(f"{m}: {exc}")
            continue
        usage.add(info.usage)
        local = scores[m]
        scores[m] = Score(js.value, js.reason, {**js.details, "local": {"value": local.value,
                                                                           "reason": local.reason}})
        judged.append(m)


def _judge_retrieval(p: Prepared, mode: str, retr, judge, judge_metrics, fallback_to_fast: bool, usage: Usage,
                     judge_errors: list[str]):
    """The retrieval assessment by the judge (balanced or thorough), or `retr` (the fast one) as it was."""
    try:
        # chosen metrics only (the cascade): the retrieval assessment decides no verdict and is not paid for
        if judge_metrics is None:
            if mode == THOROUGH and p.context:
                res, info = R.evaluate_thorough(judge, p.query, p.context)
            else:
                res, info = R.evaluate_balanced(retr, judge, p.query, p.context)
            retr = res
            retr.mode_used = mode
            if info is not None:
                usage.add(info.usage)
    except JudgeError as exc:
        if not fallback_to_fast:
            raise
        judge_errors.append(f"retrieval: {exc}")
    return retr


def _evaluation(evals: Mapping, scores: dict[str, Score], th: Mapping) -> dict:
    """The output's `evaluation`: each metric's rounded score, threshold, pass and reason, then overall quality."""
    values = {m: scores[m].value for m in evals}
    ov = overall_quality(values)
    evaluation = {}
    for m, ev in evals.items():
        s = scores[m]
        entry = {"score": None if s.value is None else round(float(s.value), 4), "threshold": th[m],
                 "passed": metric_passed(s.value, th[m]), "reason": s.reason}
        if ev is not None and ev.entry_fields is not None:
            entry.update(ev.entry_fields(s))
        evaluation[m] = entry
    evaluation["overall_quality"] = {"score": None if ov is None else round(ov, 4),
                                     "threshold": th["overall_quality"],
                                     "passed": metric_passed(ov, th["overall_quality"])}
    return evaluation


def _hallucination(f: Score, judged: list[str]) -> float | None:
    """The record's hallucination score, from its faithfulness score `f`."""
    if f.value is None:
        return None
    if "faithfulness" in judged:  # the judge's share of supported statements, on the score's scale
        return hallucination_from_faithfulness(float(f.value))
    return f.details.get("hallucination_score")  # computed with faithfulness (which is computed from it)


def _details(evals: Mapping, scores: dict[str, Score], extra: dict[str, Score], judged: list[str],
             judge_errors: list[str]) -> dict:
    """The output's `details`: each metric's, the judged metrics, the metric and judge errors."""
    details = {m: scores[m].details for m in evals}
    details["judged_metrics"] = judged
    errors = {m: s.details["error"] for m, s in (*scores.items(), *extra.items())
              if s.value is None and isinstance(s.details, dict) and "error" in s.details}
    if errors:  # counted on Data health (store/health.record_counts)
        details["metric_errors"] = errors
    if judge_errors:
        details["judge_errors"] = judge_errors
    return details


def guarded_value(compute, default):
    """`compute()`, or `default` when it raises (the callers record what is missing in words)."""
    try:
        return compute()
    except Exception:  # noqa: BLE001 - a shared step must not take the record's other scores with it
        return default


def _encode(texts: list[str]):
    """Vectors of `texts` (rows in order) as the model reads them: privacy placeholders left out
    (placeholders.for_embedding), so a redacted record scores as its original."""
    return embeddings.encode([for_embedding(t) for t in texts])


def _make_lookup(vectors: dict):
    def vec(t: str):
        v = vectors.get(t)
        if v is None:
            v = _encode([t])[0]
            vectors[t] = v
        return v
    return vec


def score_one(query: str, answer: str, context: Sequence[str], expected_output: str | None = None,
              feature: str | None = None, mode: str = "fast", thresholds: Mapping | None = None, judge=None,
              fallback_to_fast: bool = False, history: Sequence[str] | None = None) -> dict:
    """Every metric for one record; the CLI output object (minus "id") plus details, extra_metrics,
    retrieval and judge_usage. Raises JudgeNotConfigured for balanced/thorough without a judge
    (unless fallback_to_fast), InputError for ill-typed input."""
    item = validate_item({"query": query, "answer": answer, "context": list(context or []),
                          "expected_output": expected_output, "feature": feature,
                          "history": list(history) if history is not None else None})
    used = _check_mode(mode, judge, fallback_to_fast)
    evals = registry.evaluators()
    t0 = time.perf_counter()
    texts = texts_to_embed(item["query"], item["answer"], item["context"], item["expected_output"], item["history"])
    uniq = list(dict.fromkeys(texts))
    vectors = dict(zip(uniq, _encode(uniq)))
    embed_ms = (time.perf_counter() - t0) * 1000
    p = Prepared.build(item["query"], item["answer"], item["context"], item["expected_output"],
                         _make_lookup(vectors), history=item["history"])
    out = _score_prepared(p, item["feature"], used, thresholds, judge, fallback_to_fast, evals)
    if used != mode:
        out["details"]["mode_requested"] = mode
        out["details"]["mode_note"] = "no judge configured: fell back to fast mode"
    out["latency_ms"]["embed"] = round(embed_ms, 3)
    out["latency_ms"]["total"] = round((time.perf_counter() - t0) * 1000, 3)
    return out


def score_many(items: Sequence[Mapping], mode: str = "fast", thresholds: Mapping | None = None, judge=None,
               fallback_to_fast: bool = False, feature: str | None = None, judge_metrics=None) -> list[dict]:
    """Batched score_one. Every text of every valid item is encoded in one pass (repeated chunks
    once). A bad item yields {"id", "error"} in its place. Each result carries the item's "id".
    `judge_metrics` (a collection of metric names; None = every metric `mode` asks for): in a judged mode
    only these are asked, and the retrieval assessment keeps its local result (the judge cascade,
    core/cascade.py, asks for the metrics that can flip a verdict).
    Per-item latency: its own metric/judge time plus its share of the batch's encoding time."""
    used = _check_mode(mode, judge, fallback_to_fast)
    evals = registry.evaluators()  # a catalog/registry disagreement fails the call, not each item
    t0 = time.perf_counter()
    prepared: list[Any] = []
    all_texts: list[str] = []
    for raw in items:
        try:
            item = validate_item(raw)
            texts = texts_to_embed(item["query"], item["answer"], item["context"], item["expected_output"],
                                     item["history"])
            prepared.append((item, texts))
            all_texts.extend(texts)
        except Exception as exc:  # noqa: BLE001 - isolate one bad item
            prepared.append(exc)
    uniq = list(dict.fromkeys(all_texts))
    vectors = dict(zip(uniq, _encode(uniq))) if uniq else {}
    embed_ms = (time.perf_counter() - t0) * 1000
    total_chars = sum(len(t) for t in uniq) or 1
    lookup = _make_lookup(vectors)
    results = []
    for raw, prep in zip(items, prepared):
        rid = raw.get("id") if isinstance(raw, Mapping) else None
        if isinstance(prep, Exception):
            results.append({"id": rid, "error": f"{type(prep).__name__}: {prep}"})
            continue
        item, texts = prep
        try:
            t1 = time.perf_counter()
            p = Prepared.build(item["query"], item["answer"], item["context"], item["expected_output"], lookup,
                                 history=item["history"])
            out = _score_prepared(p, item["feature"] or feature, used, thresholds, judge, fallback_to_fast,
                                  evals, judge_metrics)
            share = embed_ms * sum(len(t) for t in set(texts)) / total_chars
            out["latency_ms"]["embed"] = round(share, 3)
            out["latency_ms"]["total"] = round(share + (time.perf_counter() - t1) * 1000, 3)
            if used != mode:
                out["details"]["mode_requested"] = mode
                out["details"]["mode_note"] = "no judge configured: fell back to fast mode"
            results.append({"id": rid, **out})
        except JudgeNotConfigured:
            raise
        except Exception as exc:  # noqa: BLE001
            results.append({"id": rid, "error": f"{type(exc).__name__}: {exc}"})
    return results
