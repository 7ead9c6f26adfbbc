"""Labelling: annotation queues, one record at a time, built for speed (issue 20).

- A queue (`?queue=q_...`) is created by an admin from a rule (feature, period, verdict, score range,
  source; "disagree most" first) or from a Triage selection ("Send to queue").
- The record: query, the answer split into claims (clicking a claim marks it unsupported), the
  retrieved chunks beside it. Keys: F faithful, H hallucinated, S skip, U undo, → next.
  Relevancy good/bad and a comment are optional. Progress says how long is left at your pace.
- The judges' scores stay hidden until the label is saved (no anchoring), then they are shown.
- An annotator (or higher) labels; anyone signed in reads. Admins see agreement (Cohen's κ),
  resolve conflicts and export the labelled set as JSONL.
"""
from __future__ import annotations

import json
import time
from datetime import date, timedelta
from urllib.parse import quote

import streamlit as st

from core import labels as L
from core import metrics
from core.record_doc import RecordDoc
from dashboard import data, page
from dashboard.common import can, current_user, fmt_score, md_escape, require, show_flash
from dashboard.components.safe_text import safe_md
from store import labels as store_labels
from store import queues as store_queues
from store.errors import ValidationFailed
from store.thresholds import get_thresholds
from store.triage import get_record

PREFIX = "lab"
SELECTION_KEY = "labelling_selection"  # record ids Triage's "Send to queue" leaves here


def _claims(answer: str) -> list[str]:
    if not answer.strip():
        return []
    from evaluators.text.claims import split_claims
    return list(split_claims(answer)) or [answer.strip()]


def _minutes(seconds: float | None) -> str:
    if seconds is None:
        return "— left (label a few to see your pace)"
    if seconds < 60:
        return f"{int(seconds)} s left at your pace"
    return f"{round(seconds / 60)} min left at your pace"


# --- queues -----------------------------------------------------------------------------------

def _new_queue_form(db) -> None:
    selection = st.session_state.get(SELECTION_KEY) or []
    with st.expander("New queue", expanded=bool(selection)):
        if not require("admin", "create annotation queues"):
            return
        with st.form(f"{PREFIX}_new_queue"):
            name = st.text_input("Name", key=f"{PREFIX}_q_name", max_chars=120,
                                 value="Triage selection" if selection else "")
            per_record = st.radio("Labels wanted per record", (1, 2), horizontal=True, key=f"{PREFIX}_q_per")
            use_selection = False
            if selection:
                use_selection = st.checkbox(f"From the Triage selection ({len(selection)} records)", value=True,
                                            key=f"{PREFIX}_q_sel")
            cols = st.columns(4)
            feature = cols[0].text_input("Feature (empty: all)", key=f"{PREFIX}_q_feature", max_chars=64)
            start = cols[1].date_input("From", value=date.today() - timedelta(days=30), key=f"{PREFIX}_q_start")
            end = cols[2].date_input("To", value=date.today(), key=f"{PREFIX}_q_end")
            verdict = cols[3].selectbox("Verdict", store_queues.VERDICTS, key=f"{PREFIX}_q_verdict")
            cols = st.columns(4)
            low, high = cols[0].slider("Overall score range", 0.0, 1.0, (0.0, 1.0), 0.05, key=f"{PREFIX}_q_range")
            source = cols[1].text_input("Source (empty: any)", key=f"{PREFIX}_q_source", max_chars=200)
            order = cols[2].selectbox("Order", store_queues.ORDERS, key=f"{PREFIX}_q_order",
                                      format_func=lambda o: {"disagree": "judges disagree most first",
                                                             "random": "random (by hash)"}[o])
            size = cols[3].number_input("Size", 1, store_queues.MAX_SIZE, 100, key=f"{PREFIX}_q_size")
            submitted = st.form_submit_button("Create queue", type="primary")
        if submitted:
            try:
                if use_selection:
                    q = store_queues.create_queue(db, name, {}, current_user().name, labels_per_record=per_record,
                                                  record_ids=list(selection))
                    st.session_state.pop(SELECTION_KEY, None)
                else:
                    q = store_queues.create_queue(
                        db, name, {"feature": feature.strip() or None, "start": start, "end": end,
                                   "verdict": verdict, "score_min": low, "score_max": high,
                                   "source": source.strip() or None, "order": order, "size": int(size)},
                        current_user().name, labels_per_record=per_record)
            except ValidationFailed as exc:
                st.error(str(exc))
                return
            st.session_state[f"{PREFIX}_flash"] = f"Queue “{q['name']}” created with {len(q['record_ids'])} records."
            st.query_params["queue"] = q["_id"]
            st.rerun()


def _pick_queue(db) -> dict | None:
    queues = store_queues.list_queues(db)
    if not queues:
        st.info("No annotation queue yet. An admin creates one below, or from Triage (select rows, "
                "then “Send to queue”).")
        return None
    ids = [q["_id"] for q in queues]
    wanted = st.query_params.get("queue")
    index = ids.index(wanted) if wanted in ids else 0
    names = {q["_id"]: f"{q['name']} · {q['size']} records · {q['labels_per_record']} label(s) each" for q in queues}
    chosen = st.selectbox("Queue", ids, index=index, format_func=names.get, key=f"{PREFIX}_queue_{ids[index]}")
    if chosen != wanted:
        st.query_params["queue"] = chosen
    return store_queues.get_queue(db, chosen)


# --- one record -------------------------------------------------------------------------------

def _state(queue_id: str) -> dict:
    """This browser's labelling state for a queue: the record shown, when it was shown, marked claims,
    the labels saved here (for undo)."""
    key = f"{PREFIX}_state_{queue_id}"
    if key not in st.session_state:
        st.session_state[key] = {"record": None, "shown_at": None, "marked": set(), "saved": [], "revealed": None}
    return st.session_state[key]


def _show(state: dict, record_id: str | None) -> None:
    state.update(record=record_id, shown_at=time.monotonic(), marked=set(), revealed=None)


def _act(db, queue: dict, state: dict, action: str, claims: list[str]) -> None:
    user = current_user().name
    rid = state["record"]
    qid = queue["_id"]
    if action == "next":
        _show(state, store_labels.next_record(db, qid, user, after=rid))
        return
    if action == "undo":
        if not state["saved"]:
            st.session_state[f"{PREFIX}_note"] = "Nothing to undo."
            return
        last = state["saved"].pop()
        store_labels.undo_label(db, qid, last, user)
        data.invalidate(data.LABELS)
        _show(state, last)
        st.session_state[f"{PREFIX}_note"] = "Label withdrawn (kept in the history); label the record again."
        return
    verdict = {"faithful": L.FAITHFUL, "hallucinated": L.HALLUCINATED, "skip": L.SKIPPED}[action]
    relevancy = st.session_state.get(f"{PREFIX}_relevancy_{rid}")
    comment = st.session_state.get(f"{PREFIX}_comment_{rid}")
    marked = sorted(state["marked"]) if verdict == L.HALLUCINATED else []
    if verdict == L.FAITHFUL and state["marked"]:
        marked = sorted(state["marked"])  # kept: the label says what the person clicked
    seconds = time.monotonic() - state["shown_at"] if state["shown_at"] else None
    store_labels.save_label(db, qid, rid, user, verdict, relevancy=relevancy or None, unsupported_claims=marked,
                            claims=claims, comment=comment, seconds=seconds)
    data.invalidate(data.LABELS)
    state["saved"].append(rid)
    if verdict == L.SKIPPED:
        _show(state, store_labels.next_record(db, qid, user, after=rid))
    else:
        state["revealed"] = rid  # the judges' scores may be shown now


def _act_safely(db, queue: dict, state: dict, action: str, claims: list[str]) -> None:
    try:
        _act(db, queue, state, action, claims)
    except ValidationFailed as exc:
        st.session_state[f"{PREFIX}_note"] = str(exc)


def _judges_panel(db, record: dict) -> None:
    thresholds = get_thresholds(db)
    rows = []
    for metric in L.LABEL_FOR_METRIC:
        for judge, (score, threshold) in L.judge_readings(record, metric, thresholds).items():
            rows.append({"judge": judge, "metric": metrics.label(metric), "score": fmt_score(score),
                         "threshold": fmt_score(threshold), "verdict": "fails" if score < threshold else "passes"})
    st.markdown("**How the judges scored it** (shown after your label)")
    if rows:
        st.dataframe(rows, hide_index=True, width="stretch", key=f"{PREFIX}_judges_{record['_id']}")
    else:
        st.caption("No judge scored this record's faithfulness or relevancy.")
    st.markdown(f"[Open the record in Triage](/triage?record={quote(str(record['_id']))})")


def _labelling(db, queue: dict) -> None:
    user = current_user().name
    qid = queue["_id"]
    state = _state(qid)
    if state["record"] is None:
        _show(state, store_labels.next_record(db, qid, user))
    prog = store_labels.progress(db, qid, user)
    st.progress(min(1.0, prog["done"] / max(1, prog["total"])),
                text=f"{prog['done']} of {prog['total']} · {_minutes(prog['seconds_left'])}")
    note = st.session_state.pop(f"{PREFIX}_note", None)
    if note:
        st.info(note)
    rid = state["record"]
    stored = get_record(db, rid) if rid else None
    record = RecordDoc.read(stored)
    if record is None:
        st.success("Nothing left for you in this queue. Thank you!")
        if state["saved"] and st.button("Undo the last label", key=f"{PREFIX}_undo_done", shortcut="U"):
            _act(db, queue, state, "undo", [])
            st.rerun()
        return
    answer = record.answer or ""
    claims = _claims(answer)
    mine = store_labels.current_labels(db, qid, annotator=user, record_id=rid)
    st.caption(f"Record {md_escape(rid)} · feature {md_escape(record.feature or '—')}"
               + (f" · your label: **{mine[0]['verdict']}**" if mine else ""))
    left, right = st.columns([3, 2])
    with left:
        st.markdown("**Query**")
        with st.container(border=True):
            st.markdown(safe_md(record.query) if record.query is not None else "_(no query)_")
        st.markdown("**Answer**, claim by claim — click a claim the context does not support")
        if not claims:
            st.caption("_(no answer text)_")
        for i, claim in enumerate(claims):
            marked = i in state["marked"]
            # callbacks, not `if st.button(): ...; st.rerun()`: one script run per click instead of two
            st.button(("✗ " if marked else "") + claim[:500], key=f"{PREFIX}_claim_{rid}_{i}",
                      type="primary" if marked else "secondary", width="stretch",
                      help="marked unsupported (click again to unmark)" if marked else "mark unsupported",
                      on_click=state["marked"].symmetric_difference_update, args=({i},))
        cols = st.columns([1, 2])
        cols[0].segmented_control("Relevancy", ["good", "bad"], key=f"{PREFIX}_relevancy_{rid}")
        cols[1].text_input("Comment (optional)", key=f"{PREFIX}_comment_{rid}", max_chars=2000)
    with right:
        st.markdown("**Retrieved chunks**")
        ctx = record.chunks()
        if not ctx:
            st.caption("No context was logged.")
        for i, chunk in enumerate(ctx):
            with st.container(border=True):
                st.caption(f"Chunk {i + 1}")
                st.markdown(safe_md(chunk[:4000]))
    allowed = can("annotator")
    cols = st.columns(5)
    actions = [("faithful", "Faithful", "F"), ("hallucinated", "Hallucinated", "H"), ("skip", "Skip", "S"),
               ("undo", "Undo", "U"), ("next", "Next →", "Right")]
    for col, (action, label, key) in zip(cols, actions):
        disabled = not allowed and action not in ("next",)
        # the label (or next) is saved in the click's callback, before the run that draws the page: a key
        # press costs one run, which shows the next record (issue 34: it cost two full runs)
        col.button(label, key=f"{PREFIX}_{action}", shortcut=key, disabled=disabled, width="stretch",
                   type="primary" if action in ("faithful", "hallucinated") else "secondary",
                   on_click=_act_safely, args=(db, queue, state, action, claims))
    if not allowed:
        require("annotator", "label records")
    if state["revealed"] == rid:
        _judges_panel(db, stored)  # core.labels reads the stored document


# --- admin: agreement, conflicts, export -------------------------------------------------------

def _admin(db, queue: dict) -> None:
    qid = queue["_id"]
    # read only when asked: the labelling loop's reruns do not pay for reading every label of the queue
    if not st.toggle("Show agreement, conflicts and export", key=f"{PREFIX}_admin_on"):
        return
    with st.container(border=True):
        agreement = store_labels.agreement(db, qid)
        if not agreement["pairs"]:
            st.caption("Inter-annotator agreement appears once two people label the same records.")
        for pair in agreement["pairs"]:
            a, b = pair["annotators"]
            kappa = "—" if pair["kappa"] is None else f"{pair['kappa']:.2f}"
            agree = pair["agree"]
            st.markdown(f"**{md_escape(a)} × {md_escape(b)}**: Cohen's κ {kappa} (n = {pair['n']}), "
                        f"agree on {100 * agree['value']:.0f}% (95 % {100 * agree['low']:.0f}–{100 * agree['high']:.0f}%)")
        conflicts = store_labels.conflicts(db, qid)
        st.markdown(f"**Conflicts**: {len(conflicts)} record(s) the annotators disagree on")
        admin = can("admin")
        for c in conflicts[:50]:
            cols = st.columns([3, 3, 1, 1])
            cols[0].markdown(f"[{md_escape(c['record_id'])}](/triage?record={quote(c['record_id'])})")
            cols[1].caption(" · ".join(f"{md_escape(d['annotator'])}: {d['verdict']}" for d in c["labels"]))
            for col, verdict in zip(cols[2:], (L.FAITHFUL, L.HALLUCINATED)):
                if col.button(verdict, key=f"{PREFIX}_resolve_{c['record_id']}_{verdict}", disabled=not admin):
                    store_labels.resolve_conflict(db, qid, c["record_id"], current_user().name, verdict)
                    data.invalidate(data.LABELS)
                    st.session_state[f"{PREFIX}_flash"] = f"Resolved {c['record_id']} as {verdict}."
                    st.rerun()
        if conflicts and not admin:
            st.caption("An admin resolves conflicts.")
    with st.container(border=True):
        st.markdown("**Export as a regression set (JSONL)**")
        st.caption("Each line is input for `python -m evaluators score --fail-under RATE` and "
                   "`bench/bench_quality.py --sets FILE`, with the labels kept. Same as "
                   f"`python -m jobs export-labels {qid} OUT.jsonl`.")
        if st.button("Prepare the export", key=f"{PREFIX}_export"):
            rows = store_labels.export_rows(db, qid)
            st.download_button(f"Download {len(rows)} labelled records",
                               "".join(json.dumps(r, ensure_ascii=False, default=str) + "\n" for r in rows),
                               file_name=f"{qid}.jsonl", mime="application/json", key=f"{PREFIX}_download")


def render() -> None:
    db = page.start()
    st.title("Labelling")
    st.caption("Label a sample of your own answers; see how accurate each judge is on the **Judge accuracy** page. "
               "Keys: **F** faithful · **H** hallucinated · **S** skip · **U** undo · **→** next.")
    show_flash(PREFIX)
    if st.session_state.get(SELECTION_KEY):  # sent from Triage: the new queue first
        _new_queue_form(db)
    queue = _pick_queue(db)
    if queue is not None:
        _labelling(db, queue)
        _admin(db, queue)
    if not st.session_state.get(SELECTION_KEY):
        _new_queue_form(db)


render()
