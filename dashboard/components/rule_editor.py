"""The Alerts page's "Thresholds & rules" tab (`render_editor`): the thresholds (their own module,
dashboard/components/threshold_editor.py), the alert rules (a table with what each rule can see now,
feature by feature, and the editor: new, edit, delete), the release rule's settings, and the change
history. Every write goes through store/ functions that validate and audit it.

Its own module because editing what decides an alert is a concern apart from the alerts themselves.
"""
from __future__ import annotations

from datetime import datetime

import pandas as pd
import streamlit as st

from core import metrics
from core import evidence
from core import release_rule
from core import rules as core_rules
from core.features import feature_label
from core.rule_docs import Rule
from core.features import EACH_FEATURE as EACH
from core.rules import DEFAULT_MIN_COUNT
from dashboard import data
from core.features import ALL_FEATURES as ALL
from dashboard.common import allowed_now, can, current_user, md_escape, require
from dashboard.components import audit_diff, charts
from dashboard.components.alert_format import PREFIX, fmt_value
from dashboard.components.threshold_editor import render_threshold_editor
from store.alerts import delete_rule, upsert_rule
from store.errors import ValidationFailed
from store.release_alerts import get_release_rule, set_release_rule

NEW_RULE = "__new__"
FEATURE_LABELS = core_rules.FEATURE_CHOICES  # {ALL: "All features together", EACH: "Each feature separately"}


def render_editor(db) -> None:
    admin = can("admin")
    if not admin:
        require("admin", "change thresholds and alert rules")
    render_threshold_editor(db, admin)
    st.divider()
    render_rule_editor(db, admin)
    st.divider()
    render_release_rule_editor(db, admin)
    st.divider()
    render_audit()


def _coverage(rule: Rule) -> dict[str, tuple[str, str]]:
    condition = rule.condition()  # each rule kind reads its own days (core/rules.py)
    history = data.recent_daily_history(agreement=getattr(condition, "source", "") == "agreement")
    return condition.coverage(history) if isinstance(condition, core_rules.Threshold) else {}


def _coverage_columns(rule: Rule) -> dict[str, str]:
    """Which features the rule can see now (and how) and which it is blind to."""
    seen = _coverage(rule)
    if not seen:
        return {"Sees": "—", "Blind to": "every feature (no data yet)"}
    how = {evidence.DAILY: "daily", evidence.POOLED: "pooled", evidence.TEST: "count test"}
    sees = [f"{feature_label(f)} ({how[mode]})" for f, (mode, _) in seen.items() if mode in how]
    blind = [feature_label(f) for f, (mode, _) in seen.items() if mode not in how]
    return {"Sees": ", ".join(sees) or "—", "Blind to": ", ".join(blind) or "—"}


def _render_coverage(rules: list[Rule]) -> None:
    """Per rule and feature, in words: how it is judged now, or why it cannot be."""
    with st.expander("What each rule can see now, feature by feature"):
        for rule in rules:
            seen = _coverage(rule)
            if not seen:
                continue
            st.markdown(f"**{md_escape(rule.name or '')}**")
            st.markdown("\n".join(f"- {md_escape(feature_label(f))}: "
                                   + ("**blind** — " if mode == "blind" else "")
                                   + md_escape(words) for f, (mode, words) in seen.items()))


def _rule_label(rules: dict[str, Rule], rule_id: str) -> str:
    if rule_id == NEW_RULE:
        return "➕ New rule"
    rule = rules[rule_id]
    feature = rule.feature or ALL
    return f"{rule.name or rule_id} ({FEATURE_LABELS.get(feature, feature).lower()})"


# a new rule's form starts from these (the same values the form falls back to for a rule without them)
BLANK_RULE = Rule(name="", metric="pass_rate", comparison="lt", min_count=DEFAULT_MIN_COUNT)


def render_rule_editor(db, admin: bool) -> None:
    st.subheader("Alert rules", anchor=False)
    rules = [r for r in data.rules() if r.kind == "rule"]
    if rules:
        table = pd.DataFrame([{
            "Rule": r.name,
            "Feature": FEATURE_LABELS.get(r.feature or ALL, r.feature),
            "Metric": charts.label(r.metric or ""),
            "Fires when": f"{r.statistic} {'<' if r.comparison == 'lt' else '>'} "
                          + ("the feature's threshold" if r.own_threshold else fmt_value(r.metric, r.threshold)),
            "Days in a row": r.window_days,
            "Min records (a day, else pooled)": r.min_count,
            "Severity": r.severity, "Channel": r.channel,
            "Enabled": bool(r.enabled),
            **_coverage_columns(r),
        } for r in rules])
        st.dataframe(table, hide_index=True, width="stretch",
                     column_config={"Enabled": st.column_config.CheckboxColumn(),
                                    "Sees": st.column_config.TextColumn(
                                        help="Features this rule can judge now, and how: each day on its own, "
                                             "days pooled to reach the minimum of records, or a test on the counts"),
                                    "Blind to": st.column_config.TextColumn(
                                        help="Features this rule cannot judge now (too few records even pooled "
                                             "over two weeks, or no data)")})
        _render_coverage(rules)
    else:
        st.caption("No rules yet.")
    if not admin:
        return
    by_id = {str(r.id): r for r in rules if r.id is not None}
    choice = st.selectbox("Edit", [NEW_RULE] + list(by_id), key=f"{PREFIX}_rule_pick",
                          format_func=lambda rid: _rule_label(by_id, rid))
    rule = by_id[choice] if choice in by_id else BLANK_RULE
    features = [ALL, EACH] + data.features()
    if rule.feature and rule.feature not in features:
        features.append(rule.feature)

    def pick(options, value, fallback):
        return list(options).index(value) if value in options else list(options).index(fallback)

    with st.form(f"{PREFIX}_rule_form_{choice}", border=True):
        name = st.text_input("Name", value=rule.name or "", max_chars=80)
        c1, c2, c3, c4 = st.columns(4)
        rule_metrics = metrics.rule_metrics()
        metric = c1.selectbox("Metric", rule_metrics, index=pick(rule_metrics, rule.metric, "pass_rate"),
                              format_func=charts.label)
        statistics = core_rules.statistics()  # mean, rate, then judge agreement (and any kind core/rules.py adds)
        statistic = c2.selectbox("Statistic", statistics, index=pick(statistics, rule.statistic, "mean"),
                                 format_func=core_rules.statistic_label)
        comparisons = core_rules.COMPARISONS
        comparison = c3.selectbox("Fires when", comparisons, index=pick(comparisons, rule.comparison, "lt"),
                                  format_func=core_rules.COMPARISON_WORDS.get)
        threshold = c4.number_input("Threshold (0–1)", value=float(charts.num(rule.threshold) or 0.9),
                                    step=0.01, format="%.2f")
        c5, c6, c7, c8 = st.columns(4)
        window = c5.number_input("Days in a row", value=int(rule.window_days or 1), step=1)
        feature = c6.selectbox("Feature", features, index=pick(features, rule.feature, ALL),
                               format_func=lambda f: FEATURE_LABELS.get(f, f))
        severity = c7.selectbox("Severity", core_rules.SEVERITIES,
                                index=pick(core_rules.SEVERITIES, rule.severity, "warning"))
        channel = c8.selectbox("Channel", core_rules.CHANNELS,
                               index=pick(core_rules.CHANNELS, rule.channel, "qa"))
        c9, c10, c11 = st.columns([1, 2, 1], vertical_alignment="bottom")
        min_count = c9.number_input("Min records per day", value=int(rule.min_count or DEFAULT_MIN_COUNT),
                                    step=1, help="A day with fewer records is not judged on its own: it is pooled with the days "
                                    "before it until they hold this many, or (for a rate) tested on its "
                                    "counts; the alert says which")
        own = c10.checkbox("Compare with each feature's own threshold", value=bool(rule.own_threshold),
                           help="A score's mean below the threshold of the feature (Thresholds per feature); "
                                "the number above is then ignored")
        enabled = c11.checkbox("Enabled", value=bool(rule.enabled))
        saved = st.form_submit_button("Save rule", type="primary", key=f"{PREFIX}_rule_save_{choice}")
    if saved and allowed_now("admin", "change alert rules"):
        new = {"kind": "rule", "name": name.strip(), "metric": metric, "statistic": statistic,
               "comparison": comparison, "threshold": float(threshold), "window_days": int(window),
               "feature": feature, "severity": severity, "channel": channel, "enabled": enabled,
               "min_count": int(min_count), "own_threshold": own}
        if choice != NEW_RULE:
            new["_id"] = rule.id
        try:
            upsert_rule(db, new, current_user().name)
        except ValidationFailed as exc:
            st.error(f"Not saved: {exc}")
            return
        data.invalidate(data.ALERTS, data.RULES, data.THRESHOLDS, data.AGGREGATES, data.RECORDS)
        st.success(f"Rule “{name.strip()}” saved.")
    if choice != NEW_RULE:
        confirm = st.checkbox("I want to delete this rule", key=f"{PREFIX}_rule_del_ok_{choice}")
        if (st.button("Delete rule", key=f"{PREFIX}_rule_del_{choice}", disabled=not confirm)
                and allowed_now("admin", "delete alert rules")):
            try:
                delete_rule(db, rule.id, current_user().name)
            except ValidationFailed as exc:
                st.error(str(exc))
                return
            data.invalidate(data.ALERTS, data.RULES, data.THRESHOLDS, data.AGGREGATES, data.RECORDS)
            st.session_state.pop(f"{PREFIX}_rule_pick", None)
            st.rerun()


def render_release_rule_editor(db, admin: bool) -> None:
    """The release rule (core.release_rule.ReleaseRegression): its settings, edited like the other rules."""
    st.subheader("Release rule", anchor=False)
    rule = get_release_rule(db)
    st.caption("Alerts when the newest release is worse than the previous one on a feature, beyond noise: both "
               f"releases have at least {int(rule['min_records'])} records of it and a mean is at least "
               f"{float(rule['min_mean_effect']):.2f} lower, or a pass rate {float(rule['min_rate_effect']):.0%} "
               "lower, with its 95 % interval below 0." + ("" if rule["enabled"] else " (Off.)"))
    if not admin:
        return
    words = release_rule.RELEASE_SETTINGS
    with st.form(f"{PREFIX}_release_rule_form", border=True):
        c1, c2, c3 = st.columns(3)
        min_records = c1.number_input(words["min_records"], value=int(rule["min_records"]), min_value=5, step=5)
        min_mean = c2.number_input(words["min_mean_effect"], value=float(rule["min_mean_effect"]), min_value=0.0,
                                   max_value=1.0, step=0.01, format="%.2f")
        min_rate = c3.number_input(words["min_rate_effect"], value=float(rule["min_rate_effect"]), min_value=0.0,
                                   max_value=1.0, step=0.01, format="%.2f")
        c4, c5, c6 = st.columns(3, vertical_alignment="bottom")
        severities = release_rule.RELEASE_SEVERITIES
        severity = c4.selectbox("Severity", severities, key=f"{PREFIX}_release_severity",
                                index=severities.index(rule["severity"]) if rule["severity"] in severities else 1)
        channels = core_rules.CHANNELS
        channel = c5.selectbox("Channel", channels, key=f"{PREFIX}_release_channel",
                               index=channels.index(rule["channel"]) if rule["channel"] in channels else 0)
        enabled = c6.checkbox("Enabled", value=bool(rule["enabled"]), key=f"{PREFIX}_release_enabled")
        saved = st.form_submit_button("Save release rule", type="primary", key=f"{PREFIX}_release_save")
    if saved and allowed_now("admin", "change alert rules"):
        try:
            set_release_rule(db, {"min_records": int(min_records), "min_mean_effect": float(min_mean),
                                  "min_rate_effect": float(min_rate), "severity": severity, "channel": channel,
                                  "enabled": bool(enabled)}, current_user().name)
        except ValidationFailed as exc:
            st.error(f"Not saved: {exc}")
            return
        data.invalidate(data.ALERTS, data.RULES)
        st.success("Release rule saved; the alerts job applies it on its next run.")


def render_audit() -> None:
    st.subheader("Change history", anchor=False)
    entries = data.audit()
    if not entries:
        st.caption("No changes yet.")
        return
    rows = []
    alerts = {a.id: a for a in data.alerts()}
    for e in entries:
        rows.append({"When": e.at.replace(tzinfo=None) if isinstance(e.at, datetime) else None,
                     "Change": audit_diff.describe(e, alerts)})
    st.dataframe(pd.DataFrame(rows), hide_index=True, width="stretch", column_config={
        "When": st.column_config.DatetimeColumn(format="YYYY-MM-DD HH:mm", width="small"),
        "Change": st.column_config.TextColumn(width="large")})
