"""Reading rows as dicts, written once for every database class (each brings its own ``execute``)."""

from __future__ import annotations

from typing import Any, Sequence


class QueryHelpers:
    """``query``/``query_one`` over a database's own ``execute`` (shared by the SQLite and PostgreSQL classes)."""

    def execute(self, sql: str, params: Sequence[Any] = ()) -> Any:
        raise NotImplementedError

    def query(self, sql: str, params: Sequence[Any] = ()) -> list[dict]:
        """Rows of a SELECT as plain dicts keyed by column name."""
        return [dict(row) for row in self.execute(sql, params).fetchall()]

    def query_one(self, sql: str, params: Sequence[Any] = ()) -> dict | None:
        """The first row of a SELECT as a dict, or None."""
        row = self.execute(sql, params).fetchone()
        return dict(row) if row is not None else None
