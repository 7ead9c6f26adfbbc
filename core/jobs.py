"""Job names, in the order one scheduler tick runs them (jobs/registry.py maps them to functions)."""
ADOPT, SCORE, AGGREGATE, AGREEMENT, ALERTS, NOTIFY, REPORT = (
    "adopt", "score", "aggregate", "agreement", "alerts", "notify", "report")
JOB_NAMES: tuple[str, ...] = (ADOPT, SCORE, AGGREGATE, AGREEMENT, ALERTS, NOTIFY, REPORT)
