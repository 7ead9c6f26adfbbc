"""`python -m dashboard.users add NAME --role viewer|reviewer|admin` (password asked, or
--password-stdin), `python -m dashboard.users remove NAME`, `python -m dashboard.users list`.

The same rules as the Users page (dashboard/auth.py): the last admin cannot be removed or
demoted, the file is written 0600. Errors: one line, exit 2."""
from __future__ import annotations

import argparse
import getpass
import sys

from dashboard.auth import ROLES, AccessError, add_user, load_users, remove_user


def _run(args) -> str | None:
    if args.command == "list":
        for name, entry in sorted(load_users().items()):
            print(f"{name}\t{entry['role']}")
        return None
    if args.command == "remove":
        remove_user(args.name)
        return f"user {args.name} removed"
    password = sys.stdin.readline().rstrip("\n") if args.password_stdin else getpass.getpass("Password: ")
    add_user(args.name, password, args.role)
    return f"user {args.name} saved with role {args.role}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m dashboard.users")
    sub = parser.add_subparsers(dest="command", required=True)
    p_add = sub.add_parser("add", help="add or replace a user")
    p_add.add_argument("name")
    p_add.add_argument("--role", choices=ROLES, default="viewer")
    p_add.add_argument("--password-stdin", action="store_true", help="read the password from stdin")
    sub.add_parser("list", help="list users and roles")
    p_remove = sub.add_parser("remove", help="remove a user")
    p_remove.add_argument("name")
    args = parser.parse_args(argv)
    try:
        done = _run(args)
    except (ValueError, AccessError, OSError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    if done:
        print(done)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
