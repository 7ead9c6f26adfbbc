"""Triage's export: the slice the filters match, in the table's order, as CSV (context, reasons, triage
fields and notes) or as JSONL reference-000 records that `python -m jobs ingest FILE` re-imports."""
from __future__ import annotations

from datetime import datetime, timezone

import streamlit as st

from core.record_doc import RecordDoc
from dashboard.components.export import to_csv, to_jsonl
from dashboard.components.triage_state import key
from store.triage import EXPORT_CAP, iter_export
from store.triage_filter import TriageFilter


def _records(db, filt: TriageFilter, sort: str, descending: bool):
    return (RecordDoc.read(d) for d in iter_export(db, filt.query(), EXPORT_CAP, sort=sort, descending=descending))


def render_export(db, filt: TriageFilter, total: int, sort: str, descending: bool) -> None:
    with st.expander("Export this slice (CSV or JSONL regression dataset)"):
        shown = min(total, EXPORT_CAP)
        st.caption(f"Exports the records that match the filters, in the table's order — at most {EXPORT_CAP:,} rows"
                   + (f" (the first {shown:,} of {total:,})." if total > EXPORT_CAP else f" ({shown:,} rows).")
                   + " The CSV carries the context, every reason, the triage fields and the notes."
                   + " JSONL lines are reference-000 records that `python -m jobs ingest FILE` re-imports.")
        stamp = datetime.now(timezone.utc).strftime("%Y%m%d-%H%M")
        c1, c2 = st.columns(2)
        c1.download_button("Download CSV", data=lambda: to_csv(_records(db, filt, sort, descending)),
                           file_name=f"evalboard-triage-{stamp}.csv", mime="text/csv",
                           key=key("csv"), disabled=total == 0, icon="⬇️")
        c2.download_button("Download JSONL", data=lambda: to_jsonl(_records(db, filt, sort, descending)),
                           file_name=f"evalboard-regression-{stamp}.jsonl", mime="application/jsonl",
                           key=key("jsonl"), disabled=total == 0, icon="⬇️")
