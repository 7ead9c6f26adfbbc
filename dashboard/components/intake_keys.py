"""The intake's API keys on the Users page (admins): create one per source, list, revoke.

A new key is shown once, right after it is made (then dropped from the session); only its hash
is stored (store/api_keys.py). Creations and revocations go to the audit trail, never the key.
"""
from __future__ import annotations

import streamlit as st

from core.intake_docs import ApiKey
from dashboard.common import allowed_now, current_user, md_escape
from dashboard.components.plain_table import plain_table
from store import api_keys
from store.errors import ValidationFailed
from store.thresholds import write_audit


def render_keys(db, prefix: str) -> None:
    st.subheader("API keys for sending answers", anchor=False)
    st.caption("The intake (`python -m intake serve`, README \"Send your answers\") asks for a key on every "
               "request while sign-in is on. One key per source; its records carry the source name, and the "
               "default feature and release fill records sent without them.")
    new_key = st.session_state.pop(f"{prefix}_new_key", None)
    if new_key:
        st.success("Key created. Copy it now: it is shown this once and only its hash is kept.")
        st.code(new_key, language=None)
    keys = [ApiKey.model_validate(k) for k in api_keys.list_keys(db)]
    if keys:
        plain_table([{
            "Id": k.id, "Key starts": k.prefix + "…", "Source": k.source, "Feature": k.feature or "",
            "Release": k.release or "", "Created": k.created_at, "By": k.created_by or "",
            "State": "revoked" if k.revoked_at else "live"} for k in keys],
            {"Created": lambda v: v.strftime("%Y-%m-%d %H:%M UTC") if hasattr(v, "strftime") else str(v)})
    _create_form(db, prefix)
    live = [k.id for k in keys if not k.revoked_at]
    if live:
        _revoke_form(db, prefix, live)


def _create_form(db, prefix: str) -> None:
    with st.form(f"{prefix}_key_create"):
        cols = st.columns(3)
        source = cols[0].text_input("Source name", key=f"{prefix}_key_source", max_chars=64,
                                    help="Who sends with this key, e.g. support-bot (letters, digits, '.', '_', '-').")
        feature = cols[1].text_input("Default feature (optional)", key=f"{prefix}_key_feature", max_chars=64)
        release = cols[2].text_input("Default release (optional)", key=f"{prefix}_key_release", max_chars=64)
        submitted = st.form_submit_button("Create key")
    if not submitted or not allowed_now("admin", "manage API keys"):
        return
    who = current_user().name
    try:
        key, doc = api_keys.create_key(db, source, feature=feature or None, release=release or None, by=who)
    except ValidationFailed as exc:
        st.error(f"Not created: {md_escape(exc)}.")
        return
    made = ApiKey.model_validate(doc)
    _audit(db, who, "create_api_key", doc, None, {"source": made.source, "feature": made.feature,
                                                  "release": made.release})
    st.session_state[f"{prefix}_new_key"] = key
    st.rerun()


def _revoke_form(db, prefix: str, live: list[str]) -> None:
    with st.form(f"{prefix}_key_revoke"):
        key_id = st.selectbox("Key", live, key=f"{prefix}_key_revoke_id")
        sure = st.checkbox("Yes, revoke this key (its sender is refused within seconds)", key=f"{prefix}_key_sure")
        submitted = st.form_submit_button("Revoke key")
    if not submitted or not allowed_now("admin", "manage API keys"):
        return
    if not sure:
        st.error("Not revoked: tick the box to confirm.")
        return
    who = current_user().name
    if api_keys.revoke_key(db, key_id, by=who):
        _audit(db, who, "revoke_api_key", {"_id": key_id}, {"state": "live"}, {"state": "revoked"})
        st.session_state[f"{prefix}_flash"] = f"Key {key_id} revoked."
    st.rerun()


def _audit(db, who: str, action: str, doc: dict, old, new) -> None:
    try:
        write_audit(db, user=who, action=action, target=f"api_key:{doc['_id']}", old=old, new=new)
    except ValidationFailed as exc:
        st.warning(f"The change was made but not recorded in the audit trail: {md_escape(exc)}")
