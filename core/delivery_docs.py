"""Typed documents of alert delivery (pure): one `notifications` entry (store/outbox.py) and one channel's
delivery status (store.outbox.channel_status), as the Alerts page's "Notifications" tab reads them.

Their own module because they are the currency between store/outbox.py and the page, not a channel
kind's behaviour (core/channels.py). Fields beyond these pass through (`extra`).
"""
from __future__ import annotations

from datetime import datetime
from typing import Any

from pydantic import BaseModel, ConfigDict, Field


class Payload(BaseModel):
    """What a notification says of its alert (the list of notifications is read without it: empty)."""
    model_config = ConfigDict(extra="allow")

    rule_name: str | None = None
    feature: str | None = None


class Notification(BaseModel):
    """One notification of an alert's transition to one channel target, and how its delivery went."""
    model_config = ConfigDict(extra="allow", populate_by_name=True)

    id: Any = Field(default=None, alias="_id")
    alert_id: Any = None
    channel_type: str | None = None
    target: Any = None
    transition: str | None = None
    status: str | None = None
    attempts: int | None = None
    last_error: str | None = None
    created_at: datetime | None = None
    sent_at: datetime | None = None
    payload: Payload = Field(default_factory=Payload)

    @property
    def failed(self) -> bool:
        return self.status == "failed"


class ChannelStatus(BaseModel):
    """A channel kind: configured or not (and what is missing), its last delivery and last error."""
    model_config = ConfigDict(extra="allow")

    channel_type: str
    label: str | None = None
    configured: bool = False
    targets: list[Any] = Field(default_factory=list)
    missing: Any = None
    last_sent_at: datetime | None = None
    last_error: str | None = None
    last_error_at: datetime | None = None
    pending: int = 0
