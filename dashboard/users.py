"""`python -m dashboard.users add NAME --role viewer|reviewer|admin` (password asked, or
--password-stdin), `python -m dashboard.users remove NAME`, `python -m dashboard.users list`."""
from __future__ import annotations

import argparse
import getpass
import sys

from dashboard.auth import ROLES, add_user, load_users, remove_user


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
    if args.command == "list":
        for name, entry in sorted(load_users().items()):
            print(f"{name}\t{entry['role']}")
        return 0
    if args.command == "remove":
        try:
            remove_user(args.name)
        except ValueError as exc:
            print(f"error: {exc}", file=sys.stderr)
            return 2
        print(f"user {args.name} removed")
        return 0
    password = sys.stdin.readline().rstrip("\n") if args.password_stdin else getpass.getpass("Password: ")
    try:
        add_user(args.name, password, args.role)
    except ValueError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    print(f"user {args.name} saved with role {args.role}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
