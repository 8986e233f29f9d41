"""Sessions (with their respondent tokens) and utterances."""

from __future__ import annotations

import secrets

from .codec import from_json, to_json, utc_now
from .database import Database
from .settings_summary import summarize_settings

SPEAKERS = {"interviewer": "i", "respondent": "r"}
UPDATABLE = ("status", "termination_reason", "methodology_yaml", "concept_yaml", "max_turns", "policy", "settings_summary")


def _session_row(row: dict | None) -> dict | None:
    if row is not None:
        row["settings_summary"] = from_json(row["settings_summary"], {})
    return row


class SessionStore:
    db: Database

    def _require_session(self, session_id: str) -> None:
        if not self.db.query_one("SELECT 1 AS found FROM sessions WHERE session_id = ?", (session_id,)):
            raise KeyError(f"unknown session '{session_id}'")

    def _touch(self, session_id: str) -> None:
        self.db.execute("UPDATE sessions SET updated_at = ? WHERE session_id = ?", (utc_now(), session_id))

    def create_session(self, *, session_id: str, concept_id: str, methodology_name: str, methodology_yaml: str,
                       concept_yaml: str, max_turns: int, settings_summary: dict, policy: str = "adaptive",
                       seed: int = 0) -> dict:
        """Insert an active session with a fresh unguessable respondent token; return its row.

        ``settings_summary`` is reduced to the allow-listed, non-secret fields (see
        :func:`summarize_settings`); a credential-like value raises SecretValueError.
        """
        now = utc_now()
        summary = summarize_settings(settings_summary)
        with self.db.transaction():
            self.db.execute(
                """INSERT INTO sessions (session_id, respondent_token, concept_id, methodology_name, methodology_yaml,
                       concept_yaml, max_turns, policy, seed, settings_summary, status, termination_reason,
                       created_at, updated_at)
                   VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'active', NULL, ?, ?)""",
                (session_id, secrets.token_urlsafe(24), concept_id, methodology_name, methodology_yaml, concept_yaml,
                 int(max_turns), policy, int(seed), to_json(summary), now, now))
        return self.get_session(session_id)

    def get_session(self, session_id: str) -> dict | None:
        """The session row (settings_summary decoded), or None."""
        return _session_row(self.db.query_one("SELECT * FROM sessions WHERE session_id = ?", (session_id,)))

    def get_session_by_token(self, token: str) -> dict | None:
        """The session whose respondent token is exactly ``token``, or None."""
        if not token:
            return None
        return _session_row(self.db.query_one("SELECT * FROM sessions WHERE respondent_token = ?", (token,)))

    def list_sessions(self) -> list[dict]:
        """Every session, newest first, with its completed turn count and total language cost (USD)."""
        return self.db.query("""
            SELECT s.session_id, s.created_at, s.updated_at, s.concept_id, s.methodology_name, s.status,
                   s.termination_reason,
                   (SELECT COUNT(*) FROM turn_results t WHERE t.session_id = s.session_id) AS turns,
                   (SELECT COALESCE(SUM(c.cost_usd), 0.0) FROM llm_calls c WHERE c.session_id = s.session_id)
                       AS total_cost_usd
            FROM sessions s ORDER BY s.created_at DESC, s.session_id DESC""")

    def update_session(self, session_id: str, **fields) -> None:
        """Set any of ``UPDATABLE`` on a session and stamp updated_at. Raises KeyError for an unknown
        session and ValueError for a field that cannot be updated."""
        bad = sorted(set(fields) - set(UPDATABLE))
        if bad:
            raise ValueError(f"update_session: cannot update {bad}; allowed: {list(UPDATABLE)}")
        if "settings_summary" in fields:
            fields["settings_summary"] = to_json(summarize_settings(fields["settings_summary"]))
        fields["updated_at"] = utc_now()
        assignments = ", ".join(f"{name} = ?" for name in fields)
        with self.db.transaction():
            cur = self.db.execute(f"UPDATE sessions SET {assignments} WHERE session_id = ?", (*fields.values(), session_id))
            if cur.rowcount == 0:
                raise KeyError(f"unknown session '{session_id}'")

    def delete_session(self, session_id: str) -> None:
        """Delete a session and, through ON DELETE CASCADE, every row that belongs to it."""
        with self.db.transaction():
            self.db.execute("DELETE FROM sessions WHERE session_id = ?", (session_id,))

    def add_utterance(self, session_id: str, turn: int, speaker: str, text: str) -> str:
        """Store one utterance, committed before returning, and return its id.

        Ids read ``u_<session_id>_<turn>_<r|i>``; a second utterance by the same speaker in the same turn
        gets ``_2``, ``_3``, ... appended. Text is stored exactly as given, whatever its length.
        """
        if speaker not in SPEAKERS:
            raise ValueError(f"speaker must be one of {sorted(SPEAKERS)}, got {speaker!r}")
        if not isinstance(text, str):
            raise TypeError(f"utterance text must be str, got {type(text).__name__}")
        base = f"u_{session_id}_{int(turn)}_{SPEAKERS[speaker]}"
        with self.db.transaction():
            self._require_session(session_id)
            counts = self.db.query_one(
                """SELECT COALESCE(MAX(seq), 0) AS last_seq,
                          SUM(CASE WHEN turn = ? AND speaker = ? THEN 1 ELSE 0 END) AS same
                   FROM utterances WHERE session_id = ?""", (int(turn), speaker, session_id))
            same = counts["same"] or 0
            utterance_id = base if same == 0 else f"{base}_{same + 1}"
            self.db.execute(
                "INSERT INTO utterances (id, session_id, seq, turn, speaker, text, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
                (utterance_id, session_id, counts["last_seq"] + 1, int(turn), speaker, text, utc_now()))
            self._touch(session_id)
        return utterance_id

    def list_utterances(self, session_id: str) -> list[dict]:
        """A session's utterances in the order they were added: id, turn, speaker, text, created_at."""
        return self.db.query(
            "SELECT id, turn, speaker, text, created_at FROM utterances WHERE session_id = ? ORDER BY seq",
            (session_id,))

    def pending_answer(self, session_id: str) -> dict | None:
        """The last respondent utterance when no turn result exists for its turn or a later one, else None.

        A non-None value means the process stopped after saving the answer and before saving the turn;
        the session completes that turn on resume.
        """
        last = self.db.query_one(
            """SELECT id, turn, speaker, text, created_at FROM utterances
               WHERE session_id = ? AND speaker = 'respondent' ORDER BY seq DESC LIMIT 1""", (session_id,))
        if last is None:
            return None
        done = self.db.query_one("SELECT 1 AS found FROM turn_results WHERE session_id = ? AND turn >= ? LIMIT 1",
                                 (session_id, last["turn"]))
        return None if done else last
