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
from core.score_results import ScoreResult
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
    given = result.verdict
    if "passed" in given:
        return Verdict(given.get("passed"), list(given.get("failed_metrics") or []), str(given.get("reason") or ""))
    entries = {m: e for m in metrics.score_names() if (e := result.entry(m)) is not None}
    scores = {m: e.score for m, e in entries.items()}
    limits = {m: e.threshold for m, e in entries.items() if _num(e.threshold) is not None}
    table = {"default": {**metrics.default_thresholds()["default"], **limits}}
    return catalog_verdict(feature, scores, table)


def metric_rows(evaluation: Mapping | None) -> list[dict]:
    """One row per metric: score, threshold, pass/fail, reason (gaps as None / '—')."""
    evaluation = evaluation if isinstance(evaluation, Mapping) else {}
    rows = []
    for metric in metrics.score_names():
        entry = evaluation.get(metric)
        entry = entry if isinstance(entry, Mapping) else {}
        score = _num(entry.get("score"))
        reason = entry.get("reason")
        if not entry:
            reason = "(not logged)"
        elif "score_out_of_range" in entry:
            reason = f"(logged score {entry.get('score_out_of_range')} is outside 0..1) {reason or ''}".strip()
        rows.append({
            "Metric": metrics.label(metric),
            "Score": score,
            "Threshold": _num(entry.get("threshold")),
            "Result": verdict(entry.get("passed"), score),
            "Reason": "" if reason is None else str(reason),
        })
    return rows


def render_full_reasons(rows: list[dict], column: str, *, label: str = "Reasons in full") -> None:
    """The table cuts long reasons: one click shows each metric's reason whole."""
    full = [(r.get("Metric"), str(r.get(column) or "")) for r in rows if str(r.get(column) or "").strip()]
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
    logged = logged if isinstance(logged, Mapping) else {}
    new = new if isinstance(new, Mapping) else {}
    rows = []
    for metric in metrics.score_names():
        old_entry = logged.get(metric) if isinstance(logged.get(metric), Mapping) else {}
        new_entry = new.get(metric) if isinstance(new.get(metric), Mapping) else {}
        old_score, new_score = _num(old_entry.get("score")), _num(new_entry.get("score"))
        rows.append({
            "Metric": metrics.label(metric),
            "Logged": old_score,
            "Logged result": verdict(old_entry.get("passed"), old_score) if old_entry else "— not logged",
            "New": new_score,
            "New result": verdict(new_entry.get("passed"), new_score),
            "Change": None if old_score is None or new_score is None else round(new_score - old_score, 4),
            "New reason": str(new_entry.get("reason") or ""),
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
    faith = (details or {}).get("faithfulness") if isinstance(details, Mapping) else None
    claims = faith.get("claims") if isinstance(faith, Mapping) else None
    rows = []
    for claim in claims or []:
        if not isinstance(claim, Mapping):
            continue
        ids = [i for i in claim.get("chunk_ids") or [] if isinstance(i, int)]
        rows.append({
            "Claim": str(claim.get("text") or ""),
            "Supported": "✅ yes" if claim.get("supported") else "❌ no",
            "Support": _num(claim.get("score")),
            "Chunk": ", ".join(f"#{i + 1}" for i in ids) or "—",
            "Best sentence": str(claim.get("best_sentence") or ""),
            "Why": str(claim.get("why") or ""),
        })
    return rows


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
    return [str(i.get("claim")) for i in items or [] if isinstance(i, Mapping) and i.get("claim")]


def chunk_relevance(result: Mapping | ScoreResult | None) -> dict[int, dict]:
    """index → {relevant, score} from a result's contextual-precision details."""
    result = ScoreResult.read(result)
    if result is None:
        return {}
    items = result.detail("contextual_precision").get("chunk_relevance")
    out = {}
    for item in items or []:
        if isinstance(item, Mapping) and isinstance(item.get("index"), int):
            out[item["index"]] = {"relevant": bool(item.get("relevant")), "score": _num(item.get("score"))}
    return out


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


def render_retrieval(retrieval: Mapping | None) -> None:
    if not isinstance(retrieval, Mapping) or not retrieval:
        st.caption("No retrieval assessment.")
        return
    rec = str(retrieval.get("recommendation") or "—")
    cols = st.columns(4)
    cols[0].metric("Recommendation", rec, help=RECOMMENDATION_HELP.get(rec))
    cols[1].metric("Confidence", fmt_score(_num(retrieval.get("confidence"))))
    cols[2].metric("Coverage", fmt_score(_num(retrieval.get("coverage"))))
    cols[3].metric("Quality", str(retrieval.get("quality") or "—"))
    if retrieval.get("reasoning"):
        st.caption(safe_md(retrieval.get("reasoning")))
    issues = [str(i) for i in retrieval.get("issues") or []]
    missing = [str(m) for m in retrieval.get("missing_aspects") or []]
    st.markdown("**Issues:** " + (", ".join(safe_md(i) for i in issues) if issues else "none"))
    st.markdown("**Missing aspects:** " + (", ".join(safe_md(m) for m in missing) if missing else "none"))


def render_extra(extra: Mapping | None) -> None:
    if not isinstance(extra, Mapping) or not extra:
        return
    rows = [{"Metric": name.replace("_", " ").capitalize(), "Score": _num((v or {}).get("score")),
             "Reason": str((v or {}).get("reason") or "")} for name, v in extra.items() if isinstance(v, Mapping)]
    st.dataframe(pd.DataFrame(rows), hide_index=True, width="stretch",
                 column_config={"Score": st.column_config.NumberColumn(format="%.2f", width="small"),
                                "Reason": st.column_config.TextColumn(width="large")})


def render_cost(result: Mapping | ScoreResult) -> None:
    result = ScoreResult.read(result) or ScoreResult()
    latency, usage = result.latency_ms, result.judge_usage
    cols = st.columns(4)
    total = _num(latency.get("total"))
    cols[0].metric("Latency", "—" if total is None else f"{total:,.0f} ms",
                   help=", ".join(f"{k}: {v:,.0f} ms" for k, v in latency.items() if _num(v) is not None))
    cols[1].metric("Judge calls", int(usage.get("calls") or 0))
    cols[2].metric("Judge tokens", f"{int(usage.get('input_tokens') or 0):,} in / "
                                   f"{int(usage.get('output_tokens') or 0):,} out")
    cost = _num(usage.get("cost_usd")) or 0.0
    cols[3].metric("Judge cost", f"${cost:.4f}")


HALLUCINATION_SCALE = "0 = fully grounded, 1 = nothing supported"


def hallucination_explanation(result: Mapping | ScoreResult | None) -> str:
    """The hallucination score in words: what the number means and what drove it (the share of claims the
    context does not support, the weakest claim and why), or why there is none."""
    result = ScoreResult.read(result) or ScoreResult()
    value = _num(result.hallucination_score)
    claims = result.claims()
    about = [a for a in result.detail("faithfulness").get("about_context") or [] if isinstance(a, str)]
    not_checked = f" {len(about)} sentence(s) about the context not checked." if about else ""
    if value is None:
        reason = getattr(result.entry("faithfulness"), "reason", None)
        return f"No hallucination score: {reason or 'nothing to check'}.{not_checked}"
    level = "low" if value < 0.3 else ("high" if value >= 0.7 else "medium")
    text = f"{value:.2f} ({level}; {HALLUCINATION_SCALE})."
    if claims:
        unsupported = [c for c in claims if not c.get("supported")]
        text += f" {len(unsupported)} of {len(claims)} claim(s) unsupported."
        weakest = min(claims, key=lambda c: _num(c.get("score")) if _num(c.get("score")) is not None else 1.0)
        claim = str(weakest.get("text") or "")
        claim = claim if len(claim) <= 80 else claim[:79] + "\u2026"
        if not weakest.get("supported"):
            text += f" Worst claim: \u201c{claim}\u201d ({weakest.get('why') or 'no support in context'})."
            text += (" What drove it: the worst claim (one claim the context does not support puts the score at "
                     "0.5 or above), then the share unsupported.")
        else:
            text += f" Weakest claim still supported: \u201c{claim}\u201d."
            text += " What drove it: how well the claims are supported (every one is)."
    return text + not_checked


def render_result(result: Mapping | ScoreResult, *, key: str = "score") -> None:
    """Every part of a score_one result."""
    result = ScoreResult.read(result) or ScoreResult()
    details = result.details
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
    if details.get("mode_note"):
        st.info(f"Mode: {details['mode_note']}.")
    for error in details.get("judge_errors") or []:
        st.warning(f"The judge failed, the local score stands: {error}")
    st.markdown("##### Metrics")
    render_metrics(result.evaluation_doc(), key=f"{key}_metrics")
    st.markdown("##### Claims and their support")
    render_claims(details, key=f"{key}_claims")
    st.markdown("##### Retrieval")
    render_retrieval(result.retrieval)
    with st.expander("More metrics (completeness, citations, correctness)"):
        render_extra(result.extra_metrics)
    render_cost(result)


def chunk_labels(context: Sequence[str], result: Mapping | None) -> list[str]:
    rel = chunk_relevance(result)
    labels = []
    for i, _ in enumerate(context):
        info = rel.get(i)
        if info is None:
            labels.append(f"#{i + 1}")
        else:
            mark = "✅ relevant" if info["relevant"] else "⚪ not relevant"
            labels.append(f"#{i + 1} · {mark} ({fmt_score(info['score'])})")
    return labels
