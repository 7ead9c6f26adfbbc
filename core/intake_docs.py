"""Small stored documents the pages list, typed (pure, read side): the intake's API keys (`ApiKey`,
store/api_keys.py; only the hash and a prefix are stored) and a day's personal-data counts per source
(`PrivacyDay`, store/privacy.py). Lenient: fields beyond these pass through."""
from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from core.record_doc import Sub


class ApiKey(BaseModel):
    """An intake key: its id, the prefix shown, its source and defaults, who made it, and when it was revoked."""
    model_config = ConfigDict(extra="allow", populate_by_name=True)

    id: Any = Field(None, alias="_id")
    prefix: str = ""
    source: Any = None
    feature: Any = None
    release: Any = None
    created_at: Any = None
    created_by: Any = None
    revoked_at: Any = None


class PrivacyDay(BaseModel):
    """Personal data found on one ingest day in one source: the mode, records, and counts per kind."""
    model_config = ConfigDict(extra="allow")

    day: Any = None
    source: Any = None
    mode: Any = None
    records: Any = 0
    counts: Sub = {}

    def count(self, kind: str) -> Any:
        return self.counts[kind] if kind in self.counts else 0
