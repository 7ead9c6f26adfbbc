"""The start of every page, in one place: the viewer is signed in (or the page stops with a link to
sign in) and the database answers (or the page stops with a retry button). Each view's `render()`
begins with `db = page.start()`; it reads through `dashboard.data`, whose cached readers fetch this
same database themselves (and keep the caches of different databases apart), and writes with `db`."""
from __future__ import annotations

from dashboard.common import db_or_stop, signed_in_or_stop


def start():
    """The database for the page's writes, after the sign-in and database checks."""
    signed_in_or_stop()
    return db_or_stop()
