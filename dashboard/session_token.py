"""A signed, expiring session token: a sign-in that lasts across reloads and pasted links (issue 34).

After a sign-in the browser keeps a cookie (COOKIE) holding who signed in, when, the fingerprint of
their password hash and when the session was last seen — signed with itsdangerous (HMAC-SHA1 over a
server-side secret; never the password, never the role). A new browser session (a reload, a link
opened in another tab) reads it back (`read`) and dashboard/auth.py's `resolve_session` judges it
as it judges a live session: the user still exists, the password did not change, the idle and
total limits hold. The token also expires on its own after the total limit (`max_age`), and a
tampered or foreign token is refused. `last_seen` is re-issued at most every REFRESH_S, so the idle
limit holds to within that.

The secret: EVALBOARD_SESSION_SECRET, else a random key created once in a 0600 file next to the
users file (every dashboard process of the install shares it; deleting it signs everyone out).
"""
from __future__ import annotations

import os
import secrets
from pathlib import Path

from itsdangerous import BadSignature, SignatureExpired, URLSafeTimedSerializer

from dashboard.auth import Session
from settings import get_settings

COOKIE = "evalboard_session"
SALT = "evalboard-session-v1"
REFRESH_S = 60.0
KEY_FILE = ".evalboard-session-key"


def _key_path() -> Path:
    return Path(get_settings().users_file).resolve().parent / KEY_FILE


def secret() -> str:
    configured = get_settings().session_secret
    if configured:
        return configured
    path = _key_path()
    try:
        return path.read_text().strip()
    except FileNotFoundError:
        pass
    key = secrets.token_hex(32)
    try:  # O_EXCL: two processes starting at once agree on the first key written
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        return path.read_text().strip()
    with os.fdopen(fd, "w") as out:
        out.write(key)
    return key


def _serializer() -> URLSafeTimedSerializer:
    return URLSafeTimedSerializer(secret(), salt=SALT)


def issue(session: Session) -> str:
    return _serializer().dumps({"n": session.name, "s": session.signed_in_at, "l": session.last_seen,
                                "f": session.fingerprint})


def read(token: str | None) -> Session | None:
    """The session a token holds, or None (absent, tampered, signed with another key, older than the
    total limit, or not a session)."""
    if not token or not isinstance(token, str) or len(token) > 2000:
        return None
    max_age = get_settings().session_max_hours * 3600
    try:
        data = _serializer().loads(token, max_age=max_age)
    except (SignatureExpired, BadSignature):
        return None
    if not isinstance(data, dict) or not isinstance(data.get("n"), str):
        return None
    try:
        return Session(data["n"], float(data["s"]), float(data["l"]), data.get("f"))
    except (KeyError, TypeError, ValueError):
        return None


def cookie_script(token: str | None) -> str:
    """The script that stores (or, with None, deletes) the cookie in the browser: SameSite=Strict, path /,
    Secure over https; it lives for the session's total limit."""
    if token is None:
        return f"<script>document.cookie = '{COOKIE}=; path=/; max-age=0; SameSite=Strict';</script>"
    max_age = int(get_settings().session_max_hours * 3600)
    # the token is URL-safe base64 and dots: nothing in it can end the string or the script
    return ("<script>document.cookie = '" + COOKIE + "=" + token + f"; path=/; max-age={max_age}; SameSite=Strict'"
            " + (location.protocol === 'https:' ? '; Secure' : '');</script>")
