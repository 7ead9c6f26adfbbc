"""One alert in the Alerts page's list, in detail: what fired and its words, the features that drove
an all-features alert, the evidence (day by day, or the two releases), who acknowledged or resolved it,
links into Overview, Compare and Triage, and its actions (acknowledge with comment, assignee and
snooze; resolve), each written through store.alerts and audited.

Its own module because one alert's detail and actions are a concern apart from listing them
(dashboard/components/alert_list.py).
"""
from __future__ import annotations

from datetime import datetime, timedelta, timezone
from pathlib import Path

import streamlit as st

from core import agreement
from core import rules as core_rules
from core.rule_docs import Alert
from dashboard import data
from core.features import ALL_FEATURES as ALL
from dashboard.common import allowed_now, can, current_user, md_escape
from dashboard.components import charts, filters
from dashboard.components.alert_format import PREFIX, fmt_day, fmt_value, fmt_when
from store.alerts import acknowledge_alert, resolve_alert
from store.errors import ValidationFailed

SEVERITY_ICON = {"critical": "🔴", "warning": "🟠"}
TRIAGE_PAGE = Path(__file__).resolve().parents[1] / "views" / "triage.py"


def render_alert(db, alert: Alert) -> None:
    alert_id = str(alert.id)
    metric = alert.metric
    feature = alert.feature or ALL
    with st.container(border=True):
        top, actions = st.columns([5, 1.3])
        with top:
            icon = SEVERITY_ICON.get(alert.severity, "⚪")
            st.markdown(f"{icon} **{md_escape(alert.name)}** · "
                        f"{md_escape('all features' if feature == ALL else feature)} · "
                        f"_{md_escape(alert.severity or '')}_")
            if alert.message:
                st.text(str(alert.message))
            _render_drivers(alert)
            if alert.compare:  # the release rule: two releases side by side, not a daily series
                _render_release_evidence(alert)
            else:
                _render_series_evidence(alert, metric)
            _render_ack_details(alert)
            _render_links(alert, feature)
        with actions:
            _render_actions(db, alert, alert_id)


def _render_series_evidence(alert: Alert, metric) -> None:
    """A daily rule's evidence: its value against the threshold, day by day, and who handled it."""
    comparison = {"lt": "below", "gt": "above"}.get(alert.comparison, alert.comparison or "")
    evidence = alert.evidence
    days = _days_span(alert)
    per_day = (" · day by day: " + ", ".join(
        f"{fmt_day(e.bucket) or '?'}: {fmt_value(metric, e.value)}"
        + (f" of {e.count} records" if e.count else "") for e in evidence[:10])
        if len(evidence) > 1 else "")  # one day: its value is the one above, not repeated
    st.caption(
        f"{md_escape(charts.label(metric or ''))} was **{fmt_value(metric, alert.value)}**, "
        f"{md_escape(comparison)} {fmt_value(metric, alert.threshold)}"
        + per_day
        + (f" · condition on {days}" if days and not alert.replayed else "")
        + _raised(alert)
        + _handled(alert, resolved=not alert.replayed))


def _handled(alert: Alert, resolved: bool = True) -> str:
    """Who acknowledged the alert and when, and who resolved it (`resolved`: say so)."""
    return ((f" · acknowledged by {md_escape(alert.acknowledged_by)} {fmt_when(alert.acknowledged_at)}"
             if alert.acknowledged_by else "")
            + (f" · resolved by {md_escape(_who(alert.resolved_by))} {fmt_when(alert.resolved_at)}"
               if alert.resolved_by and resolved else ""))


def _render_actions(db, alert: Alert, alert_id: str) -> None:
    reviewer = can("reviewer")
    if alert.state == "open":
        _render_ack_form(db, alert, alert_id, reviewer)
    if alert.state in ("open", "acknowledged"):
        if st.button("Resolve", key=f"{PREFIX}_resolve_{alert_id}", disabled=not reviewer,
                     type="primary", width="stretch") and allowed_now("reviewer", "resolve alerts"):
            _act(db, resolve_alert, alert, "resolved")


def _render_release_evidence(alert: Alert) -> None:
    """A release alert's evidence: the records behind each side and what "beyond noise" means (the
    message names each worse metric with its difference and 95 % interval); no day-by-day series."""
    first = alert.evidence[0] if alert.evidence else None
    n_a, n_b = (first.n_a, first.n_b) if first else (None, None)
    sides = (f"{n_b:,} records of {alert.release} against {n_a:,} of "
             f"{alert.previous_release}" if isinstance(n_a, int) and isinstance(n_b, int)
             else f"{alert.release} against {alert.previous_release}")
    since = fmt_day(alert.first_day)
    st.caption(md_escape(sides) + (f" · {md_escape(str(alert.release))} answering since {since}" if since else "")
               + " · worse beyond noise: the whole 95 % interval of the difference is below zero"
               + _raised(alert) + _handled(alert))


def _who(user) -> str:
    return "Evalboard (the condition cleared)" if user == "auto" else str(user)


def _raised(alert: Alert) -> str:
    """When the alert was raised; an alert found by replaying the history is dated by its days in the
    data (the replay's own time is only when Evalboard first looked)."""
    if alert.replayed:
        first, last = alert.first_day, alert.last_day
        span = first if first == last else f"{first} to {last}"
        cleared = f", cleared {alert.cleared_day}" if alert.cleared_day else ""
        return (f" · past incident found in the history: {md_escape(span)}{md_escape(cleared)}"
                f" (first checked {fmt_when(alert.opened_at)})")
    return f" · raised {fmt_when(alert.opened_at)}"


def _days_span(alert: Alert) -> str:
    first, last = alert.first_day, alert.last_day
    if not first and not last:
        return ""
    span = first if first == last or not last else f"{first} to {last}"
    if alert.cleared_day:
        span += f" (cleared {alert.cleared_day})"
    return md_escape(span)


def _render_drivers(alert: Alert) -> None:
    """An all-features alert: which features drove it, with their share and a link to each."""
    rows = [r for r in alert.drivers if r.feature]
    if not rows:
        return
    # the rule's kind says what a share is a share of and names a feature's value (core/rules.py)
    kind = core_rules.condition({"metric": alert.metric, "statistic": alert.statistic or "mean",
                                 "comparison": alert.comparison})
    if not isinstance(kind, core_rules.Threshold):
        return
    st.markdown("**Driven by** " + " · ".join(
        f"{md_escape(r.feature)} **{float(r.share or 0):.0%}** {md_escape(kind.share_of())}"
        + (f" ({md_escape(kind.value_words(r.value))})" if r.value is not None else "") for r in rows[:6]))
    start, end = fmt_day(alert.link.start), fmt_day(alert.link.end)
    if TRIAGE_PAGE.is_file() and start:
        row = st.container(horizontal=True, gap="small")
        for r in rows[:3]:  # straight to the records of the features that weigh most
            row.page_link("views/triage.py", label=f"{r.feature}: failing records", icon="🔎",
                          query_params={"feature": r.feature, "start": start, "end": end or start})


def _render_ack_details(alert: Alert) -> None:
    parts = []
    if alert.assignee:
        parts.append(f"assigned to **{md_escape(alert.assignee)}**")
    if alert.snoozed_until:
        parts.append(f"snoozed until {fmt_when(alert.snoozed_until)}")
    if alert.ack_comment:
        parts.append(f"“{md_escape(alert.ack_comment)}”")
    if alert.reopened:
        parts.append(f"reopened after its snooze ({fmt_when(alert.reopened_at)})")
    if parts:
        st.markdown("🗒️ " + " · ".join(parts))


SNOOZE_CHOICES = {"none": "No snooze", "4h": "4 hours", "1d": "1 day", "3d": "3 days", "7d": "7 days"}
SNOOZE_DELTAS = {"4h": timedelta(hours=4), "1d": timedelta(days=1), "3d": timedelta(days=3),
                 "7d": timedelta(days=7)}


def _render_ack_form(db, alert: Alert, alert_id: str, reviewer: bool) -> None:
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


def trends_params(alert: Alert, feature: str, today=None) -> dict[str, str]:
    """The Overview's query parameters for an alert: its days with a week on each side (not past today),
    `mark` = the alert's own days, shaded there, and `metric` = the alert's metric (its trends tab)."""
    start = filters.parse_date(alert.link.start) or filters.parse_date(alert.opened_at)
    end = filters.parse_date(alert.link.end) or start
    params = {"feature": "all" if feature == ALL else feature}
    if alert.metric:  # the Overview opens the trends tab that holds the alert's metric
        params["metric"] = str(alert.metric)
    if start:
        end = end or start
        last = min(end + timedelta(days=CONTEXT_DAYS), today or filters.today())
        params.update(start=(start - timedelta(days=CONTEXT_DAYS)).isoformat(), end=max(last, end).isoformat(),
                      mark=f"{start.isoformat()}..{end.isoformat()}")
    return params


def _render_links(alert: Alert, feature: str) -> None:
    start = fmt_day(alert.link.start) or fmt_day(alert.opened_at)
    end = fmt_day(alert.link.end) or start
    params = trends_params(alert, feature)
    row = st.container(horizontal=True, gap="small")
    compare = alert.compare
    if compare and compare.a and compare.b:
        row.page_link("views/compare.py", label="Compare the releases", icon="🆚",
                      query_params={"by": str(compare.by or "release"), "a": str(compare.a), "b": str(compare.b)})
    row.page_link("views/overview.py", label="Trends for these days", icon="📈", query_params=params,
                  help="The alert's days (shaded) with a week on each side")
    if TRIAGE_PAGE.is_file():
        triage = {"start": start, "end": end or start} if start else {}
        if feature != ALL:
            triage["feature"] = feature
        drift = agreement.drift_of(alert.statistic, alert.value)
        if drift:  # issue 34: a judge drift is about the records the two verdicts differ on
            row.page_link("views/triage.py", label="Records the judges disagree on", icon="⚖️",
                          query_params={**triage, "disagree": drift},
                          help="Records whose logged verdict and independent re-score's verdict differ")
        else:
            row.page_link("views/triage.py", label="Failing records", icon="🔎", query_params=triage)


def _act(db, action, alert: Alert, done: str) -> None:
    try:
        action(db, alert.id, current_user().name)
    except ValidationFailed as exc:
        st.error(str(exc))
        return
    data.invalidate(data.ALERTS, data.RULES, data.THRESHOLDS, data.AGGREGATES, data.RECORDS)
    name = md_escape(alert.name)
    st.session_state[f"{PREFIX}_flash"] = f"Alert “{name}” {done} by {md_escape(current_user().name)}."
    st.rerun()
