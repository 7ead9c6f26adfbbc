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
from dashboard.common import db_or_stop, md_escape, signed_in_or_stop
from store import labels as store_labels
from store import queues as store_queues
from store.thresholds import get_thresholds

PREFIX = "lacc"
ALL_QUEUES = "__all__"


def _iv(entry: dict, pct: bool = True) -> str:
    if entry.get("value") is None:
        return "—"
    f = (lambda v: f"{100 * v:.0f}%") if pct else (lambda v: f"{v:.2f}")
    if entry.get("low") is None:
        return f(entry["value"])
    return f"{f(entry['value'])} ({f(entry['low'])}–{f(entry['high'])})"


def accuracy_table(rows: list[dict]) -> pd.DataFrame:
    return pd.DataFrame([{
        "judge": r["judge"], "feature": "all features" if r["feature"] == ALL_FEATURES else r["feature"],
        "metric": metrics.label(r["metric"]), "n": r["n"], "humans say bad": r["positives"],
        "accuracy (95 %)": _iv(r["accuracy"]), "precision of bad (95 %)": _iv(r["precision"]),
        "recall of bad (95 %)": _iv(r["recall"]), "AUROC (95 %)": _iv(r["auroc"], pct=False),
        "disagree": len(r["disagreeing"])} for r in rows])


def render() -> None:
    signed_in_or_stop()
    db = db_or_stop()
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
    answers = store_labels.human_answers(db, None if chosen == ALL_QUEUES else chosen)
    settled = {rid: a for rid, a in answers.items() if a.get("verdict") or a.get("relevancy")}
    if not settled:
        st.info("No settled labels yet (records the annotators disagree on count once an admin resolves them).")
        return
    records = store_labels.labelled_records(db, list(settled))
    thresholds = get_thresholds(db)
    rows = L.accuracy_rows(records, settled, thresholds)
    st.markdown(f"**{len(settled)} labelled records** · "
                f"{sum(1 for a in answers.values() if a.get('conflict'))} unresolved conflict(s) left out")
    if not rows:
        st.info("No judge scored the labelled records yet.")
        return
    feature_choice = st.selectbox("Feature", sorted({r["feature"] for r in rows}, key=lambda f: (f != ALL_FEATURES, f)),
                                  format_func=lambda f: "all features" if f == ALL_FEATURES else f,
                                  key=f"{PREFIX}_feature")
    shown = [r for r in rows if r["feature"] == feature_choice]
    st.dataframe(accuracy_table(shown), hide_index=True, width="stretch", key=f"{PREFIX}_table")
    by_feature = [r for r in rows if r["feature"] != ALL_FEATURES and feature_choice == ALL_FEATURES]
    if by_feature:
        with st.expander("Per feature"):
            st.dataframe(accuracy_table(by_feature), hide_index=True, width="stretch", key=f"{PREFIX}_per_f")

    st.subheader("Over weeks")
    weekly = [r for r in L.accuracy_rows(records, settled, thresholds, by_week=True, rounds=0)
              if r["feature"] == feature_choice]
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
    ids = (picked or {}).get("disagreeing") or []
    if not ids:
        st.caption("None: this judge agrees with every label here.")
    for rid in ids[:100]:
        human = settled.get(rid) or {}
        said = human.get("verdict") if metric == "faithfulness" else human.get("relevancy")
        st.markdown(f"- [{md_escape(rid)}](/triage?record={quote(str(rid))}) · humans: {md_escape(said)}")
    if len(ids) > 100:
        st.caption(f"… and {len(ids) - 100} more.")


render()
