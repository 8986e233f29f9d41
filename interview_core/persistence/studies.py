"""Studies, the sessions that belong to them and the ordered log of codebook edits."""

from __future__ import annotations

import uuid

from .codec import from_json, to_json, utc_now
from .database import Database


class StudyStore:
    db: Database

    def create_study(self, definition: dict, *, concept_id: str, methodology_name: str) -> dict:
        """Insert a study (``definition``: the validated study as a dict with ``name``, ``language``,
        ``max_turns``); return its row. A name already taken raises ValueError."""
        if self.get_study(definition["name"]) is not None:
            raise ValueError(f"a study called '{definition['name']}' already exists")
        study_id = uuid.uuid4().hex[:12]
        now = utc_now()
        with self.db.transaction():
            self.db.execute(
                """INSERT INTO studies (study_id, name, concept_id, methodology_name, language, max_turns, definition,
                       created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)""",
                (study_id, definition["name"], concept_id, methodology_name, definition["language"],
                 int(definition["max_turns"]), to_json(definition), now, now))
        return self.get_study(study_id)

    def get_study(self, id_or_name: str) -> dict | None:
        """The study row (``definition`` decoded) by id, or else by exact name; None if neither."""
        row = self.db.query_one("SELECT * FROM studies WHERE study_id = ?", (id_or_name,)) or \
            self.db.query_one("SELECT * FROM studies WHERE name = ?", (id_or_name,))
        if row is not None:
            row["definition"] = from_json(row["definition"])
        return row

    def list_studies(self) -> list[dict]:
        """Every study, newest first, with ``sessions`` (how many belong to it)."""
        return self.db.query("""
            SELECT st.study_id, st.name, st.concept_id, st.methodology_name, st.language, st.max_turns, st.created_at,
                   (SELECT COUNT(*) FROM study_sessions ss WHERE ss.study_id = st.study_id) AS sessions
            FROM studies st ORDER BY st.created_at DESC, st.study_id DESC""")

    def delete_study(self, study_id: str) -> None:
        """Delete a study, its membership rows and edits (the sessions themselves stay)."""
        with self.db.transaction():
            self.db.execute("DELETE FROM studies WHERE study_id = ?", (study_id,))

    def add_study_session(self, study_id: str, session_id: str) -> bool:
        """Add a session to a study; False when it was already in it. KeyError for an unknown one."""
        with self.db.transaction():
            if not self.db.query_one("SELECT 1 AS found FROM studies WHERE study_id = ?", (study_id,)):
                raise KeyError(f"unknown study '{study_id}'")
            self._require_session(session_id)
            if self.db.query_one("SELECT 1 AS found FROM study_sessions WHERE study_id = ? AND session_id = ?",
                                 (study_id, session_id)):
                return False
            last = self.db.query_one("SELECT COALESCE(MAX(position), 0) AS last FROM study_sessions WHERE study_id = ?",
                                     (study_id,))
            self.db.execute("INSERT INTO study_sessions (study_id, session_id, position, added_at) VALUES (?, ?, ?, ?)",
                            (study_id, session_id, last["last"] + 1, utc_now()))
            self.db.execute("UPDATE studies SET updated_at = ? WHERE study_id = ?", (utc_now(), study_id))
        return True

    def study_sessions(self, study_id: str) -> list[dict]:
        """The study's sessions in the order they were added: session row fields plus ``position``,
        ``turns`` (completed) and ``updated_at``."""
        return self.db.query("""
            SELECT ss.position, s.session_id, s.created_at, s.updated_at, s.status, s.termination_reason, s.policy,
                   s.concept_id, s.methodology_name,
                   (SELECT COUNT(*) FROM turn_results t WHERE t.session_id = s.session_id) AS turns
            FROM study_sessions ss JOIN sessions s ON s.session_id = ss.session_id
            WHERE ss.study_id = ? ORDER BY ss.position""", (study_id,))

    def session_studies(self, session_id: str) -> list[dict]:
        """The studies a session belongs to (rows with ``definition`` decoded), oldest membership first."""
        rows = self.db.query("""SELECT st.* FROM study_sessions ss JOIN studies st ON st.study_id = ss.study_id
                                WHERE ss.session_id = ? ORDER BY ss.added_at""", (session_id,))
        for r in rows:
            r["definition"] = from_json(r["definition"])
        return rows

    def session_decisions(self, session_id: str) -> list[dict]:
        """Per turn: ``turn``, ``strategy``, ``focus`` (decoded), ``score``, ``phase`` (no signals: light)."""
        rows = self.db.query("SELECT turn, strategy, focus, score, phase FROM scoring WHERE session_id = ? ORDER BY turn",
                             (session_id,))
        for r in rows:
            r["focus"] = from_json(r["focus"])
        return rows

    # -- codebook edits ---------------------------------------------------------------------------------
    def add_codebook_edit(self, study_id: str, edit: dict) -> int:
        """Append an edit (discarding any undone ones: no redo past a new edit); return its seq."""
        with self.db.transaction():
            self.db.execute("DELETE FROM codebook_edits WHERE study_id = ? AND undone = 1", (study_id,))
            last = self.db.query_one("SELECT COALESCE(MAX(seq), 0) AS last FROM codebook_edits WHERE study_id = ?",
                                     (study_id,))
            seq = last["last"] + 1
            self.db.execute("INSERT INTO codebook_edits (study_id, seq, edit, undone, created_at) VALUES (?, ?, ?, 0, ?)",
                            (study_id, seq, to_json(edit), utc_now()))
        return seq

    def codebook_edits(self, study_id: str, include_undone: bool = False) -> list[dict]:
        """The edits in order: ``seq``, ``edit`` (decoded), ``undone``, ``created_at``."""
        where = "" if include_undone else " AND undone = 0"
        rows = self.db.query(f"SELECT seq, edit, undone, created_at FROM codebook_edits WHERE study_id = ?{where} ORDER BY seq",
                             (study_id,))
        for r in rows:
            r["edit"], r["undone"] = from_json(r["edit"]), bool(r["undone"])
        return rows

    def undo_codebook_edit(self, study_id: str) -> dict | None:
        """Mark the newest active edit undone and return it (None when there is nothing to undo)."""
        with self.db.transaction():
            row = self.db.query_one("SELECT seq, edit FROM codebook_edits WHERE study_id = ? AND undone = 0 ORDER BY seq DESC LIMIT 1",
                                    (study_id,))
            if row is None:
                return None
            self.db.execute("UPDATE codebook_edits SET undone = 1 WHERE study_id = ? AND seq = ?", (study_id, row["seq"]))
        return from_json(row["edit"])

    def redo_codebook_edit(self, study_id: str) -> dict | None:
        """Re-apply the oldest undone edit and return it (None when there is nothing to redo)."""
        with self.db.transaction():
            row = self.db.query_one("SELECT seq, edit FROM codebook_edits WHERE study_id = ? AND undone = 1 ORDER BY seq LIMIT 1",
                                    (study_id,))
            if row is None:
                return None
            self.db.execute("UPDATE codebook_edits SET undone = 0 WHERE study_id = ? AND seq = ?", (study_id, row["seq"]))
        return from_json(row["edit"])
