"""Runs of a golden set on a page (issue 30): the flipped items, each linked to its source record in Triage
(the Sets page and Compare `by=run` both show them)."""
from __future__ import annotations

import streamlit as st

from core.set_docs import Flip, SetItem
from dashboard.common import md_escape

TRIAGE = "views/triage.py"


def render_flips(flips: list[Flip | dict], items: list[dict]) -> None:
    """Each flipped item with its query and a link to its source record in Triage."""
    by_key = {item.key: item for item in (SetItem.model_validate(it) for it in items)}
    for f in (Flip.model_validate(f) if isinstance(f, dict) else f for f in flips[:50]):
        it = by_key[f.key] if f.key in by_key else SetItem()
        cols = st.columns([0.9, 4.6, 1.6, 1.3], vertical_alignment="center")
        cols[0].markdown("🔻 drop" if f.drop else "🔺 gain")
        cols[1].markdown(f"**{md_escape(f.feature)}** · {md_escape((it.query or f.key)[:160])}")
        before = "—" if f.overall_before is None else f"{f.overall_before:.2f}"
        after = "—" if f.overall_after is None else f"{f.overall_after:.2f}"
        cols[2].markdown(f"overall {before} → {after}")
        if it.source.record_id:
            cols[3].page_link(TRIAGE, label="Source record", icon="🔎", query_params={"record": it.source.record_id})


def run_label(run: dict) -> str:
    return f"{run['name']} · {run['ref']} · {run['_id']}"
