"""The one table of jobs: name (core.jobs), function, whether a tick runs it, its schedule.

`run-once`, the scheduler, `python -m jobs tick` and `make run` all read it, in
the order of `core.jobs.JOB_NAMES`: what users see first — adopt (records the
product wrote straight into MongoDB join this tick's numbers), aggregate, alerts,
notify — then the work that can take long: the agreement sample and the report
builds, each given `deadline` (a `time.monotonic()` value: EVALBOARD_TICK_BUDGET_S
from its start) after which it stops cleanly and reports what is left
(`waiting`/`backlog`): the scheduler then runs the next tick at once instead of
waiting for the interval, so a first start's backlog is worked off in slices and
fresh records still reach the charts between slices. Scoring is not part of a
tick: any number of `python -m jobs score-worker` processes share it
(jobs/score.py, batches claimed on the records); `run-once score` scores a
bounded amount the same way. Every function takes `fence` (the job lock's check,
jobs/runner.py); the ones with several write phases call it before each. No job
calls another's function: a job that needs fresh aggregates relies on the tick's
order (aggregate runs before it) or, for `run-once report`, the runner runs the
aggregate job first under the aggregate's own lock (`NEEDS`).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from core import jobs as names

JobFn = Callable[..., dict]  # (db, *, full, week, now, fence, deadline) -> counts


@dataclass(frozen=True)
class Job:
    name: str
    run: JobFn                  # what `run-once NAME` runs
    tick: JobFn | None          # what each scheduler tick runs (None: not part of a tick)
    schedule: str               # in words, for the README and Data health
    description: str


def _adopt(db, *, full=False, week=None, now=None, fence=None, deadline=None):
    from jobs.adopt import adopt_logged_records
    return adopt_logged_records(db)


def _score(db, *, full=False, week=None, now=None, fence=None, deadline=None):
    from jobs.score import score_pending
    return score_pending(db, now=now)


def _aggregate(db, *, full=False, week=None, now=None, fence=None, deadline=None):
    from jobs.aggregate import refresh
    return refresh(db, full=full, now=now, fence=fence)


def _agreement(db, *, full=False, week=None, now=None, fence=None, deadline=None):
    from jobs.agreement import run_agreement
    return run_agreement(db, now=now, full=full, deadline=deadline)


def _alerts(db, *, full=False, week=None, now=None, fence=None, deadline=None):
    from jobs.alerts import evaluate
    return evaluate(db, now=now)


def _notify(db, *, full=False, week=None, now=None, fence=None, deadline=None):
    from jobs.notify import deliver
    return deliver(db, now=now)


def _noise(db, *, full=False, week=None, now=None, fence=None, deadline=None):
    from jobs.judge_noise import run_noise
    return run_noise(db, now=now, deadline=deadline)


def _daily_noise(db, *, full=False, week=None, now=None, fence=None, deadline=None):
    from jobs.judge_noise import run_daily
    return run_daily(db, now=now, deadline=deadline)


def _report(db, *, full=False, week=None, now=None, fence=None, deadline=None):
    from jobs.report import run_report
    return run_report(db, week=week, now=now)


def _requested_reports(db, *, full=False, week=None, now=None, fence=None, deadline=None):
    from jobs.report_requests import run_requested
    return run_requested(db, now=now, deadline=deadline)


REGISTRY: dict[str, Job] = {job.name: job for job in (
    Job(names.ADOPT, _adopt, _adopt, "every tick", "give records written straight into MongoDB Evalboard's fields"),
    Job(names.SCORE, _score, None, "score-worker processes (python -m jobs score-worker), continuously",
        "score records that arrived without scores"),
    Job(names.AGGREGATE, _aggregate, _aggregate, "every tick", "refresh daily and weekly aggregates"),
    Job(names.ALERTS, _alerts, _alerts, "every tick", "judge the alert rules"),
    Job(names.NOTIFY, _notify, _notify, "every tick", "deliver pending notifications"),
    Job(names.AGREEMENT, _agreement, _agreement,
        "every tick, within the tick budget (completed days only; the rest goes on next tick)",
        "re-score the daily judge-agreement sample and compute the agreement figures"),
    Job(names.NOISE, _noise, _daily_noise,
        "once a day when an LLM judge is configured, within the tick budget and the judge's daily budget",
        "re-judge a stratified sample k times: the judge's noise floor (flaky verdicts, alert intervals)"),
    Job(names.REPORT, _report, _requested_reports,
        "Mondays 02:00, builds requested from the dashboard at once, past weeks within the tick budget",
        "build the weekly report"),
)}
assert tuple(REGISTRY) == names.JOB_NAMES, "the registry follows core.jobs.JOB_NAMES"
# `run-once JOB` first runs these jobs (each under its own lock): the report reads the weekly aggregates
NEEDS: dict[str, tuple[str, ...]] = {names.REPORT: (names.AGGREGATE,)}
WEEKLY_CRON = {"day_of_week": "mon", "hour": 2}


def get(name: str) -> Job:
    try:
        return REGISTRY[name]
    except KeyError:
        raise ValueError(f"unknown job {name!r}; jobs: {', '.join(REGISTRY)}") from None


def tick_jobs() -> list[Job]:
    return [job for job in REGISTRY.values() if job.tick is not None]
