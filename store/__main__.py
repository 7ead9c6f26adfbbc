"""`python -m store serve [--port N] [--data DIR]` — the embedded database;
`python -m store migrate` — indexes, seeds and backfills (idempotent)."""
from __future__ import annotations

import argparse
import logging
import sys

from store.server import DEFAULT_CACHE_SIZE, DataDirInUse, serve


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m store")
    sub = parser.add_subparsers(dest="command", required=True)
    p_serve = sub.add_parser("serve", help="run the embedded MongoDB-wire server in the foreground")
    p_serve.add_argument("--port", type=int, default=27018, help="0 picks a free port")
    p_serve.add_argument("--data", default="./.data", help="data folder (WiredTiger files)")
    p_serve.add_argument("--cache-size", default=DEFAULT_CACHE_SIZE,
                         help="WiredTiger cache (256M, 1G, ...); the memory bound is EVALBOARD_DB_MAX_RSS_MB (docs/deploy.md)")
    sub.add_parser("migrate", help="create indexes, seed default rules, run backfills (idempotent)")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.WARNING, stream=sys.stderr)
    if args.command == "serve":
        try:
            serve(args.port, args.data, cache_size=args.cache_size)
        except (OSError, DataDirInUse) as exc:
            print(f"error: cannot start the embedded database: {exc}", file=sys.stderr)
            return 2
    if args.command == "migrate":
        from pymongo.errors import PyMongoError

        from store.client import get_db
        from store.migrate import migrate
        try:
            print("migrate: " + " ".join(f"{k}={v}" for k, v in migrate(get_db()).items()))
        except PyMongoError as exc:
            print(f"error: the database is not reachable: {str(exc)[:200]}", file=sys.stderr)
            return 3
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
