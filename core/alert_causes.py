"""Which features drove an all-features alert, and by how much (pure: no database; moved from jobs/).

For the days an "__all__" rule held, each feature's share of the problem, from
the per-feature daily buckets of the same days:
- pass rate below: its failing records / all failing records;
- regeneration rate above: its regenerated records / all regenerated records;
- a score's mean below (above) the limit: n × how far its mean is below (above)
  the limit, summed over the days — a feature at or above the limit adds nothing;
- a score's pass rate below: its records below that score's threshold.
Shares add up to 1 over the features listed (largest first); features whose
share is under MIN_SHARE are left out of the message, not of the list.
"""
from __future__ import annotations

from datetime import date, datetime

from core import agreement, metrics
from core.evidence import share_of, value_words
from core.features import ALL_FEATURES as ALL

MIN_SHARE = 0.05
RATES = (metrics.PASS_RATE, metrics.REGEN_RATE)


def bucket_value(doc: dict, rule: dict) -> float | None:
    metric = rule["metric"]
    if metric in RATES:
        return doc.get(metric)
    stats = (doc.get("metrics") or {}).get(metric) or {}
    if rule.get("statistic") in agreement.statistic_names():  # an agreement_daily document
        return stats.get(rule["statistic"])
    return stats.get("pass_rate" if rule.get("statistic") == "rate" else "mean")


def _day(doc: dict) -> date:
    return datetime.fromisoformat(str(doc["_id"]).split("|", 1)[0]).date()


def weight(doc: dict, rule: dict) -> float:
    """How much of the rule's problem one feature's day carries."""
    metric, count = rule["metric"], float(doc.get("count") or 0)
    if metric == metrics.PASS_RATE:
        return float(doc.get("failing") or 0)
    if metric == metrics.REGEN_RATE:
        return float(doc.get("regen_rate") or 0.0) * count
    stats = (doc.get("metrics") or {}).get(metric) or {}
    n = float(stats.get("n") or 0)
    if rule.get("statistic") == "rate":
        rate = stats.get("pass_rate")
        return 0.0 if rate is None else n * (1.0 - float(rate))
    mean, limit = stats.get("mean"), rule.get("threshold")
    if mean is None or limit is None:
        return 0.0
    gap = float(limit) - float(mean) if rule["comparison"] == "lt" else float(mean) - float(limit)
    return n * max(0.0, gap)


def drivers(rule: dict, days: list[date], history: dict[str, list[dict]]) -> list[dict]:
    """[{feature, share, value, count}] for the days given, largest share first; [] when nothing weighs."""
    wanted = set(days)
    totals: dict[str, float] = {}
    latest: dict[str, dict] = {}
    for feature, docs in history.items():
        if feature == ALL:
            continue
        for doc in docs:
            if _day(doc) in wanted:
                totals[feature] = totals.get(feature, 0.0) + weight(doc, rule)
                latest[feature] = doc
    total = sum(totals.values())
    if total <= 0:
        return []
    rows = [{"feature": f, "share": w / total, "value": bucket_value(latest[f], rule),
             "count": int(latest[f].get("count") or 0)} for f, w in totals.items() if w > 0]
    return sorted(rows, key=lambda r: (-r["share"], r["feature"]))


def describe_drivers(rows: list[dict], rule: dict | None = None) -> str:
    """"arguments: 38% of the failing records (pass rate 53.6%), clauses: 22% ..." — every percentage
    says what it is a share of."""
    rule = rule or {}
    shown = [r for r in rows if r["share"] >= MIN_SHARE] or rows[:1]
    parts = []
    for i, r in enumerate(shown[:4]):
        own = value_words(rule, r.get("value")) if rule else ""
        unit = f" {share_of(rule)}" if rule and i == 0 else ""
        parts.append(f"{r['feature']}: {r['share']:.0%}{unit}" + (f" ({own})" if own else ""))
    return ", ".join(parts)
