"""AppTest: the rule editor draws its choices from core/rules.py, and the release rule's settings
(min records of each release, the smallest drops that count, severity, channel, on/off) are edited
there like the other rules (validated, audited)."""
from __future__ import annotations

from core import release_rule
from core import rules as core_rules

from dashboard.components.alert_format import RULES_TAB

from .test_pages_monitor import open_page, open_tab


def test_release_rule_settings_are_edited_in_the_rule_editor(make_app, seeded_db):
    from store.alerts import list_audit
    from store.release_alerts import get_release_rule

    at = open_tab(open_page(make_app(), "views/alerts.py"), RULES_TAB)
    [statistic] = [s for s in at.selectbox if s.label == "Statistic"]
    assert list(statistic.options) == [core_rules.statistic_label(s) for s in core_rules.statistics()]
    [channel] = [s for s in at.selectbox if s.label == "Channel" and s.key == "alerts_release_channel"]
    assert list(channel.options) == list(core_rules.CHANNELS)
    words = release_rule.RELEASE_SETTINGS
    inputs = {n.label: n for n in at.number_input}
    assert inputs[words["min_records"]].value == release_rule.RELEASE_DEFAULTS["min_records"]
    inputs[words["min_records"]].set_value(80)
    inputs[words["min_mean_effect"]].set_value(0.1)
    channel.set_value("ai")
    at.button(key="alerts_release_save").click().run()
    assert not at.exception, [e.value for e in at.exception]
    assert any("Release rule saved" in s.value for s in at.success)
    saved = get_release_rule(seeded_db)
    assert saved["min_records"] == 80 and saved["min_mean_effect"] == 0.1 and saved["channel"] == "ai"
    entry = next(e for e in list_audit(seeded_db) if e["target"] == release_rule.RELEASE_RULE_ID)
    assert entry["old"]["min_records"] == 50 and entry["new"]["min_records"] == 80 and entry["user"] == "local"
