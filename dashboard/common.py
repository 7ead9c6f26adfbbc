"""Small things every page uses: the database handle, the signed-in user,
role checks, the outage state, and safe rendering of user text."""
from __future__ import annotations

import gc
import re
import threading

import streamlit as st

from dashboard import access
from dashboard.auth import AccessError, User, access_mode
from store.client import DatabaseUnavailable, get_db, ping



@st.cache_resource(show_spinner=False)
def database():
    """The one Database handle (the client inside is a pooled singleton)."""
    return get_db()


def db_or_stop():
    """The database, or a clear message with a retry button and the page stops."""
    db = database()
    try:
        ping(db)
    except DatabaseUnavailable as exc:
        st.error(f"**The database is not reachable.** {exc}")
        st.caption("Nothing was lost: the page will load once the database is back.")
        if st.button("Retry", key="db_retry", type="primary"):
            st.rerun()
        st.stop()
    return db


def current_user() -> User:
    """The user of this run, with the role the users file gives now (see dashboard/access.py)."""
    return access.current_user()


def can(role: str) -> bool:
    return current_user().can(role)


def require(role: str, what: str) -> bool:
    """True when the user may do `what`; otherwise says who may."""
    if can(role):
        return True
    st.info(f"Only a {role} (or higher) can {what}. You are signed in as "
            f"{current_user().name} ({current_user().role}).")
    return False


def allowed_now(role: str, what: str) -> bool:
    """The check made at the moment of a write (every button, form and bulk action).

    The role is re-read from the users file now, not taken from when the page was drawn: a user
    demoted (or removed) in another tab or by the CLI cannot write from a page that still shows
    the control. Says why nothing was saved."""
    user = access.current_user()
    if user.can(role):
        return True
    st.error(f"Not saved: only a {role} (or higher) can {what}. You are signed in as "
             f"{user.name} ({user.role}); your role may have changed since this page was drawn.")
    return False


# ":" too: Streamlit's Markdown reads ":21:" of "08:21:59" (or ":5717:" of a worker id) as a possible emoji
# shortcode and loads its 260 KB emoji table before it draws the text (issue 29: a new tab's time); a user's
# ":smile:" stays those characters, as user text should
_MD_SPECIAL = re.compile(r"([\\`*_{}\[\]()#+\-.!|>~<$:])")


_WJ = "\u2060"  # word joiner: invisible, but stops GFM from turning text into a link
_SCHEME = re.compile(r"(?i)\b(https?|ftp|mailto|xmpp)(?=:)")
_WWW = re.compile(r"(?i)\bwww\.")
_AT = re.compile("@(?!" + _WJ + ")")


def no_autolinks(text: str) -> str:
    """Break the patterns GFM (and Slack) auto-link: URLs, www., e-mail addresses; escapes alone don't."""
    text = _SCHEME.sub(lambda m: m.group(1) + _WJ, text)
    text = _WWW.sub(lambda m: m.group(0)[:3] + _WJ + ".", text)
    return _AT.sub("@" + _WJ, text)


def md_escape(text: object) -> str:
    """Escape user text for st.markdown: no formatting, links (bare URLs included) or HTML come through."""
    return _MD_SPECIAL.sub(r"\\\1", no_autolinks("" if text is None else str(text)))


@st.cache_resource(show_spinner=False)
def model_warmer() -> threading.Thread:
    """Load the embedding model once, in the background, when the app starts; then freeze the
    objects that exist (imports, the model). Streamlit runs a full gc.collect(2) after every script
    run and the browser waits for it: ~70-100 ms over the model's and pandas' objects, a few ms over
    only what the runs make (issue 29: a new tab)."""
    def _load():
        try:
            from evaluators.embeddings import warm_up
            warm_up()
        except Exception:  # the playground shows the error when it needs the model
            pass
        gc.collect()
        gc.freeze()
    thread = threading.Thread(target=_load, name="model-warm-up", daemon=True)
    thread.start()
    return thread


def fmt_score(value) -> str:
    return "—" if value is None else f"{value:.2f}"


def fmt_pct(value) -> str:
    return "—" if value is None else f"{100 * value:.1f}%"


# --- cached readers: dashboard/data.py (invalidated by topic after a write) -----------------

def db_key(db) -> str:
    """A cache key for the database handle (URI from settings + database name)."""
    from settings import get_settings
    return f"{get_settings().mongodb_uri or 'embedded'}|{db.name}"


def show_flash(prefix: str) -> None:
    """Show (once) the success message a page stored before its st.rerun()."""
    flash = st.session_state.pop(f"{prefix}_flash", None)
    if flash:
        st.success(flash, icon="✅")


def signed_in_or_stop() -> None:
    """Stop a page when sign-in is required and nobody is signed in.

    app.py shows the login before any page is routed; each view checks again
    so that a view script run on its own can never show data unsigned."""
    try:
        mode = access_mode(access.bind_address())
    except AccessError as exc:
        access.show_access_error(exc)
        st.stop()
    if mode == "users" and current_user() == access.ANONYMOUS:
        st.error("Please sign in first.")
        st.markdown("[Go to the sign-in page](/)")
        st.stop()
