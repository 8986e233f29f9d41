"""Persistence: sessions, utterances, graph snapshots, scoring history, engine state, language-call log.

SQLite in WAL mode by default (one connection per thread) or a PostgreSQL server (a connection pool),
schema kept by ordered migrations; a turn is recorded once however many processes share the database.
"""

from .database import Database, parse_location
from .migrations import MIGRATIONS, migrate
from .repository import Repository
from .sessions import AnswerConflict, TurnConflict
from .settings_summary import SecretValueError, summarize_settings

__all__ = ["AnswerConflict", "Database", "parse_location", "MIGRATIONS", "migrate", "Repository", "SecretValueError",
           "summarize_settings", "TurnConflict"]
