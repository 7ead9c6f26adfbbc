"""The Alerts page's threshold editor (admin): per feature, each score's threshold; a save first
shows how many recent records would flip (store.thresholds.preview_change), then stores and queues
the recompute (its progress: dashboard/components/recompute_progress.py). `?thresholds=<feature>`
preselects a feature and opens the tab (`thresholds_link`).

Its own module because a feature's thresholds are a concern apart from the alert rules
(dashboard/components/rule_editor.py).
"""
from __future__ import annotations


import streamlit as st

from core.features import DEFAULT_FEATURE
from core.verdict import limits_for
from dashboard import data
from dashboard.common import allowed_now, current_user, md_escape
from dashboard.components import charts, recompute_progress
from dashboard.components.alert_format import PREFIX, RULES_TAB, TAB_KEY
from store.errors import ValidationFailed
from store.thresholds import preview_change, set_thresholds

def thresholds_link() -> str | None:
    """A feature named by `?thresholds=` (a page offering to set a feature's own thresholds): preselected in
    the threshold editor, once; None without one (or with a name that is not a feature)."""
    from core.features import is_feature_name

    asked = st.query_params.get("thresholds")
    if not asked or not is_feature_name(asked) or asked not in data.features():
        return None
    if st.session_state.get(f"{PREFIX}_thr_link") != asked:
        st.session_state[f"{PREFIX}_thr_link"] = asked
        st.session_state[f"{PREFIX}_thr_feature"] = asked
        st.session_state[TAB_KEY] = RULES_TAB
    return asked


def render_threshold_editor(db, admin: bool) -> None:
    st.subheader("Thresholds per feature", anchor=False)
    st.caption("A record passes when every score is at or above its feature's threshold. "
               "Saving first shows how many recent records would flip; then the worker recomputes pass/fail "
               "and refreshes only the changed days, at once (the progress shows here).")
    thresholds = data.thresholds()
    names = list(dict.fromkeys(data.features() + [f for f in thresholds if f != DEFAULT_FEATURE]
                               + [DEFAULT_FEATURE]))
    feature = st.selectbox("Feature", names, key=f"{PREFIX}_thr_feature",
                           format_func=lambda f: "default (unknown features)" if f == DEFAULT_FEATURE else f)
    current = limits_for(thresholds, feature)
    recompute_progress.render_recompute_progress(db)  # a save's recompute on the worker, while it runs
    with st.form(f"{PREFIX}_thr_form", border=True):
        cols = st.columns(len(charts.scores()))
        values = {}
        for col, metric in zip(cols, charts.scores()):
            values[metric] = col.number_input(
                charts.label(metric), value=float(current.get(metric, 0.0)), step=0.01, format="%.2f",
                key=f"{PREFIX}_thr_{feature}_{metric}", disabled=not admin)
        submitted = st.form_submit_button("Preview and save…", type="primary", disabled=not admin,
                                          key=f"{PREFIX}_thr_save")
    pending_key = f"{PREFIX}_thr_pending"
    from dashboard.components.label_suggestion import render_label_suggestion  # issue 20
    render_label_suggestion(db, feature, current, pending_key, disabled=not admin)
    if submitted and admin and allowed_now("admin", "change thresholds"):
        changed = {m: v for m, v in values.items() if current.get(m) is None or abs(v - current[m]) > 1e-9}
        if not changed:
            st.session_state.pop(pending_key, None)
            st.info("Nothing changed.")
            return
        try:
            preview = preview_change(db, feature, dict(values))
        except ValidationFailed as exc:
            st.session_state.pop(pending_key, None)
            st.error(f"Not saved: {exc}")
            return
        st.session_state[pending_key] = {"feature": feature, "values": dict(values), "changed": changed,
                                         "preview": preview}
    pending = st.session_state.get(pending_key)
    if pending and pending.get("feature") == feature and admin:
        _render_threshold_confirm(db, pending, pending_key)


def _render_threshold_confirm(db, pending: dict, pending_key: str) -> None:
    """The preview ("N records in the last 7 days would flip"), then Save or Cancel."""
    p, feature = pending["preview"], pending["feature"]
    what = ", ".join(f"{charts.label(m)} {current:.2f}" for m, current in pending["changed"].items())
    with st.container(border=True):
        st.warning(f"**{p['flips']} records in the last {p['days']} days would flip** "
                   f"({p['to_fail']} from pass to fail, {p['to_pass']} from fail to pass) with {feature}: "
                   f"{md_escape(what)}.", icon="🔁")
        save, cancel = st.columns(2)
        if (save.button("Save thresholds", key=f"{PREFIX}_thr_confirm", type="primary", width="stretch")
                and allowed_now("admin", "change thresholds")):
            try:
                set_thresholds(db, feature, pending["values"], current_user().name)
            except ValidationFailed as exc:
                st.error(f"Not saved: {exc}")
                return
            st.session_state.pop(pending_key, None)
            # only what the save wrote: the aggregates, records and alerts change when the worker's recompute
            # writes them (the build notice drops those reads then); dropping them here made the rest of this
            # run re-read them cold (the Alerts page's rule coverage: ~0.7 s of the Save click at 200k, issue 29)
            data.invalidate(data.RULES, data.THRESHOLDS)
            recompute_progress.follow()
            # shown here, without a rerun (a rerun would drop the message)
            st.success(f"Saved {feature} thresholds: {what}. The worker recomputes pass/fail now and refreshes only "
                       "the days that changed; the progress shows above.", icon="✅")
            return
        if cancel.button("Cancel", key=f"{PREFIX}_thr_cancel", width="stretch"):
            st.session_state.pop(pending_key, None)
            st.rerun()
