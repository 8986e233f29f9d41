"""A PostgreSQL server through psycopg 3 and a connection pool, with the same surface as the SQLite file.

One pool per database URL per process (every ``Repository`` opened on that URL shares it). Outside a
transaction a statement borrows a pooled connection in autocommit mode and hands it back with its rows
already fetched; inside :meth:`PostgresDatabase.transaction` the thread keeps one connection until the
commit, so nested blocks join the outer transaction exactly as on SQLite.
"""

from __future__ import annotations

import atexit
import os
import threading
from contextlib import contextmanager
from typing import Any, Iterator, Sequence

import psycopg

from .dialect import POSTGRES
from .queries import QueryHelpers

POOL_MAX = int(os.environ.get("INTERVIEW_DB_POOL_MAX", "8"))  # connections per process and database URL
POOL_TIMEOUT_S = 30.0  # how long a statement waits for a free pooled connection before failing

_pools: dict[str, Any] = {}
_pools_lock = threading.Lock()


def _pool(url: str):
    """The process's pool for ``url``, opened on first use (idle connections are closed after 10 minutes)."""
    from psycopg.rows import dict_row
    from psycopg_pool import ConnectionPool

    with _pools_lock:
        pool = _pools.get(url)
        if pool is None:
            pool = _pools[url] = ConnectionPool(
                url, min_size=1, max_size=POOL_MAX, timeout=POOL_TIMEOUT_S, max_idle=600, open=True,
                kwargs={"autocommit": True, "row_factory": dict_row}, name="interview")
        return pool


def close_pools(url: str | None = None) -> None:
    """Close the pool of ``url`` (every pool when None); the next statement on that URL opens a new one."""
    with _pools_lock:
        urls = [url] if url is not None else list(_pools)
        pools = [_pools.pop(u) for u in urls if u in _pools]
    for pool in pools:
        pool.close()


atexit.register(close_pools)


class Rows:
    """A statement's outcome with its rows fetched: ``fetchone``, ``fetchall`` and ``rowcount``."""

    def __init__(self, rows: list[dict], rowcount: int):
        self._rows, self.rowcount = rows, rowcount

    def fetchone(self) -> dict | None:
        return self._rows[0] if self._rows else None

    def fetchall(self) -> list[dict]:
        return list(self._rows)


class PostgresDatabase(QueryHelpers):
    """A ``postgresql://`` database: pooled connections, explicit transactions, ``?`` placeholders."""

    dialect = POSTGRES
    # What a violated UNIQUE/foreign-key constraint raises with this driver (caught by conditional inserts).
    integrity_errors: tuple[type[BaseException], ...] = (psycopg.IntegrityError,)

    def __init__(self, url: str):
        self.url = url
        self.path = None  # no file: kept so callers can ask any database for its path
        self._local = threading.local()

    @property
    def pool(self):
        return _pool(self.url)

    def connect(self):
        """A new, unpooled connection (autocommit, dict rows); the caller closes it."""
        from psycopg.rows import dict_row

        return psycopg.connect(self.url, autocommit=True, row_factory=dict_row)

    @contextmanager
    def _connection(self) -> Iterator[Any]:
        conn = getattr(self._local, "conn", None)
        if conn is not None:  # inside this thread's transaction
            yield conn
            return
        with self.pool.connection() as conn:
            yield conn

    def execute(self, sql: str, params: Sequence[Any] = ()) -> Rows:
        """Run one statement written with ``?`` placeholders; rows come back already fetched."""
        with self._connection() as conn:
            cur = conn.execute(self.dialect.sql(sql), tuple(params))
            rows = cur.fetchall() if cur.description is not None else []
            return Rows(rows, cur.rowcount)

    def executemany(self, sql: str, rows: Sequence[Sequence[Any]]) -> None:
        """Run one ``?`` statement once per parameter row."""
        if not rows:
            return
        with self._connection() as conn:
            conn.cursor().executemany(self.dialect.sql(sql), [tuple(r) for r in rows])

    @contextmanager
    def transaction(self) -> Iterator[None]:
        """Commit everything inside the block at once, or nothing. Nested blocks join the outer one."""
        if getattr(self._local, "conn", None) is not None:
            yield
            return
        pool = self.pool
        conn = pool.getconn()
        self._local.conn = conn
        self._local.memo = {}
        try:
            conn.execute(self.dialect.begin_write)
            yield
            conn.execute("COMMIT")
        except BaseException:
            try:
                conn.execute("ROLLBACK")
            except Exception:  # a broken connection: the pool discards it; keep the original error
                pass
            raise
        finally:
            self._local.conn = None
            self._local.memo = None
            pool.putconn(conn)

    def transaction_memo(self) -> dict | None:
        """A dict that lives as long as this thread's current transaction (None outside one): what a
        transaction has already checked or read of rows it holds locked, so it is not read again."""
        return getattr(self._local, "memo", None)

    @contextmanager
    def write_batch(self) -> Iterator[None]:
        """Inside a transaction, a block of statements whose results nobody reads (DELETE, INSERT, UPDATE
        without a row count) sent in pipeline mode: one round trip to the server for the block instead of
        one per statement. A failing statement raises when the block ends, and the transaction rolls back.
        Outside a transaction the statements run one by one."""
        conn = getattr(self._local, "conn", None)
        if conn is None:
            yield
            return
        with conn.pipeline():
            yield

    def close(self) -> None:
        """Nothing to close per thread: pooled connections live until :func:`close_pools` or exit."""
