"""SQL dialects: the one place that knows parameter style and how a write transaction begins.

Every statement in this package is written once, portable, with ``?`` placeholders; a dialect rewrites
it for its driver: SQLite (a file, the default) or PostgreSQL (a ``postgresql://`` URL, psycopg's ``%s``
placeholders, plain ``BEGIN`` plus row locks).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal


@dataclass(frozen=True)
class Dialect:
    name: str
    paramstyle: Literal["qmark", "format"]
    begin_write: str  # statement that opens a transaction that will write
    lock_suffix: str  # appended to a SELECT to lock its rows until commit ("" where the begin locks)
    schema_lock: str | None  # statement that serialises schema changes between processes, if needed
    table_exists: str  # SELECT with one ``?`` (a table name) giving a row when that table exists
    stores_nul: bool  # whether a TEXT value may hold U+0000 (PostgreSQL refuses it)

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
SQLITE = Dialect("sqlite", "qmark", "BEGIN IMMEDIATE", "", None,
                 "SELECT 1 AS found FROM sqlite_master WHERE type = 'table' AND name = ?", True)
# PostgreSQL: READ COMMITTED plus SELECT ... FOR UPDATE on the session row; concurrent CREATE TABLE
# statements from processes starting together are serialised by a transaction-scoped advisory lock.
POSTGRES = Dialect("postgresql", "format", "BEGIN", " FOR UPDATE", "SELECT pg_advisory_xact_lock(72420017)",
                   "SELECT 1 AS found FROM information_schema.tables WHERE table_schema = current_schema() "
                   "AND table_name = ?", False)
