"""Showing a score (a `evaluators.score_one` result, or a logged `evaluation`).

Used by the Playground and by the record view's Re-score panel. Text from a
record or a result goes into dataframes (never interpreted) or through
`safe_md`; nothing is rendered as HTML.
"""
from __future__ import annotations

from typing import Any, Mapping, Sequence

import pandas as pd
import streamlit as st

from core import metrics
from core.score_details import (
    JudgeUsage, Retrieval, ScoreDetails, chunk_relevance as relevance_of, claims_of, entries, faithfulness, given,
)
from core.score_results import MetricEntry, ScoreResult
from core.verdict import Verdict
from core.verdict import verdict as catalog_verdict
from dashboard.common import fmt_score
from dashboard.components.safe_text import safe_md
RECOMMENDATION_HELP = {
    "ANSWER": "the contexts are good enough to answer",
    "REFINE": "refine the query and retrieve again",
    "EXTERNAL": "look outside the knowledge base",
    "CLARIFY": "ask the user to clarify",
}


def _num(value: Any) -> float | None:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    return float(value)


def verdict(passed: Any, score: Any = None) -> str:
    if passed is True:
        return "✅ pass"
    if passed is False:
        return "❌ fail"
    return "— no score" if _num(score) is None else "—"


def result_verdict(result: Mapping | ScoreResult, feature: str | None = None) -> Verdict:
    """The record's verdict (core.verdict): the result's own, else derived from its evaluation."""
    result = ScoreResult.read(result) or ScoreResult()
    own = given(result)
    if own is not None:
        return Verdict(own.passed, list(own.failed_metrics), str(own.reason or ""))
    entries = {m: e for m in metrics.score_names() if (e := result.entry(m)) is not None}
    scores = {m: e.score for m, e in entries.items()}
    limits = {m: e.threshold for m, e in entries.items() if _num(e.threshold) is not None}
    table = {"default": {**metrics.default_thresholds()["default"], **limits}}
    return catalog_verdict(feature, scores, table)


def metric_rows(evaluation: Mapping | None) -> list[dict]:
    """One row per metric: score, threshold, pass/fail, reason (gaps as None / '—')."""
    logged = entries(evaluation)
    rows = []
    for metric in metrics.score_names():
        entry = logged.get(metric) or MetricEntry()
        extra = entry.model_extra or {}
        score = _num(entry.score)
        reason = entry.reason
        if not entry.model_fields_set:
            reason = "(not logged)"
        elif "score_out_of_range" in extra:
            reason = f"(logged score {extra['score_out_of_range']} is outside 0..1) {reason or ''}".strip()
        rows.append({
            "Metric": metrics.label(metric),
            "Score": score,
            "Threshold": _num(entry.threshold),
            "Result": verdict(entry.passed, score),
            "Reason": "" if reason is None else str(reason),
        })
    return rows


def render_full_reasons(rows: list[dict], column: str, *, label: str = "Reasons in full") -> None:
    """The table cuts long reasons: one click shows each metric's reason whole."""
    full = [(r["Metric"], str(r[column] or "")) for r in rows if str(r[column] or "").strip()]
    if not full:
        return
    with st.expander(label):
        st.markdown("\n".join(f"- **{safe_md(metric)}**: {safe_md(reason)}" for metric, reason in full))


def render_metrics(evaluation: Mapping | None, *, key: str | None = None) -> None:
    rows = metric_rows(evaluation)
    st.dataframe(
        pd.DataFrame(rows), hide_index=True, width="stretch", key=key,
        column_config={
            "Score": st.column_config.NumberColumn(format="%.2f", width="small"),
            "Threshold": st.column_config.NumberColumn(format="%.2f", width="small"),
            "Result": st.column_config.TextColumn(width="small"),
            "Reason": st.column_config.TextColumn(width="large", help="Cut when long: see Reasons in full below"),
        },
    )
    render_full_reasons(rows, "Reason")


def comparison_rows(logged: Mapping | None, new: Mapping | None) -> list[dict]:
    """Logged vs new score per metric, side by side."""
    logged, new = entries(logged), entries(new)
    rows = []
    for metric in metrics.score_names():
        old_entry, new_entry = logged.get(metric) or MetricEntry(), new.get(metric) or MetricEntry()
        old_score, new_score = _num(old_entry.score), _num(new_entry.score)
        rows.append({
            "Metric": metrics.label(metric),
            "Logged": old_score,
            "Logged result": verdict(old_entry.passed, old_score) if old_entry.model_fields_set else "— not logged",
            "New": new_score,
            "New result": verdict(new_entry.passed, new_score),
            "Change": None if old_score is None or new_score is None else round(new_score - old_score, 4),
            "New reason": str(new_entry.reason or ""),
        })
    return rows


def render_comparison(logged: Mapping | None, new: Mapping | None, *, key: str | None = None) -> None:
    rows = comparison_rows(logged, new)
    st.dataframe(
        pd.DataFrame(rows), hide_index=True, width="stretch", key=key,
        column_config={
            "Logged": st.column_config.NumberColumn(format="%.2f", width="small"),
            "New": st.column_config.NumberColumn(format="%.2f", width="small"),
            "Change": st.column_config.NumberColumn(format="%+.2f", width="small"),
            "New reason": st.column_config.TextColumn(width="large", help="Cut when long: see the reasons in "
                                                                          "full below"),
        },
    )
    render_full_reasons(rows, "New reason", label="New reasons in full")


def claim_rows(details: Mapping | None) -> list[dict]:
    """Per-claim support: claim → supported?, support score, chunk number(s), best sentence, why."""
    return [{
        "Claim": str(claim.text or ""),
        "Supported": "✅ yes" if claim.supported else "❌ no",
        "Support": _num(claim.score),
        "Chunk": ", ".join(f"#{i + 1}" for i in claim.chunk_ids) or "—",
        "Best sentence": str(claim.best_sentence or ""),
        "Why": str(claim.why or ""),
    } for claim in claims_of(details)]


def unsupported_claims(result: Mapping | ScoreResult | None) -> list[str]:
    """The texts of unsupported claims in a result (details first, then the evaluation's list)."""
    result = ScoreResult.read(result)
    if result is None:
        return []
    rows = claim_rows(result.details)
    if rows:
        return [r["Claim"] for r in rows if r["Supported"].startswith("❌")]
    faith = result.entry("faithfulness")
    items = getattr(faith, "unsupported_claims", None)
    texts = [i["claim"] if "claim" in i else None for i in items or [] if isinstance(i, Mapping)]
    return [str(t) for t in texts if t]


def chunk_relevance(result: Mapping | ScoreResult | None) -> dict[int, dict]:
    """index → {relevant, score} from a result's contextual-precision details."""
    result = ScoreResult.read(result)
    if result is None:
        return {}
    return {item.index: {"relevant": bool(item.relevant), "score": _num(item.score)}
            for item in relevance_of(result) if isinstance(item.index, int)}


def render_claims(details: Mapping | None, *, key: str | None = None) -> None:
    rows = claim_rows(details)
    if not rows:
        st.caption("No claims to check (empty answer or no context).")
        return
    st.dataframe(
        pd.DataFrame(rows), hide_index=True, width="stretch", key=key,
        column_config={
            "Claim": st.column_config.TextColumn(width="large"),
            "Support": st.column_config.NumberColumn(format="%.2f", width="small"),
            "Chunk": st.column_config.TextColumn(width="small", help="the supporting context chunk(s)"),
            "Best sentence": st.column_config.TextColumn(width="large",
                                                         help="the closest sentence in the context"),
        },
    )


def render_retrieval(assessment: Mapping | None) -> None:
    if not isinstance(assessment, Mapping) or not assessment:
        st.caption("No retrieval assessment.")
        return
    retrieval = Retrieval.model_validate(dict(assessment))
    rec = str(retrieval.recommendation or "—")
    cols = st.columns(4)
    cols[0].metric("Recommendation", rec, help=RECOMMENDATION_HELP[rec] if rec in RECOMMENDATION_HELP else None)
    cols[1].metric("Confidence", fmt_score(_num(retrieval.confidence)))
    cols[2].metric("Coverage", fmt_score(_num(retrieval.coverage)))
    cols[3].metric("Quality", str(retrieval.quality or "—"))
    if retrieval.reasoning:
        st.caption(safe_md(retrieval.reasoning))
    issues = [str(i) for i in retrieval.issues]
    missing = [str(m) for m in retrieval.missing_aspects]
    st.markdown("**Issues:** " + (", ".join(safe_md(i) for i in issues) if issues else "none"))
    st.markdown("**Missing aspects:** " + (", ".join(safe_md(m) for m in missing) if missing else "none"))


def render_extra(extra: Mapping | None) -> None:
    if not isinstance(extra, Mapping) or not extra:
        return
    rows = [{"Metric": name.replace("_", " ").capitalize(), "Score": _num(v.score), "Reason": str(v.reason or "")}
            for name, v in entries(extra).items()]
    st.dataframe(pd.DataFrame(rows), hide_index=True, width="stretch",
                 column_config={"Score": st.column_config.NumberColumn(format="%.2f", width="small"),
                                "Reason": st.column_config.TextColumn(width="large")})


def render_cost(result: Mapping | ScoreResult) -> None:
    result = ScoreResult.read(result) or ScoreResult()
    latency, usage = result.latency_ms, JudgeUsage.model_validate(result.judge_usage)
    cols = st.columns(4)
    total = _num(latency["total"]) if "total" in latency else None
    cols[0].metric("Latency", "—" if total is None else f"{total:,.0f} ms",
                   help=", ".join(f"{k}: {v:,.0f} ms" for k, v in latency.items() if _num(v) is not None))
    cols[1].metric("Judge calls", int(usage.calls or 0))
    cols[2].metric("Judge tokens", f"{int(usage.input_tokens or 0):,} in / {int(usage.output_tokens or 0):,} out")
    cost = _num(usage.cost_usd) or 0.0
    cols[3].metric("Judge cost", f"${cost:.4f}")


HALLUCINATION_SCALE = "0 = fully grounded, 1 = nothing supported"


def hallucination_explanation(result: Mapping | ScoreResult | None) -> str:
    """The hallucination score in words: what the number means and what drove it (the share of claims the
    context does not support, the weakest claim and why), or why there is none."""
    result = ScoreResult.read(result) or ScoreResult()
    value = _num(result.hallucination_score)
    faith = faithfulness(result)
    claims, about = faith.claims, faith.about_context
    not_checked = f" {len(about)} sentence(s) about the context not checked." if about else ""
    if value is None:
        reason = getattr(result.entry("faithfulness"), "reason", None)
        return f"No hallucination score: {reason or 'nothing to check'}.{not_checked}"
    level = "low" if value < 0.3 else ("high" if value >= 0.7 else "medium")
    text = f"{value:.2f} ({level}; {HALLUCINATION_SCALE})."
    if claims:
        unsupported = [c for c in claims if not c.supported]
        text += f" {len(unsupported)} of {len(claims)} claim(s) unsupported."
        weakest = min(claims, key=lambda c: _num(c.score) if _num(c.score) is not None else 1.0)
        claim = str(weakest.text or "")
        claim = claim if len(claim) <= 80 else claim[:79] + "\u2026"
        if not weakest.supported:
            text += f" Worst claim: \u201c{claim}\u201d ({weakest.why or 'no support in context'})."
            text += (" What drove it: the worst claim (one claim the context does not support puts the score at "
                     "0.5 or above), then the share unsupported.")
        else:
            text += f" Weakest claim still supported: \u201c{claim}\u201d."
            text += " What drove it: how well the claims are supported (every one is)."
    return text + not_checked


def render_result(result: Mapping | ScoreResult, *, key: str = "score") -> None:
    """Every part of a score_one result."""
    result = ScoreResult.read(result) or ScoreResult()
    details = ScoreDetails.model_validate(result.details)
    cols = st.columns(3)
    cols[0].metric("Overall quality", fmt_score(_num(result.overall)),
                   help=metrics.overall_formula() + " (re-weighted over the metrics present)")
    record = result_verdict(result)
    cols[1].metric("Result", verdict(record.passed, result.overall),
                   help="Passes when every score meets its feature's threshold (overall quality included)")
    cols[2].metric("Hallucination score", fmt_score(_num(result.hallucination_score)),
                   help=HALLUCINATION_SCALE)
    st.caption("Hallucination score: " + safe_md(hallucination_explanation(result)))
    if record.failed_metrics:
        st.markdown(":red-badge[Below threshold] " + ", ".join(metrics.label(m) for m in record.failed_metrics))
    elif record.passed is False:
        st.markdown(":red-badge[Fails] " + safe_md(record.reason))
    elif record.passed is True:
        st.markdown(":green-badge[Every metric meets its threshold]")
    if details.mode_note:
        st.info(f"Mode: {details.mode_note}.")
    for error in details.judge_errors:
        st.warning(f"The judge failed, the local score stands: {error}")
    st.markdown("##### Metrics")
    render_metrics(result.evaluation_doc(), key=f"{key}_metrics")
    st.markdown("##### Claims and their support")
    render_claims(result.details, key=f"{key}_claims")
    st.markdown("##### Retrieval")
    render_retrieval(result.retrieval)
    with st.expander("More metrics (completeness, citations, correctness)"):
        render_extra(result.extra_metrics)
    render_cost(result)


def chunk_labels(context: Sequence[str], result: Mapping | None) -> list[str]:
    rel = chunk_relevance(result)
    labels = []
    for i, _ in enumerate(context):
        info = rel[i] if i in rel else None
        if info is None:
            labels.append(f"#{i + 1}")
        else:
            mark = "✅ relevant" if info["relevant"] else "⚪ not relevant"
            labels.append(f"#{i + 1} · {mark} ({fmt_score(info['score'])})")
    return labels
