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

from datetime import date, datetime, timedelta, timezone

from pymongo.database import Database

from core import agreement, metrics
from core.features import ALL_FEATURES as ALL
from store import aggregates as agg
from store import agreement as store_agreement
from store import alerts as store_alerts
from store.state import get_state, set_state

STATE_KEY = "alerts"
REPLAY_MAX_DAYS = 120  # how far back a first run looks for past incidents
MAX_WINDOW = 30        # the longest `window_days` a rule may have

RATES = (metrics.PASS_RATE, metrics.REGEN_RATE)


def bucket_value(doc: dict, rule: dict) -> float | None:
    metric = rule["metric"]
    if metric in RATES:
        return doc.get(metric)
    stats = (doc.get("metrics") or {}).get(metric) or {}
    if store_alerts.is_agreement_statistic(rule.get("statistic")):  # an agreement_daily document
        return stats.get(rule["statistic"])
    return stats.get("pass_rate" if rule.get("statistic") == "rate" else "mean")


def _fmt(metric: str, statistic: str, value: float | None) -> str:
    if value is None:
        return "—"
    if store_alerts.is_agreement_statistic(statistic):  # changes are signed; flip rates are shares
        change = statistic.endswith(agreement.CHANGE_SUFFIX)
        stat = agreement.base_statistic(statistic)
        if stat and stat.percent:
            return f"{value:+.1%}" if change else f"{value:.1%}"
        return f"{value:+.3f}" if change else f"{value:.3f}"
    return f"{value:.1%}" if metric in RATES or statistic == "rate" else f"{value:.3f}"


def check_rule(db: Database, rule: dict, feature: str, history: list[dict] | None = None) -> dict | None:
    """The alert fields when the rule's condition holds for `feature`, else None.

    `history`: that feature's daily buckets up to the day being judged, oldest
    first (read from the database when None: the latest days)."""
    window = int(rule.get("window_days") or 1)
    if history is None:
        source = store_agreement if store_alerts.is_agreement_statistic(rule.get("statistic")) else agg
        docs = source.latest_daily(db, feature, window)
    else:
        docs = history[-window:]
    if len(docs) < window:
        return None
    days = [_day(d) for d in docs]
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
    label = metrics.label(metric)
    if statistic == "rate" and metric not in RATES:
        label += " pass rate"
    elif store_alerts.is_agreement_statistic(statistic):
        label += " judge agreement: " + agreement.label(statistic).lower()
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


def _day(doc: dict) -> date:
    return datetime.fromisoformat(str(doc["_id"]).split("|", 1)[0]).date()


def _replay_history(db: Database, since: date | None, latest: date) -> dict[str, list[dict]]:
    """Daily buckets per feature from `window` days before `since` up to `latest`, oldest first."""
    first = (since or latest - timedelta(days=REPLAY_MAX_DAYS)) - timedelta(days=MAX_WINDOW)
    return agg.daily_history(db, datetime.combine(first, datetime.min.time(), timezone.utc) - timedelta(days=1))


def evaluate(db: Database, now: datetime | None = None) -> dict:
    """Judge the rules on every day since the last run, then on the latest day.

    Days before the latest one are replayed quietly: on a first run (or after a
    gap) the incidents in the history become alerts that opened and resolved on
    their days, without notifications for long-past changes; only the state on
    the latest day notifies (an alert still open from the replay notifies then)."""
    now = now or datetime.now(timezone.utc)
    newest = agg.newest_daily_bucket(db)
    latest_doc = None if newest is None else {"_id": agg.local_day(newest).isoformat() + "|"}
    counts = {"opened": 0, "still_open": 0, "resolved": 0, "replayed_days": 0}
    rules = [r for r in store_alerts.list_rules(db) if r.get("enabled", True)]
    if latest_doc is not None:
        latest = _day(latest_doc)
        since_text = get_state(db, STATE_KEY).get("through")
        since = date.fromisoformat(since_text) if isinstance(since_text, str) else None
        history = _replay_history(db, since, latest)
        agreement_history = store_agreement.daily_history(db, min((d[0]["bucket"] for d in history.values() if d),
                                                                  default=datetime.now(timezone.utc)))
        days = sorted({_day(d) for docs in history.values() for d in docs
                       if (since is None or _day(d) >= since) and _day(d) < latest
                       and (latest - _day(d)).days <= REPLAY_MAX_DAYS})
        for day in days:
            upto = {f: [d for d in docs if _day(d) <= day] for f, docs in history.items()}
            upto_agreement = {f: [d for d in docs if _day(d) <= day] for f, docs in agreement_history.items()}
            at = datetime.combine(day + timedelta(days=1), datetime.min.time(), timezone.utc)
            _judge(db, rules, upto, min(at, now), counts, replay=True, agreement_history=upto_agreement)
            counts["replayed_days"] += 1
        _judge(db, rules, None, now, counts, replay=False)
        set_state(db, STATE_KEY, through=latest.isoformat(), at=now)
    else:
        _judge(db, rules, None, now, counts, replay=False)
    repaired = store_alerts.ensure_notifications(db, now - timedelta(days=1))
    return {"rules": len(rules), **counts, "notifications_repaired": repaired}


def _judge(db: Database, rules: list[dict], history: dict[str, list[dict]] | None, now: datetime,
           counts: dict, *, replay: bool, agreement_history: dict[str, list[dict]] | None = None) -> None:
    """One pass of every rule over every target feature, as of one day (agreement rules read
    `agreement_history`, the others `history`)."""
    if history is None:
        features = [f for f in agg.list_features(db) if f != ALL]
    else:
        features = sorted(f for f in history if f != ALL)
    active = store_alerts.active_alerts(db)
    seen: set[tuple[str, str]] = set()
    for rule in rules:
        targets = features if rule.get("feature") == store_alerts.EACH else [rule.get("feature") or ALL]
        for feature in targets:
            key = (rule["_id"], feature)
            seen.add(key)
            source = agreement_history if store_alerts.is_agreement_statistic(rule.get("statistic")) else history
            fields = check_rule(db, rule, feature, None if history is None else (source or {}).get(feature, []))
            current = active.get(key)
            quiet = replay or bool(current and current.get("replayed"))
            if fields is not None:
                if current is not None:
                    # the link covers the whole incident: from the day it opened to the latest day
                    opened_from = (current.get("link") or {}).get("start")
                    if isinstance(opened_from, datetime) and opened_from < fields["link"]["start"]:
                        fields = {**fields, "link": {**fields["link"], "start": opened_from}}
                    if not replay and current.get("replayed"):  # still open on the latest day: tell people now
                        fields = {**fields, "replayed": False}
                        store_alerts.notify_opened(db, {**current, **fields}, now=now)
                    store_alerts.refresh_alert(db, current["_id"], fields, now=now)
                    counts["still_open"] += not replay
                else:
                    alert_id = f"{rule['_id']}|{feature}|{fields['last_day']}"
                    counts["opened"] += store_alerts.open_alert(db, {"_id": alert_id, **fields, "replayed": replay},
                                                                now=now, notify=not replay)
            elif current is not None:
                store_alerts.resolve_alert(db, current["_id"], "auto", now=now, notify=not quiet)
                counts["resolved"] += 1
    if replay:
        return
    for key, current in active.items():  # rule disabled or deleted, feature gone
        if key not in seen:
            store_alerts.resolve_alert(db, current["_id"], "auto", now=now, notify=not current.get("replayed"))
            counts["resolved"] += 1
