"""Job names, in the order one scheduler tick runs them (jobs/registry.py maps them to functions)."""
ADOPT, SCORE, AGGREGATE, ALERTS, NOTIFY, REPORT = "adopt", "score", "aggregate", "alerts", "notify", "report"
JOB_NAMES: tuple[str, ...] = (ADOPT, SCORE, AGGREGATE, ALERTS, NOTIFY, REPORT)
