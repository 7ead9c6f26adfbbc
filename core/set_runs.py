"""A run of a golden set: its per-item results, their summary and the gate against a baseline (issue 30).

Pure (no I/O). A result is one scored item of a set:
    {key, feature, passed (the verdict: True / False / None = unscored), scores: {metric: value},
     metric_passed: {metric: bool}}
The statistics are Compare's (core/compare.py): a run's side is summed per feature the way the release
aggregates are ({count, passed, failing, metrics: {m: {n, sum, pass, hist}}}), so a run against its
baseline gets the same bootstrap intervals, the same "beyond noise" rule (Cell.worse) and the same
table as two releases. Two runs of a set are compared on the items both scored.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from core import metrics
from core.compare import (MIN_MEAN_EFFECT, VERDICT, Cell, compare_sides, hist_values, mean_interval,
                          rate_interval)
from core.features import ALL_FEATURES

HIST_STEP = 0.001


def result_row(key: str, feature: str, scored: Mapping[str, Any]) -> dict:
    """One item's result from a scorer's output (`evaluators.pipeline.score_many`)."""
    evaluation = scored.get("evaluation") if isinstance(scored.get("evaluation"), Mapping) else {}
    scores, passed = {}, {}
    for name in metrics.score_names():
        entry = evaluation.get(name)
        value = entry.get("score") if isinstance(entry, Mapping) else None
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            scores[name] = round(float(value), 4)
            passed[name] = entry.get("passed") is True
    verdict = scored.get("verdict") if isinstance(scored.get("verdict"), Mapping) else {}
    return {"key": key, "feature": feature, "passed": verdict.get("passed"), "scores": scores,
            "metric_passed": passed}


def sums(results: Iterable[Mapping], keys: set[str] | None = None) -> dict[str, dict]:
    """{feature and ALL_FEATURES: {count, passed, failing, metrics: {m: {n, sum, pass, hist}}}}."""
    out: dict[str, dict] = {}
    for r in results:
        if keys is not None and r["key"] not in keys:
            continue
        for feature in (r["feature"], ALL_FEATURES):
            side = out.setdefault(feature, {"count": 0, "passed": 0, "failing": 0, "metrics": {}})
            side["count"] += 1
            side["passed"] += r.get("passed") is True
            side["failing"] += r.get("passed") is False
            for m, value in (r.get("scores") or {}).items():
                cell = side["metrics"].setdefault(m, {"n": 0, "sum": 0.0, "pass": 0, "hist": {}})
                cell["n"] += 1
                cell["sum"] += value
                cell["pass"] += (r.get("metric_passed") or {}).get(m) is True
                b = str(int(round(value / HIST_STEP)))
                cell["hist"][b] = cell["hist"].get(b, 0) + 1
    return out


def summary(results: list[Mapping]) -> dict:
    """Per feature (and all): n, pass rate and per-metric mean and pass rate, each with its 95 % interval."""
    out: dict[str, dict] = {}
    for feature, side in sums(results).items():
        judged = side["passed"] + side["failing"]
        row = {"n": side["count"], VERDICT: _rate(side["passed"], judged), "metrics": {}}
        for m, cell in side["metrics"].items():
            mean, low, high = mean_interval(hist_values(cell["hist"], HIST_STEP))
            row["metrics"][m] = {"n": cell["n"], "mean": mean, "low": low, "high": high,
                                 "pass": _rate(cell["pass"], cell["n"])}
        out[feature] = row
    return out


def _rate(k: int, n: int) -> dict:
    rate, low, high = rate_interval(k, n)
    return {"k": k, "n": n, "rate": rate, "low": low, "high": high}


def compare(base: list[Mapping], cand: list[Mapping]) -> list[Cell]:
    """Candidate (B) against baseline (A) on the items both scored, per feature x metric."""
    common = {r["key"] for r in base} & {r["key"] for r in cand}
    return compare_sides(sums(base, common), sums(cand, common), metrics.score_names())


def flips(base: list[Mapping], cand: list[Mapping]) -> list[dict]:
    """Items whose verdict differs between the baseline and the candidate: drops first, then gains."""
    before = {r["key"]: r for r in base}
    out = []
    for r in cand:
        b = before.get(r["key"])
        if b is None or b.get("passed") is None or r.get("passed") is None or b["passed"] == r["passed"]:
            continue
        delta = ((r.get("scores") or {}).get(metrics.OVERALL) or 0.0) - ((b.get("scores") or {}).get(metrics.OVERALL)
                                                                        or 0.0)
        out.append({"key": r["key"], "feature": r["feature"], "drop": b["passed"] is True, "before": b["passed"],
                    "after": r["passed"], "overall_before": (b.get("scores") or {}).get(metrics.OVERALL),
                    "overall_after": (r.get("scores") or {}).get(metrics.OVERALL), "delta": round(delta, 4)})
    return sorted(out, key=lambda f: (not f["drop"], f["delta"] if f["drop"] else -f["delta"]))


def gate(results: list[Mapping], *, fail_under: float | None = None, cells: list[Cell] | None = None) -> dict:
    """Whether the run passes: its pass rate is at least `fail_under` (when given) and no cell of the
    comparison with the baseline (when given) is worse beyond noise."""
    judged = [r for r in results if r.get("passed") is not None]
    rate = sum(r["passed"] is True for r in judged) / len(judged) if judged else None
    reasons = []
    if fail_under is not None and (rate is None or rate < fail_under):
        shown = "n/a" if rate is None else f"{rate:.4f}"
        reasons.append(f"pass rate {shown} is below {fail_under}")
    worse = [c for c in cells or [] if c.worse]
    for c in worse:
        d = c.mean if c.mean is not None and c.mean.beyond(MIN_MEAN_EFFECT) < 0 else c.rate
        what = "pass rate" if c.metric == VERDICT else metrics.label(c.metric)
        reasons.append(f"worse than the baseline beyond noise: {c.feature} {what} "
                       f"{d.diff:+.3f} [{d.low:+.3f}, {d.high:+.3f}]")
    return {"passed": not reasons, "pass_rate": rate, "fail_under": fail_under, "reasons": reasons,
            "worse_cells": len(worse), "compared": cells is not None}


def evaluate(results: list[Mapping], baseline: list[Mapping] | None = None, *,
             fail_under: float | None = None, max_flips: int = 200) -> dict:
    """Everything a run reports: {summary, cells (vs the baseline, or None), flips, gate}."""
    cells = compare(baseline, results) if baseline is not None else None
    return {"summary": summary(results), "cells": cells,
            "flips": flips(baseline, results)[:max_flips] if baseline is not None else [],
            "gate": gate(results, fail_under=fail_under, cells=cells)}


def lines(report: dict) -> list[str]:
    """The report as text lines (the CLI prints them): per feature the pass rate and each metric's mean
    and pass rate with 95 % intervals, then the flipped items and the gate."""
    def pct(r: dict) -> str:
        return "n/a" if r["rate"] is None else f"{r['rate']:.1%} [{r['low']:.1%}, {r['high']:.1%}] (n={r['n']})"
    out = []
    for feature in sorted(report["summary"], key=lambda f: (f != ALL_FEATURES, f)):
        row = report["summary"][feature]
        out.append(f"{'all features' if feature == ALL_FEATURES else feature}: pass rate {pct(row[VERDICT])}")
        for m in metrics.score_names():
            cell = row["metrics"].get(m)
            if cell and cell["mean"] is not None:
                out.append(f"  {metrics.label(m)}: mean {cell['mean']:.3f} [{cell['low']:.3f}, {cell['high']:.3f}]"
                           f" · pass {pct(cell['pass'])}")
    if report["cells"] is not None:
        flipped = report["flips"]
        out.append(f"flipped against the baseline: {sum(f['drop'] for f in flipped)} pass→fail, "
                   f"{sum(not f['drop'] for f in flipped)} fail→pass")
        out += [f"  {'▼' if f['drop'] else '▲'} {f['key']} ({f['feature']}) overall "
                f"{_fmt(f['overall_before'])} → {_fmt(f['overall_after'])}" for f in flipped[:30]]
    g = report["gate"]
    out += [f"FAIL: {r}" for r in g["reasons"]] or ["PASS"]
    return out


def _fmt(x: float | None) -> str:
    return "—" if x is None else f"{x:.2f}"


def stored(report: dict) -> dict:
    """What a run document keeps of the report (the cells are recomputed from the results when shown)."""
    return {"summary": report["summary"], "flips": report["flips"], "gate": report["gate"]}
