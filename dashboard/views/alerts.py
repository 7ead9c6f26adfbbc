"""Alerts: what fired, who is on it, and the thresholds and rules that decide.

Open / acknowledged / resolved alerts with the numbers that fired them and links
into Overview and Triage for the feature and days; acknowledge and resolve
(reviewer or higher); the threshold and rule editor (admin) with its audit
history; and the delivery status of notifications (failed ones with their error).
Every write goes through store/ functions that validate and record who did it.
"""
from __future__ import annotations

import re
from datetime import datetime, timedelta, timezone
from pathlib import Path

import pandas as pd
import streamlit as st

from core import agreement, metrics
from core import evidence
from core import release_rule
from core import rules as core_rules
from core.jobs import NOTIFY
from core.features import DEFAULT_FEATURE, feature_label
from core.verdict import limits_for
from dashboard import page
from dashboard.common import (
    show_flash,
    ALL, allowed_now, can, current_user, md_escape, require,
)
from dashboard.components import audit_diff, charts, filters, recompute_progress
from dashboard import data
from core.rules import DEFAULT_MIN_COUNT
from store.alerts import acknowledge_alert, delete_rule, resolve_alert, upsert_rule
from store.errors import ValidationFailed
from core.channels import KINDS as CHANNEL_KINDS
from core.channels import redact_url
from store.outbox import enqueue_test, retry_failed
from store.release_alerts import get_release_rule, set_release_rule
from store.state import request_jobs
from store.thresholds import preview_change, set_thresholds

PREFIX = "alerts"
TAB_KEY = f"{PREFIX}_tab"
RULES_TAB = "Thresholds & rules"
STATES = ("open", "acknowledged", "resolved")
STATE_LABELS = {"open": "Open", "acknowledged": "Acknowledged", "resolved": "Resolved"}
SEVERITY_ICON = {"critical": "🔴", "warning": "🟠"}
PER_STATE = 20
NEW_RULE = "__new__"
from core.features import EACH_FEATURE as EACH  # noqa: E402  a rule checked for every feature separately
FEATURE_LABELS = core_rules.FEATURE_CHOICES  # {ALL: "All features together", EACH: "Each feature separately"}
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
    """Webhook URLs carry their secret in the path: shown to everyone as scheme://host[:port]/… only."""
    text = "" if target is None else str(target)
    if "://" in text:
        return re.sub(r":\d+/…$", "/…", redact_url(text))  # the port is not needed to recognise it
    return text


# --- page -----------------------------------------------------------------------------

def render() -> None:
    db = page.start()
    st.title("Alerts")
    st.caption("Quality alerts raised by the rules below: acknowledge, investigate, resolve.")
    show_flash(PREFIX)
    alerts = data.alerts()
    notifications = data.notifications()
    _render_counts(alerts, notifications)
    asked = _thresholds_link()  # ?thresholds=<feature>: "set its thresholds" (issue 34)
    # the open tab is kept in the session (key), so any rerun — a save, a fragment, a reconnect — stays on it
    tab_alerts, tab_rules, tab_delivery = st.tabs(["Alerts", RULES_TAB, "Notifications"], key=TAB_KEY,
                                                  on_change="rerun", default=RULES_TAB if asked else None)
    with tab_alerts:
        shown = _version_filtered(alerts)
        if alerts and not shown:
            st.info("No alert about this version's records.", icon="✅")
        else:
            _render_alert_list(db, shown)
    with tab_rules:
        _render_editor(db)
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


def _version_filtered(alerts: list[dict]) -> list[dict]:
    """The release / model / prompt version filter of the alert list (`?release=r3` in the URL)."""
    filters.period_from_query(PREFIX, [])
    version = filters.version_filter(PREFIX, data.version_known())
    if version is None:
        return alerts
    span = data.release_days(version[0], version[1])
    st.caption(f"{filters.version_caption(version)}: alerts about its days"
               + (f" ({span[0]} – {span[1]})" if span else "") + " and release-rule alerts naming it.")
    return [a for a in alerts if filters.alert_of_version(a, version, span)]


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
            _render_drivers(alert)
            if alert.get("compare"):  # the release rule: two releases side by side, not a daily series
                _render_release_evidence(alert)
            else:
                _render_series_evidence(alert, metric)
            _render_ack_details(alert)
            _render_links(alert, feature)
        with actions:
            _render_actions(db, alert, alert_id)


def _render_series_evidence(alert: dict, metric) -> None:
    """A daily rule's evidence: its value against the threshold, day by day, and who handled it."""
    comparison = {"lt": "below", "gt": "above"}.get(alert.get("comparison"), alert.get("comparison") or "")
    evidence = [e for e in alert.get("evidence") or [] if isinstance(e, dict)]
    days = _days_span(alert)
    per_day = (" · day by day: " + ", ".join(
        f"{_day(e.get('bucket')) or '?'}: {_value(metric, e.get('value'))}"
        + (f" of {e['count']} records" if e.get("count") else "") for e in evidence[:10])
        if len(evidence) > 1 else "")  # one day: its value is the one above, not repeated
    st.caption(
        f"{md_escape(charts.label(metric or ''))} was **{_value(metric, alert.get('value'))}**, "
        f"{md_escape(comparison)} {_value(metric, alert.get('threshold'))}"
        + per_day
        + (f" · condition on {days}" if days and not alert.get("replayed") else "")
        + _raised(alert)
        + (f" · acknowledged by {md_escape(alert.get('acknowledged_by'))} "
           f"{_when(alert.get('acknowledged_at'))}"
           if alert.get("acknowledged_by") else "")
        + (f" · resolved by {md_escape(_who(alert.get('resolved_by')))} {_when(alert.get('resolved_at'))}"
           if alert.get("resolved_by") and not alert.get("replayed") else ""))


def _render_actions(db, alert: dict, alert_id: str) -> None:
    reviewer = can("reviewer")
    if alert.get("state") == "open":
        _render_ack_form(db, alert, alert_id, reviewer)
    if alert.get("state") in ("open", "acknowledged"):
        if st.button("Resolve", key=f"{PREFIX}_resolve_{alert_id}", disabled=not reviewer,
                     type="primary", width="stretch") and allowed_now("reviewer", "resolve alerts"):
            _act(db, resolve_alert, alert, "resolved")


def _render_release_evidence(alert: dict) -> None:
    """A release alert's evidence: the records behind each side and what "beyond noise" means (the
    message names each worse metric with its difference and 95 % interval); no day-by-day series."""
    rows = [e for e in alert.get("evidence") or [] if isinstance(e, dict)]
    first = rows[0] if rows else {}
    sides = (f"{first.get('n_b'):,} records of {alert.get('release')} against {first.get('n_a'):,} of "
             f"{alert.get('previous_release')}" if isinstance(first.get("n_a"), int) and isinstance(first.get("n_b"), int)
             else f"{alert.get('release')} against {alert.get('previous_release')}")
    since = _day(alert.get("first_day"))
    st.caption(md_escape(sides) + (f" · {md_escape(str(alert.get('release')))} answering since {since}" if since else "")
               + " · worse beyond noise: the whole 95 % interval of the difference is below zero"
               + _raised(alert)
               + (f" · acknowledged by {md_escape(alert.get('acknowledged_by'))} {_when(alert.get('acknowledged_at'))}"
                  if alert.get("acknowledged_by") else "")
               + (f" · resolved by {md_escape(_who(alert.get('resolved_by')))} {_when(alert.get('resolved_at'))}"
                  if alert.get("resolved_by") else ""))


def _who(user) -> str:
    return "Evalboard (the condition cleared)" if user == "auto" else str(user)


def _raised(alert: dict) -> str:
    """When the alert was raised; an alert found by replaying the history is dated by its days in the
    data (the replay's own time is only when Evalboard first looked)."""
    if alert.get("replayed"):
        first, last = alert.get("first_day"), alert.get("last_day")
        span = first if first == last else f"{first} to {last}"
        cleared = f", cleared {alert['cleared_day']}" if alert.get("cleared_day") else ""
        return (f" · past incident found in the history: {md_escape(span)}{md_escape(cleared)}"
                f" (first checked {_when(alert.get('opened_at'))})")
    return f" · raised {_when(alert.get('opened_at'))}"


def _days_span(alert: dict) -> str:
    first, last = alert.get("first_day"), alert.get("last_day")
    if not first and not last:
        return ""
    span = first if first == last or not last else f"{first} to {last}"
    if alert.get("cleared_day"):
        span += f" (cleared {alert['cleared_day']})"
    return md_escape(span)


def _render_drivers(alert: dict) -> None:
    """An all-features alert: which features drove it, with their share and a link to each."""
    rows = [r for r in alert.get("drivers") or [] if isinstance(r, dict) and r.get("feature")]
    if not rows:
        return
    # the rule's kind says what a share is a share of and names a feature's value (core/rules.py)
    kind = core_rules.condition({"metric": alert.get("metric"), "statistic": alert.get("statistic") or "mean",
                                 "comparison": alert.get("comparison")})
    if not isinstance(kind, core_rules.Threshold):
        return
    st.markdown("**Driven by** " + " · ".join(
        f"{md_escape(r['feature'])} **{float(r.get('share') or 0):.0%}** {md_escape(kind.share_of())}"
        + (f" ({md_escape(kind.value_words(charts.num(r.get('value'))))})" if charts.num(r.get("value")) is not None
           else "") for r in rows[:6]))
    link = alert.get("link") or {}
    start, end = _day(link.get("start")), _day(link.get("end"))
    if TRIAGE_PAGE.is_file() and start:
        row = st.container(horizontal=True, gap="small")
        for r in rows[:3]:  # straight to the records of the features that weigh most
            row.page_link("views/triage.py", label=f"{r['feature']}: failing records", icon="🔎",
                          query_params={"feature": r["feature"], "start": start, "end": end or start})


def _render_ack_details(alert: dict) -> None:
    parts = []
    if alert.get("assignee"):
        parts.append(f"assigned to **{md_escape(alert['assignee'])}**")
    if alert.get("snoozed_until"):
        parts.append(f"snoozed until {_when(alert['snoozed_until'])}")
    if alert.get("ack_comment"):
        parts.append(f"“{md_escape(alert['ack_comment'])}”")
    if alert.get("reopened"):
        parts.append(f"reopened after its snooze ({_when(alert.get('reopened_at'))})")
    if parts:
        st.markdown("🗒️ " + " · ".join(parts))


SNOOZE_CHOICES = {"none": "No snooze", "4h": "4 hours", "1d": "1 day", "3d": "3 days", "7d": "7 days"}
SNOOZE_DELTAS = {"4h": timedelta(hours=4), "1d": timedelta(days=1), "3d": timedelta(days=3),
                 "7d": timedelta(days=7)}


def _render_ack_form(db, alert: dict, alert_id: str, reviewer: bool) -> None:
    """Acknowledge with an optional comment, assignee and snooze (the alert reopens when the snooze ends)."""
    with st.popover("Acknowledge…", width="stretch", disabled=not reviewer):
        with st.form(f"{PREFIX}_ackform_{alert_id}", border=False):
            comment = st.text_area("Comment", key=f"{PREFIX}_ack_comment_{alert_id}", max_chars=1000,
                                   placeholder="What you found, what happens next")
            assignee = st.text_input("Assignee", key=f"{PREFIX}_ack_assignee_{alert_id}", max_chars=80)
            snooze = st.selectbox("Snooze", list(SNOOZE_CHOICES), format_func=SNOOZE_CHOICES.get,
                                  key=f"{PREFIX}_ack_snooze_{alert_id}",
                                  help="Reopen (and notify) after this long if the condition still holds")
            done = st.form_submit_button("Acknowledge", key=f"{PREFIX}_ack_{alert_id}", disabled=not reviewer,
                                         type="primary")
    if done and reviewer and allowed_now("reviewer", "acknowledge alerts"):
        until = datetime.now(timezone.utc) + SNOOZE_DELTAS[snooze] if snooze in SNOOZE_DELTAS else None

        def action(db_, alert_id_, user):
            return acknowledge_alert(db_, alert_id_, user, comment=comment or None, assignee=assignee or None,
                                     snooze_until=until)
        _act(db, action, alert, "acknowledged")


CONTEXT_DAYS = 7  # "Trends for these days" shows a week on each side of the alert's days


def trends_params(alert: dict, feature: str, today=None) -> dict[str, str]:
    """The Overview's query parameters for an alert: its days with a week on each side (not past today),
    and `mark` = the alert's own days, shaded there."""
    link = alert.get("link") or {}
    start = filters.parse_date(link.get("start")) or filters.parse_date(alert.get("opened_at"))
    end = filters.parse_date(link.get("end")) or start
    params = {"feature": "all" if feature == ALL else feature}
    if start:
        end = end or start
        last = min(end + timedelta(days=CONTEXT_DAYS), today or filters.today())
        params.update(start=(start - timedelta(days=CONTEXT_DAYS)).isoformat(), end=max(last, end).isoformat(),
                      mark=f"{start.isoformat()}..{end.isoformat()}")
    return params


def _render_links(alert: dict, feature: str) -> None:
    link = alert.get("link") or {}
    start = _day(link.get("start")) or _day(alert.get("opened_at"))
    end = _day(link.get("end")) or start
    params = trends_params(alert, feature)
    row = st.container(horizontal=True, gap="small")
    compare = alert.get("compare") if isinstance(alert.get("compare"), dict) else None
    if compare and compare.get("a") and compare.get("b"):
        row.page_link("views/compare.py", label="Compare the releases", icon="🆚",
                      query_params={"by": str(compare.get("by") or "release"), "a": str(compare["a"]),
                                    "b": str(compare["b"])})
    row.page_link("views/overview.py", label="Trends for these days", icon="📈", query_params=params,
                  help="The alert's days (shaded) with a week on each side")
    if TRIAGE_PAGE.is_file():
        triage = {"start": start, "end": end or start} if start else {}
        if feature != ALL:
            triage["feature"] = feature
        if agreement.drift_direction(alert):  # issue 34: a judge drift is about the records the two verdicts differ on
            row.page_link("views/triage.py", label="Records the judges disagree on", icon="⚖️",
                          query_params={**triage, "disagree": agreement.drift_direction(alert)},
                          help="Records whose logged verdict and independent re-score's verdict differ")
        else:
            row.page_link("views/triage.py", label="Failing records", icon="🔎", query_params=triage)



def _act(db, action, alert: dict, done: str) -> None:
    try:
        action(db, alert["_id"], current_user().name)
    except ValidationFailed as exc:
        st.error(str(exc))
        return
    data.invalidate(data.ALERTS, data.RULES, data.THRESHOLDS, data.AGGREGATES, data.RECORDS)
    name = md_escape(alert.get("rule_name") or alert.get("metric") or "alert")
    st.session_state[f"{PREFIX}_flash"] = f"Alert “{name}” {done} by {md_escape(current_user().name)}."
    st.rerun()


# --- thresholds and rules (admin) -------------------------------------------------------

def _render_editor(db) -> None:
    admin = can("admin")
    if not admin:
        require("admin", "change thresholds and alert rules")
    _render_threshold_editor(db, admin)
    st.divider()
    _render_rule_editor(db, admin)
    st.divider()
    _render_release_rule_editor(db, admin)
    st.divider()
    _render_audit()


def _thresholds_link() -> str | None:
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


def _render_threshold_editor(db, admin: bool) -> None:
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
            data.invalidate(data.ALERTS, data.RULES, data.THRESHOLDS, data.AGGREGATES, data.RECORDS)
            recompute_progress.follow()
            # shown here, without a rerun (a rerun would drop the message)
            st.success(f"Saved {feature} thresholds: {what}. The worker recomputes pass/fail now and refreshes only "
                       "the days that changed; the progress shows above.", icon="✅")
            return
        if cancel.button("Cancel", key=f"{PREFIX}_thr_cancel", width="stretch"):
            st.session_state.pop(pending_key, None)
            st.rerun()


def _coverage(rule: dict) -> dict[str, tuple[str, str]]:
    condition = core_rules.condition(rule)  # each rule kind reads its own days (core/rules.py)
    history = data.recent_daily_history(agreement=getattr(condition, "source", "") == "agreement")
    return condition.coverage(history) if isinstance(condition, core_rules.Threshold) else {}


def _coverage_columns(rule: dict) -> dict[str, str]:
    """Which features the rule can see now (and how) and which it is blind to."""
    seen = _coverage(rule)
    if not seen:
        return {"Sees": "—", "Blind to": "every feature (no data yet)"}
    how = {evidence.DAILY: "daily", evidence.POOLED: "pooled", evidence.TEST: "count test"}
    sees = [f"{feature_label(f)} ({how[mode]})" for f, (mode, _) in seen.items() if mode in how]
    blind = [feature_label(f) for f, (mode, _) in seen.items() if mode not in how]
    return {"Sees": ", ".join(sees) or "—", "Blind to": ", ".join(blind) or "—"}


def _render_coverage(rules: list[dict]) -> None:
    """Per rule and feature, in words: how it is judged now, or why it cannot be."""
    with st.expander("What each rule can see now, feature by feature"):
        for rule in rules:
            seen = _coverage(rule)
            if not seen:
                continue
            st.markdown(f"**{md_escape(rule.get('name') or '')}**")
            st.markdown("\n".join(f"- {md_escape(feature_label(f))}: "
                                   + ("**blind** — " if mode == "blind" else "")
                                   + md_escape(words) for f, (mode, words) in seen.items()))


def _rule_label(rules: dict[str, dict], rule_id: str) -> str:
    if rule_id == NEW_RULE:
        return "➕ New rule"
    rule = rules.get(rule_id) or {}
    feature = rule.get("feature") or ALL
    return f"{rule.get('name') or rule_id} ({FEATURE_LABELS.get(feature, feature).lower()})"


def _render_rule_editor(db, admin: bool) -> None:
    st.subheader("Alert rules", anchor=False)
    rules = [r for r in data.rules() if r.get("kind", "rule") == "rule"]
    if rules:
        table = pd.DataFrame([{
            "Rule": r.get("name"),
            "Feature": FEATURE_LABELS.get(r.get("feature") or ALL, r.get("feature")),
            "Metric": charts.label(r.get("metric") or ""),
            "Fires when": f"{r.get('statistic', 'mean')} {'<' if r.get('comparison') == 'lt' else '>'} "
                          + ("the feature's threshold" if r.get("own_threshold")
                             else _value(r.get('metric'), r.get('threshold'))),
            "Days in a row": r.get("window_days"),
            "Min records (a day, else pooled)": r.get("min_count", DEFAULT_MIN_COUNT),
            "Severity": r.get("severity"), "Channel": r.get("channel"),
            "Enabled": bool(r.get("enabled", True)),
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
    by_id = {str(r["_id"]): r for r in rules if r.get("_id") is not None}
    choice = st.selectbox("Edit", [NEW_RULE] + list(by_id), key=f"{PREFIX}_rule_pick",
                          format_func=lambda rid: _rule_label(by_id, rid))
    rule = by_id.get(choice, {})
    features = [ALL, EACH] + data.features()
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
        statistics = core_rules.statistics()  # mean, rate, then judge agreement (and any kind core/rules.py adds)
        statistic = c2.selectbox("Statistic", statistics, index=pick(statistics, rule.get("statistic"), "mean"),
                                 format_func=core_rules.statistic_label)
        comparisons = core_rules.COMPARISONS
        comparison = c3.selectbox("Fires when", comparisons, index=pick(comparisons, rule.get("comparison"), "lt"),
                                  format_func=core_rules.COMPARISON_WORDS.get)
        threshold = c4.number_input("Threshold (0–1)", value=float(charts.num(rule.get("threshold")) or 0.9),
                                    step=0.01, format="%.2f")
        c5, c6, c7, c8 = st.columns(4)
        window = c5.number_input("Days in a row", value=int(rule.get("window_days") or 1), step=1)
        feature = c6.selectbox("Feature", features, index=pick(features, rule.get("feature"), ALL),
                               format_func=lambda f: FEATURE_LABELS.get(f, f))
        severity = c7.selectbox("Severity", core_rules.SEVERITIES,
                                index=pick(core_rules.SEVERITIES, rule.get("severity"), "warning"))
        channel = c8.selectbox("Channel", core_rules.CHANNELS,
                               index=pick(core_rules.CHANNELS, rule.get("channel"), "qa"))
        c9, c10, c11 = st.columns([1, 2, 1], vertical_alignment="bottom")
        min_count = c9.number_input("Min records per day", value=int(rule.get("min_count") or DEFAULT_MIN_COUNT),
                                    step=1, help="A day with fewer records is not judged on its own: it is pooled with the days "
                                    "before it until they hold this many, or (for a rate) tested on its "
                                    "counts; the alert says which")
        own = c10.checkbox("Compare with each feature's own threshold", value=bool(rule.get("own_threshold")),
                           help="A score's mean below the threshold of the feature (Thresholds per feature); "
                                "the number above is then ignored")
        enabled = c11.checkbox("Enabled", value=bool(rule.get("enabled", True)))
        saved = st.form_submit_button("Save rule", type="primary", key=f"{PREFIX}_rule_save_{choice}")
    if saved and allowed_now("admin", "change alert rules"):
        new = {"kind": "rule", "name": name.strip(), "metric": metric, "statistic": statistic,
               "comparison": comparison, "threshold": float(threshold), "window_days": int(window),
               "feature": feature, "severity": severity, "channel": channel, "enabled": enabled,
               "min_count": int(min_count), "own_threshold": own}
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
        if (st.button("Delete rule", key=f"{PREFIX}_rule_del_{choice}", disabled=not confirm)
                and allowed_now("admin", "delete alert rules")):
            try:
                delete_rule(db, rule["_id"], current_user().name)
            except ValidationFailed as exc:
                st.error(str(exc))
                return
            data.invalidate(data.ALERTS, data.RULES, data.THRESHOLDS, data.AGGREGATES, data.RECORDS)
            st.session_state.pop(f"{PREFIX}_rule_pick", None)
            st.rerun()


def _render_release_rule_editor(db, admin: bool) -> None:
    """The release rule (core.release_rule.ReleaseRegression): its settings, edited like the other rules."""
    st.subheader("Release rule", anchor=False)
    rule = get_release_rule(db)
    st.caption("Alerts when the newest release is worse than the previous one on a feature, beyond noise: both "
               f"releases have at least {int(rule['min_records'])} records of it and a mean is at least "
               f"{float(rule['min_mean_effect']):.2f} lower, or a pass rate {float(rule['min_rate_effect']):.0%} "
               "lower, with its 95 % interval below 0." + ("" if rule.get("enabled", True) else " (Off.)"))
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
        enabled = c6.checkbox("Enabled", value=bool(rule.get("enabled", True)), key=f"{PREFIX}_release_enabled")
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


def _render_audit() -> None:
    st.subheader("Change history", anchor=False)
    entries = data.audit()
    if not entries:
        st.caption("No changes yet.")
        return
    rows = []
    alerts = {a.get("_id"): a for a in data.alerts()}
    for e in entries:
        when = e.get("at")
        rows.append({"When": when.replace(tzinfo=None) if isinstance(when, datetime) else None,
                     "Change": audit_diff.describe(e, alerts)})
    st.dataframe(pd.DataFrame(rows), hide_index=True, width="stretch", column_config={
        "When": st.column_config.DatetimeColumn(format="YYYY-MM-DD HH:mm", width="small"),
        "Change": st.column_config.TextColumn(width="large")})


# --- notifications ---------------------------------------------------------------------

def _render_channels(db) -> None:
    """Each channel: configured or not (and what is missing), last delivery, last error; Send test."""
    st.subheader("Channels", anchor=False)
    channels = data.channels()
    cols = st.columns(len(channels))
    for col, ch in zip(cols, channels):
        with col.container(border=True):
            kind = CHANNEL_KINDS.get(ch["channel_type"])
            name = kind.label if kind else ch["channel_type"]
            if ch["configured"]:
                st.markdown(f"✅ **{name}** — configured: "  # code spans: shown as they are, never escaped
                            + ", ".join(f"`{_redact_target(t).replace('`', '')}`" for t in ch["targets"]))
            else:
                st.markdown(f"⚪ **{name}** — not configured (`{ch['missing']}`)")
            st.caption(f"Last delivery: {_when(ch.get('last_sent_at')) if ch.get('last_sent_at') else 'never'}"
                       + (f" · {ch['pending']} waiting" if ch.get("pending") else ""))
            if ch.get("last_error"):
                st.caption(f"Last error ({_when(ch.get('last_error_at'))}): {md_escape(ch['last_error'])[:300]}")
    configured = any(ch["configured"] for ch in channels)
    if st.button("Send test", key=f"{PREFIX}_send_test", disabled=not (configured and can("reviewer")),
                 help="Queue a test message to every configured channel; the worker's notify job sends it"
                 if configured else "Configure EVALBOARD_WEBHOOK_URL or EVALBOARD_SMTP_HOST first") \
            and allowed_now("reviewer", "send test notifications"):
        queued = enqueue_test(db, current_user().name)
        request_jobs(db, [NOTIFY], "test notification")
        data.invalidate(data.ALERTS)
        st.success(f"Test message queued for {queued} channel target(s); the worker sends it within seconds "
                   "(its delivery shows here and under Delivery status).", icon="📨")


def _transition(value) -> str:
    text = str(value or "")
    if text.startswith("reopened"):
        return "reopened"
    return {"test": "test message"}.get(text, text)


def _alert_words(alerts: dict, notification: dict) -> str:
    """The alert a notification is about, in words (rule, feature, days), not its internal id."""
    if notification.get("transition") == "test":
        return "—"
    alert = alerts.get(notification.get("alert_id")) or {}
    payload = notification.get("payload") or {}
    name = alert.get("rule_name") or payload.get("rule_name") or "an alert"
    feature = alert.get("feature") or payload.get("feature")
    where = "" if not feature else " · " + ("all features" if feature == ALL else str(feature))
    day = alert.get("last_day")
    return f"{name}{where}" + (f" · {day}" if day else "")


def _render_notifications(db, notifications: list[dict]) -> None:
    _render_channels(db)
    st.subheader("Delivery status", anchor=False)
    st.caption("Alert notifications to the webhook and e-mail; failed ones are retried by the notify job.")
    if not notifications:
        st.info("No notifications yet.", icon="📭")
        return
    failed = [n for n in notifications if n.get("status") == "failed"]
    for n in failed[:10]:
        left, right = st.columns([6, 1], vertical_alignment="center")
        left.error(f"**{md_escape(n.get('channel_type'))} to {md_escape(_redact_target(n.get('target')))} failed** "
                   f"after {n.get('attempts') or 0} attempt(s): "
                   f"{md_escape(n.get('last_error') or 'no error recorded')}", icon="⚠️")
        if right.button("Retry", key=f"{PREFIX}_retry_{n.get('_id')}", disabled=not can("reviewer"),
                        help="Queue it again; the notify job sends it on its next run", width="stretch") \
                and allowed_now("reviewer", "retry notifications"):
            retry_failed(db, n["_id"])
            data.invalidate(data.ALERTS, data.RULES, data.THRESHOLDS, data.AGGREGATES, data.RECORDS)
            st.session_state[f"{PREFIX}_flash"] = "Notification queued again."
            st.rerun()
    icon = {"sent": "✅ sent", "failed": "❌ failed", "pending": "⏳ pending"}

    def naive(value):
        return value.replace(tzinfo=None) if isinstance(value, datetime) else None

    names = {a.get("_id"): a for a in data.alerts()}
    frame = pd.DataFrame([{
        "Created": naive(n.get("created_at")), "Status": icon.get(n.get("status"), str(n.get("status"))),
        "Channel": n.get("channel_type"), "To": _redact_target(n.get("target")),
        "Transition": _transition(n.get("transition")), "Attempts": n.get("attempts"), "Sent": naive(n.get("sent_at")),
        "Error": n.get("last_error") or "", "Alert": _alert_words(names, n),
    } for n in notifications])

    def highlight(row):
        return ["background-color: rgba(214,69,69,0.12)" if row["Status"] == icon["failed"] else ""] * len(row)

    st.dataframe(frame.style.apply(highlight, axis=1), hide_index=True, width="stretch", column_config={
        "Created": st.column_config.DatetimeColumn(format="YYYY-MM-DD HH:mm"),
        "Sent": st.column_config.DatetimeColumn(format="YYYY-MM-DD HH:mm"),
    })


render()
