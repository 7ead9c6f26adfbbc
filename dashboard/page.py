"""The start of every page, in one place: the viewer is signed in (or the page stops with a link to
sign in), the database answers (or the page stops with a retry button), and the cache key its reads
use. Each view's `render()` begins with `db, key = page.start()`."""
from __future__ import annotations

from dashboard.common import db_key, db_or_stop, signed_in_or_stop


def start():
    """(database, cache key) for the page, after the sign-in and database checks."""
    signed_in_or_stop()
    db = db_or_stop()
    return db, db_key(db)
