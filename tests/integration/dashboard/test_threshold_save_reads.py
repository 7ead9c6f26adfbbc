"""Issue 29: the Save thresholds click drops only the cached reads the save changed (thresholds, rules),
not the aggregates: those change when the worker's recompute writes them (the build notice drops them
then), and re-reading them cold made the click's run ~0.7 s longer at 200k records."""
from __future__ import annotations

from datetime import datetime, timezone

from dashboard.components.alert_format import RULES_TAB

from .test_pages_monitor import open_tab


def test_a_save_keeps_the_cached_aggregates_and_drops_the_thresholds(make_app, seeded_db):
    from store.thresholds import get_thresholds

    at = make_app()
    at.run()
    at.switch_page("views/alerts.py")
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    open_tab(at, RULES_TAB)
    at.selectbox(key="alerts_thr_feature").set_value("chat").run()
    # a feature the aggregates gain behind the page's back (as the worker would write it)
    seeded_db["aggregates_daily"].insert_one({"_id": "zz-new-bench", "feature": "zz-new", "granularity": "day",
                                             "bucket": datetime.now(timezone.utc), "count": 0})
    try:
        value = round(get_thresholds(seeded_db)["chat"]["faithfulness"] - 0.01, 2)
        at.number_input(key="alerts_thr_chat_faithfulness").set_value(value)
        at.button(key="alerts_thr_save").click().run()
        at.button(key="alerts_thr_confirm").click().run()
        assert not at.exception, [e.value for e in at.exception]
        assert any("Saved chat thresholds" in s.value for s in at.success)
        at.run()  # the next run (the progress fragment's, a click): what the save dropped is read again
        assert not at.exception, [e.value for e in at.exception]
        assert get_thresholds(seeded_db)["chat"]["faithfulness"] == value
        # ... the aggregates were not: the cached feature list does not know the new feature yet
        assert "zz-new" not in at.selectbox(key="alerts_thr_feature").options
    finally:
        seeded_db["aggregates_daily"].delete_one({"_id": "zz-new-bench"})
