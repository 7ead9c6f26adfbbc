"""Playground: paste an example and score it — every metric with its reasons.

Two ways in: a query, an answer and contexts (one text area with a blank line
between chunks, or one box per chunk) with an optional expected answer; or a
pasted BeyondChats conversation + context JSON, from which one AI turn is
picked. Fast mode runs locally (about a second once the model is warm);
balanced/thorough use the LLM judge and are offered only when one is
configured. Results: metrics with reasons, per-claim support (claim → chunk
number + best sentence), the retrieval recommendation, latency, judge tokens
and cost.
"""
from __future__ import annotations

import streamlit as st

from dashboard import data
from dashboard import page
from dashboard.components import score_view
from dashboard.common import database
from dashboard.components.judge_turn import judge_turn
from core.modes import MODE_HELP, MODES
from dashboard.components.record_view import judge, model_loading
from dashboard.components.paste import parse_json_text, split_paragraphs
from dashboard.components.safe_text import safe_md
from core.modes import JUDGED_MODES
from evaluators import limits

PREFIX = "playground"
FEATURES = ("chat", "viability", "arguments", "clauses")
NO_FEATURE = "(default thresholds)"
MAX_CHUNK_BOXES = 20
# The text areas take up to twice each limit (so a browser never posts megabytes);
# what is over the limit itself is refused with a message when Score is pressed.
BOX_SLACK = 2
EXAMPLE = {  # reference 000, faithfulness example (the hallucinated answer)
    "query": "What is the punishment for murder?",
    "answer": "Murder is punishable with 10 years imprisonment and a fine of Rs. 50,000",
    "context": "Section 103 of BNS states: Murder shall be punished with death or life imprisonment",
    "expected": "According to Section 103 of BNS, murder is punishable with death or life imprisonment",
}
GOOD_ANSWER = "According to Section 103 of BNS, murder is punishable with death or life imprisonment"
# --- page ------------------------------------------------------------------------------

def render() -> None:
    page.start()
    st.title("Playground")
    st.caption("Paste an example and score it: every metric with its reasons, locally and without an API key.")
    feature, mode, fallback = _render_settings()
    tab_paste, tab_bc = st.tabs(["Paste an example", "BeyondChats JSON"])
    with tab_paste:
        _render_paste(feature, mode, fallback)
    with tab_bc:
        _render_beyondchats(feature, mode, fallback)


def _render_settings() -> tuple[str | None, str, bool]:
    c1, c2, c3 = st.columns([1, 2, 2])
    feature = c1.selectbox("Feature (thresholds)", (NO_FEATURE, *FEATURES), key=f"{PREFIX}_feature")
    the_judge = judge()
    if the_judge is None:
        c2.radio("Mode", MODES, horizontal=True, key=f"{PREFIX}_mode_off", disabled=True, index=0,
                 help="balanced/thorough need the LLM judge")
        c3.info("The LLM judge is not configured (OPENAI_BASE_URL / OPENAI_API_KEY), so balanced and "
                "thorough are off: scoring runs in fast mode, locally.", icon="ℹ️")
        mode, fallback = "fast", True
    else:
        mode = c2.radio("Mode", MODES, horizontal=True, key=f"{PREFIX}_mode",
                        format_func=lambda m: m, captions=[MODE_HELP[m] for m in MODES])
        fallback = c3.checkbox("If the judge fails, fall back to fast mode", value=True,
                               key=f"{PREFIX}_fallback")
    if model_loading():
        st.info("Model loading… the first score waits for it (a few seconds); after that it takes about a second.",
                icon="⏳")
    return (None if feature == NO_FEATURE else feature), mode, fallback


def _load_example(good: bool = False) -> None:
    st.session_state[f"{PREFIX}_query"] = EXAMPLE["query"]
    st.session_state[f"{PREFIX}_answer"] = GOOD_ANSWER if good else EXAMPLE["answer"]
    st.session_state[f"{PREFIX}_contexts"] = EXAMPLE["context"]
    st.session_state[f"{PREFIX}_ctx_mode"] = "text"
    st.session_state[f"{PREFIX}_expected"] = ""
    st.session_state.pop(f"{PREFIX}_result", None)


def _render_paste(feature: str | None, mode: str, fallback: bool) -> None:
    row = st.container(horizontal=True, gap="small")
    row.button("Load example", key=f"{PREFIX}_example", on_click=_load_example, icon="📄",
              help="Reference 000: the murder question with a hallucinated answer")
    row.button("Load grounded answer", key=f"{PREFIX}_example_good", on_click=_load_example, args=(True,))
    query = st.text_area("Query", key=f"{PREFIX}_query", height=80, max_chars=BOX_SLACK * limits.MAX_QUERY_CHARS)
    answer = st.text_area("Answer", key=f"{PREFIX}_answer", height=120,
                          max_chars=BOX_SLACK * limits.MAX_ANSWER_CHARS)
    if st.session_state.get(f"{PREFIX}_ctx_mode") not in ("text", "boxes"):
        st.session_state[f"{PREFIX}_ctx_mode"] = "text"
    ctx_mode = st.segmented_control("Contexts", ("text", "boxes"), key=f"{PREFIX}_ctx_mode",
                                    format_func={"text": "One text area (blank line between chunks)",
                                                 "boxes": "One box per chunk"}.__getitem__)
    if ctx_mode == "boxes":
        count = st.number_input("Number of chunks", 1, MAX_CHUNK_BOXES, 2, key=f"{PREFIX}_n_chunks")
        contexts = [st.text_area(f"Chunk {i + 1}", key=f"{PREFIX}_chunk_{i}", height=80,
                                 max_chars=BOX_SLACK * limits.MAX_CHUNK_CHARS)
                    for i in range(int(count))]
        contexts = [c.strip() for c in contexts if c and c.strip()]
    else:
        text = st.text_area("Contexts, one per paragraph (separate chunks with a blank line)",
                            key=f"{PREFIX}_contexts", height=160,
                            max_chars=BOX_SLACK * limits.MAX_CONTEXT_CHARS)
        contexts = split_paragraphs(text)
    st.caption(f"{len(contexts)} chunk{'s' if len(contexts) != 1 else ''}, in rank order.")
    expected = st.text_area("Expected answer (optional — enables contextual recall and correctness)",
                            key=f"{PREFIX}_expected", height=80,
                            max_chars=BOX_SLACK * limits.MAX_EXPECTED_CHARS)
    if st.button("Score", key=f"{PREFIX}_score", type="primary", icon="🧪"):
        if not (query or "").strip() or not (answer or "").strip():
            st.error("A query and an answer are needed.")
        else:
            _score(f"{PREFIX}_result", query.strip(), answer.strip(), contexts, expected.strip() or None,
                   feature, mode, fallback)
    _render_result(f"{PREFIX}_result", contexts)


def _render_beyondchats(feature: str | None, mode: str, fallback: bool) -> None:
    st.caption("Paste a BeyondChats conversation (`conversation_turns`) and its context (`data.vector_data`); "
               "pick the AI turn to score.")
    c1, c2 = st.columns(2)
    conv_text = c1.text_area("Conversation JSON", key=f"{PREFIX}_bc_conv", height=220, max_chars=2_000_000)
    ctx_text = c2.text_area("Context JSON", key=f"{PREFIX}_bc_ctx", height=220, max_chars=5_000_000)
    if not (conv_text or "").strip() and not (ctx_text or "").strip():
        return
    conversation, err1 = parse_json_text(conv_text, "conversation")
    context, err2 = parse_json_text(ctx_text, "context")
    for err in (err1, err2):
        if err:
            st.error(err)
    if conversation is None or context is None:
        return
    from formats.beyondchats import pairs_from_beyondchats
    try:
        pairs = pairs_from_beyondchats(conversation, context)
    except Exception as exc:  # noqa: BLE001 - a strange shape must not break the page
        st.error(f"Could not read the conversation: {type(exc).__name__}: {str(exc)[:200]}")
        return
    if not pairs:
        st.warning("No AI answer that follows a user message was found in `conversation_turns`.")
        return
    labels = [f"Turn {p['turn'] if p['turn'] is not None else i + 1}: {str(p['answer'])[:80]}"
              for i, p in enumerate(pairs)]
    index = st.selectbox("AI turn to score", range(len(pairs)), format_func=lambda i: labels[i],
                         index=len(pairs) - 1, key=f"{PREFIX}_bc_turn")
    pair = pairs[index]
    st.caption(f"{len(pair['context'])} context chunks from `vector_data`.")
    with st.expander("The selected turn", expanded=False):
        st.markdown("**User**")
        st.markdown(safe_md(pair["query"]))
        st.markdown("**AI**")
        st.markdown(safe_md(pair["answer"]))
    if st.button("Score this turn", key=f"{PREFIX}_bc_score", type="primary", icon="🧪"):
        _score(f"{PREFIX}_bc_result", pair["query"], pair["answer"], pair["context"], None, feature, mode,
               fallback, history=pair["history"])  # a follow-up is read with the turns before it
    _render_result(f"{PREFIX}_bc_result", pair["context"])


def _score(result_key: str, query: str, answer: str, contexts: list[str], expected: str | None,
           feature: str | None, mode: str, fallback: bool, history: list[str] | None = None) -> None:
    from evaluators import score_one
    from evaluators.judge import JudgeError, JudgeNotConfigured

    problem = limits.input_problem(query, answer, contexts, expected)
    if problem:  # bounded work per request: refused before any scoring starts
        st.error(f"Too large to score: {problem}. Limits: {limits.describe()}.")
        st.session_state.pop(result_key, None)
        return
    try:
        with judge_turn(database(), judge() if mode in JUDGED_MODES else None, feature, "playground") as turn:
            if turn.blocked:
                st.warning(f"Not sent to the judge: {turn.blocked}.", icon="💸")
                mode = "fast"
            with st.spinner("Model loading… then scoring" if model_loading() else "Scoring…"):
                result = score_one(query, answer, contexts, expected_output=expected, feature=feature, mode=mode,
                                   thresholds=data.thresholds(), judge=turn.judge,
                                   fallback_to_fast=fallback, history=history)
    except JudgeNotConfigured:
        st.error("The LLM judge is not configured; use fast mode.")
        return
    except JudgeError as exc:
        st.error(f"The judge failed: {str(exc)[:300]}. Tick “fall back to fast mode” or choose fast.")
        return
    except Exception as exc:  # noqa: BLE001 - show the problem, keep the page
        st.error(f"Could not score: {type(exc).__name__}: {str(exc)[:300]}")
        return
    st.session_state[result_key] = {"result": result, "contexts": list(contexts)}


def _render_result(result_key: str, contexts: list[str]) -> None:
    stored = st.session_state.get(result_key)
    if not isinstance(stored, dict):
        return
    result = stored["result"]
    st.divider()
    st.subheader("Result")
    if stored["contexts"] != contexts:
        st.caption("The inputs changed since this score; press Score again to update it.")
    score_view.render_result(result, key=result_key)
    used = stored["contexts"] or []
    if used:
        with st.expander("Chunks (rank order) with their relevance"):
            for label, chunk in zip(score_view.chunk_labels(used, result), used):
                st.markdown(f"**{label}** — {safe_md(chunk[:600])}{'…' if len(chunk) > 600 else ''}")


render()
