"""SQL dialects: the one place that knows parameter style and how a write transaction begins.

Every statement in this package is written once, portable, with ``?`` placeholders; a dialect rewrites
it for its driver. SQLite is the only backend wired today; the PostgreSQL dialect is the seam a
``postgresql://`` URL will use (psycopg's ``%s`` placeholders, plain ``BEGIN``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal


@dataclass(frozen=True)
class Dialect:
    name: str
    paramstyle: Literal["qmark", "format"]
    begin_write: str  # statement that opens a transaction that will write

    def sql(self, text: str) -> str:
        """``text`` with ``?`` placeholders rewritten for this dialect's driver (unchanged for qmark)."""
        return text if self.paramstyle == "qmark" else qmark_to_format(text)


def qmark_to_format(text: str) -> str:
    """Rewrite ``?`` placeholders as ``%s``, leaving quoted literals alone and escaping literal ``%``.

    ``"SELECT '?', x FROM t WHERE a = ? AND b LIKE 'a%'"`` becomes
    ``"SELECT '?', x FROM t WHERE a = %s AND b LIKE 'a%%'"``.
    """
    out: list[str] = []
    quote: str | None = None  # the quote character we are inside, if any
    for ch in text:
        if quote:
            if ch == quote:
                quote = None
        elif ch in ("'", '"'):
            quote = ch
        elif ch == "?":
            out.append("%s")
            continue
        out.append("%%" if ch == "%" else ch)
    return "".join(out)


# SQLite: BEGIN IMMEDIATE takes the write lock at once, so two writers queue on busy_timeout instead of
# failing later with "database is locked" when a read transaction tries to upgrade.
SQLITE = Dialect("sqlite", "qmark", "BEGIN IMMEDIATE")
POSTGRES = Dialect("postgresql", "format", "BEGIN")
