"""The record of weight changes applied to running sessions (who, after which turn, what changed)."""

from __future__ import annotations

from .codec import from_json, to_json, utc_now
from .database import Database


class WeightLog:
    db: Database

    def add_weight_change(self, session_id: str, *, after_turn: int, changed_by: str, diff: list[dict],
                          yaml_before: str, yaml_after: str) -> int:
        """Record a configuration applied after ``after_turn`` completed turns; returns its seq (from 1).
        In the same transaction as any caller's write that joins it (``db.transaction`` nests)."""
        with self.db.transaction():
            self._require_session(session_id)
            last = self.db.query_one("SELECT COALESCE(MAX(seq), 0) AS seq FROM weight_changes WHERE session_id = ?",
                                     (session_id,))
            seq = last["seq"] + 1
            self.db.execute(
                """INSERT INTO weight_changes (session_id, seq, after_turn, changed_by, diff, methodology_yaml_before,
                       methodology_yaml_after, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)""",
                (session_id, seq, after_turn, changed_by, to_json(diff), yaml_before, yaml_after, utc_now()))
            return seq

    def weight_changes(self, session_id: str, *, with_yaml: bool = False) -> list[dict]:
        """A session's weight changes in order: seq, after_turn, changed_by, diff (list), created_at, and
        with ``with_yaml`` the YAML before and after."""
        extra = ", methodology_yaml_before, methodology_yaml_after" if with_yaml else ""
        rows = self.db.query(
            f"SELECT seq, after_turn, changed_by, diff, created_at{extra} FROM weight_changes WHERE session_id = ? "
            "ORDER BY seq", (session_id,))
        for row in rows:
            row["diff"] = from_json(row["diff"], [])
        return rows
