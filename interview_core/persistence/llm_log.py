"""The log of language-model calls and the cost roll-up per session."""

from __future__ import annotations

from .codec import utc_now
from .database import Database
from .rows import checked

USAGE_KEYS = ("task", "provider", "model", "input_tokens", "output_tokens", "cost_usd", "latency_ms", "error",
              "fallback_reason")


class CallLog:
    db: Database

    def log_llm_call(self, session_id: str, turn: int | None, usage: dict) -> None:
        """Append one call (a dict with USAGE_KEYS, or a language ``Usage`` model), committed at once.

        Tokens default to 0, cost to 0.0 USD, latency to 0.0 ms.
        """
        u = checked("usage", usage, USAGE_KEYS, ("task", "provider", "model"))
        with self.db.transaction():
            self._require_session(session_id)
            seq = self._next_call_seq(session_id)
            self.db.execute(
                """INSERT INTO llm_calls (session_id, seq, turn, task, provider, model, input_tokens, output_tokens,
                       cost_usd, latency_ms, error, fallback_reason, created_at)
                   VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)""",
                (session_id, seq, turn, u["task"], u["provider"], u["model"],
                 int(u.get("input_tokens") or 0), int(u.get("output_tokens") or 0), float(u.get("cost_usd") or 0.0),
                 float(u.get("latency_ms") or 0.0), u.get("error"), u.get("fallback_reason"), utc_now()))

    def _next_call_seq(self, session_id: str, peek: bool = False) -> int:
        """The next call's position (``peek``: without taking it). While this transaction holds the
        session's row lock nobody else adds calls, so after the first read the positions are counted here
        instead of read again."""
        memo = self.db.transaction_memo()
        locked = memo is not None and session_id in memo.get("locked", ())
        seqs = memo.setdefault("call_seq", {}) if locked else {}
        if session_id not in seqs:
            seqs[session_id] = self.db.query_one("SELECT COALESCE(MAX(seq), 0) AS seq FROM llm_calls WHERE session_id = ?",
                                                 (session_id,))["seq"]
        if peek:
            return seqs[session_id] + 1
        seqs[session_id] += 1
        return seqs[session_id]

    def llm_calls(self, session_id: str) -> list[dict]:
        """A session's calls in the order they were logged: seq, turn, USAGE_KEYS, created_at."""
        return self.db.query(
            f"SELECT seq, turn, {', '.join(USAGE_KEYS)}, created_at FROM llm_calls WHERE session_id = ? ORDER BY seq",
            (session_id,))

    def session_cost(self, session_id: str) -> dict:
        """Totals over a session's calls: input_tokens, output_tokens (ints), cost_usd (USD), calls (count)."""
        return self.db.query_one(
            """SELECT COALESCE(SUM(input_tokens), 0) AS input_tokens, COALESCE(SUM(output_tokens), 0) AS output_tokens,
                      COALESCE(SUM(cost_usd), 0.0) AS cost_usd, COUNT(*) AS calls
               FROM llm_calls WHERE session_id = ?""", (session_id,))
