"""A database location plus one connection per thread.

Streamlit serves each browser session on its own thread, and a sqlite3 connection must not be shared
across threads, so :class:`Database` hands every thread its own connection (created on first use) and
never passes one between threads.
"""

from __future__ import annotations

import sqlite3
import threading
import time
from contextlib import contextmanager, nullcontext
from pathlib import Path
from typing import Any, Iterator, Sequence

from .dialect import POSTGRES, SQLITE, Dialect
from .queries import QueryHelpers

BUSY_TIMEOUT_MS = 10_000  # how long a writer waits for another thread's or process's write lock


POSTGRES_SCHEMES = ("postgresql://", "postgres://")


def parse_location(url_or_path: str | Path) -> tuple[Dialect, Path | str]:
    """Resolve a database location to (dialect, where).

    ``sqlite:///relative.db``, ``sqlite:////abs.db`` or a plain path give (SQLITE, file path);
    ``postgresql://user@host:port/db`` (or ``postgres://``) gives (POSTGRES, the URL unchanged).
    Raises ValueError for in-memory databases (each thread would see a different empty database) and
    for any other URL scheme.
    """
    text = str(url_or_path)
    if text.startswith(POSTGRES_SCHEMES):
        return POSTGRES, text
    if text.startswith("sqlite:///"):
        text = text[len("sqlite:///"):]
    elif "://" in text:
        scheme = text.split("://", 1)[0]
        raise ValueError(f"database URL scheme '{scheme}' is not supported (use sqlite:///path, a file path "
                         "or postgresql://user@host:port/database)")
    if text in ("", ":memory:"):
        raise ValueError("an in-memory database cannot be shared between threads; give a file path")
    return SQLITE, Path(text).expanduser()


def _enable_wal(conn: sqlite3.Connection) -> None:
    """Switch the file to WAL (a persistent property of the file) unless it already is.

    The switch needs an exclusive lock and SQLite does not wait on busy_timeout for it, so when several
    threads or processes open a brand-new file at once the losers retry until the timeout.
    """
    deadline = time.monotonic() + BUSY_TIMEOUT_MS / 1000
    while True:
        try:
            if conn.execute("PRAGMA journal_mode = WAL").fetchone()[0] == "wal":
                return
            problem = "journal mode did not switch to WAL"
        except sqlite3.OperationalError as exc:
            if "locked" not in str(exc):
                raise
            problem = str(exc)
        if time.monotonic() > deadline:
            raise sqlite3.OperationalError(f"cannot enable WAL mode: {problem}")
        time.sleep(0.01)


def open_database(url_or_path: str | Path):
    """A :class:`Database` (SQLite file) or a ``PostgresDatabase`` for a ``postgresql://`` URL."""
    dialect, where = parse_location(url_or_path)
    if dialect is POSTGRES:
        from .postgres import PostgresDatabase  # psycopg is imported only when a server is used

        return PostgresDatabase(where)
    return Database(where)


class Database(QueryHelpers):
    """A SQLite file in WAL mode with foreign keys on; ``connection`` is the calling thread's own."""

    # What a violated UNIQUE/foreign-key constraint raises with this driver (caught by conditional inserts).
    integrity_errors: tuple[type[BaseException], ...] = (sqlite3.IntegrityError,)

    def __init__(self, url_or_path: str | Path):
        self.dialect, self.path = parse_location(url_or_path)
        if self.dialect is not SQLITE:
            raise ValueError("Database opens SQLite files; use open_database() for a server URL")
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._local = threading.local()

    def connect(self) -> sqlite3.Connection:
        """A new, configured connection: autocommit (transactions are explicit), WAL, FKs, dict-able rows."""
        conn = sqlite3.connect(self.path, isolation_level=None, timeout=BUSY_TIMEOUT_MS / 1000)
        conn.row_factory = sqlite3.Row
        conn.execute(f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}")
        _enable_wal(conn)
        # FULL: a committed answer survives power loss, not only a killed process.
        conn.execute("PRAGMA synchronous = FULL")
        conn.execute("PRAGMA foreign_keys = ON")
        return conn

    @property
    def connection(self) -> sqlite3.Connection:
        """The calling thread's connection, opened on first use and never given to another thread."""
        conn = getattr(self._local, "conn", None)
        if conn is None:
            conn = self._local.conn = self.connect()
            self._local.depth = 0
        return conn

    def execute(self, sql: str, params: Sequence[Any] = ()) -> sqlite3.Cursor:
        """Run one statement written with ``?`` placeholders on this thread's connection."""
        return self.connection.execute(self.dialect.sql(sql), tuple(params))

    def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        """Run one ``?`` statement once per parameter row."""
        self.connection.executemany(self.dialect.sql(sql), [tuple(r) for r in rows])

    @contextmanager
    def transaction(self) -> Iterator[None]:
        """Commit everything inside the block at once, or nothing. Nested blocks join the outer one."""
        conn = self.connection
        if self._local.depth:
            self._local.depth += 1
            try:
                yield
            finally:
                self._local.depth -= 1
            return
        conn.execute(self.dialect.begin_write)
        self._local.depth = 1
        self._local.memo = {}
        try:
            yield
            conn.execute("COMMIT")
        except BaseException:
            # SQLite rolls some failures back by itself; a second ROLLBACK would raise and hide the cause.
            if conn.in_transaction:
                conn.execute("ROLLBACK")
            raise
        finally:
            self._local.depth = 0
            self._local.memo = None

    def transaction_memo(self) -> dict | None:
        """A dict that lives as long as this thread's current transaction (None outside one): what a
        transaction has already checked or read of rows it holds locked, so it is not read again."""
        return getattr(self._local, "memo", None)

    def write_batch(self):
        """A block of statements whose results nobody reads (SQLite runs them as they come)."""
        return nullcontext()

    def close(self) -> None:
        """Close the calling thread's connection (other threads' connections close with their threads)."""
        conn = getattr(self._local, "conn", None)
        if conn is not None:
            conn.close()
            self._local.conn = None
