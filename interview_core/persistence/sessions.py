"""Sessions (with their respondent tokens) and utterances."""

from __future__ import annotations

import secrets

from .codec import from_json, to_json, utc_now
from .database import Database
from ..provenance import SOURCES
from .settings_summary import summarize_settings

SPEAKERS = {"interviewer": "i", "respondent": "r"}
UTTERANCE_COLUMNS = "id, turn, speaker, text, created_at, source, source_detail, reply_to"
UPDATABLE = ("status", "termination_reason", "methodology_yaml", "concept_yaml", "max_turns", "policy", "settings_summary",
             "respondent_ref", "consent_at")


class AnswerConflict(Exception):
    """An answer was not stored: ``reason`` is ``not_current`` (the question has moved on),
    ``already_answered`` (another submission won) or ``finished``; ``current_question_id`` is the
    session's latest question at that moment."""

    def __init__(self, reason: str, current_question_id: str | None):
        super().__init__(f"answer refused: {reason}")
        self.reason = reason
        self.current_question_id = current_question_id


def _utterance_row(row: dict) -> dict:
    row["source_detail"] = from_json(row["source_detail"], {}) if row.get("source_detail") else {}
    return row


class TurnConflict(RuntimeError):
    """Another process (or thread) recorded this turn first; reload the session and look again."""


def _session_row(row: dict | None) -> dict | None:
    if row is not None:
        row["settings_summary"] = from_json(row["settings_summary"], {})
    return row


def _utterance_id(session_id: str, turn: int, speaker: str, same: int) -> str:
    """``u_<session_id>_<turn>_<r|i>``, with ``_<same + 1>`` when ``same`` utterances of the speaker precede
    it in that turn."""
    base = f"u_{session_id}_{int(turn)}_{SPEAKERS[speaker]}"
    return base if same == 0 else f"{base}_{same + 1}"


class SessionStore:
    db: Database

    def _require_session(self, session_id: str) -> None:
        if session_id in self._locked_here():  # its row is locked by this transaction: it exists until commit
            return
        if not self.db.query_one("SELECT 1 AS found FROM sessions WHERE session_id = ?", (session_id,)):
            raise KeyError(f"unknown session '{session_id}'")

    def _locked_here(self) -> set:
        """The sessions whose row the current transaction has locked (empty outside a transaction)."""
        memo = self.db.transaction_memo()
        return memo.setdefault("locked", set()) if memo is not None else set()

    def lock_session(self, session_id: str) -> None:
        """Inside a transaction: lock the session's row until commit, so one writer at a time records a
        turn of this session (SELECT ... FOR UPDATE on PostgreSQL; SQLite's BEGIN IMMEDIATE already holds
        the file's write lock). Raises KeyError for an unknown session."""
        found = self.db.query_one("SELECT session_id FROM sessions WHERE session_id = ?" + self.db.dialect.lock_suffix,
                                  (session_id,))
        if found is None:
            raise KeyError(f"unknown session '{session_id}'")
        memo = self.db.transaction_memo()
        if memo is not None:
            memo.setdefault("locked", set()).add(session_id)

    def claim_turn(self, session_id: str, turn: int) -> None:
        """Inside the transaction that saves ``turn``: lock the session and raise TurnConflict when this turn
        (or a later one) is already saved, so two processes never both record it."""
        self.lock_session(session_id)
        if self.db.query_one("SELECT 1 AS found FROM turn_results WHERE session_id = ? AND turn >= ? LIMIT 1",
                             (session_id, int(turn))):
            raise TurnConflict(f"turn {turn} of session '{session_id}' was already saved")

    def _touch(self, session_id: str) -> None:
        """Stamp the session's updated_at; once per transaction (its writes all commit at one moment)."""
        memo = self.db.transaction_memo()
        if memo is not None:
            touched = memo.setdefault("touched", set())
            if session_id in touched:
                return
            touched.add(session_id)
        self.db.execute("UPDATE sessions SET updated_at = ? WHERE session_id = ?", (utc_now(), session_id))

    def create_session(self, *, session_id: str, concept_id: str, methodology_name: str, methodology_yaml: str,
                       concept_yaml: str, max_turns: int, settings_summary: dict, policy: str = "adaptive",
                       seed: int = 0, interview_language: str = "en") -> dict:
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
                       created_at, updated_at, interview_language)
                   VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'active', NULL, ?, ?, ?)""",
                (session_id, secrets.token_urlsafe(24), concept_id, methodology_name, methodology_yaml, concept_yaml,
                 int(max_turns), policy, int(seed), to_json(summary), now, now, interview_language))
        return self.get_session(session_id)

    def get_session(self, session_id: str) -> dict | None:
        """The session row (settings_summary decoded), or None."""
        return _session_row(self.db.query_one("SELECT * FROM sessions WHERE session_id = ?", (session_id,)))

    def get_session_by_token(self, token: str) -> dict | None:
        """The session whose respondent token is exactly ``token``, or None."""
        if not token:
            return None
        return _session_row(self.db.query_one("SELECT * FROM sessions WHERE respondent_token = ?", (token,)))

    def find_by_respondent_ref(self, concept_id: str, respondent_ref: str) -> dict | None:
        """The newest session of ``concept_id`` started for the survey tool's respondent id, or None."""
        return _session_row(self.db.query_one(
            """SELECT * FROM sessions WHERE concept_id = ? AND respondent_ref = ?
               ORDER BY created_at DESC LIMIT 1""", (concept_id, respondent_ref)))

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

    def add_utterance(self, session_id: str, turn: int, speaker: str, text: str, *, source: str | None = None,
                      source_detail: dict | None = None, reply_to: str | None = None) -> str:
        """Store one utterance, committed before returning (or with the enclosing transaction), and return
        its id.

        Ids read ``u_<session_id>_<turn>_<r|i>``; a second utterance by the same speaker in the same turn
        gets ``_2``, ``_3``, ... appended. Text is stored exactly as given, whatever its length; a NUL
        character raises ValueError on a database that cannot store one (PostgreSQL).
        ``source``/``source_detail`` record who produced an answer (see :mod:`interview_core.provenance`);
        ``reply_to`` is the id of the question answered (at most one answer per question is stored).
        """
        if not isinstance(text, str):
            raise TypeError(f"utterance text must be str, got {type(text).__name__}")
        if source is not None and source not in SOURCES:
            raise ValueError(f"source must be one of {list(SOURCES)}, got {source!r}")
        if "\x00" in text and not self.db.dialect.stores_nul:
            raise ValueError("the text contains a NUL character (U+0000), which this database cannot store")
        with self.db.transaction():
            self._require_session(session_id)
            if speaker not in SPEAKERS:
                raise ValueError(f"speaker must be one of {sorted(SPEAKERS)}, got {speaker!r}")
            # the id (see next_utterance_id) and the next position in one read
            counts = self.db.query_one(
                """SELECT COALESCE(MAX(seq), 0) AS last_seq,
                          COALESCE(SUM(CASE WHEN turn = ? AND speaker = ? THEN 1 ELSE 0 END), 0) AS same
                   FROM utterances WHERE session_id = ?""", (int(turn), speaker, session_id))
            utterance_id = _utterance_id(session_id, turn, speaker, int(counts["same"]))
            self.db.execute(
                """INSERT INTO utterances (id, session_id, seq, turn, speaker, text, created_at, source, source_detail,
                       reply_to) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)""",
                (utterance_id, session_id, counts["last_seq"] + 1, int(turn), speaker, text, utc_now(), source,
                 to_json(source_detail) if source_detail else None, reply_to))
            self._touch(session_id)
        return utterance_id

    def next_utterance_id(self, session_id: str, turn: int, speaker: str) -> str:
        """The id the next utterance of ``speaker`` in ``turn`` gets (see ``add_utterance``)."""
        if speaker not in SPEAKERS:
            raise ValueError(f"speaker must be one of {sorted(SPEAKERS)}, got {speaker!r}")
        same = self.db.query_one("SELECT COUNT(*) AS n FROM utterances WHERE session_id = ? AND turn = ? AND speaker = ?",
                                 (session_id, int(turn), speaker))["n"]
        return _utterance_id(session_id, turn, speaker, same)

    def add_answer(self, session_id: str, turn: int, question_id: str, text: str, *, source: str,
                   source_detail: dict | None = None) -> str:
        """Store the answer to question ``question_id`` only if that question is still the current one.

        In one write transaction: the session must be active and ``question_id`` must be its latest
        question with no answer yet; otherwise AnswerConflict is raised and nothing is stored. The unique
        index on (session_id, reply_to) backs this up, so of two concurrent submissions exactly one is
        stored whatever the isolation level. Returns the new utterance id.
        """
        try:
            with self.db.transaction():
                row = self.db.query_one("SELECT status FROM sessions WHERE session_id = ?", (session_id,))
                if row is None:
                    raise KeyError(f"unknown session '{session_id}'")
                current = self.current_question(session_id)
                current_id = current["id"] if current else None
                if row["status"] != "active":
                    raise AnswerConflict("finished", current_id)
                if current_id != question_id:
                    raise AnswerConflict("not_current", current_id)
                if self.db.query_one("SELECT 1 AS found FROM utterances WHERE session_id = ? AND reply_to = ?",
                                     (session_id, question_id)):
                    raise AnswerConflict("already_answered", current_id)
                return self.add_utterance(session_id, turn, "respondent", text, source=source,
                                          source_detail=source_detail, reply_to=question_id)
        except self.db.integrity_errors as exc:  # a concurrent writer stored its answer first
            raise AnswerConflict("already_answered", question_id) from exc

    def answer_to(self, session_id: str, question_id: str) -> dict | None:
        """The respondent's stored answer to question ``question_id`` (an utterance, as in
        ``list_utterances``), or None when that question has no answer."""
        row = self.db.query_one(
            f"""SELECT {UTTERANCE_COLUMNS} FROM utterances
                WHERE session_id = ? AND reply_to = ? AND speaker = 'respondent'""", (session_id, question_id))
        return _utterance_row(row) if row is not None else None

    def current_question(self, session_id: str) -> dict | None:
        """The latest question (id, turn, text) of a session, or None before the opening is written."""
        return self.db.query_one(
            """SELECT id, turn, text FROM utterances WHERE session_id = ? AND speaker = 'interviewer'
               ORDER BY seq DESC LIMIT 1""", (session_id,))

    def completed_turns(self, session_id: str) -> int:
        """The highest turn with a stored result (0 when none): what a session object must have caught up to."""
        row = self.db.query_one("SELECT COALESCE(MAX(turn), 0) AS turn FROM turn_results WHERE session_id = ?",
                                (session_id,))
        return int(row["turn"])

    def list_utterances(self, session_id: str) -> list[dict]:
        """A session's utterances in the order they were added: id, turn, speaker, text, created_at, source,
        source_detail (dict; empty when none) and reply_to (the question an answer replies to)."""
        rows = self.db.query(
            f"SELECT {UTTERANCE_COLUMNS} FROM utterances WHERE session_id = ? ORDER BY seq", (session_id,))
        return [_utterance_row(r) for r in rows]

    def pending_answer(self, session_id: str) -> dict | None:
        """The last respondent utterance when no turn result exists for its turn or a later one, else None.

        A non-None value means the process stopped after saving the answer and before saving the turn;
        the session completes that turn on resume.
        """
        last = self.db.query_one(
            f"""SELECT {UTTERANCE_COLUMNS} FROM utterances
               WHERE session_id = ? AND speaker = 'respondent' ORDER BY seq DESC LIMIT 1""", (session_id,))
        if last is None:
            return None
        last = _utterance_row(last)
        done = self.db.query_one("SELECT 1 AS found FROM turn_results WHERE session_id = ? AND turn >= ? LIMIT 1",
                                 (session_id, last["turn"]))
        return None if done else last
