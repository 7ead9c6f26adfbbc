"""Job names, in the order one scheduler tick runs them (jobs/registry.py maps them to functions).

What users see comes first: adopt, aggregate, alerts, notify; then the work that can take long
(the agreement sample, the judge's noise floor, report builds and backfills), each within the tick's time budget.
"""
ADOPT, SCORE, AGGREGATE, ALERTS, NOTIFY, AGREEMENT, NOISE, REPORT = (
    "adopt", "score", "aggregate", "alerts", "notify", "agreement", "noise", "report")
JOB_NAMES: tuple[str, ...] = (ADOPT, SCORE, AGGREGATE, ALERTS, NOTIFY, AGREEMENT, NOISE, REPORT)
# the jobs whose tick form works within EVALBOARD_TICK_BUDGET_S and leaves the rest for the next tick
BUDGETED_JOBS: tuple[str, ...] = (AGREEMENT, NOISE, REPORT)
