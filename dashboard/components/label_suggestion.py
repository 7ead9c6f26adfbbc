"""The threshold editor's suggestion from human labels (issue 20): per metric, the threshold that best
matches the team's labels for this feature (max F1 of "bad", or the lowest threshold reaching a chosen
precision), with its 95 % interval; "Preview" puts it into the editor's usual preview-and-save step,
so applying it is an audited threshold edit like any other, and ignoring it changes nothing."""
from __future__ import annotations

import streamlit as st

from core import labels as L
from core import metrics
from core.features import DEFAULT_FEATURE
from core.label_docs import HumanAnswer
from core.record_doc import RecordDoc
from store.errors import ValidationFailed
from store.thresholds import preview_change

PREFIX = "thr_sugg"


def _labelled(db, feature: str) -> tuple[dict[str, HumanAnswer], list[RecordDoc]]:
    from dashboard import data
    return data.labelled_for_feature(feature)  # cached: read on every run of the Alerts page


def render_label_suggestion(db, feature: str, current: dict, pending_key: str, *, disabled: bool) -> None:
    if feature == DEFAULT_FEATURE:
        return
    answers, records = _labelled(db, feature)
    if not records:
        return
    with st.expander("Suggested from your labels", expanded=False):
        cols = st.columns(2)
        rule = cols[0].radio("Rule", ("max F1", "chosen precision"), horizontal=True, key=f"{PREFIX}_rule")
        precision = cols[1].slider("Precision of “bad” at least", 0.5, 1.0, 0.9, 0.05, key=f"{PREFIX}_precision",
                                   disabled=rule == "max F1")
        for metric, (field_name, bad_value) in L.LABEL_FOR_METRIC.items():
            scores, bad = [], []
            for rec in records:
                value = answers[rec.id].said(field_name) if rec.id in answers else None
                reading = rec.eb.score(metric)  # the score the feature's threshold is applied to (eb.scores)
                if value in (None, L.SKIPPED) or reading is None:
                    continue
                scores.append(reading)
                bad.append(value == bad_value)
            if len(scores) < 10 or not any(bad) or all(bad):
                st.caption(f"{metrics.label(metric)}: too few labels with both answers yet ({len(scores)}).")
                continue
            s = L.suggest_threshold(scores, bad, min_precision=None if rule == "max F1" else precision)
            if s.threshold is None:
                st.caption(f"{metrics.label(metric)}: no threshold reaches that precision on {s.n} labels.")
                continue
            suggested = round(min(1.0, s.threshold), 2)
            interval = "" if s.low is None else f" (95 % {s.low:.2f}–{s.high:.2f})"
            st.markdown(f"**{metrics.label(metric)}**: {suggested:.2f}{interval} · now {current.get(metric, 0):.2f} · "
                        f"F1 {s.f1:.2f}, precision {s.precision:.2f}, recall {s.recall:.2f} of “bad” on n = {s.n}")
            if st.button(f"Preview {metrics.label(metric)} {suggested:.2f}", key=f"{PREFIX}_{metric}",
                         disabled=disabled or abs(suggested - current.get(metric, -1)) < 1e-9):
                values = {m: float(v) for m, v in current.items()}
                values[metric] = suggested
                try:
                    preview = preview_change(db, feature, values)
                except ValidationFailed as exc:
                    st.error(f"Not previewed: {exc}")
                    continue
                st.session_state[pending_key] = {"feature": feature, "values": values,
                                                 "changed": {metric: suggested}, "preview": preview}
