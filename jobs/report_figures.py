"""The weekly report's figures, gathered from the store for one week: the trends (week over week,
flagged beyond normal variation), the lowest-scoring queries, the failing metrics per feature, the
failing queries grouped by similarity, the diagnosis, the pass rate per week (the chart), the week's
incidents (the alerts the Alerts page shows) and the pass-rate rule's floor.

Its own module because reading and counting is one concern; jobs/report.py assembles these into the
report, jobs/report_advice.py ranks what to do, jobs/report_render.py words them.
"""
from __future__ import annotations

import statistics
from datetime import date, datetime, timedelta

from pymongo.database import Database

from core import diagnosis as dx
from core import metrics
from core.features import ALL_FEATURES as ALL
from core.features import UNKNOWN_FEATURE
from core.timebuckets import WEEK, bucket_range, local_day
from jobs.report_text import RATES
from store import analytics


def trend_keys() -> tuple[str, ...]:
    return (*metrics.score_names(), *RATES)


HISTORY_WEEKS = 8
CLUSTER_SIMILARITY = 0.6
MAX_FAILING_FOR_CLUSTERS = 400


def _value(doc: dict | None, key: str):
    if not doc:
        return None
    if key in RATES:
        return doc.get(key)
    return ((doc.get("metrics") or {}).get(key) or {}).get("mean")


def trends(db: Database, week: date, tz: str) -> list[dict]:
    start = bucket_range(week - timedelta(weeks=HISTORY_WEEKS), WEEK, tz)[0]
    end = bucket_range(week, WEEK, tz)[0]
    docs = analytics.weekly_buckets(db, start, end)
    by_feature: dict[str, list[dict]] = {}
    for d in docs:
        by_feature.setdefault(d["feature"], []).append(d)
    rows = []
    for feature, series in sorted(by_feature.items(), key=lambda kv: (kv[0] != ALL, kv[0])):
        if series[-1]["bucket"] != end:
            continue  # no data for this feature this week
        this, previous = series[-1], (series[-2] if len(series) > 1 else None)
        for key in trend_keys():
            now_v, prev_v = _value(this, key), _value(previous, key)
            change = None if now_v is None or prev_v is None else now_v - prev_v
            values = [_value(d, key) for d in series[:-1]]
            diffs = [b - a for a, b in zip(values, values[1:]) if a is not None and b is not None]
            if change is None:
                flagged, limit = False, None
            elif len(diffs) >= 3:
                limit = max(0.02, 2 * statistics.pstdev(diffs))
                flagged = abs(change) > limit
            else:
                limit = 0.05
                flagged = abs(change) >= limit
            rows.append({"feature": feature, "metric": key, "value": now_v, "previous": prev_v, "change": change,
                         "limit": limit, "flagged": flagged, "count": this.get("count")})
    return rows


def lowest_queries(db: Database, lo: datetime, hi: datetime, limit: int = 10) -> list[dict]:
    return analytics.lowest_records(db, lo, hi, limit)


def failing_metrics(db: Database, lo: datetime, hi: datetime) -> dict[str, dict]:
    out = analytics.failing_metric_counts(db, lo, hi)
    for entry in out.values():
        entry["top"] = max(entry["counts"].items(), key=lambda kv: (kv[1], kv[0]))[0] if entry["counts"] else None
    return out


def cluster_failures(db: Database, lo: datetime, hi: datetime) -> dict:
    docs = analytics.failing_queries(db, lo, hi, MAX_FAILING_FOR_CLUSTERS)
    if not docs:
        return {"method": "none", "groups": [], "considered": 0}
    texts = [str(d.get("query") or "") for d in docs]
    try:
        from evaluators.embeddings import encode

        vectors = encode(texts)
        method = "embedding"
    except Exception as exc:  # noqa: BLE001 - without the model, identical queries still group
        vectors, method = None, f"exact text (embedding model unavailable: {exc.__class__.__name__})"
    groups: list[list[int]] = []
    leaders: list[int] = []
    for i in range(len(docs)):
        best, best_sim = None, -1.0
        for g, leader in enumerate(leaders):
            if vectors is not None:
                sim = float(vectors[i] @ vectors[leader])
            else:
                sim = 1.0 if texts[i].strip().lower() == texts[leader].strip().lower() else 0.0
            if sim > best_sim:
                best, best_sim = g, sim
        if best is not None and best_sim >= CLUSTER_SIMILARITY:
            groups[best].append(i)
        else:
            leaders.append(i)
            groups.append([i])
    out = []
    for members in groups:
        if vectors is not None and len(members) > 2:
            sub = vectors[members]
            centre = sub.mean(axis=0)
            rep = members[int((sub @ centre).argmax())]
        else:
            rep = members[0]
        metric_counts: dict[str, int] = {}
        for i in members:
            for m in docs[i]["eb"].get("failed_metrics") or []:
                metric_counts[m] = metric_counts.get(m, 0) + 1
        out.append({"count": len(members), "example": texts[rep], "example_id": docs[rep]["_id"],
                    "features": sorted({docs[i].get("feature") or UNKNOWN_FEATURE for i in members}),
                    "top_metric": max(metric_counts.items(), key=lambda kv: kv[1])[0] if metric_counts else None})
    out.sort(key=lambda g: -g["count"])
    return {"method": method, "groups": out[:8], "considered": len(docs), "group_count": len(out)}


def diagnosis(db: Database, week: date, tz: str) -> dict[str, dict]:
    """Per feature (and all features): the week's quadrant counts and core.diagnosis's verdict."""
    start = bucket_range(week, WEEK, tz)[0]
    out: dict[str, dict] = {}
    for doc in analytics.weekly_buckets(db, start, start):
        d = dx.diagnose(doc.get("quadrants") or {})
        out[doc["feature"]] = {**d.counts, "total": d.total, "verdict": d.verdict, "label": d.label,
                               "problem_share": d.problem_share}
    return out


def weekly_series(db: Database, week: date, tz: str, weeks: int = HISTORY_WEEKS) -> dict:
    """Pass rate per feature over the last `weeks` weeks and this one (the report's chart)."""
    first = bucket_range(week - timedelta(weeks=weeks), WEEK, tz)[0]
    end = bucket_range(week, WEEK, tz)[0]
    docs = analytics.weekly_buckets(db, first, end)
    labels = sorted({local_day(d["bucket"], tz).isoformat() for d in docs})
    series: dict[str, list] = {}
    for d in docs:
        name = "all features" if d["feature"] == ALL else str(d["feature"])
        series.setdefault(name, [None] * len(labels))[labels.index(local_day(d["bucket"], tz).isoformat())] = \
            d.get("pass_rate")
    return {"weeks": labels, "pass_rate": series}


def pass_rate_floor(db: Database) -> float | None:
    """The all-features pass-rate rule's limit: the headline never says healthy under it (issue 34)."""
    from core.rules import chart_threshold
    from store.alerts import get_rules
    return chart_threshold(get_rules(db), "pass_rate", ALL)


def week_incidents(db: Database, week: date) -> list[dict]:
    """The week's incidents, from the same alerts the Alerts page shows: per feature, the alerts whose
    days in the data overlap the week, open (or acknowledged) ones first, then critical, then by name."""
    groups: dict[str, dict] = {}
    for alert in list_alerts_between(db, week.isoformat(), (week + timedelta(days=6)).isoformat()):
        feature = alert.get("feature") or ALL
        g = groups.setdefault(feature, {"feature": feature, "rules": [], "first_day": alert.get("first_day"),
                                        "last_day": alert.get("last_day"), "open": False, "critical": False,
                                        "cleared_day": None})
        name = str(alert.get("rule_name") or alert.get("rule_id") or "alert")
        if name not in g["rules"]:
            g["rules"].append(name)
        g["first_day"] = min(g["first_day"] or "9999", alert.get("first_day") or "9999")
        g["last_day"] = max(g["last_day"] or "", alert.get("last_day") or "")
        g["open"] |= alert.get("state") in ("open", "acknowledged")
        g["critical"] |= alert.get("severity") == "critical"
        if alert.get("state") == "resolved" and alert.get("cleared_day"):
            g["cleared_day"] = max(g["cleared_day"] or "", str(alert["cleared_day"]))
    return sorted(groups.values(), key=lambda g: (not g["open"], not g["critical"], g["feature"] == ALL,
                                                  g["feature"]))


def list_alerts_between(db: Database, first: str, last: str) -> list[dict]:
    from store.alerts import alerts_between
    return alerts_between(db, first, last)
