"""Typed documents of what Data health and the pages' notices show (pure): the database's status, the
record counts, a job run, the aggregate job's backlog and health, the scheduler's lease and ticks, the
records not counted yet, the first build's progress, a quarantined payload and a day's judge spend.

Their own module because they are the currency between the store's status readers (store/health.py,
store/pending.py, store/job_runs.py, ...) and the pages, not part of any one store module: the
dashboard's readers (dashboard/data.py) return these, and the pages read attributes, not keys.
Fields beyond these pass through (`extra`); a missing field reads as its default.
"""
from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field

# a stored count or amount read leniently, as the pages always did (`int(doc.get("calls") or 0)`): a
# missing or None value is 0
Count = Annotated[int, BeforeValidator(lambda v: v or 0)]
Amount = Annotated[float, BeforeValidator(lambda v: v or 0.0)]


class _Doc(BaseModel):
    model_config = ConfigDict(extra="allow", populate_by_name=True)


class DatabaseStatus(_Doc):
    """store.health.database_status: is the database up, its version, where (URI without credentials)."""
    ok: bool = False
    ping_ms: float | None = None
    version: str | None = None
    database: str | None = None
    uri: str | None = None
    embedded: bool = False
    error: str | None = None


class RecordCounts(_Doc):
    """store.health.record_counts: the records in numbers (Data health's "Records")."""
    total: Count = 0
    last_24h: Count = 0
    needs_scoring: Count = 0
    with_issues_7d: Count = 0
    metric_errors_7d: Count = 0
    quarantined: Count = 0
    reingested: Count = 0


class JobRun(_Doc):
    """One `job_runs` document (store/job_runs.py)."""
    id: Any = Field(default=None, alias="_id")
    job: str | None = None
    outcome: str | None = None
    started_at: datetime | None = None
    duration_s: float | None = None
    detail: str | None = None
    counts: dict[str, Any] = Field(default_factory=dict)
    worker: str | None = None


class Backlog(_Doc):
    """What the aggregate job has waiting: the days to (re)build, and whether its first build is done."""
    dirty_days: list[str] = Field(default_factory=list)
    first_build_done: bool = False


class InFlight(_Doc):
    """store.state.writes_in_flight: batches of records still being written (held back from a refresh)."""
    since: datetime | None = None
    batches: Count = 0
    records: Count = 0
    what: list[str] = Field(default_factory=list)
    expired: Count = 0


class Verification(_Doc):
    """The last recount of the aggregates (store.aggregates.last_verification)."""
    at: datetime | None = None
    checked: Count = 0
    drifted: Count = 0
    repaired: Count = 0


class AggregateHealth(_Doc):
    """What the aggregates count up to, what they hold back now and the last recount (Data health)."""
    watermark: datetime | None = None
    dirty_days: int = 0
    in_flight: InFlight = Field(default_factory=InFlight)
    verification: Verification | None = None


class Tick(_Doc):
    """The aggregate job's latest run (every scheduler tick runs it)."""
    started_at: datetime | None = None
    outcome: str | None = None


class SchedulerStatus(_Doc):
    """store.pending.scheduler_status: the scheduler lease's holder, whether it is live, the last and next tick."""
    holder: str | None = None
    leading: bool = False
    last_tick: Tick | None = None
    next_tick: datetime | None = None


class Pending(_Doc):
    """store.pending.pending_records: records stored but not counted yet, per feature, and when they will be."""
    refresh: dict[str, int] = Field(default_factory=dict)
    scores: dict[str, int] = Field(default_factory=dict)
    capped: bool = False
    watermark: datetime | None = None
    refresh_asked_at: datetime | None = None
    refresh_running: bool = False
    demo_loading: bool = False
    next_tick: datetime | None = None


class BuildProgress(_Doc):
    done: Count = 0
    of: Count = 0


class BuildStatus(_Doc):
    """store.state.build_status: what a fresh database still lacks (the "still being built" notice)."""
    pending: list[str] = Field(default_factory=list)
    demo_loading: bool = False
    records: bool = False
    progress: dict[str, BuildProgress] = Field(default_factory=dict)
    generation: str | None = None
    records_written: Any = None
    watermark: Any = None


class Quarantined(_Doc):
    """A quarantined payload (`rejected`): why, from where, when, how often, and the raw payload as stored."""
    id: Any = Field(alias="_id")
    reason: str | None = None
    source: str | None = None
    first_seen: datetime | None = None
    last_seen: datetime | None = None
    seen: int | None = None
    raw: Any = None


class JudgeSpend(_Doc):
    """One day's judge spend of one job and feature (store/judge_spend.py)."""
    job: str | None = None
    feature: str | None = None
    calls: Count = 0
    cost_usd: Amount = 0.0
    reasons: Annotated[dict[str, int], BeforeValidator(lambda v: v or {})] = Field(default_factory=dict)

    def reason(self, name: str) -> int:
        """How many records had this cascade reason (0 when none)."""
        return int(self.reasons[name]) if name in self.reasons else 0
