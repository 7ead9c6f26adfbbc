"""Judge accuracy on your labels (issue 20): for each judge that scored the labelled records — the
product's logged judge, Evalboard's local scorer, its LLM judge when configured — accuracy, precision
and recall of "hallucinated" (and of "irrelevant" for relevancy), and AUROC, each with n and a 95 %
interval, per feature and metric, and over weeks. The records where a judge and the humans disagree
are one click from the record view.
"""
from __future__ import annotations

from urllib.parse import quote

import pandas as pd
import streamlit as st

from core import labels as L
from core import metrics
from core.features import ALL_FEATURES
from core.label_docs import Estimate, HumanAnswer, human_answers
from core.record_doc import RecordDoc
from dashboard import data, page
from dashboard.components.plain_table import plain_table
from dashboard.common import can, current_user, md_escape
from store.errors import ValidationFailed
from store import labels as store_labels
from store import queues as store_queues

PREFIX = "lacc"
ALL_QUEUES = "__all__"


def _iv(figure: dict, pct: bool = True) -> str:
    entry = Estimate.model_validate(figure)
    if entry.value is None:
        return "—"
    f = (lambda v: f"{100 * v:.0f}%") if pct else (lambda v: f"{v:.2f}")
    if entry.low is None:
        return f(entry.value)
    return f"{f(entry.value)} ({f(entry.low)}–{f(entry.high)})"


def accuracy_table(rows: list[dict]) -> pd.DataFrame:
    return pd.DataFrame([{
        "judge": r["judge"], "feature": "all features" if r["feature"] == ALL_FEATURES else r["feature"],
        "metric": metrics.label(r["metric"]), "n": r["n"], "humans say bad": r["positives"],
        "accuracy (95 %)": _iv(r["accuracy"]), "precision of bad (95 %)": _iv(r["precision"]),
        "recall of bad (95 %)": _iv(r["recall"]), "AUROC (95 %)": _iv(r["auroc"], pct=False),
        "disagree": len(r["disagreeing"])} for r in rows])


def render() -> None:
    db = page.start()
    st.title("Judge accuracy on your labels")
    st.caption("How often each judge agrees with the team's labels. “Bad” is hallucinated (faithfulness) or "
               "irrelevant (answer relevancy); a judge says bad when its score is below the threshold it was "
               "held to. Intervals: Wilson for proportions, bootstrap for AUROC.")
    queues = store_queues.list_queues(db)
    if not queues:
        st.info("No labels yet: create an annotation queue on the Labelling page.")
        return
    options = [ALL_QUEUES] + [q["_id"] for q in queues]
    names = {q["_id"]: q["name"] for q in queues} | {ALL_QUEUES: "every queue"}
    chosen = st.selectbox("Labels from", options, format_func=names.get, key=f"{PREFIX}_queue")
    answers, records, rows, weekly_rows = data.label_accuracy(None if chosen == ALL_QUEUES else chosen)
    typed = human_answers(answers)
    settled = {rid: answers[rid] for rid, a in typed.items() if a.settled}
    if not settled:
        st.info("No settled labels yet (records the annotators disagree on count once an admin resolves them).")
        return
    st.markdown(f"**{len(settled)} labelled records** · "
                f"{sum(1 for a in typed.values() if a.conflict)} unresolved conflict(s) left out")
    docs = [RecordDoc.read(r) for r in records]
    _request_scores(db, docs)
    if not rows:
        st.info("No judge scored the labelled records yet.")
        return
    feature_choice = st.selectbox("Feature", sorted({r["feature"] for r in rows}, key=lambda f: (f != ALL_FEATURES, f)),
                                  format_func=lambda f: "all features" if f == ALL_FEATURES else f,
                                  key=f"{PREFIX}_feature")
    shown = [r for r in rows if r["feature"] == feature_choice]
    plain_table(accuracy_table(shown).to_dict("records"))  # read, not browsed: no grid (plain_table.py)
    by_feature = [r for r in rows if r["feature"] != ALL_FEATURES and feature_choice == ALL_FEATURES]
    if by_feature:  # the table is built only while the box is open (issue 29: each table costs a new tab)
        box = st.expander("Per feature", key=f"{PREFIX}_per_f_open", on_change="rerun")
        if box.open is not False:
            box.dataframe(accuracy_table(by_feature), hide_index=True, width="stretch", key=f"{PREFIX}_per_f")

    st.subheader("Over weeks")
    weekly = [r for r in weekly_rows if r["feature"] == feature_choice]
    if weekly:
        frame = pd.DataFrame([{"week": r["week"], "judge": f"{r['judge']} · {metrics.label(r['metric'])}",
                               "accuracy": r["accuracy"]["value"], "n": r["n"]} for r in weekly])
        st.line_chart(frame, x="week", y="accuracy", color="judge", height=260)
        st.caption("Accuracy per week of the records' own time (a judge drifting shows as a drop).")

    st.subheader("Where a judge and the humans disagree")
    judge = st.selectbox("Judge", sorted({r["judge"] for r in shown}), key=f"{PREFIX}_judge")
    metric = st.selectbox("Metric", sorted({r["metric"] for r in shown if r["judge"] == judge}),
                          format_func=metrics.label, key=f"{PREFIX}_metric")
    picked = next((r for r in shown if r["judge"] == judge and r["metric"] == metric), None)
    ids = (picked["disagreeing"] if picked else None) or []
    if not ids:
        st.caption("None: this judge agrees with every label here.")
    queries = {d.id: d.query for d in docs}
    lines = []
    for rid in ids[:100]:
        human = typed[rid] if rid in typed else HumanAnswer()
        said = human.verdict if metric == "faithfulness" else human.relevancy
        lines.append(disagreement_line(rid, queries[rid] if rid in queries else None, said))
    if lines:  # one Markdown list, not an element per line (each is parsed and drawn on its own)
        st.markdown("\n".join(lines))
    if len(ids) > 100:
        st.caption(f"… and {len(ids) - 100} more.")

    _rule_editor(db)


def disagreement_line(record_id, query, said) -> str:
    """One disagreement: the record's query (what a reader recognises; issue 34), linking to the record."""
    text = query.strip() if isinstance(query, str) and query.strip() else str(record_id)
    text = text[:120] + ("…" if len(text) > 120 else "")
    return f"- [{md_escape(text)}](/triage?record={quote(str(record_id))}) · humans: {md_escape(said)}"


def _request_scores(db, records: list[RecordDoc]) -> None:
    """The local scorer's figures need its independent score on the labelled records: ask the workers."""
    missing = [r.id for r in records if not (r.rescored is not None and r.rescored.evaluation)]
    if not missing:
        return
    cols = st.columns([3, 1])
    cols[0].caption(f"{len(missing)} labelled record(s) have no independent score yet, so the local scorer's "
                    "accuracy leaves them out.")
    if cols[1].button("Score them", key=f"{PREFIX}_request", disabled=not can("reviewer"),
                      help="The score workers re-score them in fast mode (like Re-score on a record)."):
        flagged = store_labels.request_independent_scores(db, missing, current_user().name)
        data.invalidate(data.RECORDS)
        st.success(f"{flagged} record(s) queued for the score workers; the figures follow once they are scored.")


def _rule_editor(db) -> None:
    # the form is built only while the box is open (issue 29: a closed box's widgets cost a new tab too)
    box = st.expander("Alert when a judge's accuracy on the labels drops", key=f"{PREFIX}_rule_open",
                      on_change="rerun")
    if box.open is False:
        return
    rule = store_labels.accuracy_rule(db)
    with box:
        st.caption(f"Per feature with at least {L.MIN_LABELS_FOR_ALERT} settled labels: an alert (Alerts page, "
                   "notifications, report line) while the judge's accuracy on them is below the minimum. "
                   "Off by default; changes are audited.")
        admin = can("admin")
        with st.form(f"{PREFIX}_rule"):
            enabled = st.toggle("On", value=rule["enabled"], key=f"{PREFIX}_rule_on", disabled=not admin)
            cols = st.columns(3)
            judge = cols[0].selectbox("Judge", L.JUDGES, index=L.JUDGES.index(rule["judge"]), key=f"{PREFIX}_rule_judge",
                                      disabled=not admin)
            minimum = cols[1].number_input("Minimum accuracy", 0.0, 1.0, float(rule["min_accuracy"]), 0.05,
                                           key=f"{PREFIX}_rule_min", disabled=not admin)
            labels_needed = cols[2].number_input("Labels needed per feature", L.MIN_LABELS_FOR_ALERT, 100_000,
                                                 int(rule["min_labels"]), key=f"{PREFIX}_rule_n", disabled=not admin)
            saved = st.form_submit_button("Save rule", disabled=not admin)
        if saved and admin:
            try:
                store_labels.set_accuracy_rule(db, current_user().name, enabled=bool(enabled), min_accuracy=float(minimum),
                                               min_labels=int(labels_needed), judge=judge)
            except ValidationFailed as exc:
                st.error(f"Not saved: {exc}")
            else:
                st.success("Saved. The alerts job applies it at its next run.")


render()
