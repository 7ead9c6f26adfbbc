"""One record in full: query, answer (unsupported claims highlighted), retrieved
chunks in rank order, every metric, data gaps, Re-score, and triage.

`render_record(db, record, prefix=..., on_write=...)` draws it. Odd records
(missing answer, context or scores; scores out of range; strange types) show
their gaps instead of failing. Nothing from the record is rendered as HTML:
text goes through `safe_md` or into dataframes.
"""
from __future__ import annotations

from collections import Counter
from datetime import datetime
from typing import Any, Callable, Mapping

import streamlit as st

from core import metrics
from core.record_doc import RecordDoc, TriageDoc
from core.score_details import claims_of
from core.score_results import ScoreResult
from core.verdict import NO_CONTEXT
from dashboard import data
from dashboard.common import allowed_now, can, current_user, fmt_score, require
from dashboard.components import score_view
from dashboard.components.safe_text import highlight_answer, safe_md
from store.errors import ValidationFailed
from store.scores import save_rescore
from store.triage import STATUS_LABELS, STATUSES, update_triage

from core.modes import JUDGED_MODES, MODE_HELP, MODES  # noqa: E402


@st.cache_resource(show_spinner=False)
def judge():
    """The LLM judge from settings, or None when no endpoint is configured."""
    try:
        from evaluators.judge import judge_from_settings
        return judge_from_settings()
    except Exception:  # noqa: BLE001 - a broken judge config means "no judge"
        return None


def model_loading() -> bool:
    """True while the app's background warm-up is still loading the embedding model."""
    try:
        from dashboard.common import model_warmer
        return model_warmer().is_alive()
    except Exception:  # noqa: BLE001
        return False


def _when(value: Any) -> str:
    return value.strftime("%Y-%m-%d %H:%M UTC") if isinstance(value, datetime) else "—"


def gaps(record: Mapping | RecordDoc) -> list[str]:
    """What is missing or odd in a record, in words (ingest issues plus what we see)."""
    record = RecordDoc.read(record)
    found = [str(i) for i in record.eb.issues]
    if record.answer is None and "missing answer" not in found:
        found.append("missing answer")
    if not record.chunks() and "no context" not in found:
        found.append("no context")
    if record.evaluation is None and "no scores logged" not in found:
        found.append("no scores logged")
    return found


def logged_evaluation(record: Mapping | RecordDoc) -> dict | None:
    """The logged `evaluation`, with gaps filled from Evalboard's own verdict (`eb`): pass/fail
    against the feature's threshold where the product did not log it, and the overall score
    computed from the logged metrics where it logged none. The stored record is not changed."""
    record = RecordDoc.read(record)
    if record.evaluation is None:
        return None
    eb = record.eb
    failed = set(eb.failed_metrics)
    out = {k: dict(v) if isinstance(v, Mapping) else v for k, v in record.evaluation.items()}
    for metric in metrics.score_names():
        entry = out[metric] if metric in out else None
        if not isinstance(entry, dict):
            value = eb.scores[metric] if metric in eb.scores else None
            if metric == "overall_quality" and isinstance(value, (int, float)):
                out[metric] = {"score": value, "passed": eb.passed is not None and metric not in failed,
                               "reason": "(not logged: computed from the logged metrics)"}
            continue
        score, passed = (entry[k] if k in entry else None for k in ("score", "passed"))
        if passed is None and isinstance(score, (int, float)) and eb.passed is not None:
            entry["passed"] = metric not in failed
    return out


def latest_score(record: RecordDoc, prefix: str) -> ScoreResult | None:
    """This session's re-score of the record, else the stored `rescored` block (typed: core.score_results)."""
    fresh = st.session_state.get(f"{prefix}_rescore_{record.id}")
    if isinstance(fresh, Mapping):
        return ScoreResult.read(fresh)
    return record.rescore


def product_facts(record: Mapping | RecordDoc) -> str | None:
    """The product's own latency, tokens and cost (records from traces, issue 27), or None.
    Values of any type may be logged: only numbers are shown."""
    record = RecordDoc.read(record)
    usage = record.usage
    parts = []
    latency = _num(record.latency_ms)
    if latency is not None:
        parts.append(f"latency {latency:,.0f} ms")
    tokens = [(_num(usage[k]) if k in usage else None, label)
              for k, label in (("input_tokens", "in"), ("output_tokens", "out"), ("total_tokens", "total"))]
    if any(n is not None for n, _label in tokens):
        parts.append("tokens " + " / ".join(f"{n:,.0f} {label}" for n, label in tokens if n is not None))
    cost = _num(usage["cost"]) if "cost" in usage else None
    if cost is not None:
        parts.append(f"cost {cost:.4g}")
    for key, value in (("model", record.model), ("release", record.release), ("prompt_version", record.prompt_version)):
        if value is not None:
            parts.append(f"{key.replace('_', ' ')} {value}")
    if record.trace_id is not None:
        parts.append(f"trace {record.trace_id}")
    return " · ".join(parts) or None


# --- the parts ---------------------------------------------------------------------

def _render_header(record: RecordDoc) -> None:
    regen = record.regeneration_attempts
    st.markdown(f"#### Record {safe_md(record.id, keep_lines=False)}")
    st.caption(" · ".join([
        f"Feature: {safe_md(record.feature or '—')}",
        f"Logged: {_when(record.timestamp)}",
        f"Session: {safe_md(record.session_id or '—')}",
        f"Regeneration attempts: {regen if isinstance(regen, int) else '— (not logged)'}",
        f"Source: {safe_md(record.source or '—')}",
    ]))
    facts = product_facts(record)
    if facts:
        st.caption("Product: " + safe_md(facts, keep_lines=False))
    issues = gaps(record)
    if issues:
        st.warning("**Data gaps:** " + "; ".join(safe_md(i, keep_lines=False) for i in issues), icon="🕳️")


def _render_query_answer(record: RecordDoc, score: ScoreResult | None) -> None:
    st.markdown("**Query**")
    query = record.query
    with st.container(border=True):
        st.markdown(safe_md(query) if query else "_(no query logged)_")
    st.markdown("**Answer**")
    answer = record.answer
    with st.container(border=True):
        if answer is None:
            st.markdown("_(no answer logged)_")
        elif not answer.strip():
            st.markdown("_(empty answer)_")
        else:
            unsupported = score_view.unsupported_claims(score)
            text, found = highlight_answer(answer, unsupported)
            st.markdown(text)
            if unsupported:
                st.caption(f":red-background[highlighted]: {len(unsupported)} unsupported claim(s)"
                           + ("" if found == len(unsupported) else
                              f" ({len(unsupported) - found} could not be located in the text; see the claims table)"))
            elif score is None:
                st.caption("Re-score the record to see which claims are unsupported.")
            else:
                st.caption("Every claim is supported by the context.")
    if record.expected_output:
        with st.expander("Expected answer"):
            st.markdown(safe_md(record.expected_output))


def _render_chunks(record: RecordDoc, score: ScoreResult | None) -> None:
    context = record.chunks()
    if not context:
        st.info("No retrieved context was logged for this record.")
        return
    labels = score_view.chunk_labels(context, score)
    if score is None:
        st.caption("Relevance per chunk appears after a re-score.")
    supporting = Counter(i for claim in (claims_of(score.details) if score is not None else []) for i in claim.chunk_ids)
    for i, (chunk, label) in enumerate(zip(context, labels)):
        with st.container(border=True):
            extra = f" · supports {supporting[i]} claim(s)" if i in supporting else ""
            st.markdown(f"**{label}**{extra}")
            st.markdown(safe_md(chunk) if chunk.strip() else "_(empty chunk)_")


def _render_scores(record: RecordDoc, score: ScoreResult | None, prefix: str) -> None:
    eb = record.eb
    st.markdown("**Logged scores**" + (" (as the product logged them)" if record.evaluation else ""))
    if record.evaluation is not None:
        score_view.render_metrics(logged_evaluation(record), key=f"{prefix}_logged_{record.id}")
    elif score is not None and "evaluation" in score.model_fields_set:
        who = "the batch scorer" if score.by == "batch-scoring" else safe_md(score.by or "a re-score")
        st.info(f"No scores were logged for this record; these are Evalboard's, from {who} "
                f"({safe_md(score.mode or 'fast')} mode).")
        score_view.render_metrics(score.evaluation_doc(), key=f"{prefix}_own_{record.id}")
    else:
        st.info("No scores were logged for this record. Re-score it to get them.")
    failed = eb.failed_metrics
    if eb.passed is False:
        st.caption(("Below threshold: " + ", ".join(metrics.label(str(m)) for m in failed)) if failed
                   else "Fails: " + NO_CONTEXT)
    if score is not None:
        st.markdown("**Claims** (from the re-score)")
        score_view.render_claims(score.details, key=f"{prefix}_claims_{record.id}")
        if score.retrieval:
            st.markdown("**Retrieval** (from the re-score)")
            score_view.render_retrieval(score.retrieval)


def _render_comparison(record: RecordDoc, score: ScoreResult, prefix: str) -> None:
    st.markdown(f"**Logged vs re-score** ({safe_md(score.mode or 'fast')} mode"
                + (f", by {safe_md(score.by)} at {_when(getattr(score, 'at', None))}" if score.by else "")
                + ")")
    score_view.render_comparison(logged_evaluation(record), score.evaluation_doc(),
                                 key=f"{prefix}_compare_{record.id}")


@st.fragment
def _render_rescore(db, record: RecordDoc, prefix: str, on_write: Callable[[], None]) -> None:
    """A fragment: choosing a mode reruns this panel only; a saved re-score reruns the page."""
    rid = record.id
    if not require("reviewer", "re-score records"):
        return
    answer, context = record.answer, record.chunks()
    if answer is None or record.query is None:
        st.info("This record has no answer (or no query) logged, so it cannot be re-scored.")
        return
    the_judge = judge()
    if the_judge is None:
        mode = "fast"
        st.caption("The LLM judge is not configured (set OPENAI_BASE_URL / OPENAI_API_KEY), "
                   "so re-scoring uses fast mode (local model).")
        fallback = True
    else:
        mode = st.radio("Mode", MODES, horizontal=True, key=f"{prefix}_rescore_mode_{rid}",
                        format_func=lambda m: f"{m} — {MODE_HELP[m]}")
        fallback = st.checkbox("If the judge fails, fall back to fast mode", value=True,
                               key=f"{prefix}_rescore_fallback_{rid}")
    if model_loading():
        st.info("Model loading… the first score waits for it (a few seconds).", icon="⏳")
    if (st.button("Re-score", key=f"{prefix}_rescore_btn_{rid}", type="primary")
            and allowed_now("reviewer", "re-score records")):
        from evaluators import score_one
        from evaluators.judge import JudgeError
        from dashboard.components.judge_turn import judge_turn
        try:
            asked = the_judge if mode in JUDGED_MODES else None
            with judge_turn(db, asked, record.feature, "rescore") as turn:
                if turn.blocked:  # a toast: it outlives the rerun after the save (the re-score says "fast mode")
                    st.toast(f"Not sent to the judge: {turn.blocked}.", icon="💸")
                    mode = "fast"
                with st.spinner("Scoring…"):
                    result = score_one(record.query, answer, context,
                                       expected_output=record.expected_output
                                       if isinstance(record.expected_output, str) else None,
                                       feature=record.feature, mode=mode, thresholds=data.thresholds(),
                                       judge=turn.judge, fallback_to_fast=fallback, history=record.turns())
        except JudgeError as exc:
            st.error(f"The judge failed: {str(exc)[:300]}. Choose fast mode (or tick the fall-back) and try again.")
            return
        except Exception as exc:  # noqa: BLE001 - say what went wrong, keep the page
            st.error(f"Could not score this record: {type(exc).__name__}: {str(exc)[:300]}")
            return
        try:
            from evaluators import EVALUATOR_VERSION
            saved = save_rescore(db, rid, result, current_user().name, evaluator_version=EVALUATOR_VERSION,
                                 thresholds=data.thresholds())
        except ValidationFailed as exc:
            st.error(str(exc))
            return
        st.session_state[f"{prefix}_rescore_{rid}"] = {**saved,
                                                       "latency_ms": ScoreResult.read(result).latency_ms}
        on_write()
        st.toast("Re-score saved")
        st.rerun()


def _history_rows(triage: TriageDoc) -> list[dict]:
    return [{"When": _when(h.at), "Who": str(h.by or ""), "Field": str(h.field or ""),
             "Old": "" if h.old is None else str(h.old), "New": "" if h.new is None else str(h.new)}
            for h in triage.history][::-1]


def _render_triage(db, record: RecordDoc, prefix: str, on_write: Callable[[], None]) -> None:
    import pandas as pd

    rid = record.id
    triage = record.triage
    status = triage.status if triage.status in STATUSES else "new"
    tags = [str(t) for t in triage.tags]
    cols = st.columns(3)
    cols[0].metric("Status", STATUS_LABELS[status])
    cols[1].metric("Assignee", str(triage.assignee or "—"))
    cols[2].metric("Tags", ", ".join(tags) or "—")
    if can("reviewer"):
        with st.form(f"{prefix}_triage_form_{rid}"):
            c1, c2 = st.columns(2)
            new_status = c1.selectbox("Status", STATUSES, index=STATUSES.index(status),
                                      format_func=STATUS_LABELS.__getitem__, key=f"{prefix}_status_{rid}")
            assignee = c2.text_input("Assignee", value=str(triage.assignee or ""), max_chars=100,
                                     key=f"{prefix}_assignee_{rid}")
            tag_text = st.text_input("Tags (comma-separated)", value=", ".join(tags), max_chars=400,
                                     key=f"{prefix}_tags_{rid}")
            version = st.session_state.get(f"{prefix}_note_version_{rid}", 0)  # a new box after each save
            note = st.text_area("Add a note", value="", max_chars=5000, key=f"{prefix}_note_{rid}_{version}",
                                placeholder="What did you find? (optional)")
            submitted = st.form_submit_button("Save triage", type="primary")
        if submitted and allowed_now("reviewer", "change triage"):
            try:
                update_triage(db, rid, current_user().name, status=new_status, assignee=assignee,
                              tags=[t for t in tag_text.split(",")], note=note or None)
            except ValidationFailed as exc:
                st.error(str(exc))
            else:
                st.session_state[f"{prefix}_note_version_{rid}"] = version + 1
                on_write()
                st.toast("Triage saved")
                st.rerun()
    else:
        require("reviewer", "change the triage status, assignee, tags or notes")
    notes = triage.notes
    st.markdown(f"**Notes** ({len(notes)})")
    for n in notes[::-1]:
        with st.container(border=True):
            st.caption(f"{safe_md(n.by or '?')} · {_when(n.at)}")
            st.markdown(safe_md(n.text or ""))
    history = _history_rows(triage)
    with st.expander(f"History ({len(history)})", expanded=False):
        if history:
            st.dataframe(pd.DataFrame(history), hide_index=True, width="stretch")
        else:
            st.caption("No changes yet.")


def _num(value: Any) -> float | None:
    return float(value) if isinstance(value, (int, float)) and not isinstance(value, bool) else None


def _render_summary(record: RecordDoc, score: ScoreResult | None) -> None:
    eb = record.eb
    c1, c2 = st.columns(2)
    c1.metric("Overall", fmt_score(eb.score("overall_quality")), border=True)
    c2.metric("Faithfulness", fmt_score(eb.score("faithfulness")), border=True)
    failed = [metrics.label(str(m)) for m in eb.failed_metrics]
    if eb.passed is False:
        st.markdown(":red-badge[Failing] " + (("below threshold on " + ", ".join(failed)) if failed else NO_CONTEXT))
    elif eb.passed is True:
        st.markdown(":green-badge[Passing] every score meets its threshold")
    else:
        st.markdown(":gray-badge[No verdict] no usable scores")
    if score is not None:
        new = score.overall
        st.caption(f"Re-scored overall: {fmt_score(_num(new))} ({safe_md(score.mode or 'fast')} mode)")
        st.caption("Hallucination score: " + safe_md(score_view.hallucination_explanation(score)))


# --- the whole view ----------------------------------------------------------------

def render_record(db, record: Mapping | RecordDoc, *, prefix: str = "record",
                  on_write: Callable[[], None] = lambda: None) -> None:
    """The detail panel of one record (a stored document or a RecordDoc)."""
    record = RecordDoc.read(record)
    if record is None:
        st.error("This record could not be read.")
        return
    score = latest_score(record, prefix)
    _render_header(record)
    left, right = st.columns([3, 2], gap="large")
    with left:
        _render_query_answer(record, score)
    with right:
        _render_summary(record, score)
    # keyed and tracked: after a save (which reruns the page) the panel stays on the tab it was on
    tabs = st.tabs(["Scores", "Retrieved chunks", "Re-score", "Triage"], key=f"{prefix}_tabs_{record.id}",
                   on_change="rerun")
    with tabs[0]:
        _render_scores(record, score, prefix)
    with tabs[1]:
        _render_chunks(record, score)
    with tabs[2]:
        _render_rescore(db, record, prefix, on_write)
        if score is not None:
            _render_comparison(record, score, prefix)
    with tabs[3]:
        _render_triage(db, record, prefix, on_write)
