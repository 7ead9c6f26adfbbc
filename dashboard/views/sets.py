"""Golden sets: the team's regression cases, versioned and frozen, and the runs of candidates on them (issue 30).

A set is a named list of frozen copies of production records (store/sets.py); every change is a new
version (`clauses-golden@3`) and a version never changes. The page lists the sets, a set's versions
(what each change added or removed, by whom), the items of a version with their provenance (the record
they were copied from opens in Triage), counts per feature; it exports a version as JSONL (the input of
`python -m evaluators score`) and imports JSONL, adds a finished queue's settled labels or an alert's
failing records, and runs a candidate (an uploaded JSONL of answers) with the local scorer: the run is
stored, its pass rates and means carry 95 % intervals, and two runs open side by side in Compare
(`/compare?by=run&a=..&b=..`). Links: `/sets?set=NAME[@V]&run=RUN_ID`.
"""
from __future__ import annotations

import json
from collections import Counter
from datetime import datetime, timezone

import pandas as pd
import streamlit as st
from pydantic import BaseModel

from core import metrics, set_runs
from core.set_docs import GoldenSet, Rate, SetItem, SetRun, SetVersion
from core.features import ALL_FEATURES
from dashboard import data, page
from dashboard.common import allowed_now, can, current_user
from dashboard.components import filters
from dashboard.components.alert_format import fmt_when
from dashboard.components.export import to_jsonl
from dashboard.components.set_run_view import render_flips
from dashboard.components.table_selection import selected_rows
from store.errors import ValidationFailed
from store import sets as store_sets

PREFIX = "sets"
COMPARE = "views/compare.py"
MAX_UPLOAD_LINES = store_sets.MAX_ITEMS


class SetsLink(BaseModel):
    """The query parameters of a link to this page (`?set=NAME[@V]&run=RUN_ID`)."""
    set: str | None = None
    run: str | None = None


def _changed() -> None:
    data.invalidate(data.SETS)


def render() -> None:
    db = page.start()
    st.title("Golden sets")
    st.caption("Failing answers from production kept as regression cases, versioned and frozen; every candidate "
               "release is run on them before it ships.")
    _apply_links()
    all_sets = [GoldenSet.model_validate(s) for s in data.golden_sets()]
    if not all_sets:
        st.info("No golden set yet. In Triage select failing rows and choose **Add to set…**, or import a JSONL "
                "file below.", icon="⭐")
        _render_sources(db, [])
        return
    names = [s.name for s in all_sets]
    st.dataframe(pd.DataFrame([{"Set": s.name, "Latest": f"@{s.version}", "Items": s.count,
                                "Versions": s.versions, "Features": _features(s.features),
                                "Changed": fmt_when(s.created_at), "By": s.created_by} for s in all_sets]),
                 hide_index=True, width="stretch")
    if st.session_state.get(f"{PREFIX}_name") not in names:
        st.session_state[f"{PREFIX}_name"] = names[0]
    name = st.selectbox("Set", names, key=f"{PREFIX}_name")
    versions = [SetVersion.model_validate(v) for v in data.golden_versions(name)]
    refs = [v.id for v in versions]
    if st.session_state.get(f"{PREFIX}_ref") not in refs:
        st.session_state[f"{PREFIX}_ref"] = refs[0]
    tabs = st.tabs(["Items", "Versions", "Runs", "Add & import"])
    with tabs[0]:
        ref = st.selectbox("Version", refs, key=f"{PREFIX}_ref")
        _render_items(db, ref, ref == refs[0])
    with tabs[1]:
        _render_versions(versions)
    with tabs[2]:
        _render_runs(db, name, ref)
    with tabs[3]:
        _render_sources(db, names)


def _apply_links() -> None:
    link = SetsLink.model_validate(filters.apply_query_params(PREFIX, ("set", "run")))
    ref = link.set
    if ref:
        try:
            name, version = store_sets.parse_ref(ref)
        except ValidationFailed:
            return
        st.session_state[f"{PREFIX}_name"] = name
        if version:
            st.session_state[f"{PREFIX}_ref"] = f"{name}@{version}"
    if isinstance(link.run, str):
        st.session_state[f"{PREFIX}_run"] = link.run


def _features(counts: dict) -> str:
    return ", ".join(f"{f} {n}" for f, n in sorted(counts.items()))


def _render_versions(versions: list[SetVersion]) -> None:
    st.dataframe(pd.DataFrame([{
        "Version": v.id, "Items": v.count, "Per feature": _features(v.features),
        "Change": f"+{v.change.added} / −{v.change.removed} ({v.change.via})",
        "By": v.created_by, "At": fmt_when(v.created_at)} for v in versions]), hide_index=True, width="stretch")
    st.caption("A version never changes: adding or removing items makes the next one; the source records may be "
               "re-scored or deleted without touching any version.")


def _render_items(db, ref: str, is_latest: bool) -> None:
    items = data.golden_items(ref)
    typed = [SetItem.model_validate(it) for it in items]
    counts = Counter(it.feature for it in typed)
    cols = st.columns(max(1, len(counts) + 1))
    cols[0].metric("Items", f"{len(items):,}")
    for col, (feature, n) in zip(cols[1:], sorted(counts.items())):
        col.metric(feature, f"{n:,}")
    rows = []
    for it in typed:
        src = it.source
        rows.append({"Key": it.key, "Feature": it.feature, "Query": it.query[:160],
                     "Logged": "pass" if it.logged.passed is True else "fail" if it.logged.passed is False else "—",
                     "Expected": it.expected_verdict or ("answer" if it.expected_output else "—"),
                     "Notes": " · ".join(it.notes)[:120], "From": src.via,
                     "Queue / alert": src.queue or src.alert or "",
                     "Record": f"triage?record={src.record_id}" if src.record_id else None,
                     "Added by": src.by, "Added": src.at})
    table = pd.DataFrame(rows)
    removable = is_latest and can("reviewer")
    st.dataframe(table, hide_index=True, width="stretch", key=f"{PREFIX}_items_{ref}",
                 on_select="rerun" if removable else "ignore", selection_mode="multi-row",
                 column_config={"Record": st.column_config.LinkColumn(display_text="open in Triage",
                                                                      help="The source record (if it still exists)")})
    st.download_button("Export JSONL", data=lambda: to_jsonl(store_sets.export_line(i) for i in items),
                       file_name=f"{ref.replace('@', '-v')}.jsonl", mime="application/jsonl",
                       key=f"{PREFIX}_export", icon="⬇️", disabled=not items,
                       help="The input of `python -m evaluators score` (id, query, answer, context, feature, "
                            "expected_output) plus the expected verdict, notes and provenance.")
    if removable:
        picked = [rows[r]["Key"] for r in selected_rows(f"{PREFIX}_items_{ref}") if 0 <= r < len(rows)]
        if st.button(f"Remove {len(picked)} selected (new version)", key=f"{PREFIX}_remove", disabled=not picked) \
                and allowed_now("reviewer", "remove items from a golden set"):
            version = store_sets.remove_items(db, ref.split("@")[0], picked, current_user().name)
            _changed()
            st.session_state[f"{PREFIX}_ref"] = version["_id"]
            st.rerun()


# --- adding: a queue, an alert, a JSONL file -------------------------------------------------

def _target(names: list[str], key: str) -> str:
    options = ["__new__", *names]
    choice = st.selectbox("Into set", options, key=f"{PREFIX}_{key}_into",
                          format_func=lambda n: "➕ New set…" if n == "__new__" else n)
    if choice != "__new__":
        return choice
    return st.text_input("New set's name", key=f"{PREFIX}_{key}_new", max_chars=64, placeholder="e.g. clauses-golden")


def _added(added: dict) -> None:
    _changed()
    version = SetVersion.model_validate(added)
    if version.unchanged:
        st.info(f"Everything is in {version.id} already: no new version.")
    else:
        st.success(f"{version.id}: {version.change.added} added, {version.count} items.")


def _render_sources(db, names: list[str]) -> None:
    if not can("reviewer"):
        st.caption("Reviewers and admins add to sets.")
        return
    from store.queues import list_queues
    left, right = st.columns(2)
    with left.container(border=True):
        st.markdown("**From a finished annotation queue** — its settled labels become expected verdicts.")
        queues = list_queues(db)
        qid = st.selectbox("Queue", [q["_id"] for q in queues], key=f"{PREFIX}_queue",
                           format_func=lambda i: next(f"{q['name']} ({q['size']})" for q in queues if q["_id"] == i))
        name = _target(names, "q")
        if st.button("Add the queue's labelled records", key=f"{PREFIX}_add_queue", disabled=not (qid and name)) \
                and allowed_now("reviewer", "add to a golden set"):
            _guarded(lambda: store_sets.add_queue(db, name, qid, current_user().name))
    with right.container(border=True):
        st.markdown("**From an alert** — the failing records of its feature and days.")
        alerts = data.alerts()[:100]
        aid = st.selectbox("Alert", [a.id for a in alerts], key=f"{PREFIX}_alert",
                           format_func=lambda i: next(f"{a.message or a.rule_name or i} "
                                                      f"({a.first_day}…{a.last_day})"[:90]
                                                      for a in alerts if a.id == i))
        name = _target(names, "a")
        if st.button("Add the alert's failing records", key=f"{PREFIX}_add_alert", disabled=not (aid and name)) \
                and allowed_now("reviewer", "add to a golden set"):
            _guarded(lambda: store_sets.add_alert(db, name, aid, current_user().name))
    with st.container(border=True):
        st.markdown("**Import JSONL** — lines with `id`, `query`, `answer`, `context`, `feature` "
                    "(and `expected_output`, `expected_verdict`, `notes`), as an export writes them.")
        upload = st.file_uploader("JSONL file", type=["jsonl", "json", "ndjson"], key=f"{PREFIX}_import_file")
        name = _target(names, "i")
        if st.button("Import", key=f"{PREFIX}_import", disabled=not (upload and name)) \
                and allowed_now("reviewer", "import into a golden set"):
            _guarded(lambda: _import(db, name, upload.getvalue()))


def _import(db, name: str, raw: bytes) -> dict:
    now, user = datetime.now(timezone.utc), current_user().name
    items = []
    for n, line in enumerate(raw.decode("utf-8", "replace").splitlines()[:MAX_UPLOAD_LINES], start=1):
        if line.strip():
            try:
                items.append(store_sets.item_from_line(json.loads(line), user=user, now=now))
            except (ValueError, ValidationFailed) as exc:
                raise ValidationFailed(f"line {n}: {exc}") from None
    return store_sets.add_items(db, name, items, user, via="import", now=now)


def _guarded(action) -> None:
    try:
        version = action()
    except ValidationFailed as exc:
        st.error(str(exc))
    else:
        _added(version)


# --- runs ---------------------------------------------------------------------------------

def _pct(r: Rate) -> str:
    if r.rate is None:
        return "—"
    return f"{r.rate:.1%} [{r.low:.1%}, {r.high:.1%}]"


def _summary_table(run: SetRun) -> pd.DataFrame:
    rows = []
    for feature in sorted(run.summary, key=lambda f: (f != ALL_FEATURES, f)):
        row = run.summary[feature]
        rows.append({"Feature": "All features" if feature == ALL_FEATURES else feature, "Metric": "Verdict",
                     "n": row.n, "Mean [95 %]": "—", "Pass rate [95 %]": _pct(row.verdict)})
        for m in metrics.score_names():
            c = row.metrics[m] if m in row.metrics else None
            if c and c.mean is not None:
                rows.append({"Feature": "", "Metric": metrics.label(m), "n": c.n,
                             "Mean [95 %]": f"{c.mean:.3f} [{c.low:.3f}, {c.high:.3f}]",
                             "Pass rate [95 %]": _pct(c.pass_rate)})
    return pd.DataFrame(rows)


def _render_runs(db, name: str, ref: str) -> None:
    runs = [SetRun.model_validate(r) for r in data.golden_runs(name)]
    if runs:
        st.dataframe(pd.DataFrame([{"Run": r.name, "Id": r.id, "Version": r.ref,
                                    "Pass rate": _pct(r.feature(ALL_FEATURES).verdict),
                                    "Gate": "pass" if r.gate.passed else "FAIL",
                                    "By": r.created_by, "At": fmt_when(r.created_at)} for r in runs]),
                     hide_index=True, width="stretch")
        ids = [r.id for r in runs]
        if st.session_state.get(f"{PREFIX}_run") not in ids:
            st.session_state[f"{PREFIX}_run"] = ids[0]
        label = {r.id: f"{r.name} · {r.ref} · {r.id}" for r in runs}
        run_id = st.selectbox("Run", ids, key=f"{PREFIX}_run", format_func=label.__getitem__)
        _render_run(run_id, runs)
    else:
        st.info("No run of this set yet: upload a candidate below, or run `python -m jobs run-set` in CI.")
    if can("reviewer"):
        _render_candidate(db, ref, runs)


def _render_run(run_id: str, runs: list[SetRun]) -> None:
    stored = data.golden_run(run_id)
    if stored is None:
        return
    run = SetRun.model_validate(stored)
    gate = run.gate
    (st.success if gate.passed else st.error)(
        "Gate: pass" if gate.passed else "Gate: FAIL — " + "; ".join(gate.reasons))
    st.table(_summary_table(run))
    others = [r for r in runs if r.id != run_id and r.set == run.set]
    base = run.baseline or (others[0].id if others else None)
    if base:
        st.page_link(COMPARE, label=f"Compare with {base} (intervals, flipped items)", icon="🆚",
                     query_params={"by": "run", "a": base, "b": run_id})
    if run.flips:
        st.subheader("Items whose verdict flipped against the baseline", anchor=False)
        render_flips(run.flips, data.golden_items(run.ref))


def _render_candidate(db, ref: str, runs: list[SetRun]) -> None:
    with st.expander("Run a candidate (upload its answers as JSONL)"):
        st.caption("One line per item: `{\"id\": <item key>, \"answer\": \"…\", \"context\": [...]?}`. Scored with the "
                   "local scorer and stored; compared with the baseline run when one is picked.")
        upload = st.file_uploader("Candidate JSONL", type=["jsonl", "json", "ndjson"], key=f"{PREFIX}_cand_file")
        name = st.text_input("Run name", key=f"{PREFIX}_cand_name", max_chars=120, placeholder="e.g. prompt v15")
        options = ["", *[r.id for r in runs]]
        label = {r.id: f"{r.name} · {r.ref}" for r in runs}
        baseline = st.selectbox("No worse than (baseline run)", options, key=f"{PREFIX}_cand_base",
                                format_func=lambda i: label[i] if i in label else "— none —")
        if st.button(f"Run on {ref}", key=f"{PREFIX}_cand_run", type="primary", disabled=not (upload and name)) \
                and allowed_now("reviewer", "run a candidate on a golden set"):
            with st.spinner("Scoring the candidate…"):
                run = _run_candidate(db, ref, upload.getvalue(), name, baseline or None)
            if run is not None:
                _changed()
                st.session_state[f"{PREFIX}_run"] = run["_id"]
                st.rerun()


def _run_candidate(db, ref: str, raw: bytes, name: str, baseline_id: str | None) -> dict | None:
    from evaluators.set_run import read_candidate, score_candidate
    from store.thresholds import get_thresholds

    version = store_sets.get_version(db, ref)
    candidate = read_candidate(raw.splitlines()[:MAX_UPLOAD_LINES])
    results, problems = score_candidate(store_sets.version_items(db, version), candidate,
                                        thresholds=get_thresholds(db))
    if not results:
        st.error("Nothing scored: " + "; ".join(problems[:5]))
        return None
    baseline = store_sets.get_run(db, baseline_id) if baseline_id else None
    report = set_runs.evaluate(results, baseline["results"] if baseline else None)
    for p in problems[:5]:
        st.warning(p)
    return store_sets.save_run(db, version, name=name, user=current_user().name, results=results,
                               baseline=baseline_id, problems=problems, **set_runs.stored(report))


render()
