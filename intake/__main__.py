"""`python -m intake serve [--port N] [--host H]` — the HTTP door (OTLP/HTTP traces, JSON records);
`python -m intake keys create SOURCE [--feature F] [--release R] | list | revoke KEY_ID` — API keys;
`python -m intake assemble` — turn ready staged traces into records once (the server does it by itself)."""
from __future__ import annotations

import argparse
import logging
import sys

from settings import get_settings
from store.client import DatabaseUnavailable, get_db, ping
from store.errors import DatabaseError, ValidationFailed

LOOPBACK = ("127.0.0.1", "localhost", "::1")


def _db():
    from store.migrate import migrate

    db = get_db()
    ping(db)
    migrate(db)
    return db


def _serve(args) -> int:
    import uvicorn

    from intake.app import auth_on, create_app

    settings = get_settings()
    host = args.host or settings.intake_host
    if host not in LOOPBACK and not auth_on():
        # as the dashboard: local mode (no users file, no keys needed) only where nobody else can reach it
        print(f"error: refusing to serve on {host} without a users file ({settings.users_file}): with no users "
              "file no API key is asked for, so only a loopback address is allowed", file=sys.stderr)
        return 2
    _db()
    port = args.port or settings.intake_port
    print(f"intake: http://{host}:{port}/v1/traces (OTLP/HTTP) and /api/records; auth "
          f"{'on: API keys required' if auth_on() else 'off: local mode'}", flush=True)
    uvicorn.run(create_app(), host=host, port=port, log_level="warning", access_log=False)
    return 0


def _keys(args) -> int:
    from store import api_keys

    db = _db()
    if args.keys_command == "create":
        try:
            key, doc = api_keys.create_key(db, args.source, feature=args.feature, release=args.release, by="cli")
        except ValidationFailed as exc:
            print(f"error: {exc}", file=sys.stderr)
            return 2
        print(f"key {doc['_id']} for source {doc['source']!r} (shown once, keep it now):\n{key}")
        return 0
    if args.keys_command == "list":
        for doc in api_keys.list_keys(db):
            state = f"revoked {doc['revoked_at']:%Y-%m-%d}" if doc.get("revoked_at") else "live"
            print(f"{doc['_id']}  {doc['prefix']}…  source={doc['source']}  feature={doc.get('feature') or '-'}  "
                  f"release={doc.get('release') or '-'}  created {doc['created_at']:%Y-%m-%d} by {doc['created_by']}  "
                  f"{state}")
        return 0
    if not api_keys.revoke_key(db, args.key_id, by="cli"):
        print(f"error: no live key with id {args.key_id!r} (see `python -m intake keys list`)", file=sys.stderr)
        return 2
    print(f"revoked {args.key_id}")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m intake")
    sub = parser.add_subparsers(dest="command", required=True)
    p_serve = sub.add_parser("serve", help="serve OTLP/HTTP traces and JSON records")
    p_serve.add_argument("--port", type=int, default=None, help="default: EVALBOARD_INTAKE_PORT (4318)")
    p_serve.add_argument("--host", default=None, help="default: EVALBOARD_INTAKE_HOST (127.0.0.1)")
    p_keys = sub.add_parser("keys", help="API keys per source")
    keys = p_keys.add_subparsers(dest="keys_command", required=True)
    p_create = keys.add_parser("create", help="create a key (shown once)")
    p_create.add_argument("source", help="the sender's name; its records carry it as their source")
    p_create.add_argument("--feature", default=None, help="feature for what it sends without one")
    p_create.add_argument("--release", default=None, help="release for what it sends without one")
    keys.add_parser("list", help="list keys (never the keys themselves)")
    p_revoke = keys.add_parser("revoke", help="revoke a key by its id (k_...)")
    p_revoke.add_argument("key_id")
    sub.add_parser("assemble", help="turn ready staged traces into records once")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.WARNING, stream=sys.stderr)
    try:
        if args.command == "serve":
            return _serve(args)
        if args.command == "keys":
            return _keys(args)
        from intake.writing import assemble_ready
        print("assemble: " + " ".join(f"{k}={v}" for k, v in assemble_ready(_db()).items()))
        return 0
    except (DatabaseUnavailable, DatabaseError) as exc:
        print(f"error: {str(exc)[:300]}", file=sys.stderr)
        return 3


if __name__ == "__main__":
    raise SystemExit(main())
