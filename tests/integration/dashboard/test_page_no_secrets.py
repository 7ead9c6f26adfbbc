"""The Alerts page shows webhook targets redacted to everyone: a token planted in the webhook URL
(configured, in a legacy stored target and in an error text) appears nowhere in the rendered page."""
from __future__ import annotations

from datetime import datetime, timezone

from settings import reset_settings

from dashboard.components.alert_format import RULES_TAB

from .test_pages_monitor import open_page, open_tab

TOKEN = "T0001/B0002/pl4ntedT0kenQQ"


def _all_text(at) -> str:
    parts = []
    for kind in ("markdown", "caption", "error", "warning", "info", "success", "text", "code"):
        parts += [str(e.value) for e in getattr(at, kind)]
    parts += [f.value.to_csv() for f in at.dataframe]
    parts += [str(b.proto) for b in at.button]
    return "\n".join(parts)


def test_the_alerts_page_never_shows_a_webhook_secret(make_app, seeded_db, monkeypatch):
    monkeypatch.setenv("EVALBOARD_WEBHOOK_URL", f"https://hooks.example.org:8443/services/{TOKEN}?token=pl4nted")
    reset_settings()
    now = datetime.now(timezone.utc)
    seeded_db["notifications"].insert_one({  # written by an old version: the full URL stored
        "_id": "secret-legacy|opened|webhook", "alert_id": "secret-legacy", "transition": "test", "channel": "test",
        "channel_type": "webhook", "target": f"https://hooks.example.org:8443/services/{TOKEN}",
        "status": "failed", "attempts": 5, "created_at": now, "sent_at": None,
        "last_error": "ConnectError: https://hooks.example.org:8443/services/…"})
    try:
        at = open_page(make_app(), "views/alerts.py")
        shown = _all_text(at)  # every tab of the page (each runs only when open)
        for tab in (RULES_TAB, "Notifications"):
            shown += _all_text(open_tab(at, tab))
        assert "https://hooks.example.org/…" in shown  # the redacted form is what is shown
        assert "pl4nted" not in shown and TOKEN not in shown
    finally:
        seeded_db["notifications"].delete_one({"_id": "secret-legacy|opened|webhook"})
        monkeypatch.delenv("EVALBOARD_WEBHOOK_URL")
        reset_settings()
