"""Triage: the failing and lowest-scoring records, a page at a time.

Filters (feature, metric below threshold, overall-score range, period, triage
status, source, session, text in the query or the answer) become a MongoDB filter
through `store.triage.build_filter` — validated values only; the search text is
matched literally. The list is read one page (25) at a time and counted with the
same filter, always within a date range (default: the last 7 days of data).

The table shows the columns a reviewer needs at 1400 px (a column picker adds or
hides the others), the effective score (`eb.scores`, re-scored for records logged
without scores) and, for logged records, the re-score next to it. Clicking a row
opens the record in a side panel with Prev/Next through the list; "Bulk edit"
switches the table to multi-row selection and sets status, assignee or a tag on
every selected row (audited per record in `triage.history`). A session id opens
the whole conversation, every turn in order. The slice exports as CSV (context,
reasons, triage fields and notes, in the table's order) or JSONL.

Links pre-set the filters with query parameters `?feature=..&start=YYYY-MM-DD&end=YYYY-MM-DD
&metric=..&status=..&source=..&session=..&record=<id>` (Overview, Features, Alerts, Reports).
"""
from __future__ import annotations

from datetime import date, datetime, timedelta, timezone
from urllib.parse import quote

import pandas as pd
import streamlit as st

from core import metrics
from dashboard import data
from dashboard import page
from dashboard.common import ALL, allowed_now, can, current_user, fmt_score
from dashboard.components import filters
from dashboard.components.add_to_set import render_add_to_set
from dashboard.components.export import to_csv, to_jsonl
from dashboard.components.record_view import render_record
from dashboard.components.safe_text import safe_md
from store.errors import ValidationFailed
from store.triage import (
    DISAGREE, DISAGREE_LABELS, EXPORT_CAP, MAX_BULK, PAGE_SIZE, SEARCH_MAX_CHARS, STATUS_LABELS, STATUSES, build_filter,
    bulk_update_triage, iter_export,
)

PREFIX = "triage"
DEFAULT_DAYS = 7
KNOWN_FEATURES = ("chat", "viability", "arguments", "clauses")
SORTS = {
    "overall_quality": "Overall score", "faithfulness": "Faithfulness", "timestamp": "Time",
}
ANY = "__any__"
KEEP = "__keep__"
# every column the list can show, in table order; the default set fits 1400 px
COLUMNS = ("Time", "Feature", "Session", "Query", "Overall", "Re-score", "Faithfulness", "Below threshold",
           "Verdict", "Status", "Assignee", "Tags", "Gaps", "Source")
DEFAULT_COLUMNS = ("Time", "Feature", "Session", "Query", "Overall", "Re-score", "Faithfulness", "Below threshold",
                   "Verdict", "Status", "Assignee", "Gaps")
FLAKY_BADGE = "🎲 flaky"  # the verdict differed between runs of the same judge (jobs judge-noise, issue 33)
TURNS_SHOWN = 30  # a conversation's turns drawn at once ("Show more" adds as many)
LINK_PARAMS = ("feature", "start", "end", "status", "metric", "source", "session", "record",
               "release", "model", "prompt_version", "disagree", "flaky")
VERSION_DIMS = ("release", "model", "prompt_version")


def _changed() -> None:
    data.invalidate(data.RECORDS)


def _state(name: str):
    return st.session_state.get(f"{PREFIX}_{name}")


# --- page ------------------------------------------------------------------------------

def render() -> None:
    db = page.start()
    st.title("Triage")
    st.caption("Failing and lowest-scoring answers: open one, find out why, record what you did.")
    features = _features()
    _apply_links(features)
    filt, sort, descending = _render_filters(features)
    if filt is None:
        return
    _render_session()
    total = data.records_count(filt)
    rows = _render_list(filt, sort, descending, total)
    _render_bulk(db, rows)
    _render_export(db, filt, total, sort, descending)
    _render_picker(rows)
    if isinstance(_state("open"), str):
        _record_panel(db)


def _features() -> list[str]:
    """The features the aggregates know, plus the four of the product."""
    try:
        known = set(data.features())
    except Exception:  # noqa: BLE001 - no aggregates yet: the product's features still work
        known = set()
    return sorted(known | set(KNOWN_FEATURES))


def _default_period() -> tuple[date, date]:
    end = data.latest_record_day() or filters.today()
    return end - timedelta(days=DEFAULT_DAYS - 1), end


def _short_text(value: object, cap: int = 200) -> str | None:
    return value.strip() if isinstance(value, str) and 0 < len(value.strip()) <= cap else None


def _apply_links(features: list[str]) -> None:
    """?feature, start, end, status, metric, source, session, record from links (validated)."""
    params = filters.apply_query_params(PREFIX, LINK_PARAMS)
    if not params:
        return
    feature = filters.parse_feature(params.get("feature"), features)
    if feature is not None and "feature" in params:
        filters.set_feature(PREFIX, feature)
    start, end = filters.parse_date(params.get("start")), filters.parse_date(params.get("end"))
    if start or end:
        start, end = start or end, end or start
        filters.set_period(PREFIX, min(start, end), max(start, end))
    status = filters.parse_choice(params.get("status"), STATUSES)
    if status:
        st.session_state[f"{PREFIX}_status"] = status
    metric = params.get("metric")
    if isinstance(metric, str) and metric.strip() in metrics.score_names():
        st.session_state[f"{PREFIX}_metric"] = metric.strip()
    if _short_text(params.get("source")):
        st.session_state[f"{PREFIX}_source"] = _short_text(params.get("source"))
    # a new link shows what it names: a conversation or a record left open from before is closed
    st.session_state.pop(f"{PREFIX}_turns_shown", None)
    if _short_text(params.get("session")):
        st.session_state[f"{PREFIX}_conversation"] = _short_text(params.get("session"))
    else:
        st.session_state.pop(f"{PREFIX}_conversation", None)
    for dim in VERSION_DIMS:  # ?release=.. (checked against the known values when the widget is drawn)
        if _short_text(params.get(dim), 64):
            st.session_state[f"{PREFIX}_{dim}"] = _short_text(params.get(dim), 64)
    record = _short_text(params.get("record"), 500)
    if record:
        st.session_state[f"{PREFIX}_open"] = record
    else:
        st.session_state.pop(f"{PREFIX}_open", None)
    if "start" in params or "feature" in params or "metric" in params:  # a link to failing records
        st.session_state[f"{PREFIX}_failing"] = True
    if params.get("disagree") in DISAGREE:  # a judge-drift alert: records the two verdicts differ on (issue 34)
        st.session_state[f"{PREFIX}_disagree"] = params["disagree"]
        st.session_state[f"{PREFIX}_failing"] = False  # a lenient judge's records pass: not among the failing
    else:
        st.session_state.pop(f"{PREFIX}_disagree", None)
    if params.get("flaky") in ("1", "true"):  # ?flaky=1: records whose verdict flips between judge runs
        st.session_state[f"{PREFIX}_flaky"] = True
        st.session_state[f"{PREFIX}_failing"] = False  # a flaky record passes on some runs
    else:
        st.session_state.pop(f"{PREFIX}_flaky", None)


def _select(where, label: str, options: tuple, name: str, default, **kwargs):
    key = f"{PREFIX}_{name}"
    if st.session_state.get(key) not in options:
        st.session_state[key] = default
    return where.selectbox(label, options, key=key, **kwargs)


def _version_filters() -> dict[str, str | None]:
    """Release / model / prompt version selects (only the dimensions records have)."""
    from core.versions import LABELS, OTHER
    known = {dim: data.version_values(dim) for dim in VERSION_DIMS}
    shown = [dim for dim in VERSION_DIMS if known[dim]]
    picked: dict[str, str | None] = {}
    if not shown:
        return picked
    cols = st.columns(len(shown) + 1)
    for col, dim in zip(cols, shown):
        options = (ANY, *[v for v in known[dim] if v != OTHER])
        if st.session_state.get(f"{PREFIX}_{dim}") not in options:
            st.session_state[f"{PREFIX}_{dim}"] = ANY
        value = col.selectbox(LABELS[dim], options, key=f"{PREFIX}_{dim}",
                              format_func=lambda v, d=dim: f"Any {LABELS[d].lower()}" if v == ANY else v)
        picked[dim] = None if value == ANY else value
    return picked


def _render_filters(features: list[str]):
    """The filter widgets; returns (filter dict, sort, descending) or (None, ..) after an error."""
    default_start, default_end = _default_period()
    with st.container(border=True):
        c1, c2, c3, c4 = st.columns([1.2, 1.6, 1.2, 1.4])
        feature = filters.feature_filter(PREFIX, features, container=c1)
        start, end = filters.date_range_filter(PREFIX, default_start, default_end, container=c2)
        status = _select(c3, "Triage status", (ANY, *STATUSES), "status", ANY,
                         format_func=lambda s: "Any status" if s == ANY else STATUS_LABELS[s],
                         help="Records nobody has looked at yet count as New.")
        metric = _select(c4, "Below threshold on", (ANY, *metrics.score_names()), "metric", ANY,
                         format_func=lambda m: "Any metric" if m == ANY else metrics.label(m))
        d1, d2, d3, d4 = st.columns([2.0, 1.2, 1.2, 1.4])
        search = d1.text_input("Search query and answer", key=f"{PREFIX}_search", max_chars=SEARCH_MAX_CHARS,
                               placeholder="e.g. Section 138, Supreme Court",
                               help="Matched literally, case-insensitive, in the question and in the answer.")
        if f"{PREFIX}_failing" not in st.session_state:
            st.session_state[f"{PREFIX}_failing"] = True
        source_options = (ANY, *_sources(start, end, bool(st.session_state[f"{PREFIX}_failing"])))
        source = _select(d2, "Source", source_options, "source", ANY,
                         format_func=lambda s: "Any source" if s == ANY else s,
                         help="Where the records came from: an ingested file, the demo, or the product's "
                              "own writes (mongodb).")
        session = d3.text_input("Session", key=f"{PREFIX}_session", max_chars=200, placeholder="session_id",
                                help="Only the turns of one conversation (exact session_id).")
        low, high = d4.slider("Overall score", 0.0, 1.0, (0.0, 1.0), step=0.05, key=f"{PREFIX}_range")
        e1, e2, e3, e4 = st.columns([1.2, 1.2, 1.6, 2.0], vertical_alignment="bottom")
        # lowest faithfulness first by default: for scorer-scored traffic it is computed from the hallucination
        # score, the signal that separates hallucinated answers best (issue 28); overall quality dilutes it
        sort = _select(e1, "Sort by", tuple(SORTS), "sort", "faithfulness", format_func=SORTS.get)
        orders = ("Newest first", "Oldest first") if sort == "timestamp" else ("Lowest first", "Highest first")
        order = _select(e2, "Order", orders, "order", orders[0])
        only_failing = e3.toggle("Only failing records", key=f"{PREFIX}_failing",
                                 help="Records with at least one score below its feature's threshold.")
        if not isinstance(_state("columns"), list):
            st.session_state[f"{PREFIX}_columns"] = list(DEFAULT_COLUMNS)
        e4.multiselect("Columns", COLUMNS, key=f"{PREFIX}_columns", help="Pick the columns of the list.")
        picked = _version_filters()
        disagree = st.session_state.get(f"{PREFIX}_disagree")
        if disagree in DISAGREE:
            st.info(f"Only records where {DISAGREE_LABELS[disagree]} (a judge-agreement drill-down).", icon="⚖️")
            if st.button("Show every record again", key=f"{PREFIX}_disagree_off"):
                st.session_state.pop(f"{PREFIX}_disagree", None)
                st.rerun()
        flaky = st.session_state.get(f"{PREFIX}_flaky") is True
        if flaky:
            st.info("Only records with a flaky verdict: the same judge passed and failed them on different runs "
                    "(jobs judge-noise).", icon="🎲")
            if st.button("Show every record again", key=f"{PREFIX}_flaky_off"):
                st.session_state.pop(f"{PREFIX}_flaky", None)
                st.rerun()
    try:
        filt = build_filter(start=start, end=end, feature=None if feature == ALL else feature,
                            metric=None if metric == ANY else metric, status=None if status == ANY else status,
                            score_min=low, score_max=high, search=search, only_failing=only_failing,
                            source=None if source == ANY else source, session=session or None,
                            disagree=disagree if disagree in DISAGREE else None, flaky=flaky, **picked)
    except ValidationFailed as exc:
        st.error(f"Check the filters: {exc}")
        return None, None, None
    return filt, sort, order in ("Highest first", "Newest first")


def _sources(start: date, end: date, only_failing: bool) -> list[str]:
    """The sources of the period's records (of its failing ones while the list shows only those)."""
    try:
        return data.sources(start, end, only_failing)
    except Exception:  # noqa: BLE001 - the filter is optional: the list still works without it
        return []


# --- the list --------------------------------------------------------------------------

def _num(value) -> float | None:
    return float(value) if isinstance(value, (int, float)) and not isinstance(value, bool) else None


def _rescore(doc: dict) -> float | None:
    """The re-score's overall, shown next to a logged one (for records logged without scores the
    re-score already is the effective score, in eb.scores)."""
    eb = doc.get("eb") if isinstance(doc.get("eb"), dict) else {}
    if eb.get("score_source") == "rescored":
        return None
    rescored = doc.get("rescored") if isinstance(doc.get("rescored"), dict) else {}
    overall = ((rescored.get("evaluation") or {}).get(metrics.OVERALL) or {})
    return _num(overall.get("score")) if isinstance(overall, dict) else None


def _row(doc: dict) -> dict:
    eb = doc.get("eb") if isinstance(doc.get("eb"), dict) else {}
    scores = eb.get("scores") if isinstance(eb.get("scores"), dict) else {}
    triage = doc.get("triage") if isinstance(doc.get("triage"), dict) else {}
    query = doc.get("query") if isinstance(doc.get("query"), str) else ""
    ts = doc.get("timestamp")
    session = doc.get("session_id")
    return {
        "Time": ts if isinstance(ts, datetime) else None,
        "Feature": str(doc.get("feature") or "—"),
        "Session": f"triage?session={quote(str(session), safe='')}" if session not in (None, "") else None,
        "Query": query[:160] + ("…" if len(query) > 160 else ""),
        "Overall": _num(scores.get(metrics.OVERALL)),
        "Re-score": _rescore(doc),
        "Faithfulness": _num(scores.get("faithfulness")),
        "Below threshold": ", ".join(metrics.label(str(m)) for m in eb.get("failed_metrics") or []),
        "Verdict": FLAKY_BADGE if isinstance(doc.get("noise"), dict) and doc["noise"].get("flaky") is True else "",
        "Status": STATUS_LABELS.get(triage.get("status") or "new", str(triage.get("status"))),
        "Assignee": str(triage.get("assignee") or ""),
        "Tags": ", ".join(str(t) for t in triage.get("tags") or []),
        "Gaps": len(eb.get("issues") or []),
        "Source": str(doc.get("source") or ""),
    }


def _column_config() -> dict:
    # fixed widths: with the default columns, Status, Assignee and Gaps fit a 1400 px window
    return {
        "Time": st.column_config.DatetimeColumn(format="MM-DD HH:mm", width=82),
        "Feature": st.column_config.TextColumn(width=72),
        "Session": st.column_config.LinkColumn(width=72, display_text=r"session=(.*)$",
                                               help="Open the whole conversation (new tab)"),
        "Query": st.column_config.TextColumn(width=230),
        "Overall": st.column_config.ProgressColumn(format="%.2f", min_value=0.0, max_value=1.0, width=68,
                                                   help="The effective score: logged, or Evalboard's for "
                                                        "records logged without scores"),
        "Re-score": st.column_config.TextColumn(width=62, help="Evalboard's re-score, next to the logged score "
                                                               "(— = not re-scored yet)"),
        "Faithfulness": st.column_config.TextColumn(width=75, help="— = no faithfulness score"),
        "Below threshold": st.column_config.TextColumn(width=110),
        "Verdict": st.column_config.TextColumn(width=64, help="🎲 flaky: the same judge passed and failed this record "
                                                            "on different runs (jobs judge-noise)"),
        "Status": st.column_config.TextColumn(width=85),
        "Assignee": st.column_config.TextColumn(width=75),
        "Gaps": st.column_config.NumberColumn(help="data issues noticed at ingest", width=45),
    }


def _two_places(value) -> str:
    """A score as the table shows it: two decimals (they sort as text too), "—" when missing."""
    number = pd.to_numeric(value, errors="coerce")
    return "—" if pd.isna(number) else f"{float(number):.2f}"


def _render_list(filt: dict, sort: str, descending: bool, total: int) -> list[dict]:
    page_key = f"{PREFIX}_page"
    signature = repr((filt, sort, descending))
    if _state("sig") != signature:
        st.session_state[f"{PREFIX}_sig"] = signature
        st.session_state[page_key] = 0
    pages = max(1, -(-total // PAGE_SIZE))
    page = min(max(0, int(st.session_state.get(page_key, 0))), pages - 1)
    st.session_state[page_key] = page
    docs = data.records_page(filt, sort, descending, page, PAGE_SIZE) if total else []
    head, bulk_col, prev_col, page_col, next_col = st.columns([3.2, 1.2, 1, 1.2, 1], vertical_alignment="center")
    first = page * PAGE_SIZE + 1 if total else 0
    head.markdown(f"**{total:,} record{'s' if total != 1 else ''} match** · showing {first:,}–"
                  f"{page * PAGE_SIZE + len(docs):,}")
    bulk = bulk_col.toggle("Bulk edit", key=f"{PREFIX}_bulk", disabled=not can("reviewer"),
                           help="Select several rows, then set their status, assignee or a tag together.")
    if prev_col.button("‹ Previous", key=f"{PREFIX}_prev", disabled=page == 0, width="stretch"):
        st.session_state[page_key] = page - 1
        st.rerun()
    page_col.caption(f"Page {page + 1} of {pages}")
    if next_col.button("Next ›", key=f"{PREFIX}_next", disabled=page >= pages - 1, width="stretch"):
        st.session_state[page_key] = page + 1
        st.rerun()
    ids = [str(d["_id"]) for d in docs]
    st.session_state[f"{PREFIX}_page_ids"] = ids
    st.session_state[f"{PREFIX}_pages"] = pages
    if _state("open_first") and ids:  # "Next" in the panel went past the end of the page
        st.session_state[f"{PREFIX}_open"] = ids[0] if _state("open_first") == "first" else ids[-1]
        st.session_state.pop(f"{PREFIX}_open_first", None)
    if not docs:
        st.info("No records match these filters. Widen the period, or turn off “Only failing records”.")
        return []
    shown = [c for c in COLUMNS if c in (_state("columns") or DEFAULT_COLUMNS)] or list(DEFAULT_COLUMNS)
    table = pd.DataFrame([_row(d) for d in docs])[shown]
    if "Overall" in table.columns:
        table["Overall"] = pd.to_numeric(table["Overall"], errors="coerce")
    for column in ("Re-score", "Faithfulness"):  # "—" where there is none (a number cell would say "None")
        if column in table.columns:
            table[column] = [_two_places(v) for v in table[column]]
    st.dataframe(
        table, hide_index=True, width="stretch", key=f"{PREFIX}_table_{'bulk' if bulk else 'open'}",
        height=min(35 * (len(docs) + 1) + 3, 640), column_config=_column_config(),
        on_select=_on_table_select, selection_mode="multi-row" if bulk else "single-row",
    )
    st.caption("Select rows to edit them together." if bulk else
               "Click a row's box to open the record; a session id opens the whole conversation.")
    return docs


def _selected_rows() -> list[int]:
    state = st.session_state.get(f"{PREFIX}_table_{'bulk' if _state('bulk') else 'open'}")
    rows = getattr(getattr(state, "selection", None), "rows", None)
    if rows is None and isinstance(state, dict):
        rows = (state.get("selection") or {}).get("rows")
    return [r for r in rows or [] if isinstance(r, int)]


def _on_table_select() -> None:
    if _state("bulk"):
        return
    rows, ids = _selected_rows(), _state("page_ids") or []
    if rows and 0 <= rows[0] < len(ids):
        st.session_state[f"{PREFIX}_open"] = ids[rows[0]]


def _render_bulk(db, docs: list[dict]) -> None:
    """Status, assignee or a tag for every selected row, in one audited write."""
    if not _state("bulk") or not docs:
        return
    ids = _state("page_ids") or []
    chosen = [ids[r] for r in _selected_rows() if 0 <= r < len(ids)][:MAX_BULK]
    with st.container(border=True):
        st.markdown(f"**Bulk edit** · {len(chosen)} selected")
        c1, c2, c3, c4 = st.columns([1.2, 1.2, 1.2, 1], vertical_alignment="bottom")
        status = c1.selectbox("Set status", (KEEP, *STATUSES), key=f"{PREFIX}_bulk_status",
                              format_func=lambda s: "— keep —" if s == KEEP else STATUS_LABELS[s])
        assignee = c2.text_input("Set assignee", key=f"{PREFIX}_bulk_assignee", max_chars=100,
                                 placeholder="leave empty to keep")
        tag = c3.text_input("Add a tag", key=f"{PREFIX}_bulk_tag", max_chars=40, placeholder="e.g. retrieval")
        if (c4.button("Apply", key=f"{PREFIX}_bulk_apply", type="primary", disabled=not chosen, width="stretch")
                and allowed_now("reviewer", "bulk-edit records")):
            try:
                changed = bulk_update_triage(db, chosen, current_user().name,
                                             status=None if status == KEEP else status,
                                             assignee=assignee.strip() or None, add_tag=tag.strip() or None)
            except ValidationFailed as exc:
                st.error(str(exc))
            else:
                _changed()
                st.toast(f"Changed {changed} of {len(chosen)} records")
                st.rerun()
        if can("admin") and st.button(f"Send {len(chosen)} to an annotation queue…", key=f"{PREFIX}_bulk_queue",
                                      disabled=not chosen):  # issue 20: the Labelling page creates the queue
            st.session_state["labelling_selection"] = chosen
            st.switch_page("views/labelling.py")
        render_add_to_set(db, chosen, key=f"{PREFIX}_bulk_to_set", via="triage")  # issue 30: golden sets


# --- export ----------------------------------------------------------------------------

def _render_export(db, filt: dict, total: int, sort: str, descending: bool) -> None:
    with st.expander("Export this slice (CSV or JSONL regression dataset)"):
        shown = min(total, EXPORT_CAP)
        st.caption(f"Exports the records that match the filters, in the table's order — at most {EXPORT_CAP:,} rows"
                   + (f" (the first {shown:,} of {total:,})." if total > EXPORT_CAP else f" ({shown:,} rows).")
                   + " The CSV carries the context, every reason, the triage fields and the notes."
                   + " JSONL lines are reference-000 records that `python -m jobs ingest FILE` re-imports.")
        stamp = datetime.now(timezone.utc).strftime("%Y%m%d-%H%M")
        c1, c2 = st.columns(2)
        c1.download_button("Download CSV",
                           data=lambda: to_csv(iter_export(db, filt, EXPORT_CAP, sort=sort, descending=descending)),
                           file_name=f"evalboard-triage-{stamp}.csv", mime="text/csv",
                           key=f"{PREFIX}_csv", disabled=total == 0, icon="⬇️")
        c2.download_button("Download JSONL", data=lambda: to_jsonl(iter_export(db, filt, EXPORT_CAP, sort=sort,
                                                                           descending=descending)),
                           file_name=f"evalboard-regression-{stamp}.jsonl", mime="application/jsonl",
                           key=f"{PREFIX}_jsonl", disabled=total == 0, icon="⬇️")


# --- one record, one conversation ------------------------------------------------------

def _label(doc: dict) -> str:
    row = _row(doc)
    when = row["Time"].strftime("%m-%d %H:%M") if row["Time"] else "—"
    return f"{when} · {row['Feature']} · {fmt_score(row['Overall'])} · {row['Query'][:70]}"


def _on_pick() -> None:
    picked = _state("pick")
    if picked:
        st.session_state[f"{PREFIX}_open"] = picked


def _render_picker(docs: list[dict]) -> None:
    """A select box of this page's records (keyboard-friendly, and the way tests open one)."""
    labels = {str(d["_id"]): _label(d) for d in docs}
    current = _state("open")
    options = list(labels)
    if isinstance(current, str) and current not in labels:
        options.insert(0, current)
    st.session_state[f"{PREFIX}_pick"] = current if current in options else None
    st.selectbox("Open a record", options, key=f"{PREFIX}_pick", placeholder="Pick a record of this page…",
                 format_func=lambda rid: labels.get(rid, f"record {rid}"), on_change=_on_pick)


def _close_record() -> None:
    st.session_state.pop(f"{PREFIX}_open", None)


def _step(delta: int) -> None:
    """Prev/Next through the list, over page edges."""
    ids, current = _state("page_ids") or [], _state("open")
    page = int(_state("page") or 0)
    index = ids.index(current) if current in ids else -1
    target = index + delta
    if 0 <= target < len(ids):
        st.session_state[f"{PREFIX}_open"] = ids[target]
    elif target >= len(ids) and page + 1 < int(_state("pages") or 1):
        st.session_state[f"{PREFIX}_page"] = page + 1
        st.session_state[f"{PREFIX}_open_first"] = "first"
    elif target < 0 and page > 0:
        st.session_state[f"{PREFIX}_page"] = page - 1
        st.session_state[f"{PREFIX}_open_first"] = "last"


@st.dialog("Record", width=880, position="right", on_dismiss=_close_record)
def _record_panel(db) -> None:
    current = _state("open")
    ids = _state("page_ids") or []
    index = ids.index(current) if current in ids else -1
    page, pages = int(_state("page") or 0), int(_state("pages") or 1)
    nav = st.columns([1, 1, 2.4, 1.2], vertical_alignment="center")
    at_start = index <= 0 and page == 0
    at_end = index < 0 or (index >= len(ids) - 1 and page >= pages - 1)
    nav[0].button("‹ Prev", key=f"{PREFIX}_rec_prev", on_click=_step, args=(-1,), disabled=at_start or index < 0,
                  width="stretch")
    nav[1].button("Next ›", key=f"{PREFIX}_rec_next", on_click=_step, args=(1,), disabled=at_end, width="stretch")
    nav[2].caption(f"{index + 1 + page * PAGE_SIZE} of the list" if index >= 0 else "not in the current list")
    nav[3].button("Close", key=f"{PREFIX}_close", on_click=_close_record, icon="✖️", width="stretch")
    if not isinstance(current, str):
        return
    record = data.record(current)
    if record is None:
        st.warning("That record was not found (it may have been removed, or the link is wrong).")
        return
    session = record.get("session_id")
    if session not in (None, ""):
        if st.button(f"Whole conversation ({safe_md(session)})", key=f"{PREFIX}_open_session", icon="💬"):
            st.session_state[f"{PREFIX}_conversation"] = str(session)
            st.session_state.pop(f"{PREFIX}_turns_shown", None)
            _close_record()
            st.rerun()
    render_add_to_set(db, [current], key=f"{PREFIX}_rec_to_set", via="record")
    render_record(db, record, prefix=PREFIX, on_write=_changed)


def _open_turn(record_id: str) -> None:
    st.session_state[f"{PREFIX}_open"] = record_id


def _render_session() -> None:
    """Every turn of one conversation, in order, above the list."""
    session = _state("conversation")
    if not isinstance(session, str) or not session:
        return
    turns = data.session_records(session)
    with st.container(border=True):
        head, close = st.columns([5, 1], vertical_alignment="center")
        head.subheader(f"Conversation {session}", anchor=False)
        if close.button("Close conversation", key=f"{PREFIX}_close_session", width="stretch"):
            st.session_state.pop(f"{PREFIX}_conversation", None)
            st.rerun()
        if not turns:
            st.info("No records of this session were found.")
            return
        shown = int(_state("turns_shown") or TURNS_SHOWN)
        st.caption(f"{len(turns)} turn{'s' if len(turns) != 1 else ''}, oldest first"
                   + (f" (the first {shown} shown)." if len(turns) > shown else "."))
        for n, doc in enumerate(turns[:shown], start=1):
            row = _row(doc)
            when = row["Time"].strftime("%Y-%m-%d %H:%M") if row["Time"] else "—"
            verdict = (f"failing: {row['Below threshold']}" if row["Below threshold"] else "passing")
            with st.chat_message("user"):
                st.markdown(f"**Turn {n}** · {when} · {safe_md(row['Feature'])}  \n"
                            + safe_md(doc.get("query") or "(no query logged)"))
            with st.chat_message("assistant"):
                answer = doc.get("answer") if isinstance(doc.get("answer"), str) else ""
                st.markdown(safe_md(answer[:1500] + ("…" if len(answer) > 1500 else "")) or "_(no answer logged)_")
                c1, c2 = st.columns([4, 1], vertical_alignment="center")
                c1.caption(f"Overall {fmt_score(row['Overall'])} · {verdict} · status {row['Status']}")
                c2.button("Open", key=f"{PREFIX}_turn_{doc['_id']}", on_click=_open_turn, args=(str(doc["_id"]),),
                          width="stretch")
        if len(turns) > shown:
            st.button(f"Show {min(TURNS_SHOWN, len(turns) - shown)} more turns", key=f"{PREFIX}_more_turns",
                      on_click=lambda: st.session_state.update({f"{PREFIX}_turns_shown": shown + TURNS_SHOWN}))


render()
