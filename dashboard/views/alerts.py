"""Alerts: what fired, who is on it, and the thresholds and rules that decide.

Open / acknowledged / resolved alerts with the numbers that fired them and links
into Overview and Triage for the feature and days; acknowledge and resolve
(reviewer or higher); the threshold and rule editor (admin) with its audit
history; and the delivery status of notifications (failed ones with their error).
Every write goes through store/ functions that validate and record who did it.

The page is this file (`render`); its parts are components: the counts and the list
(dashboard/components/alert_list.py, each alert a card: alert_card.py), the thresholds and rules
(rule_editor.py, threshold_editor.py) and the notifications (alert_notifications.py).
"""
from __future__ import annotations

import streamlit as st

from dashboard import data, page
from dashboard.common import show_flash
from dashboard.components.alert_format import PREFIX, RULES_TAB, TAB_KEY
from dashboard.components.alert_list import render_alert_list, render_counts, version_filtered
from dashboard.components.alert_notifications import render_notifications
from dashboard.components.rule_editor import render_editor
from dashboard.components.threshold_editor import thresholds_link


def render() -> None:
    db = page.start()
    st.title("Alerts")
    st.caption("Quality alerts raised by the rules below: acknowledge, investigate, resolve.")
    show_flash(PREFIX)
    alerts = data.alerts()
    notifications = data.notifications()
    render_counts(alerts, notifications)
    asked = thresholds_link()  # ?thresholds=<feature>: "set its thresholds" (issue 34)
    # the open tab is kept in the session (key), so any rerun — a save, a fragment, a reconnect — stays on it
    tab_alerts, tab_rules, tab_delivery = st.tabs(["Alerts", RULES_TAB, "Notifications"], key=TAB_KEY,
                                                  on_change="rerun", default=RULES_TAB if asked else None)
    # only the open tab runs (a tab switch reruns the page): a new tab on the Alerts page draws the list,
    # not the rule editor and the notifications too (issue 29: ~0.5 s of the server's and browser's time)
    if tab_alerts.open is not False:
        with tab_alerts:
            shown = version_filtered(alerts)
            if alerts and not shown:
                st.info("No alert about this version's records.", icon="✅")
            else:
                render_alert_list(db, shown)
    if tab_rules.open is not False:
        with tab_rules:
            render_editor(db)
    if tab_delivery.open is not False:
        with tab_delivery:
            render_notifications(db, notifications)


render()
