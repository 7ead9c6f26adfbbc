"""Job names, in the order one scheduler tick runs them (jobs/registry.py maps them to functions).

What users see comes first: adopt, aggregate, alerts, notify; then the work that can take long
(the agreement sample, report builds and backfills), each within the tick's time budget.
"""
ADOPT, SCORE, AGGREGATE, ALERTS, NOTIFY, AGREEMENT, REPORT = (
    "adopt", "score", "aggregate", "alerts", "notify", "agreement", "report")
JOB_NAMES: tuple[str, ...] = (ADOPT, SCORE, AGGREGATE, ALERTS, NOTIFY, AGREEMENT, REPORT)
# the jobs whose tick form works within EVALBOARD_TICK_BUDGET_S and leaves the rest for the next tick
BUDGETED_JOBS: tuple[str, ...] = (AGREEMENT, REPORT)
