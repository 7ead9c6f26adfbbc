"""Typed documents of the weekly reports (pure): a report (store/reports.py; the list reads only its
week, headline and build time) and a build asked for from the dashboard (`report_requests`).

Their own module because they are the currency between store/reports.py and the Reports page, not
how a report is built (jobs/report.py). Fields beyond these pass through (`extra`).
"""
from __future__ import annotations

from datetime import datetime
from typing import Any

from pydantic import BaseModel, ConfigDict, Field


class Report(BaseModel):
    """A weekly report: `_id` is its week's Monday (ISO date); `markdown` / `html` only when read whole."""
    model_config = ConfigDict(extra="allow", populate_by_name=True)

    id: str = Field(alias="_id")
    week_start: Any = None
    created_at: datetime | None = None
    headline: str | None = None
    markdown: str | None = None
    html: str | None = None


class ReportRequest(BaseModel):
    """A build of one week's report asked for from the dashboard; the worker builds it (`state`)."""
    model_config = ConfigDict(extra="allow", populate_by_name=True)

    id: str = Field(alias="_id")
    state: str | None = None
    requested_by: str | None = None
    error: str | None = None
