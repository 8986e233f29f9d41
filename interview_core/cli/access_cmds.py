"""``interview hash-password``: the analyst password hash for INTERVIEW_ACCESS__ANALYST_PASSWORD_HASH."""

from __future__ import annotations

import getpass
import sys

from ..access import hash_password


def register(sub) -> None:
    p = sub.add_parser("hash-password", help="print a hash of the analyst password for the access settings")
    p.add_argument("--stdin", action="store_true", help="read the password from standard input (one line)")
    p.set_defaults(func=_hash)


def _hash(args) -> int:
    if args.stdin:
        password = sys.stdin.readline().rstrip("\n")
    else:
        password = getpass.getpass("Analyst password: ")
        if getpass.getpass("Again: ") != password:
            print("the two passwords differ", file=sys.stderr)
            return 2
    if len(password) < 12:
        print("use at least 12 characters", file=sys.stderr)
        return 2
    print(hash_password(password))
    return 0
