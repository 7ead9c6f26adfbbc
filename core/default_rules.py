"""The alert rules a new database is seeded with (DEFAULT_RULES, versioned by RULES_VERSION): reference
000 "Alerts" plus the judge-agreement rules; `python -m store migrate` (store/alerts.py) adds the entries
newer than a database's seeded version.

Their own module because they are data, not the rule machinery of core/rules.py.
"""
from __future__ import annotations

from core.features import ALL_FEATURES as ALL
from core.features import EACH_FEATURE as EACH
from core.rules import DEFAULT_MIN_COUNT

RULES_VERSION = 3        # bump with new DEFAULT_RULES entries: migrate adds them to existing databases

_M = {"min_count": DEFAULT_MIN_COUNT, "enabled": True}
DEFAULT_RULES = [  # "since": the RULES_VERSION that introduced the rule
    {"_id": "rule:pass_rate", "name": "Daily pass rate below 90%", "metric": "pass_rate", "statistic": "rate",
     "comparison": "lt", "threshold": 0.90, "window_days": 1, "feature": ALL, "severity": "warning",
     "channel": "qa", **_M, "since": 1},
    {"_id": "rule:regen_rate", "name": "Regeneration rate above 20%", "metric": "regen_rate",
     "statistic": "rate", "comparison": "gt", "threshold": 0.20, "window_days": 1, "feature": ALL,
     "severity": "warning", "channel": "ai", **_M, "since": 1},
    {"_id": "rule:faithfulness", "name": "Faithfulness below 0.7 for 3 days", "metric": "faithfulness",
     "statistic": "mean", "comparison": "lt", "threshold": 0.70, "window_days": 3, "feature": EACH,
     "severity": "critical", "channel": "critical", **_M, "since": 1},
    {"_id": "rule:feature_pass_rate", "name": "Feature pass rate below 80% for 2 days", "metric": "pass_rate",
     "statistic": "rate", "comparison": "lt", "threshold": 0.80, "window_days": 2, "feature": EACH,
     "severity": "warning", "channel": "qa", **_M, "since": 2},
    {"_id": "rule:feature_regen_rate", "name": "Feature regeneration rate above 20% for 2 days",
     "metric": "regen_rate", "statistic": "rate", "comparison": "gt", "threshold": 0.20, "window_days": 2,
     "feature": EACH, "severity": "warning", "channel": "ai", **_M, "since": 2},
    {"_id": "rule:feature_faithfulness", "name": "Faithfulness below the feature's threshold for 2 days",
     "metric": "faithfulness", "statistic": "mean", "comparison": "lt", "threshold": None,
     "own_threshold": True, "window_days": 2, "feature": EACH, "severity": "warning", "channel": "qa",
     **_M, "since": 2},
    # Judge agreement (agreement_daily, jobs/agreement.py): the logged judge against an independent
    # re-score of a daily sample. Judges and local scorers never agree perfectly, so the enabled
    # rules watch moves away from each feature's own baseline; the absolute ones are seeded off
    # (turn them on once the usual level of your judge and scorer is known).
    {"_id": "rule:judge_leniency", "name": "Faithfulness: logged judge more lenient than usual for 2 days",
     "metric": "faithfulness", "statistic": "mean_diff_change", "comparison": "gt", "threshold": 0.05,
     "window_days": 2, "feature": EACH, "severity": "warning", "channel": "ai", "enabled": True, "min_count": 30,
     "since": 3},
    {"_id": "rule:judge_flip_change", "name": "Faithfulness flip rate up 15 points on its baseline for 2 days",
     "metric": "faithfulness", "statistic": "flip_rate_change", "comparison": "gt", "threshold": 0.15,
     "window_days": 2, "feature": EACH, "severity": "warning", "channel": "ai", "enabled": True, "min_count": 30,
     "since": 3},
    {"_id": "rule:judge_flip", "name": "Faithfulness flip rate above 15% for 2 days", "metric": "faithfulness",
     "statistic": "flip_rate", "comparison": "gt", "threshold": 0.15, "window_days": 2, "feature": EACH,
     "severity": "warning", "channel": "ai", "enabled": False, "min_count": 30, "since": 3},
    {"_id": "rule:judge_correlation", "name": "Faithfulness correlation with the independent scorer below 0.5",
     "metric": "faithfulness", "statistic": "spearman", "comparison": "lt", "threshold": 0.5, "window_days": 1,
     "feature": EACH, "severity": "warning", "channel": "ai", "enabled": False, "min_count": 30, "since": 3},
]
