"""Aggregate refresh: daily and weekly buckets per feature and for all features.

Incremental by default: the records ingested since the last watermark (read
through the `ingested_at` index) are added to their days' per-day documents in
`aggregates_daily_values` — their days' other records are not re-read; the
days that the score writer marked dirty (scores changed) are recomputed from
their records. The daily buckets of the touched days and their weeks are then
re-derived from the per-day documents. A full rebuild runs with `--full`, on
the first run, when a threshold change asked for one, or when
`aggregates_daily_values` was built by another version or for another time
zone (or not at all).

Windows: each refresh counts the records with `ingested_at` in [watermark,
cutoff). The cutoff is now, held back only to the oldest batch of records still
being written (an ingest, the demo, an adoption: each batch registers itself
before it is stamped, store.inflight.write_in_flight) — a finished load is always
in the next refresh; `EVALBOARD_AGGREGATE_SETTLE_S` (default 0) adds a margin
for clock skew between hosts. A writer frozen or dead for longer than
`EVALBOARD_INFLIGHT_TIMEOUT_S` stops holding the others back; should its batch land
later, below the watermark, the next refresh recounts the days of its window whole
(store/state.py, `late_batches`). Once a day a sample of two weeks is recounted
(`sampled_check`): drift raises the health alert `health:aggregate_drift`. Each per-day document records what it counts
(`counted_upto`) and moves to the new cutoff in one atomic step, so a crash or
a second refresh at any point never counts a record twice or misses one
(store/aggregate_delta.py, `add_late_records`). The watermark only moves forward.
`fence()` (from the job lock, jobs/runner.py) is checked before each write phase.
"""
from __future__ import annotations

from datetime import date, datetime, timedelta, timezone

from pymongo.database import Database

from settings import get_settings
from store import aggregate_delta as agg_delta
from store import aggregate_rebuild as agg_rebuild
from store.ingest_report import count_ingested_since, ingested_days
from store.inflight import hold_back, late_batches, settle_late_batches
from store.state import (AGGREGATE, advance_watermark, clear_dirty_days, clear_release_days, get_state,
                         mark_dirty_days, mark_release_days, set_state)
from store.thresholds import apply_pending_verdicts, get_thresholds


def _ms(ts: datetime) -> datetime:
    return ts.replace(microsecond=(ts.microsecond // 1000) * 1000)


def _no_fence() -> None:
    return None


def _cutoff(db: Database, wall: datetime, settle_s: float) -> tuple[datetime, dict]:
    """Where this refresh stops counting: now (less the skew margin), or the oldest write still in flight."""
    cutoff = _ms(wall - timedelta(seconds=settle_s))
    # read after the cutoff is taken (see store.state)
    inflight = hold_back(db, wall, timedelta(seconds=get_settings().inflight_timeout_s))
    held: dict = {}
    if inflight["since"] is not None and inflight["since"] < cutoff:
        cutoff = inflight["since"]
    if inflight["batches"] or settle_s:
        n = count_ingested_since(db, cutoff)
        if n:
            why = (f"{inflight['batches']} batch(es) still being written ({', '.join(inflight['what'])})"
                   if inflight["batches"] else f"ingested in the last {settle_s:g} s (EVALBOARD_AGGREGATE_SETTLE_S)")
            held = {"held_back": n, "held_back_why": why}
    return cutoff, held


def _recount_late_batches(db: Database, tz: str) -> tuple[list[dict], dict]:
    """Batches that landed after their in-flight marker expired (their writer was frozen or died):
    their window's days are marked for a whole recount, daily and per release (store.state)."""
    late = late_batches(db)
    days: set[str] = set()
    for batch in late:
        if batch["now"] != batch["seen"]:
            days |= ingested_days(db, batch["at"], batch["wall"], tz)
    if days:
        mark_release_days(db, [date.fromisoformat(d) for d in days])
        mark_dirty_days(db, days)
    return late, ({"late_batches": sum(1 for b in late if b["now"] != b["seen"]), "late_days": len(days)}
                  if days else {})


def refresh(db: Database, full: bool = False, now: datetime | None = None, fence=None) -> dict:
    fence = fence or _no_fence
    settings = get_settings()
    tz = settings.timezone or "UTC"
    wall = datetime.now(timezone.utc)
    now = _ms(now or wall)
    # `ingested_at` is wall-clock time: a run dated in the past (a replay) still counts what has arrived
    cutoff, held = _cutoff(db, max(now, wall), settings.aggregate_settle_s)
    # queued threshold saves first: their records re-flagged, their days marked dirty for this run
    verdicts = apply_pending_verdicts(db, tz, fence)
    late, late_counts = _recount_late_batches(db, tz)
    held = {**held, **late_counts}
    result = _refresh(db, full, now, fence, tz, cutoff, held, verdicts)
    settle_late_batches(db, late)  # only once their days were recounted: a crash before recounts them again
    return {**result, **sampled_check(db, max(now, wall), fence)}


def _refresh(db: Database, full: bool, now: datetime, fence, tz: str, cutoff: datetime, held: dict,
             verdicts: dict) -> dict:
    state = get_state(db, AGGREGATE)
    thresholds = get_thresholds(db)
    watermark = state.get("watermark")
    dirty = [d for d in state.get("dirty_days") or [] if isinstance(d, str)]
    requested = bool(state.get("full_rebuild_requested"))
    values_ok = state.get("daily_values") == {"version": agg_rebuild.DAILY_VALUES_VERSION, "tz": tz}
    if full or requested or watermark is None or not values_ok:
        built = agg_rebuild.rebuild(db, None, thresholds, tz, now, cutoff=cutoff, fence=fence,
                            progress=lambda done, of: set_state(db, AGGREGATE, building={
                                "done": done, "of": of, "at": datetime.now(timezone.utc)}))
        fence()
        agg_delta.fault_point("watermark")
        set_state(db, AGGREGATE, full_rebuild_requested=False, last_full_at=now, building=None,
                  daily_values={"version": agg_rebuild.DAILY_VALUES_VERSION, "tz": tz})
        advance_watermark(db, AGGREGATE, cutoff)
        clear_dirty_days(db, dirty)
        set_state(db, AGGREGATE, release_full_pending=True)  # built by the next refresh (after the alerts)
        reason = ("asked" if full else "thresholds changed" if requested else "first run" if watermark is None
                  else "per-day values missing or outdated")
        return {"mode": "full", "reason": reason, "daily_buckets": built["daily"], "weekly_buckets": built["weekly"],
                **held, **verdicts}
    if watermark.tzinfo is None:
        watermark = watermark.replace(tzinfo=timezone.utc)
    recompute: set[date] = set()
    for text in dirty:
        try:
            recompute.add(date.fromisoformat(text))
        except ValueError:
            pass
    if recompute:  # kept in the state before the dirty days are cleared below (a crash in between)
        mark_release_days(db, recompute)
    if cutoff <= watermark:
        # nothing new can be counted yet (a write in flight since before the watermark), but days
        # whose scores or verdicts changed (a threshold edit) are recomputed up to what is counted
        if not recompute:
            return {"mode": "incremental", "days": 0, "daily_buckets": 0, "weekly_buckets": 0,
                    **_refresh_releases(db, set(), cutoff, now, fence), **held, **verdicts}
        cutoff, added = watermark, []
    else:
        added = agg_delta.add_late_records(db, watermark, cutoff, recompute, thresholds, tz, now, fence)
    built = agg_rebuild.rebuild(db, sorted(recompute), thresholds, tz, now, cutoff=cutoff, fence=fence)
    daily, weekly = agg_rebuild.refresh_buckets(db, sorted(set(added) - recompute), tz, now, fence)
    fence()
    agg_delta.fault_point("watermark")
    advance_watermark(db, AGGREGATE, cutoff)
    clear_dirty_days(db, dirty)
    releases = _refresh_releases(db, recompute, cutoff, now, fence)
    return {"mode": "incremental", "days": len(recompute | set(added)), "recomputed_days": len(recompute),
            "added_days": len(added), "daily_buckets": built["daily"] + len(daily),
            "weekly_buckets": built["weekly"] + len(weekly), **releases, **held, **verdicts}


def _refresh_releases(db: Database, recount: set[date], cutoff: datetime, now: datetime, fence) -> dict:
    """The per-release aggregates (store/release_aggregates.py), kept like the daily ones: the records
    ingested in [release_watermark, cutoff) added as deltas, the days whose scores changed (`recount`,
    kept in the state until done) recounted whole. Every day is rebuilt once after a full rebuild of
    the daily aggregates (in the refresh after it, so a first start's alerts do not wait for it) and when
    they were built by another version or time zone. When the newest values of a dimension change (a
    new release pushes the oldest of the newest RELEASE_CAP into "other"), the leaving value's documents
    are added into "other" and the window comes in as deltas (`_fold_new_top`); when the entering value
    was counted before (or a fold was cut short), the days the two values touch are recounted
    (`_merge_new_top`). Their own watermark only
    moves forward; a failure here is made good by the next refresh."""
    from store import release_aggregates as rel

    if recount:
        mark_release_days(db, recount)
    state = get_state(db, AGGREGATE)
    tz = get_settings().timezone or "UTC"
    pending = {date.fromisoformat(d) for d in state.get("release_days") or [] if isinstance(d, str)}
    mark = state.get("release_watermark")
    top = state.get("release_top")
    built = state.get("release_values") == {"version": rel.VALUES_VERSION, "tz": tz}
    thresholds = get_thresholds(db)
    if state.get("release_full_pending") or not isinstance(mark, datetime) or not built or not isinstance(top, dict):
        return _rebuild_releases(db, pending, cutoff, now, fence, tz, thresholds, catalog=not isinstance(top, dict))
    mark = mark if mark.tzinfo else mark.replace(tzinfo=timezone.utc)
    fence()
    added: list[date] = []
    if cutoff > mark:
        known = rel.catalog_values(db)  # before the window's values enter the catalog
        delta = rel.add_release_records(db, mark, cutoff, pending, top=top, now=now, thresholds=thresholds,
                                        tz=tz, fence=fence)
        if delta["top_changed"]:
            if _entering_are_new(top, delta["top"], known) and not state.get("release_merging"):
                return _fold_new_top(db, top, delta["top"], pending, mark, cutoff, now, fence, tz, thresholds)
            return _merge_new_top(db, top, delta["top"], pending, set(delta["batch_days"]), cutoff, now, fence,
                                  tz, thresholds)
        added = delta["days"]
    else:
        cutoff = mark  # nothing new to count: the recounts go up to what is counted
    if pending:
        done = rel.refresh_release_aggregates(db, pending, now=now, thresholds=thresholds, tz=tz, cutoff=cutoff,
                                              fence=fence, expect_top=top)
        if done["top_changed"]:
            return _merge_new_top(db, top, done["top"], pending, set(), cutoff, now, fence, tz, thresholds)
    fence()
    agg_delta.fault_point(f"{rel.POINT}watermark")
    advance_watermark(db, AGGREGATE, cutoff, field="release_watermark")
    clear_release_days(db, pending)
    if get_state(db, AGGREGATE).get("release_top") != top:  # another run rebuilt with new values meanwhile
        set_state(db, AGGREGATE, release_full_pending=True)
    if not added and not pending:
        return {}
    return {"release_days": len(set(added) | pending)}


def _merge_new_top(db: Database, old_top: dict, new_top: dict, pending: set[date], batch_days: set[date],
                   cutoff: datetime, now: datetime, fence, tz: str, thresholds: dict) -> dict:
    """A new value among the newest (a new release): only the days it changes are recounted — the days of
    the value leaving into "other", the span of the one entering, this window's and the pending days —
    up to `cutoff`; every other day's documents are the same under the new values. Falls back to a
    rebuild when the newest values move again meanwhile."""
    from store import release_aggregates as rel

    days = rel.days_a_new_top_touches(db, old_top, new_top, tz) | batch_days | pending
    fence()
    done = rel.refresh_release_aggregates(db, days, now=now, thresholds=thresholds, tz=tz, cutoff=cutoff,
                                          fence=fence, expect_top=new_top)
    if done["top_changed"]:
        return _rebuild_releases(db, pending, cutoff, now, fence, tz, thresholds)
    fence()
    agg_delta.fault_point(f"{rel.POINT}watermark")
    set_state(db, AGGREGATE, release_top=new_top, release_merging=None)
    advance_watermark(db, AGGREGATE, cutoff, field="release_watermark")
    clear_release_days(db, pending)
    return {"release_days": len(days), "release_mode": "merged"}


def _entering_are_new(old_top: dict, new_top: dict, known: dict[str, set[str]]) -> bool:
    """Every value entering the newest is new to the catalog (a release's first records, all in this window):
    none of its records is counted anywhere yet, so the documents of the other days change only by the
    leaving value moving into "other"."""
    return all(value not in known.get(dim, set())
               for dim in new_top for value in set(new_top.get(dim, ())) - set(old_top.get(dim, ())))


def _fold_new_top(db: Database, old_top: dict, new_top: dict, pending: set[date], mark: datetime,
                  cutoff: datetime, now: datetime, fence, tz: str, thresholds: dict) -> dict:
    """A new value among the newest whose records are all in this window [mark, cutoff) (a new release): the
    leaving value's documents are added into "other" (store.release_aggregates.fold_leaving: no record is
    read), then the window's records are added as deltas under the new values, as any tick does — no day is
    recounted (issue 29: a new release at 200k records). `release_merging` is kept in the state until the
    new values are: a run that finds it (a crash mid-fold) recounts the days instead (`_merge_new_top`)."""
    from store import release_aggregates as rel

    fence()
    set_state(db, AGGREGATE, release_merging={"from": old_top, "to": new_top, "at": now})
    folded = rel.fold_leaving(db, old_top, new_top, mark, pending, now, fence)
    if folded["recount"]:  # kept in the state before the new values are (a crash in between)
        mark_release_days(db, folded["recount"])
    fence()
    agg_delta.fault_point(f"{rel.POINT}fold top")
    set_state(db, AGGREGATE, release_top=new_top, release_merging=None)
    pending = pending | folded["recount"]
    delta = rel.add_release_records(db, mark, cutoff, pending, top=new_top, now=now, thresholds=thresholds, tz=tz,
                                    fence=fence)
    if delta["top_changed"]:  # the newest values moved again meanwhile
        return _rebuild_releases(db, pending, cutoff, now, fence, tz, thresholds)
    if pending:
        done = rel.refresh_release_aggregates(db, pending, now=now, thresholds=thresholds, tz=tz, cutoff=cutoff,
                                              fence=fence, expect_top=new_top)
        if done["top_changed"]:
            return _rebuild_releases(db, pending, cutoff, now, fence, tz, thresholds)
    fence()
    agg_delta.fault_point(f"{rel.POINT}watermark")
    advance_watermark(db, AGGREGATE, cutoff, field="release_watermark")
    clear_release_days(db, pending)
    return {"release_days": len(set(folded["days"]) | set(delta["days"]) | pending), "release_mode": "folded",
            "release_folded": folded["folded"]}


def _rebuild_releases(db: Database, pending: set[date], cutoff: datetime, now: datetime, fence, tz: str,
                      thresholds: dict, catalog: bool = False) -> dict:
    """Every day's release documents recounted (`catalog`: the catalog read from every record first;
    otherwise the deltas and recounts have kept it complete)."""
    from store import release_aggregates as rel

    fence()
    done = rel.refresh_release_aggregates(db, None, now=now, thresholds=thresholds, tz=tz, cutoff=cutoff,
                                          fence=fence, catalog=catalog)
    fence()
    agg_delta.fault_point(f"{rel.POINT}watermark")
    set_state(db, AGGREGATE, release_top=done["top"], release_values={"version": rel.VALUES_VERSION, "tz": tz},
              release_merging=None)
    advance_watermark(db, AGGREGATE, cutoff, field="release_watermark")
    clear_release_days(db, pending, full=True)
    return {"release_days": done.get("days", 0), "release_mode": "full"}


def verify_aggregates(db: Database, *, repair: bool = False, now: datetime | None = None, fence=None,
                      weeks: list[date] | None = None, **_ignored) -> dict:
    """`python -m jobs verify-aggregates [--repair]`: the daily, weekly and release aggregates against a
    recount of their records (store/verify_aggregates.py); run under the aggregate job's lock."""
    from store.verify_aggregates import verify as verify_all

    result = verify_all(db, get_thresholds(db), get_settings().timezone or "UTC", get_state(db, AGGREGATE),
                        repair=repair, now=now, fence=fence or _no_fence, weeks=weeks)
    keep = ("checked", "drifted", "repaired", "pending", "kinds", "note")
    return {k: v for k, v in result.items() if k in keep} | {"examples": result.get("examples") or []}


# --- the daily sampled recount (a health alert on drift) -------------------------------------------
SAMPLE_STATE = "verify_sample"
SAMPLE_EVERY = timedelta(days=1)
SAMPLE_WEEKS = 2  # the newest week and one other, at random: a few seconds at 200k records


def sampled_check(db: Database, now: datetime, fence=None) -> dict:
    """Once a day (from the aggregate job, under its lock): recount a sample of weeks; drift opens the
    health alert `core.label_rule.AGGREGATE_DRIFT_ID` (a clean sample resolves it). The first check is a day
    after the first refresh."""
    from core.label_rule import AGGREGATE_DRIFT_ID
    from core.rule_docs import Alert
    from core.features import ALL_FEATURES
    from store import alerts as store_alerts
    from store.verify_aggregates import sample_weeks

    last = get_state(db, SAMPLE_STATE).get("at")
    last = last.replace(tzinfo=timezone.utc) if isinstance(last, datetime) and last.tzinfo is None else last
    if not isinstance(last, datetime) or now - last < SAMPLE_EVERY:
        if not isinstance(last, datetime):
            set_state(db, SAMPLE_STATE, at=now)
        return {}
    tz = get_settings().timezone or "UTC"
    weeks = sample_weeks(db, tz, SAMPLE_WEEKS)
    from store.verify_aggregates import verify as verify_all
    result = verify_all(db, get_thresholds(db), tz, get_state(db, AGGREGATE), now=now, fence=fence or _no_fence,
                        weeks=weeks, record=False)
    set_state(db, SAMPLE_STATE, at=now, weeks=[w.isoformat() for w in weeks], drifted=result["drifted"],
              pending=result["pending"], kinds=result["kinds"])
    active = [a for (rid, _f), a in store_alerts.active_alerts(db).items() if rid == AGGREGATE_DRIFT_ID]
    if result["drifted"] and not active:
        per_kind = ", ".join(f"{k} {v['drifted']}" for k, v in result["kinds"].items() if v["drifted"])
        store_alerts.open_alert(db, Alert(
            _id=f"{AGGREGATE_DRIFT_ID}|{now.date().isoformat()}", rule_id=AGGREGATE_DRIFT_ID, feature=ALL_FEATURES,
            rule_name="Aggregates drifted from their records", severity="warning", channel="qa",
            message=(f"The daily sampled recount found {result['drifted']} aggregate document(s) that differ from "
                     f"their records ({per_kind}); run `python -m jobs verify-aggregates --repair`"),
            value=float(result["drifted"]), first_day=now.date().isoformat(), last_day=now.date().isoformat()),
            now=now)
    elif not result["drifted"]:
        for alert in active:
            store_alerts.resolve_alert(db, alert["_id"], "auto", now=now)
    return {"sampled_weeks": len(weeks), "sample_drifted": result["drifted"]}
