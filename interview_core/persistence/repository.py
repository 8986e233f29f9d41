"""The repository the pipeline and the dashboard use: one object over one database location."""

from __future__ import annotations

from pathlib import Path

from .database import open_database
from .llm_log import CallLog
from .migrations import migrate
from .sessions import SessionStore
from .studies import StudyStore
from .turns import TurnStore
from .weights import WeightLog


class Repository(SessionStore, TurnStore, CallLog, StudyStore, WeightLog):
    """Open (creating if needed) the database at ``url_or_path`` and bring its schema up to date.

    ``url_or_path`` is ``sqlite:///relative.db``, ``sqlite:////absolute.db`` or a plain file path (the
    parent directory is created), or ``postgresql://user@host:port/database`` for a PostgreSQL server. Safe to share between threads: each thread uses its own connection.
    ``migrations_applied`` lists the migrations this instance applied (empty when already current).
    """

    def __init__(self, url_or_path: str | Path):
        self.db = open_database(url_or_path)
        self.migrations_applied = migrate(self.db)

    def close(self) -> None:
        """Close the calling thread's connection."""
        self.db.close()
