"""Persistence: sessions, utterances, graph snapshots, scoring history, engine state, language-call log.

SQLite in WAL mode by default, schema kept by ordered migrations, one connection per thread.
"""

from .database import Database, parse_location
from .migrations import MIGRATIONS, migrate
from .repository import Repository
from .sessions import AnswerConflict
from .settings_summary import SecretValueError, summarize_settings

__all__ = ["AnswerConflict", "Database", "parse_location", "MIGRATIONS", "migrate", "Repository", "SecretValueError",
           "summarize_settings"]
