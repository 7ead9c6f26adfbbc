"""Collection names — one place, so nobody spells them twice."""
RECORDS = "records"              # the product's logged evaluations (+ Evalboard's own fields)
REJECTED = "rejected"            # quarantined payloads with their reason
AGG_DAILY = "aggregates_daily"
AGG_WEEKLY = "aggregates_weekly"
AGG_DAILY_VALUES = "aggregates_daily_values"  # per (day, feature): mergeable sums + score histograms (jobs only)
ALERT_RULES = "alert_rules"      # alert rules and per-feature thresholds
RULE_AUDIT = "rule_audit"        # every change to rules/thresholds: who, when, old, new
ALERTS = "alerts"
NOTIFICATIONS = "notifications"  # the outbox
JOB_RUNS = "job_runs"
REPORTS = "reports"
REPORT_REQUESTS = "report_requests"  # "Build report now": queued by the dashboard, built by the worker
STATE = "evalboard_state"        # watermarks, leases
APS_JOBS = "scheduler_jobs"      # APScheduler's MongoDB job store
AGREEMENT_DAILY = "agreement_daily"    # judge agreement figures per (day, feature) (jobs/agreement.py)
AGREEMENT_WEEKLY = "agreement_weekly"  # the same, rolled up per week from the daily pairs
