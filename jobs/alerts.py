"""Alert evaluation: the rules in `alert_rules` against `aggregates_daily`.

This module loads, evaluates and stores: what a rule means (its condition, limit and words) is
core/rules.py (`rules.condition(rule).check(series)`).

Runs after each aggregate refresh. Only complete days are judged: today's bucket
is still filling up (core.timebuckets.is_partial), so the newest day judged is
the latest complete one. For each enabled rule and feature (the rule's feature,
"__all__", or every feature when the rule says "*"), the recent complete daily
buckets are judged by core.evidence: the `window_days` most recent consecutive days
each with at least `min_count` records and each value beyond the limit (against the
rule's threshold, or with `own_threshold` the feature's own, core.verdict.limits_for);
a feature too small for that is judged on pooled days, or for a rate by a Wilson
test on its counts, and the alert says which (`evidence_mode`). While it holds there is
exactly one active alert per (rule, feature) (its numbers refreshed each run);
when it clears, the alert is resolved automatically ("auto", with the time).
Rules that were disabled or deleted resolve their alerts the same way. State
changes enqueue notifications. An all-features alert names the features that
drove it and their share (the rule kind's `drivers`, core/rules.py, from the per-feature buckets of
the same days), each share said as a share of what. A channel configured later is
told only of the alerts open now (not acknowledged, snoozed or resolved), once
(store.alerts.ensure_notifications). `opened_at` is when the alert was raised; the days the data
shows the condition on are its `evidence` / `first_day` / `last_day`. Judge
agreement rules (statistic from core.agreement) read `agreement_daily` instead.
"""
from __future__ import annotations

from datetime import date, datetime, timedelta, timezone

from pymongo.database import Database

from core import rules
from core.budget_rule import JUDGE_BUDGET_ID
from core.label_rule import AGGREGATE_DRIFT_ID, LABEL_RULE_ID
from core.release_rule import RELEASE_RULE_ID
from core.rule_docs import Alert, Rule
from core.evidence import bucket_day as _day
from core.features import ALL_FEATURES as ALL
from core.features import EACH_FEATURE as EACH
from core.timebuckets import DAY, bucket_start, is_partial, local_day, today
from store import agreement as store_agreement
from store import aggregates as agg
from store import alerts as store_alerts
from store import judge_noise as store_judge_noise
from store.state import get_state, set_state
from store.thresholds import get_thresholds

STATE_KEY = "alerts"
REPLAY_MAX_DAYS = 120  # how far back a first run looks for past incidents
MAX_WINDOW = 30        # the longest `window_days` a rule may have


def latest_complete_day(db: Database, now: datetime) -> date | None:
    """The newest day with aggregates that is over (today's partial day is never judged)."""
    newest = agg.newest_daily_bucket(db)
    if newest is None:
        return None
    day = min(local_day(newest), today(now=now))
    return day - timedelta(days=1) if is_partial(day, now=now) else day


def _history(db: Database, since: date | None, latest: date, source=agg) -> dict[str, list[dict]]:
    """Complete daily documents per feature from `window` days before `since` up to `latest`, oldest first
    (`source`: the aggregates, or store.agreement for the judge-agreement rules)."""
    first = (since or latest - timedelta(days=REPLAY_MAX_DAYS)) - timedelta(days=MAX_WINDOW)
    history = source.daily_history(db, bucket_start(first, DAY))
    return {f: [d for d in docs if _day(d) <= latest] for f, docs in history.items()}


def _upto(history: dict[str, list[dict]], day: date) -> dict[str, list[dict]]:
    return {f: [d for d in docs if _day(d) <= day] for f, docs in history.items()}


def evaluate(db: Database, now: datetime | None = None) -> dict:
    """Judge the rules on every complete day since the last run, then on the latest complete day.

    Days before the latest one are replayed quietly: on a first run (or after a
    gap) the incidents in the history become alerts (raised now, their evidence
    on their days) that resolve when the data shows the condition cleared,
    without notifications for long-past changes; only the state on the latest
    complete day notifies (an alert still open from the replay notifies then)."""
    now = now or datetime.now(timezone.utc)
    counts = {"opened": 0, "still_open": 0, "resolved": 0, "reopened": 0, "replayed_days": 0}
    # typed rules, each with its condition built once (core/rules.py), judged on every replayed day
    enabled = [(r, r.condition()) for r in store_alerts.get_rules(db) if r.enabled]
    thresholds = get_thresholds(db)
    latest = latest_complete_day(db, now)
    if latest is not None:
        since_text = get_state(db, STATE_KEY).get("through")
        since = date.fromisoformat(since_text) if isinstance(since_text, str) else None
        history = _history(db, since, latest)
        agreement_history = _history(db, since, latest, store_agreement)
        days = sorted({_day(d) for docs in history.values() for d in docs
                       if (since is None or _day(d) >= since) and _day(d) < latest
                       and (latest - _day(d)).days <= REPLAY_MAX_DAYS})
        for day in days:
            _judge(db, enabled, _upto(history, day), thresholds, now, counts, replay=True, day=day,
                   agreement_history=_upto(agreement_history, day))
            counts["replayed_days"] += 1
        _judge(db, enabled, history, thresholds, now, counts, replay=False, day=latest,
               agreement_history=agreement_history)
        set_state(db, STATE_KEY, through=latest.isoformat(), at=now)
    else:
        _judge(db, enabled, {}, thresholds, now, counts, replay=False, day=None)
    from jobs.label_alerts import evaluate_label_accuracy  # issue 20: judge accuracy on human labels
    counts.update({f"labels_{k}": v for k, v in evaluate_label_accuracy(db, now).items()})
    from jobs.release_alerts import evaluate_releases  # issue 21: a release worse than the one before
    counts.update({f"releases_{k}": v for k, v in evaluate_releases(db, now=now).items() if isinstance(v, int)})
    from jobs.budget_alerts import resolve_past_days  # issue 33: a budget alert lasts its day
    counts["budget_resolved"] = resolve_past_days(db, today(now=now), now)
    repaired = store_alerts.ensure_notifications(db, now - timedelta(days=1), now=now)
    return {"rules": len(enabled), **counts, "notifications_repaired": repaired,
            "judged_through": latest.isoformat() if latest else None}


def _judge(db: Database, enabled: list[tuple[Rule, rules.Condition]], history: dict[str, list[dict]],
           thresholds: dict, now: datetime,
           counts: dict, *, replay: bool, day: date | None,
           agreement_history: dict[str, list[dict]] | None = None) -> None:
    """One pass of every rule over every target feature, as of one complete day (agreement rules
    read `agreement_history`, the others `history`)."""
    features = sorted(f for f in history if f != ALL)
    active = store_alerts.active_alerts(db)
    noise = store_judge_noise.metric_figures(db)  # the judge's noise floor widens the rules (issue 33)
    seen: set[tuple[str, str]] = set()
    for rule, condition in enabled:
        targets = features if rule.feature == EACH else [rule.feature or ALL]
        for feature in targets:
            key = (rule.id, feature)
            seen.add(key)
            source = (agreement_history or {}) if rules.is_agreement_statistic(rule.statistic) else history
            finding = condition.check(rules.DailySeries(feature, source, thresholds, noise))
            fields = None if finding is None else finding.fields
            current = active.get(key)
            quiet = replay or bool(current and current.get("replayed"))
            if fields is not None:
                if current is not None:
                    # the link covers the whole incident: from the day it opened to the latest day
                    opened_from = (current.get("link") or {}).get("start")
                    if isinstance(opened_from, datetime) and opened_from < fields["link"]["start"]:
                        fields = {**fields, "link": {**fields["link"], "start": opened_from},
                                  "first_day": current.get("first_day") or fields["first_day"]}
                    if not replay and current.get("replayed"):  # still open on the latest day: tell people now
                        fields = {**fields, "replayed": False}
                        if current.get("state") == "open":  # unless someone already handled it
                            store_alerts.notify_opened(db, {**current, **fields}, now=now)
                    store_alerts.refresh_alert(db, current["_id"], fields, now=now)
                    snooze = current.get("snoozed_until")
                    if not replay and current.get("state") == "acknowledged" and isinstance(snooze, datetime):
                        snooze = snooze if snooze.tzinfo else snooze.replace(tzinfo=timezone.utc)
                        if snooze <= now:
                            counts["reopened"] += store_alerts.reopen_snoozed(db, current, now=now)
                    counts["still_open"] += not replay
                else:
                    alert = Alert(_id=f"{rule.id}|{feature}|{fields['last_day']}", **fields,
                                        replayed=replay)
                    counts["opened"] += store_alerts.open_alert(db, alert, now=now, notify=not replay)
            elif current is not None:
                store_alerts.resolve_alert(db, current["_id"], "auto", now=now, notify=not quiet,
                                           extra={"cleared_day": day.isoformat() if day else None})
                counts["resolved"] += 1
    if replay:
        return
    for key, current in active.items():  # rule disabled or deleted, feature gone
        # labels: jobs/label_alerts.py, release: jobs/release_alerts.py, drift: jobs/aggregate.py judge their own
        if key not in seen and key[0] not in (LABEL_RULE_ID, RELEASE_RULE_ID, AGGREGATE_DRIFT_ID, JUDGE_BUDGET_ID):
            store_alerts.resolve_alert(db, current["_id"], "auto", now=now, notify=not current.get("replayed"))
            counts["resolved"] += 1
