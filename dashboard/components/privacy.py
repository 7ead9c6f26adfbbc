"""Data health's "Personal data" section: what the privacy stage found per day and source (counts by
kind, never the values; core/privacy), the mode in force, and the admin's list of names and terms."""
from __future__ import annotations

import streamlit as st

from core.intake_docs import PrivacyDay
from core.privacy import KINDS, PolicyError, policy_for
from dashboard import data
from dashboard.components.plain_table import plain_table
from dashboard.common import allowed_now, can, current_user, md_escape
from store.errors import ValidationFailed
from store.privacy import get_terms_text, set_terms

PREFIX = "health_privacy"
MODE_WORDS = {"off": "off (stored as it came)", "report": "report (found and counted, kept)",
              "redact": "redact (replaced before it is stored)"}


def render_privacy(db) -> None:
    st.subheader("Personal data", anchor=False)
    try:
        mode = policy_for("").mode
        st.caption(f"Mode: **{MODE_WORDS.get(mode, mode)}** (`EVALBOARD_PRIVACY`, per source "
                   "`EVALBOARD_PRIVACY_SOURCES`). Counts only — the values themselves are never stored.")
    except PolicyError as exc:
        st.error(md_escape(f"The privacy settings cannot be used: {exc}"))
    rows = [PrivacyDay.model_validate(r) for r in data.privacy_counts()]
    if rows:
        kinds = _kinds(rows)
        plain_table([{"day": r.day, "source": r.source, "mode": r.mode, "records": r.records,
                      **{kind: r.count(kind) for kind in kinds}} for r in rows])
    else:
        st.caption("No personal data found in the last 14 days.")
    if can("admin"):
        _render_terms(db)


def _kinds(rows: list[PrivacyDay]) -> list[str]:
    seen = {kind for r in rows for kind in r.counts}
    return [k for k in KINDS if k in seen] + sorted(seen - set(KINDS))


def _render_terms(db) -> None:
    box = st.expander("Names and terms to redact (admin)", key=f"{PREFIX}_terms_open", on_change="rerun")
    if box.open is False:  # the editor is built only while open (issue 29)
        return
    with box:
        st.caption("One a line; `KIND: term` gives its own placeholder (`CLIENT: Acme Traders` → `[CLIENT_1]`). "
                   "Applies to records stored from now on; `python -m jobs redact --apply` goes over older ones.")
        text = st.text_area("Terms", value=get_terms_text(db), height=160, key=f"{PREFIX}_terms")
        if st.button("Save terms", key=f"{PREFIX}_save") and allowed_now("admin", "change the term list"):
            try:
                n = set_terms(db, text, current_user().name)
            except ValidationFailed as exc:
                st.error(f"Not saved: {md_escape(str(exc))}")
            else:
                st.success(f"Saved {n} term(s).")
