"""Alerts: what fired, who is on it, and the thresholds and rules that decide.

Open / acknowledged / resolved alerts with the numbers that fired them and links
into Overview and Triage for the feature and days; acknowledge and resolve
(reviewer or higher); the threshold and rule editor (admin) with its audit
history; and the delivery status of notifications (failed ones with their error).
Every write goes through store/ functions that validate and record who did it.
"""
from __future__ import annotations

import json
from datetime import datetime
from pathlib import Path
from urllib.parse import urlsplit

import pandas as pd
import streamlit as st

from core import agreement, metrics
from core.features import DEFAULT_FEATURE
from core.verdict import limits_for
from dashboard.common import (
    show_flash,
    ALL, can, current_user, db_key, db_or_stop, md_escape, require,
    signed_in_or_stop,
)
from dashboard.components import charts, filters
from dashboard import data
from store.alerts import acknowledge_alert, delete_rule, resolve_alert, upsert_rule
from store.errors import ValidationFailed
from store.outbox import retry_failed
from store.thresholds import set_thresholds

PREFIX = "alerts"
STATES = ("open", "acknowledged", "resolved")
STATE_LABELS = {"open": "Open", "acknowledged": "Acknowledged", "resolved": "Resolved"}
SEVERITY_ICON = {"critical": "🔴", "warning": "🟠"}
PER_STATE = 20
NEW_RULE = "__new__"
from core.features import EACH_FEATURE as EACH  # noqa: E402  a rule checked for every feature separately
FEATURE_LABELS = {ALL: "All features together", EACH: "Each feature separately"}
TRIAGE_PAGE = Path(__file__).resolve().with_name("triage.py")


# --- small formatting helpers ----------------------------------------------------------

def _when(value) -> str:
    if isinstance(value, datetime):
        return value.strftime("%Y-%m-%d %H:%M UTC")
    return "—" if value in (None, "") else str(value)


def _day(value) -> str | None:
    day = filters.parse_date(value)
    return day.isoformat() if day else None


def _value(metric: str | None, value) -> str:
    number = charts.num(value)
    if number is None:
        return "—"
    return f"{number:.1%}" if metric in ("pass_rate", "regen_rate") else f"{number:.3f}"


def _redact_target(target) -> str:
    """Webhook URLs carry their secret in the path: show scheme and host only."""
    text = "" if target is None else str(target)
    if text.startswith(("http://", "https://")):
        parts = urlsplit(text)
        return f"{parts.scheme}://{parts.hostname or ''}/…"
    return text


# --- page -----------------------------------------------------------------------------

def render() -> None:
    signed_in_or_stop()
    db = db_or_stop()
    key = db_key(db)
    st.title("Alerts")
    st.caption("Quality alerts raised by the rules below: acknowledge, investigate, resolve.")
    show_flash(PREFIX)
    alerts = data.alerts(db, key)
    notifications = data.notifications(db, key)
    _render_counts(alerts, notifications)
    tab_alerts, tab_rules, tab_delivery = st.tabs(["Alerts", "Thresholds & rules", "Notifications"])
    with tab_alerts:
        _render_alert_list(db, alerts)
    with tab_rules:
        _render_editor(db, key)
    with tab_delivery:
        _render_notifications(db, notifications)


def _render_counts(alerts: list[dict], notifications: list[dict]) -> None:
    by_state = {s: [a for a in alerts if a.get("state") == s] for s in STATES}
    critical = sum(1 for a in by_state["open"] if a.get("severity") == "critical")
    failed = sum(1 for n in notifications if n.get("status") == "failed")
    cols = st.columns(4)
    cols[0].metric("Open", len(by_state["open"]), f"{critical} critical" if critical else None,
                   delta_color="inverse", delta_arrow="off", border=True)
    cols[1].metric("Acknowledged", len(by_state["acknowledged"]), border=True)
    cols[2].metric("Resolved", len(by_state["resolved"]), border=True,
                   help="Resolved alerts among the newest 500")
    cols[3].metric("Failed deliveries", failed, border=True, help="Among the newest 100 notifications")


def _render_alert_list(db, alerts: list[dict]) -> None:
    key = f"{PREFIX}_state"
    if st.session_state.get(key) not in STATES:
        st.session_state[key] = "open"
    state = st.segmented_control("Show", STATES, format_func=STATE_LABELS.get, key=key) or "open"
    mine = [a for a in alerts if a.get("state") == state]
    if not alerts:
        st.info("No alerts yet. Rules are checked by the `alerts` job (`python -m jobs run-once alerts`).",
                icon="✅")
        return
    if not mine:
        st.success(f"No {STATE_LABELS[state].lower()} alerts.", icon="✅")
        return
    if not can("reviewer"):
        require("reviewer", "acknowledge or resolve alerts")
    if len(mine) > PER_STATE:
        st.caption(f"Showing the newest {PER_STATE} of {len(mine)}.")
    for alert in mine[:PER_STATE]:
        _render_alert(db, alert)


def _render_alert(db, alert: dict) -> None:
    alert_id = str(alert.get("_id"))
    metric = alert.get("metric")
    feature = alert.get("feature") or ALL
    with st.container(border=True):
        top, actions = st.columns([5, 1.3])
        with top:
            icon = SEVERITY_ICON.get(alert.get("severity"), "⚪")
            st.markdown(f"{icon} **{md_escape(alert.get('rule_name') or metric or 'alert')}** · "
                        f"{md_escape('all features' if feature == ALL else feature)} · "
                        f"_{md_escape(alert.get('severity') or '')}_")
            if alert.get("message"):
                st.text(str(alert["message"]))
            comparison = {"lt": "below", "gt": "above"}.get(alert.get("comparison"), alert.get("comparison") or "")
            evidence = alert.get("evidence") or []
            st.caption(
                f"{md_escape(charts.label(metric or ''))} was **{_value(metric, alert.get('value'))}**, "
                f"{md_escape(comparison)} {_value(metric, alert.get('threshold'))}"
                + (" on " + ", ".join(f"{_day(e.get('bucket')) or '?'}: {_value(metric, e.get('value'))}"
                                      for e in evidence[:10] if isinstance(e, dict)) if evidence else "")
                + f" · opened {_when(alert.get('opened_at'))}"
                + (f" · acknowledged by {md_escape(alert.get('acknowledged_by'))} "
                   f"{_when(alert.get('acknowledged_at'))}"
                   if alert.get("acknowledged_by") else "")
                + (f" · resolved by {md_escape(alert.get('resolved_by'))} {_when(alert.get('resolved_at'))}"
                   if alert.get("resolved_by") else ""))
            _render_links(alert, feature)
        with actions:
            reviewer = can("reviewer")
            if alert.get("state") == "open":
                if st.button("Acknowledge", key=f"{PREFIX}_ack_{alert_id}", disabled=not reviewer,
                             width="stretch"):
                    _act(db, acknowledge_alert, alert, "acknowledged")
            if alert.get("state") in ("open", "acknowledged"):
                if st.button("Resolve", key=f"{PREFIX}_resolve_{alert_id}", disabled=not reviewer,
                             type="primary", width="stretch"):
                    _act(db, resolve_alert, alert, "resolved")


def _render_links(alert: dict, feature: str) -> None:
    link = alert.get("link") or {}
    start = _day(link.get("start")) or _day(alert.get("opened_at"))
    end = _day(link.get("end")) or start
    params = {"feature": "all" if feature == ALL else feature}
    if start:
        params.update(start=start, end=end or start)
    row = st.container(horizontal=True, gap="small")
    row.page_link("views/overview.py", label="Trends for these days", icon="📈", query_params=params)
    if TRIAGE_PAGE.is_file():
        triage = {k: v for k, v in params.items() if not (k == "feature" and v == "all")}
        row.page_link("views/triage.py", label="Failing records", icon="🔎", query_params=triage)


def _act(db, action, alert: dict, done: str) -> None:
    try:
        action(db, alert["_id"], current_user().name)
    except ValidationFailed as exc:
        st.error(str(exc))
        return
    data.invalidate(data.ALERTS, data.RULES, data.THRESHOLDS, data.AGGREGATES, data.RECORDS)
    name = md_escape(alert.get("rule_name") or alert["_id"])
    st.session_state[f"{PREFIX}_flash"] = f"Alert “{name}” {done} by {md_escape(current_user().name)}."
    st.rerun()


# --- thresholds and rules (admin) -------------------------------------------------------

def _render_editor(db, key: str) -> None:
    admin = can("admin")
    if not admin:
        require("admin", "change thresholds and alert rules")
    _render_threshold_editor(db, key, admin)
    st.divider()
    _render_rule_editor(db, key, admin)
    st.divider()
    _render_audit(db, key)


def _render_threshold_editor(db, key: str, admin: bool) -> None:
    st.subheader("Thresholds per feature", anchor=False)
    st.caption("A record passes when every score is at or above its feature's threshold. "
               "Saving re-flags pass/fail; the aggregates pick it up on their next run.")
    thresholds = data.thresholds(db, key)
    names = list(dict.fromkeys(data.features(db, key) + [f for f in thresholds if f != DEFAULT_FEATURE]
                               + [DEFAULT_FEATURE]))
    feature = st.selectbox("Feature", names, key=f"{PREFIX}_thr_feature",
                           format_func=lambda f: "default (unknown features)" if f == DEFAULT_FEATURE else f)
    current = limits_for(thresholds, feature)
    with st.form(f"{PREFIX}_thr_form", border=True):
        cols = st.columns(len(charts.scores()))
        values = {}
        for col, metric in zip(cols, charts.scores()):
            values[metric] = col.number_input(
                charts.label(metric), value=float(current.get(metric, 0.0)), step=0.01, format="%.2f",
                key=f"{PREFIX}_thr_{feature}_{metric}", disabled=not admin)
        submitted = st.form_submit_button("Save thresholds", type="primary", disabled=not admin,
                                          key=f"{PREFIX}_thr_save")
    if submitted and admin:
        changed = {m: v for m, v in values.items() if current.get(m) is None or abs(v - current[m]) > 1e-9}
        if not changed:
            st.info("Nothing changed.")
            return
        try:
            set_thresholds(db, feature, dict(values), current_user().name)
        except ValidationFailed as exc:
            st.error(f"Not saved: {exc}")
            return
        data.invalidate(data.ALERTS, data.RULES, data.THRESHOLDS, data.AGGREGATES, data.RECORDS)
        st.success(f"Saved {feature} thresholds: " + ", ".join(f"{charts.label(m)} {v:.2f}"
                                                               for m, v in changed.items()))


def _rule_label(rules: dict[str, dict], rule_id: str) -> str:
    if rule_id == NEW_RULE:
        return "➕ New rule"
    rule = rules.get(rule_id) or {}
    feature = rule.get("feature") or ALL
    return f"{rule.get('name') or rule_id} ({FEATURE_LABELS.get(feature, feature).lower()})"


def _render_rule_editor(db, key: str, admin: bool) -> None:
    st.subheader("Alert rules", anchor=False)
    rules = [r for r in data.rules(db, key) if r.get("kind", "rule") == "rule"]
    if rules:
        table = pd.DataFrame([{
            "Rule": r.get("name"),
            "Feature": FEATURE_LABELS.get(r.get("feature") or ALL, r.get("feature")),
            "Metric": charts.label(r.get("metric") or ""),
            "Fires when": f"{r.get('statistic', 'mean')} {'<' if r.get('comparison') == 'lt' else '>'} "
                          f"{_value(r.get('metric'), r.get('threshold'))}",
            "Days in a row": r.get("window_days"), "Min records": r.get("min_count", 1),
            "Severity": r.get("severity"), "Channel": r.get("channel"),
            "Enabled": bool(r.get("enabled", True)),
        } for r in rules])
        st.dataframe(table, hide_index=True, width="stretch",
                     column_config={"Enabled": st.column_config.CheckboxColumn()})
    else:
        st.caption("No rules yet.")
    if not admin:
        return
    by_id = {str(r["_id"]): r for r in rules if r.get("_id") is not None}
    choice = st.selectbox("Edit", [NEW_RULE] + list(by_id), key=f"{PREFIX}_rule_pick",
                          format_func=lambda rid: _rule_label(by_id, rid))
    rule = by_id.get(choice, {})
    features = [ALL, EACH] + data.features(db, key)
    if rule.get("feature") and rule["feature"] not in features:
        features.append(rule["feature"])

    def pick(options, value, fallback):
        return list(options).index(value) if value in options else list(options).index(fallback)

    with st.form(f"{PREFIX}_rule_form_{choice}", border=True):
        name = st.text_input("Name", value=rule.get("name", ""), max_chars=80)
        c1, c2, c3, c4 = st.columns(4)
        rule_metrics = metrics.rule_metrics()
        metric = c1.selectbox("Metric", rule_metrics, index=pick(rule_metrics, rule.get("metric"), "pass_rate"),
                              format_func=charts.label)
        statistics = ("mean", "rate", *agreement.statistic_names())  # the others: judge agreement
        statistic = c2.selectbox("Statistic", statistics, index=pick(statistics, rule.get("statistic"), "mean"),
                                 format_func=lambda s: s if s in ("mean", "rate") else f"agreement: {s}")
        comparison = c3.selectbox("Fires when", ("lt", "gt"), index=pick(("lt", "gt"), rule.get("comparison"), "lt"),
                                  format_func={"lt": "below", "gt": "above"}.get)
        threshold = c4.number_input("Threshold (0–1)", value=float(charts.num(rule.get("threshold")) or 0.9),
                                    step=0.01, format="%.2f")
        c5, c6, c7, c8 = st.columns(4)
        window = c5.number_input("Days in a row", value=int(rule.get("window_days") or 1), step=1)
        feature = c6.selectbox("Feature", features, index=pick(features, rule.get("feature"), ALL),
                               format_func=lambda f: FEATURE_LABELS.get(f, f))
        severity = c7.selectbox("Severity", ("warning", "critical"),
                                index=pick(("warning", "critical"), rule.get("severity"), "warning"))
        channel = c8.selectbox("Channel", ("qa", "ai", "critical"),
                               index=pick(("qa", "ai", "critical"), rule.get("channel"), "qa"))
        c9, c10 = st.columns([1, 3], vertical_alignment="bottom")
        min_count = c9.number_input("Min records per day", value=int(rule.get("min_count") or 1), step=1,
                                    help="Days with fewer records are not judged (avoids alerts on tiny samples)")
        enabled = c10.checkbox("Enabled", value=bool(rule.get("enabled", True)))
        saved = st.form_submit_button("Save rule", type="primary", key=f"{PREFIX}_rule_save_{choice}")
    if saved:
        new = {"kind": "rule", "name": name.strip(), "metric": metric, "statistic": statistic,
               "comparison": comparison, "threshold": float(threshold), "window_days": int(window),
               "feature": feature, "severity": severity, "channel": channel, "enabled": enabled,
               "min_count": int(min_count)}
        if choice != NEW_RULE:
            new["_id"] = rule["_id"]
        try:
            upsert_rule(db, new, current_user().name)
        except ValidationFailed as exc:
            st.error(f"Not saved: {exc}")
            return
        data.invalidate(data.ALERTS, data.RULES, data.THRESHOLDS, data.AGGREGATES, data.RECORDS)
        st.success(f"Rule “{name.strip()}” saved.")
    if choice != NEW_RULE:
        confirm = st.checkbox("I want to delete this rule", key=f"{PREFIX}_rule_del_ok_{choice}")
        if st.button("Delete rule", key=f"{PREFIX}_rule_del_{choice}", disabled=not confirm):
            try:
                delete_rule(db, rule["_id"], current_user().name)
            except ValidationFailed as exc:
                st.error(str(exc))
                return
            data.invalidate(data.ALERTS, data.RULES, data.THRESHOLDS, data.AGGREGATES, data.RECORDS)
            st.session_state.pop(f"{PREFIX}_rule_pick", None)
            st.rerun()


def _short(value) -> str:
    if value is None:
        return ""
    if isinstance(value, (dict, list)):
        return json.dumps(value, default=str, sort_keys=True)[:300]
    return str(value)[:300]


def _render_audit(db, key: str) -> None:
    st.subheader("Change history", anchor=False)
    entries = data.audit(db, key)
    if not entries:
        st.caption("No changes yet.")
        return
    rows = []
    for e in entries:
        when = e.get("at") or e.get("when") or e.get("created_at") or e.get("timestamp")
        rows.append({
            "When": when.replace(tzinfo=None) if isinstance(when, datetime) else None,
            "Who": e.get("user") or e.get("by") or e.get("who"),
            "What": e.get("action") or e.get("kind") or e.get("change"),
            "Target": _short(e.get("target") or e.get("feature") or e.get("rule_id") or e.get("rule_name")),
            "Before": _short(e.get("old", e.get("before"))),
            "After": _short(e.get("new", e.get("after"))),
        })
    st.dataframe(pd.DataFrame(rows), hide_index=True, width="stretch", column_config={
        "When": st.column_config.DatetimeColumn(format="YYYY-MM-DD HH:mm")})


# --- notifications ---------------------------------------------------------------------

def _render_notifications(db, notifications: list[dict]) -> None:
    st.subheader("Delivery status", anchor=False)
    st.caption("Alert notifications to the webhook and e-mail; failed ones are retried by the notify job.")
    if not notifications:
        st.info("No notifications sent yet.", icon="📭")
        return
    failed = [n for n in notifications if n.get("status") == "failed"]
    for n in failed[:10]:
        left, right = st.columns([6, 1], vertical_alignment="center")
        left.error(f"**{md_escape(n.get('channel_type'))} to {md_escape(_redact_target(n.get('target')))} failed** "
                   f"after {n.get('attempts') or 0} attempt(s): "
                   f"{md_escape(n.get('last_error') or 'no error recorded')}", icon="⚠️")
        if right.button("Retry", key=f"{PREFIX}_retry_{n.get('_id')}", disabled=not can("reviewer"),
                        help="Queue it again; the notify job sends it on its next run", width="stretch"):
            retry_failed(db, n["_id"])
            data.invalidate(data.ALERTS, data.RULES, data.THRESHOLDS, data.AGGREGATES, data.RECORDS)
            st.session_state[f"{PREFIX}_flash"] = "Notification queued again."
            st.rerun()
    icon = {"sent": "✅ sent", "failed": "❌ failed", "pending": "⏳ pending"}

    def naive(value):
        return value.replace(tzinfo=None) if isinstance(value, datetime) else None

    frame = pd.DataFrame([{
        "Created": naive(n.get("created_at")), "Status": icon.get(n.get("status"), str(n.get("status"))),
        "Channel": n.get("channel_type"), "To": _redact_target(n.get("target")),
        "Transition": n.get("transition"), "Attempts": n.get("attempts"), "Sent": naive(n.get("sent_at")),
        "Error": n.get("last_error") or "", "Alert": str(n.get("alert_id") or ""),
    } for n in notifications])

    def highlight(row):
        return ["background-color: rgba(214,69,69,0.12)" if row["Status"] == icon["failed"] else ""] * len(row)

    st.dataframe(frame.style.apply(highlight, axis=1), hide_index=True, width="stretch", column_config={
        "Created": st.column_config.DatetimeColumn(format="YYYY-MM-DD HH:mm"),
        "Sent": st.column_config.DatetimeColumn(format="YYYY-MM-DD HH:mm"),
    })


render()
