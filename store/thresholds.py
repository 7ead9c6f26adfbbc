"""Per-feature metric thresholds (reference 000 "Feature-Specific Thresholds").

Defaults live here; edits made in the dashboard are stored in `alert_rules` as
documents `{_id: "threshold:<feature>", kind: "threshold", feature, metrics: {...}}`
and win over the defaults. They drive pass/fail everywhere.
"""
from __future__ import annotations

from pymongo.database import Database

from store.collections import ALERT_RULES

DEFAULT_THRESHOLDS: dict[str, dict[str, float]] = {
    "chat": {"faithfulness": 0.80, "answer_relevancy": 0.70, "contextual_precision": 0.75,
             "contextual_recall": 0.70, "overall_quality": 0.75},
    "viability": {"faithfulness": 0.85, "answer_relevancy": 0.75, "contextual_precision": 0.80,
                  "contextual_recall": 0.75, "overall_quality": 0.75},
    "arguments": {"faithfulness": 0.90, "answer_relevancy": 0.80, "contextual_precision": 0.85,
                  "contextual_recall": 0.80, "overall_quality": 0.75},
    "clauses": {"faithfulness": 0.95, "answer_relevancy": 0.75, "contextual_precision": 0.80,
                "contextual_recall": 0.70, "overall_quality": 0.75},
}
DEFAULT_THRESHOLDS["default"] = dict(DEFAULT_THRESHOLDS["chat"])


def get_thresholds(db: Database) -> dict[str, dict[str, float]]:
    """Defaults overlaid with the stored per-feature thresholds."""
    merged = {feature: dict(values) for feature, values in DEFAULT_THRESHOLDS.items()}
    for doc in db[ALERT_RULES].find({"kind": "threshold"}, {"feature": 1, "metrics": 1}):
        feature = doc.get("feature")
        if isinstance(feature, str) and isinstance(doc.get("metrics"), dict):
            base = merged.get(feature, dict(merged["default"]))
            base.update({k: float(v) for k, v in doc["metrics"].items() if isinstance(v, (int, float))})
            merged[feature] = base
    return merged
