"""Schema migrations: an ordered list of small functions, each recorded in ``_migrations`` once applied.

Add a migration by appending a new decorated function at the end; never edit or reorder one that has
shipped. The DDL is portable (TEXT, INTEGER, DOUBLE PRECISION, composite keys, ON DELETE CASCADE) so the
same functions can run on PostgreSQL. JSON columns are TEXT encoded by :mod:`.codec`.
"""

from __future__ import annotations

from typing import Callable

from .codec import utc_now
from .database import Database

Migration = Callable[[Database], None]
MIGRATIONS: list[Migration] = []


def migration(fn: Migration) -> Migration:
    """Register ``fn`` as the next migration; its function name is its identity in ``_migrations``."""
    MIGRATIONS.append(fn)
    return fn


def migrate(db: Database) -> list[str]:
    """Apply every migration not yet recorded, in order, each in its own transaction.

    Returns the names applied by this call (empty when the schema is current). The applied set is read
    again inside each write transaction (behind the dialect's schema lock on a server), so several
    processes opening a new database at once apply each migration once.
    """
    if _recorded(db) >= {fn.__name__ for fn in MIGRATIONS}:
        return []  # current: one read, no write transaction
    with db.transaction():
        _schema_lock(db)
        db.execute("CREATE TABLE IF NOT EXISTS _migrations (name TEXT PRIMARY KEY, applied_at TEXT NOT NULL)")
    applied_now = []
    for fn in MIGRATIONS:
        with db.transaction():
            _schema_lock(db)
            if db.query_one("SELECT 1 AS done FROM _migrations WHERE name = ?", (fn.__name__,)):
                continue
            fn(db)
            db.execute("INSERT INTO _migrations (name, applied_at) VALUES (?, ?)", (fn.__name__, utc_now()))
            applied_now.append(fn.__name__)
    return applied_now


def _schema_lock(db: Database) -> None:
    if db.dialect.schema_lock:
        db.execute(db.dialect.schema_lock)


def _recorded(db: Database) -> set[str]:
    """Names in ``_migrations``; empty when the table does not exist yet."""
    exists = db.query_one(db.dialect.table_exists, ("_migrations",))
    return {r["name"] for r in db.query("SELECT name FROM _migrations")} if exists else set()


@migration
def m001_sessions(db: Database) -> None:
    db.execute("""
        CREATE TABLE sessions (
            session_id TEXT PRIMARY KEY,
            respondent_token TEXT NOT NULL UNIQUE,
            concept_id TEXT NOT NULL,
            methodology_name TEXT NOT NULL,
            methodology_yaml TEXT NOT NULL,
            concept_yaml TEXT NOT NULL,
            max_turns INTEGER NOT NULL,
            policy TEXT NOT NULL,
            seed INTEGER NOT NULL,
            settings_summary TEXT NOT NULL,
            status TEXT NOT NULL,
            termination_reason TEXT,
            created_at TEXT NOT NULL,
            updated_at TEXT NOT NULL
        )""")
    db.execute("CREATE INDEX sessions_created_at ON sessions (created_at)")


@migration
def m002_utterances(db: Database) -> None:
    # seq orders a session's utterances without relying on SQLite's rowid or a serial type.
    db.execute("""
        CREATE TABLE utterances (
            id TEXT PRIMARY KEY,
            session_id TEXT NOT NULL REFERENCES sessions (session_id) ON DELETE CASCADE,
            seq INTEGER NOT NULL,
            turn INTEGER NOT NULL,
            speaker TEXT NOT NULL CHECK (speaker IN ('interviewer', 'respondent')),
            text TEXT NOT NULL,
            created_at TEXT NOT NULL,
            UNIQUE (session_id, seq)
        )""")


@migration
def m003_graph(db: Database) -> None:
    db.execute("""
        CREATE TABLE nodes (
            session_id TEXT NOT NULL REFERENCES sessions (session_id) ON DELETE CASCADE,
            id TEXT NOT NULL,
            position INTEGER NOT NULL,
            label TEXT NOT NULL,
            node_type TEXT,
            stance INTEGER,
            reaction TEXT,
            element_id TEXT,
            utterance_ids TEXT NOT NULL,
            quotes TEXT NOT NULL,
            created_turn INTEGER,
            extra TEXT NOT NULL,
            PRIMARY KEY (session_id, id)
        )""")
    db.execute("""
        CREATE TABLE edges (
            session_id TEXT NOT NULL REFERENCES sessions (session_id) ON DELETE CASCADE,
            id TEXT NOT NULL,
            position INTEGER NOT NULL,
            source TEXT NOT NULL,
            target TEXT NOT NULL,
            relation_type TEXT NOT NULL,
            utterance_id TEXT,
            quote TEXT,
            created_turn INTEGER,
            extra TEXT NOT NULL,
            PRIMARY KEY (session_id, id)
        )""")


@migration
def m004_canonical(db: Database) -> None:
    # The de-duplication work decides the slot and edge shapes; the whole dict is kept in ``data`` and
    # the fields worth querying are copied into columns.
    db.execute("""
        CREATE TABLE canonical_slots (
            session_id TEXT NOT NULL REFERENCES sessions (session_id) ON DELETE CASCADE,
            slot_id TEXT NOT NULL,
            position INTEGER NOT NULL,
            label TEXT,
            node_type TEXT,
            data TEXT NOT NULL,
            PRIMARY KEY (session_id, slot_id)
        )""")
    db.execute("""
        CREATE TABLE canonical_edges (
            session_id TEXT NOT NULL REFERENCES sessions (session_id) ON DELETE CASCADE,
            position INTEGER NOT NULL,
            source TEXT,
            target TEXT,
            relation_type TEXT,
            data TEXT NOT NULL,
            PRIMARY KEY (session_id, position)
        )""")
    db.execute("""
        CREATE TABLE canonical_mapping (
            session_id TEXT NOT NULL REFERENCES sessions (session_id) ON DELETE CASCADE,
            surface_id TEXT NOT NULL,
            slot_id TEXT NOT NULL,
            PRIMARY KEY (session_id, surface_id)
        )""")


@migration
def m005_scoring(db: Database) -> None:
    db.execute("""
        CREATE TABLE scoring (
            session_id TEXT NOT NULL REFERENCES sessions (session_id) ON DELETE CASCADE,
            turn INTEGER NOT NULL,
            strategy TEXT,
            focus TEXT,
            score DOUBLE PRECISION,
            phase TEXT,
            signals TEXT NOT NULL,
            PRIMARY KEY (session_id, turn)
        )""")
    db.execute("""
        CREATE TABLE scoring_alternatives (
            session_id TEXT NOT NULL REFERENCES sessions (session_id) ON DELETE CASCADE,
            turn INTEGER NOT NULL,
            rank INTEGER NOT NULL,
            strategy TEXT NOT NULL,
            focus TEXT,
            base DOUBLE PRECISION,
            multiplier DOUBLE PRECISION,
            bonus DOUBLE PRECISION,
            final DOUBLE PRECISION,
            vetoed INTEGER NOT NULL,
            veto TEXT,
            veto_reason TEXT,
            contributions TEXT NOT NULL,
            PRIMARY KEY (session_id, turn, rank)
        )""")


@migration
def m006_engine_state(db: Database) -> None:
    db.execute("""
        CREATE TABLE engine_state (
            session_id TEXT PRIMARY KEY REFERENCES sessions (session_id) ON DELETE CASCADE,
            turn INTEGER NOT NULL,
            version INTEGER NOT NULL,
            state TEXT NOT NULL,
            updated_at TEXT NOT NULL
        )""")


@migration
def m007_llm_calls(db: Database) -> None:
    db.execute("""
        CREATE TABLE llm_calls (
            session_id TEXT NOT NULL REFERENCES sessions (session_id) ON DELETE CASCADE,
            seq INTEGER NOT NULL,
            turn INTEGER,
            task TEXT NOT NULL,
            provider TEXT NOT NULL,
            model TEXT NOT NULL,
            input_tokens INTEGER NOT NULL,
            output_tokens INTEGER NOT NULL,
            cost_usd DOUBLE PRECISION NOT NULL,
            latency_ms DOUBLE PRECISION NOT NULL,
            error TEXT,
            fallback_reason TEXT,
            created_at TEXT NOT NULL,
            PRIMARY KEY (session_id, seq)
        )""")


@migration
def m008_turn_results(db: Database) -> None:
    db.execute("""
        CREATE TABLE turn_results (
            session_id TEXT NOT NULL REFERENCES sessions (session_id) ON DELETE CASCADE,
            turn INTEGER NOT NULL,
            result TEXT NOT NULL,
            created_at TEXT NOT NULL,
            PRIMARY KEY (session_id, turn)
        )""")


@migration
def m009_utterance_provenance(db: Database) -> None:
    # source/source_detail: who produced an answer (respondent, researcher, simulated + persona/mind);
    # NULL for rows stored before this migration, whose source is unknown. reply_to: the id of the
    # question an answer replies to; the unique index lets exactly one answer per question be stored,
    # so two concurrent submissions cannot both become a turn. NULLs (questions, old rows) never collide.
    db.execute("ALTER TABLE utterances ADD COLUMN source TEXT")
    db.execute("ALTER TABLE utterances ADD COLUMN source_detail TEXT")
    db.execute("ALTER TABLE utterances ADD COLUMN reply_to TEXT")
    db.execute("CREATE UNIQUE INDEX utterances_one_answer ON utterances (session_id, reply_to)")


@migration
def m010_studies(db: Database) -> None:
    # A study groups sessions; ``definition`` holds the validated study model as JSON, the columns the
    # fields worth listing. Codebook edits are an ordered log; undo marks the newest one undone.
    db.execute("""
        CREATE TABLE studies (
            study_id TEXT PRIMARY KEY,
            name TEXT NOT NULL UNIQUE,
            concept_id TEXT NOT NULL,
            methodology_name TEXT NOT NULL,
            language TEXT NOT NULL,
            max_turns INTEGER NOT NULL,
            definition TEXT NOT NULL,
            created_at TEXT NOT NULL,
            updated_at TEXT NOT NULL
        )""")
    db.execute("""
        CREATE TABLE study_sessions (
            study_id TEXT NOT NULL REFERENCES studies (study_id) ON DELETE CASCADE,
            session_id TEXT NOT NULL REFERENCES sessions (session_id) ON DELETE CASCADE,
            position INTEGER NOT NULL,
            added_at TEXT NOT NULL,
            PRIMARY KEY (study_id, session_id)
        )""")
    db.execute("""
        CREATE TABLE codebook_edits (
            study_id TEXT NOT NULL REFERENCES studies (study_id) ON DELETE CASCADE,
            seq INTEGER NOT NULL,
            edit TEXT NOT NULL,
            undone INTEGER NOT NULL DEFAULT 0,
            created_at TEXT NOT NULL,
            PRIMARY KEY (study_id, seq)
        )""")


@migration
def m011_respondent_ref(db: Database) -> None:
    # The survey tool's own respondent id (an embed link passes it through), so exports join back.
    db.execute("ALTER TABLE sessions ADD COLUMN respondent_ref TEXT")
    db.execute("CREATE INDEX sessions_respondent_ref ON sessions (concept_id, respondent_ref)")


@migration
def m012_weight_changes(db: Database) -> None:
    # One row per configuration applied to a running session: in force from turn after_turn + 1, who applied
    # it, the differences (JSON list of {path, before, after}) and both YAML texts, so the weights in force
    # at any earlier turn can be read back.
    db.execute("""
        CREATE TABLE weight_changes (
            session_id TEXT NOT NULL REFERENCES sessions (session_id) ON DELETE CASCADE,
            seq INTEGER NOT NULL,
            after_turn INTEGER NOT NULL,
            changed_by TEXT NOT NULL,
            diff TEXT NOT NULL,
            methodology_yaml_before TEXT NOT NULL,
            methodology_yaml_after TEXT NOT NULL,
            created_at TEXT NOT NULL,
            PRIMARY KEY (session_id, seq)
        )""")


@migration
def m013_consent(db: Database) -> None:
    # When the respondent agreed to take part (NULL: not yet; declining stores nothing at all).
    db.execute("ALTER TABLE sessions ADD COLUMN consent_at TEXT")


@migration
def m014_interview_language(db: Database) -> None:
    # The language the interview is held in (ISO 639-1, optionally with a region), fixed when it starts
    # from the concept or the study; NULL for sessions started before it was stored.
    db.execute("ALTER TABLE sessions ADD COLUMN interview_language TEXT")
