"""The scheduler in one line for Data health (issue 34): who holds the lease, the last tick, the next one."""
from __future__ import annotations

from datetime import datetime, timedelta, timezone

from core.status_docs import SchedulerStatus

OUTCOMES = {"ok": "ok", "error": "failed", "skipped": "skipped", "running": "running", "abandoned": "abandoned"}


def _clock(at: datetime) -> str:
    return at.astimezone(timezone.utc).strftime("%Y-%m-%d %H:%M:%S UTC")


def scheduler_line(status: SchedulerStatus, now: datetime | None = None) -> tuple[bool, str]:
    """(healthy, the line) from store.pending.scheduler_status: a live lease names its holder, the last
    tick (the aggregate job's latest run: every tick runs it) and the next; no live lease is a warning."""
    now = now or datetime.now(timezone.utc)
    if not status.leading:
        holder = status.holder
        return False, ("No worker holds the scheduler lease" + (f" (the last was {holder})" if holder else "")
                       + ": nothing is aggregated or alerted until one runs (start one: python -m jobs scheduler).")
    parts = [f"Scheduler: lease held by {status.holder}"]
    last = status.last_tick
    if last is not None and isinstance(last.started_at, datetime):
        outcome = str(last.outcome or "")
        parts.append(f"last tick {_clock(last.started_at)} ({OUTCOMES.get(outcome, outcome or '—')})")
    else:
        parts.append("no tick yet")
    tick = status.next_tick
    if isinstance(tick, datetime):
        parts.append(f"next tick {_clock(tick)}" + (" (overdue)" if tick < now - timedelta(minutes=1) else ""))
    return True, " · ".join(parts)
