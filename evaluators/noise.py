"""The same records judged k times (issue 33, the judge's noise floor; no I/O but the judge's calls).

`rejudge(items, k, judge)` prepares each record once (one encoding pass for the batch, the local scores
once: the local scorer is deterministic) and asks the judge every judged metric the record has the
inputs for, k times. Each record comes back as the runs' values per metric, each metric's pass/fail per
run and the record's verdict per run (the local value stands in for a metric the judge is not asked):
the shape core.noise.figures reads. A run whose judge call fails is left out of that metric (and of the
verdicts), never read as a score.
"""
from __future__ import annotations

from typing import Any, Mapping, Sequence

from core import metrics as catalog
from core.noise import VERDICT
from core.verdict import metric_passed, overall_quality, verdict

from .judge import JudgeError
from .thresholds import thresholds_for


def rejudge(items: Sequence[Mapping], k: int, judge, thresholds: Mapping | None = None) -> list[dict]:
    """[{id, feature, runs: {metric|metric:pass|VERDICT: [...]}, judged: [metrics], errors: [...]}], per item."""
    from . import embeddings
    from .prepared import texts_to_embed
    from . import metrics as registry
    from . import pipeline as PL

    evals = registry.evaluators()
    valid, texts = [], []
    for raw in items:
        try:
            item = PL.validate_item(raw)
        except PL.InputError as exc:
            valid.append(exc)
            continue
        valid.append(item)
        texts += texts_to_embed(item["query"], item["answer"], item["context"], item["expected_output"], item["history"])
    uniq = list(dict.fromkeys(texts))
    lookup = PL._make_lookup(dict(zip(uniq, embeddings.encode(uniq))) if uniq else {})
    out = []
    for raw, item in zip(items, valid):
        rid = raw.get("id") if isinstance(raw, Mapping) else None
        if isinstance(item, Exception):
            out.append({"id": rid, "error": str(item)})
            continue
        out.append({"id": rid, "feature": item["feature"], **_runs(item, k, judge, thresholds, evals, lookup, PL)})
    return out


def _runs(item: dict, k: int, judge, thresholds, evals: Mapping, lookup, PL) -> dict:
    from .prepared import Prepared
    from .relevance import chunk_relevance

    feature = item["feature"]
    p = Prepared.build(item["query"], item["answer"], item["context"], item["expected_output"], lookup,
                       history=item["history"])
    th = thresholds_for(feature, thresholds)
    rel = PL.guarded_value(lambda: chunk_relevance(p) if p.context else [], [])
    local = {m: PL._local_score(ev, m, p, rel, th.get(m, 0.0)).value for m, ev in evals.items()}
    todo = [m for m, ev in evals.items() if ev is not None and ev.judged and ev.eligible(p)]
    runs: dict[str, list[Any]] = {}
    errors: list[str] = []
    for _ in range(k):
        values, failed = dict(local), False
        for m in todo:
            try:
                score, _info = PL._judge_score(evals[m], p, judge)
                values[m] = score.value
            except JudgeError as exc:
                errors.append(f"{m}: {exc}"[:300])
                values[m], failed = None, True
        values[catalog.OVERALL] = overall_quality(values)
        for m in (*todo, catalog.OVERALL):
            if values.get(m) is not None:
                runs.setdefault(m, []).append(float(values[m]))
                runs.setdefault(f"{m}:pass", []).append(metric_passed(values[m], th[m]))
        if not failed:
            rounded = {m: None if v is None else round(float(v), 4) for m, v in values.items()}
            runs.setdefault(VERDICT, []).append(verdict(feature, rounded, {feature or "default": th}).passed)
    return {"runs": runs, "judged": todo, "errors": errors}
