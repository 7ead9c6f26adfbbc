"""Which features drove an all-features alert, and by how much (pure: no database).

For the days an "__all__" rule held, each feature's share of the problem, from the per-feature daily
documents of the same days read as evidence days by the rule's own kind (core/rules.py: `Threshold.days`
reads the value, `Threshold.weight` says how much of the problem one day carries — its failing records
for a pass rate, n × how far a mean is beyond the limit, ...). Shares add up to 1 over the features
listed (largest first); features whose share is under MIN_SHARE are left out of the message, not of
the list.
"""
from __future__ import annotations

from datetime import date
from typing import Callable, Iterable, Mapping, Sequence

from core.evidence import Day

MIN_SHARE = 0.05


def drivers(by_feature: Mapping[str, Sequence[Day]], days: Iterable[date], weigh: Callable[[Day], float]
            ) -> list[dict]:
    """[{feature, share, value, count}] for the days given, largest share first; [] when nothing weighs.
    `by_feature`: each feature's evidence days (oldest first); value and count are its latest day's."""
    wanted = set(days)
    totals: dict[str, float] = {}
    latest: dict[str, Day] = {}
    for feature, feature_days in by_feature.items():
        for day in feature_days:
            if day.day in wanted:
                totals[feature] = totals.get(feature, 0.0) + weigh(day)
                latest[feature] = day
    total = sum(totals.values())
    if total <= 0:
        return []
    rows = [{"feature": f, "share": w / total, "value": latest[f].value, "count": int(latest[f].n)}
            for f, w in totals.items() if w > 0]
    return sorted(rows, key=lambda r: (-r["share"], r["feature"]))


def describe_drivers(rows: list[dict], share_of: str = "", words: Callable[[float | None], str] | None = None
                     ) -> str:
    """"arguments: 38% of the failing records (pass rate 53.6%), clauses: 22% ..." — every percentage
    says what it is a share of (`share_of`, said once) and `words` names a feature's own value."""
    shown = [r for r in rows if r["share"] >= MIN_SHARE] or rows[:1]
    parts = []
    for i, r in enumerate(shown[:4]):
        own = words(r.get("value")) if words and r.get("value") is not None else ""
        unit = f" {share_of}" if share_of and i == 0 else ""
        parts.append(f"{r['feature']}: {r['share']:.0%}{unit}" + (f" ({own})" if own else ""))
    return ", ".join(parts)
