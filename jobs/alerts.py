"""Alert evaluation: the rules in `alert_rules` against `aggregates_daily`.

Runs after each aggregate refresh. For each enabled rule and feature (the
rule's feature, "__all__", or every feature when the rule says "*"), the
`window_days` most recent daily buckets are read; the condition holds when they
are consecutive days, each has at least `min_count` records and each value
compares as the rule says. While it holds there is exactly one active alert per
(rule, feature) (its numbers refreshed each run); when it clears, the alert is
resolved automatically ("auto", with the time). Rules that were disabled or
deleted resolve their alerts the same way. State changes enqueue notifications.
"""
from __future__ import annotations

from datetime import datetime, timedelta, timezone

from pymongo import DESCENDING
from pymongo.database import Database

from store import alerts as store_alerts
from store.aggregates import ALL
from store.collections import AGG_DAILY

LABELS = {"pass_rate": "Pass rate", "regen_rate": "Regeneration rate", "overall_quality": "Overall quality",
          "faithfulness": "Faithfulness", "answer_relevancy": "Answer relevancy",
          "contextual_precision": "Contextual precision", "contextual_recall": "Contextual recall"}


def bucket_value(doc: dict, rule: dict) -> float | None:
    metric = rule["metric"]
    if metric in ("pass_rate", "regen_rate"):
        return doc.get(metric)
    stats = (doc.get("metrics") or {}).get(metric) or {}
    return stats.get("pass_rate" if rule.get("statistic") == "rate" else "mean")


def _fmt(metric: str, statistic: str, value: float | None) -> str:
    if value is None:
        return "—"
    return f"{value:.1%}" if metric in ("pass_rate", "regen_rate") or statistic == "rate" else f"{value:.3f}"


def check_rule(db: Database, rule: dict, feature: str) -> dict | None:
    """The alert fields when the rule's condition holds for `feature`, else None."""
    window = int(rule.get("window_days") or 1)
    docs = list(db[AGG_DAILY].find({"feature": feature}).sort("bucket", DESCENDING).limit(window))
    if len(docs) < window:
        return None
    docs.reverse()
    days = [datetime.fromisoformat(str(d["_id"]).split("|", 1)[0]).date() for d in docs]
    if any((b - a).days != 1 for a, b in zip(days, days[1:])):
        return None
    values = []
    for doc in docs:
        value = bucket_value(doc, rule)
        if value is None or (doc.get("count") or 0) < int(rule.get("min_count") or 1):
            return None
        holds = value < rule["threshold"] if rule["comparison"] == "lt" else value > rule["threshold"]
        if not holds:
            return None
        values.append(value)
    metric, statistic = rule["metric"], rule.get("statistic", "mean")
    label = LABELS.get(metric, metric)
    if statistic == "rate" and metric not in ("pass_rate", "regen_rate"):
        label += " pass rate"
    where = "all features" if feature == ALL else f"feature {feature}"
    span = days[0].isoformat() if window == 1 else f"{days[0].isoformat()} to {days[-1].isoformat()}"
    word = "below" if rule["comparison"] == "lt" else "above"
    message = (f"{label} {_fmt(metric, statistic, values[-1])} {word} "
               f"{_fmt(metric, statistic, rule['threshold'])} ({where}, {span}"
               + (f", {window} days in a row" if window > 1 else "") + ")")
    return {
        "rule_id": rule["_id"], "rule_name": rule.get("name"), "feature": feature,
        "severity": rule.get("severity", "warning"), "channel": rule.get("channel", "qa"), "message": message,
        "metric": metric, "statistic": statistic, "comparison": rule["comparison"], "threshold": rule["threshold"],
        "value": values[-1],
        "evidence": [{"bucket": d["bucket"], "value": v, "count": d.get("count")} for d, v in zip(docs, values)],
        "link": {"feature": feature, "start": docs[0]["bucket"], "end": docs[-1]["bucket"]},
        "last_day": days[-1].isoformat(),
    }


def evaluate(db: Database, now: datetime | None = None) -> dict:
    now = now or datetime.now(timezone.utc)
    store_alerts.ensure_indexes(db)
    rules = [r for r in store_alerts.list_rules(db) if r.get("enabled", True)]
    features = sorted(f for f in db[AGG_DAILY].distinct("feature") if isinstance(f, str) and f != ALL)
    active = store_alerts.active_alerts(db)
    seen: set[tuple[str, str]] = set()
    opened = refreshed = resolved = 0
    for rule in rules:
        targets = features if rule.get("feature") == store_alerts.EACH else [rule.get("feature") or ALL]
        for feature in targets:
            key = (rule["_id"], feature)
            seen.add(key)
            fields = check_rule(db, rule, feature)
            current = active.get(key)
            if fields is not None:
                if current is not None:
                    store_alerts.refresh_alert(db, current["_id"], fields, now=now)
                    refreshed += 1
                else:
                    alert_id = f"{rule['_id']}|{feature}|{fields['last_day']}"
                    opened += store_alerts.open_alert(db, {"_id": alert_id, **fields}, now=now)
            elif current is not None:
                store_alerts.resolve_alert(db, current["_id"], "auto", now=now)
                resolved += 1
    for key, current in active.items():  # rule disabled or deleted, feature gone
        if key not in seen:
            store_alerts.resolve_alert(db, current["_id"], "auto", now=now)
            resolved += 1
    repaired = store_alerts.ensure_notifications(db, now - timedelta(days=1))
    return {"rules": len(rules), "opened": opened, "still_open": refreshed, "resolved": resolved,
            "notifications_repaired": repaired}
